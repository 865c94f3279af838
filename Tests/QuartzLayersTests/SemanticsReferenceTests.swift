// Every section reference ("spec" followed by a section sign and a number such as 1.4 or 8.3.2) in the
// sources, the tests and the docs must resolve to a heading of docs/semantics.md, the engine's Core
// Animation semantics document; and that document must keep its top-level sections 0–12. The scan reads
// every .swift, .c and .h file under Sources/ and Tests/ and every .md file under docs/ (a few hundred
// files: well under a second). The section sign is written as a Unicode escape here so that this file
// cites nothing itself.
import Foundation
import Testing

@Suite struct SemanticsReferenceTests {
    /// The package root: this file is Tests/QuartzLayersTests/SemanticsReferenceTests.swift.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let sectionSign: Unicode.Scalar = "\u{00A7}"

    /// Files under `folder` (relative to the package root) whose names end in one of `extensions`,
    /// as paths relative to the root, sorted so failure messages are stable.
    static func files(under folder: String, extensions: Set<String>) -> [String] {
        let base = packageRoot.appendingPathComponent(folder)
        guard let enumerator = FileManager.default.enumerator(
            at: base, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var found: [String] = []
        let rootPath = packageRoot.standardizedFileURL.path
        for case let url as URL in enumerator where extensions.contains(url.pathExtension) {
            let path = url.standardizedFileURL.path
            found.append(path.hasPrefix(rootPath + "/") ? String(path.dropFirst(rootPath.count + 1)) : path)
        }
        return found.sorted()
    }

    /// The dotted number starting at `index` in `scalars` (digits, then any ".digits" groups), or nil
    /// when no digit starts there. Returns the number and the index just after it.
    static func number(in scalars: [Unicode.Scalar], at index: Int) -> (String, Int)? {
        func isDigit(_ i: Int) -> Bool { i < scalars.count && ("0"..."9").contains(scalars[i]) }
        guard isDigit(index) else { return nil }
        var end = index
        while isDigit(end) { end += 1 }
        while end + 1 < scalars.count, scalars[end] == ".", isDigit(end + 1) {
            end += 1
            while isDigit(end) { end += 1 }
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[index..<end])
        return (text, end)
    }

    /// Every section number cited in `text` (a section sign immediately followed by a dotted number).
    static func references(in text: String) -> Set<String> {
        let scalars = Array(text.unicodeScalars)
        var found: Set<String> = []
        var i = 0
        while i < scalars.count {
            if scalars[i] == sectionSign, let (value, end) = number(in: scalars, at: i + 1) {
                found.insert(value)
                i = end
            } else {
                i += 1
            }
        }
        return found
    }

    /// The section numbers of the document's headings: a line of one or more '#', a space, then a dotted
    /// number followed by a space or a dot ("## 1. CAMediaTiming", "### 1.4 Animation lifecycle").
    static func headingNumbers(in text: String) -> Set<String> {
        var found: Set<String> = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let scalars = Array(line.unicodeScalars)
            var i = 0
            while i < scalars.count, scalars[i] == "#" { i += 1 }
            guard i > 0, i < scalars.count, scalars[i] == " " else { continue }
            while i < scalars.count, scalars[i] == " " { i += 1 }
            guard let (value, end) = number(in: scalars, at: i), end < scalars.count,
                scalars[end] == " " || scalars[end] == "."
            else { continue }
            found.insert(value)
        }
        return found
    }

    static func read(_ relativePath: String) -> String? {
        let url = packageRoot.appendingPathComponent(relativePath)
        guard let data = try? Data(contentsOf: url) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    @Test("Every cited section resolves to a heading of docs/semantics.md")
    func everyReferenceHasAHeading() throws {
        let document = try #require(Self.read("docs/semantics.md"), "docs/semantics.md is missing")
        let headings = Self.headingNumbers(in: document)

        let sources = Self.files(under: "Sources", extensions: ["swift", "c", "h"])
            + Self.files(under: "Tests", extensions: ["swift", "c", "h"])
            + Self.files(under: "docs", extensions: ["md"])
        #expect(sources.count > 50, "the scan found only \(sources.count) files under \(Self.packageRoot.path)")

        // Each cited number with the first file (in sorted order) that cites it.
        var citedBy: [String: String] = [:]
        for path in sources {
            guard let text = Self.read(path), text.unicodeScalars.contains(Self.sectionSign) else { continue }
            for reference in Self.references(in: text) where citedBy[reference] == nil {
                citedBy[reference] = path
            }
        }
        #expect(!citedBy.isEmpty, "no section references found; the scan is broken")

        let missing = citedBy.keys.filter { !headings.contains($0) }.sorted { a, b in
            a.split(separator: ".").map { Int($0) ?? 0 }.lexicographicallyPrecedes(b.split(separator: ".").map { Int($0) ?? 0 })
        }
        let report = missing.map { "\u{00A7}\($0) (cited in \(citedBy[$0]!))" }.joined(separator: "\n")
        #expect(missing.isEmpty, "docs/semantics.md has no heading for:\n\(report)")
    }

    @Test("docs/semantics.md has the top-level sections 0 to 13, each once")
    func documentHasTopLevelSections() throws {
        let document = try #require(Self.read("docs/semantics.md"), "docs/semantics.md is missing")
        let headings = Self.headingNumbers(in: document)
        let missing = (0...13).map(String.init).filter { !headings.contains($0) }
        #expect(missing.isEmpty, "docs/semantics.md lacks top-level sections \(missing)")

        // Top-level headings ("## N." lines) appear once each and in increasing order.
        var topLevel: [Int] = []
        for line in document.split(separator: "\n") where line.hasPrefix("## ") {
            let scalars = Array(line.unicodeScalars)
            if let (value, end) = Self.number(in: scalars, at: 3), end < scalars.count, scalars[end] == ".",
                !value.contains("."), let n = Int(value)
            {
                topLevel.append(n)
            }
        }
        #expect(topLevel == Array(0...13), "top-level sections in order: \(topLevel)")
    }

    @Test("The reference scanner and the heading parser read what they should")
    func scannerSelfCheck() {
        let s = "\u{00A7}"
        let text = "spec \(s)1.4, \(s)9.2–9.3 and \(s)8.3.2. Also \(s)12; not \(s) alone nor \(s)x."
        #expect(Self.references(in: text) == ["1.4", "9.2", "8.3.2", "12"])
        let headings = Self.headingNumbers(in: "## 1. Timing\n### 1.4 Lifecycle\n#### 8.3.2 Springs\n#1.5 no\n## 2x no\ntext 3. no\n")
        #expect(headings == ["1", "1.4", "8.3.2"])
    }
}
