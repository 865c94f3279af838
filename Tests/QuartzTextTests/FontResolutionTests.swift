// Finding fonts: Apple's names onto installed families (substitution reported once), files by path, and
// clear errors for files that are not usable fonts.
import Foundation
import Logging
import Testing
@testable import QuartzText

/// Collects warnings so tests can count them.
final class CollectedLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    var messages: [String] { lock.withLock { stored } }
    func append(_ message: String) { lock.withLock { stored.append(message) } }

    var logger: Logger {
        Logger(label: "test") { _ in CollectingHandler(log: self) }
    }
}

struct CollectingHandler: LogHandler {
    let log: CollectedLog
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
    func log(level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?, source: String, file: String,
             function: String, line: UInt) {
        log.append("\(message)")
    }
}

@Suite struct FontResolutionTests {
    func library() -> (FontLibrary, CollectedLog) {
        let log = CollectedLog()
        let library = FontLibrary()
        library.logger = log.logger
        return (library, log)
    }

    @Test("an installed family resolves to itself without a report")
    func installedFamily() throws {
        let (library, log) = library()
        let (face, resolution) = try library.face(named: "DejaVu Sans")
        #expect(face.familyName == "DejaVu Sans")
        #expect(!resolution.isSubstitution)
        #expect(log.messages.isEmpty)
    }

    @Test("Apple's names map onto installed families of the same kind, bold and italic from the suffix", arguments: [
        ("Helvetica", FontCategory.sans, false, false), ("Helvetica-Bold", .sans, true, false),
        ("Helvetica-BoldOblique", .sans, true, true), ("Arial-BoldMT", .sans, true, false),
        (".SFUI-Semibold", .sans, true, false), ("SF Pro Text", .sans, false, false),
        ("Menlo-Regular", .monospace, false, false), ("Courier", .monospace, false, false),
        ("Times-Roman", .serif, false, false), ("TimesNewRomanPS-ItalicMT", .serif, false, true),
    ])
    func appleNames(name: String, category: FontCategory, bold: Bool, italic: Bool) throws {
        let (library, _) = library()
        let (face, resolution) = try library.face(named: name)
        #expect(resolution.isSubstitution)
        #expect(category.substitutes.contains(face.familyName), "\(name) → \(face.familyName)")
        #expect(face.metrics.isBold == bold, "\(name) → \(face.styleName)")
        #expect(face.metrics.isItalic == italic, "\(name) → \(face.styleName)")
    }

    @Test("a substitution is reported once however often the name is used")
    func reportedOnce() throws {
        let (library, log) = library()
        for _ in 0..<5 { _ = try library.face(named: "Helvetica") }
        _ = try library.face(named: "Helvetica-Bold")
        #expect(log.messages.count == 2, "\(log.messages)")
        #expect(log.messages[0].contains("\"Helvetica\" is not installed"))
        #expect(library.resolutions.map(\.requested) == ["Helvetica", "Helvetica-Bold"])
    }

    @Test("an unknown family falls back to fontconfig's sans-serif face")
    func unknownFamily() throws {
        let (library, log) = library()
        let resolution = try library.resolve(name: "No Such Family 1234")
        #expect(resolution.isSubstitution)
        #expect(!resolution.path.isEmpty)
        #expect(log.messages.count == 1)
    }

    @Test("a font file by path")
    func byPath() throws {
        let (library, _) = library()
        let resolution = try library.resolve(path: TestFonts.monoPath)
        #expect(resolution.family == "DejaVu Sans Mono")
    }

    @Test("a missing file, a file that is not a font and a truncated font are errors naming the problem")
    func badFiles() throws {
        let (library, log) = library()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("font-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let notFont = directory.appendingPathComponent("notes.ttf")
        try Data("this is not a font\n".utf8).write(to: notFont)
        let truncated = directory.appendingPathComponent("truncated.ttf")
        let whole = try Data(contentsOf: URL(fileURLWithPath: TestFonts.sansPath))
        try whole.prefix(whole.count / 3).write(to: truncated)

        #expect(throws: FontError.fileNotFound(path: directory.appendingPathComponent("none.ttf").path)) {
            try library.resolve(path: directory.appendingPathComponent("none.ttf").path)
        }
        do {
            _ = try library.resolve(path: notFont.path)
            Issue.record("a text file opened as a font")
        } catch {
            #expect(error.description.contains("not a font file"), "\(error)")
            #expect(error.description.contains(notFont.path))
        }
        do {
            _ = try library.resolve(path: truncated.path)
            Issue.record("a truncated font opened")
        } catch {
            #expect(error.description.contains("truncated or damaged"), "\(error)")
        }
        // Each bad file (the missing one included) is read and reported once.
        _ = try? library.resolve(path: notFont.path)
        #expect(log.messages.count == 3, "\(log.messages)")
    }

    @Test("metrics come from the face: DejaVu Sans hhea ascender 1901, descender −483, 2048 units per em")
    func metrics() {
        let face = TestFonts.sans
        #expect(face.metrics.unitsPerEm == 2048)
        #expect(face.metrics.ascender == 1901)
        #expect(face.metrics.descender == -483)
        #expect(face.ascent(atSize: 2048) == 1901)
    }
}
