// `--help` and docs/cli.md stay in step: every long flag of every subcommand's help is mentioned in the
// command's section of docs/cli.md (or a section shared by several commands: Logging, Selecting frames,
// Output size and fit), and every flag those sections mention is one the commands accept.
import Foundation
import Testing

@Suite struct CLIHelpDocsTests {
    static let docsPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/cli.md")

    /// The docs sections (by "## " heading) that describe each command; other commands are looked up in the whole file.
    static let sectionsOfCommand: [String: [String]] = [
        "render": ["render", "Video"], "bench": ["bench"], "info": ["info, dump"], "dump": ["info, dump"],
        "contact-sheet": ["contact-sheet, plot-stats"], "plot-stats": ["contact-sheet, plot-stats"], "demo": ["demo"],
    ]
    static let sharedSections = ["Logging", "Selecting frames", "Output size and fit"]

    /// docs/cli.md split at its "## " headings: heading → text (subsections included).
    func sections() throws -> [String: String] {
        let text = try String(contentsOf: Self.docsPath, encoding: .utf8)
        var result: [String: String] = [:]
        var heading: String?
        var body = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") {
                if let heading { result[heading] = body }
                heading = String(line.dropFirst(3))
                body = ""
            } else {
                body += line + "\n"
            }
        }
        if let heading { result[heading] = body }
        return result
    }

    /// The long flags in `text`: "--name" not followed by another name character.
    func flags(in text: String) -> Set<String> {
        let regex = try! NSRegularExpression(pattern: "(?<![A-Za-z0-9-])--[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?![a-z0-9-])")
        let range = NSRange(text.startIndex..., in: text)
        return Set(regex.matches(in: text, range: range).compactMap { Range($0.range, in: text).map { String(text[$0]) } })
    }

    /// The subcommands listed by `quartz-render --help`.
    func subcommands(in folder: URL) throws -> [String] {
        let help = try CLI.run(["--help"], in: folder)
        #expect(help.status == 0)
        let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("SUBCOMMANDS:") }) else { return [] }
        return lines[(start + 1)...].prefix { !$0.isEmpty }.compactMap { line in
            // A subcommand's line is indented two spaces; its wrapped abstract continues further in.
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let name = line.split(separator: " ").first,
                  name.allSatisfy({ $0.isLowercase || $0 == "-" }) else { return nil }
            return String(name)
        }
    }

    /// The long flags a subcommand's help lists as options (lines "  --name …" or "  -o, --name …"), each with
    /// its short name if it has one. `--help` and `--version` (every subcommand inherits them; the version is
    /// documented at the top) are left out.
    func helpFlags(_ command: String, in folder: URL) throws -> [String: String?] {
        let help = try CLI.run([command, "--help"], in: folder)
        #expect(help.status == 0, "\(command) --help: \(help.stderr)")
        var found: [String: String?] = [:]
        for line in help.stdout.split(separator: "\n") {
            guard let match = line.range(of: #"^  (-[A-Za-z], )?--[a-z][a-z0-9-]*"#, options: .regularExpression) else { continue }
            let text = String(line[match]).trimmingCharacters(in: .whitespaces)
            guard let dashes = text.range(of: "--") else { continue }
            found[String(text[dashes.lowerBound...])] = text.hasPrefix("--") ? nil : String(text.prefix(2))
        }
        found["--help"] = nil
        found["--version"] = nil
        return found
    }

    /// Whether `text` names the short flag `-o` on its own.
    func mentions(short: String, in text: String) -> Bool {
        text.range(of: "(?<![A-Za-z0-9-])" + short + "(?![A-Za-z0-9-])", options: .regularExpression) != nil
    }

    @Test func everyHelpFlagIsDocumentedAndEveryDocumentedFlagExists() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let docs = try sections()
        let whole = try String(contentsOf: Self.docsPath, encoding: .utf8)
        let commands = try subcommands(in: folder)
        #expect(Set(["render", "info", "dump", "contact-sheet", "plot-stats", "bench", "demo"]).isSubset(of: Set(commands)), "\(commands)")
        var accepted: [String: Set<String>] = [:]
        for command in commands {
            let help = try helpFlags(command, in: folder)
            #expect(!help.isEmpty, "\(command) --help lists no flags")
            accepted[command] = Set(help.keys)
            var text = whole
            if let names = Self.sectionsOfCommand[command] {
                for name in names + Self.sharedSections { #expect(docs[name] != nil, "docs/cli.md has no section \"## \(name)\"") }
                text = (names + Self.sharedSections).compactMap { docs[$0] }.joined(separator: "\n")
            }
            let documented = flags(in: text)
            // A flag counts as documented by its long name, or by its short one (-o).
            let missing = help.filter { long, short in
                !documented.contains(long) && !(short.map { mentions(short: $0, in: text) } ?? false)
            }.keys.sorted()
            #expect(missing.isEmpty, "docs/cli.md does not mention \(command)'s \(missing)")
        }
        // The reverse: a flag in a command's section is one of that section's commands' flags.
        var sectionCommands: [String: Set<String>] = [:]
        for (command, names) in Self.sectionsOfCommand { for name in names { sectionCommands[name, default: []].insert(command) } }
        let everyFlag = accepted.values.reduce(Set<String>()) { $0.union($1) }
        for (name, owners) in sectionCommands {
            let known = owners.reduce(Set<String>()) { $0.union(accepted[$1] ?? []) }
            let unknown = flags(in: docs[name] ?? "").subtracting(known).sorted()
            #expect(unknown.isEmpty, "docs/cli.md \"## \(name)\" mentions \(unknown), which \(owners.sorted()) do not accept")
        }
        for name in Self.sharedSections {
            let unknown = flags(in: docs[name] ?? "").subtracting(everyFlag).sorted()
            #expect(unknown.isEmpty, "docs/cli.md \"## \(name)\" mentions \(unknown), which no command accepts")
        }
    }
}
