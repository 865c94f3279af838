// docs/bad-input.md is the catalogue of bad input and what quartz-render does with each: its rows marked
// "catalogue" run here exactly as written, in a copy of fixtures/bad-input/; every other row names the test
// that covers it, and that test must exist. So the document cannot promise what the binary does not do.
import Foundation
import Testing
import QuartzTestSupport

struct BadInputRow: Sendable, CustomTestStringConvertible {
    let input: String
    let command: String
    let exit: String
    let message: String
    let test: String
    var testDescription: String { "\(input): \(command)" }
}

@Suite struct CLIBadInputCatalogueTests {
    static let document = fixturesDirectory.deletingLastPathComponent().appendingPathComponent("docs/bad-input.md")

    /// The table rows of the document (header and separator rows left out).
    static func rows() -> [BadInputRow] {
        guard let text = try? String(contentsOf: document, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line -> BadInputRow? in
            guard line.hasPrefix("| ") else { return nil }
            let cells = cells(of: String(line))
            guard cells.count == 5, cells[1].hasPrefix("`"), cells[1].hasSuffix("`") else { return nil }
            return BadInputRow(input: cells[0], command: String(cells[1].dropFirst().dropLast()), exit: cells[2],
                               message: cells[3], test: cells[4])
        }
    }

    /// A Markdown table row's cells, `\|` kept as a bar inside a cell.
    static func cells(of line: String) -> [String] {
        var cells: [String] = [], current = "", escaped = false
        for character in line.dropFirst() {
            if escaped { current.append(character); escaped = false; continue }
            switch character {
            case "\\": escaped = true
            case "|": cells.append(current.trimmingCharacters(in: .whitespaces)); current = ""
            default: current.append(character)
            }
        }
        return cells
    }

    /// The words of a command as a shell would split them (double quotes group; no expansion).
    static func words(_ command: String) -> [String] {
        var words: [String] = [], current = "", quoted = false, started = false
        for character in command {
            if character == "\"" { quoted.toggle(); started = true; continue }
            if character == " " && !quoted {
                if started { words.append(current) }
                current = ""; started = false
            } else {
                current.append(character); started = true
            }
        }
        if started { words.append(current) }
        return words
    }

    /// Every file under `folder` with its bytes (the test's own stdout and stderr captures left out).
    static func snapshot(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let base = folder.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: base) else { return files }
        for case let relative as String in walker {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".out-") || name.hasPrefix(".err-") { continue }
            let path = base + "/" + relative
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            files[relative] = isFolder.boolValue ? Data() : (FileManager.default.contents(atPath: path) ?? Data())
        }
        return files
    }

    static let hasFFmpeg = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].contains { FileManager.default.isExecutableFile(atPath: $0) }

    @Test func theCatalogueHasSixtyCasesOrMoreAndEveryRowIsATest() throws {
        let rows = Self.rows()
        #expect(rows.count >= 60, "\(rows.count) rows in \(Self.document.path)")
        #expect(rows.filter { $0.test == "catalogue" }.count >= 60)
        let sources = try FileManager.default.subpathsOfDirectory(atPath: fixturesDirectory.deletingLastPathComponent().appendingPathComponent("Tests").path)
            .filter { $0.hasSuffix(".swift") }
            .map { try String(contentsOf: fixturesDirectory.deletingLastPathComponent().appendingPathComponent("Tests/" + $0), encoding: .utf8) }
            .joined(separator: "\n")
        for row in rows where row.test != "catalogue" {
            let parts = row.test.split(separator: ".")
            #expect(parts.count == 2, "\(row.input): the test column must be catalogue or Suite.test, got \(row.test)")
            guard parts.count == 2 else { continue }
            #expect(sources.contains("struct \(parts[0])") || sources.contains("class \(parts[0])"), "\(row.input): no suite \(parts[0])")
            #expect(sources.contains("func \(parts[1])("), "\(row.input): no test \(row.test)")
        }
        for row in rows {
            #expect(Int32(row.exit) != nil || row.exit == "—", "\(row.input): exit \(row.exit)")
        }
    }

    @Test(arguments: rows().filter { $0.test == "catalogue" })
    func runsAsDocumented(_ row: BadInputRow) throws {
        let words = Self.words(row.command)
        let needsFFmpeg = words.contains { [".mp4", ".mov", ".webm"].contains(("." + ($0 as NSString).pathExtension)) }
            && !words.contains("--ffmpeg")
        if needsFFmpeg && !Self.hasFFmpeg {
            print("skipped without ffmpeg: \(row.command)")
            return
        }
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let work = folder.appendingPathComponent("work")
        try FileManager.default.copyItem(at: fixturesDirectory.appendingPathComponent("bad-input"), to: work)
        let before = Self.snapshot(work)
        let result = try CLI.run(words, in: work)
        #expect(result.status == Int32(row.exit), "\(row.command): exit \(result.status)\n\(result.stderr)")
        #expect(result.stderr.contains(row.message), "\(row.command): stderr lacks \"\(row.message)\"\n\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(row.command): stdout \(result.stdout.prefix(200))")
        let after = Self.snapshot(work)
        #expect(after == before, "\(row.command): files changed: \(Set(after.keys).symmetricDifference(before.keys).sorted())")
    }
}
