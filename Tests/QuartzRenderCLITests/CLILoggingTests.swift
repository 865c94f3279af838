// Logging through swift-log on stderr ("swift-log to stderr; stdout carries data only"):
// `--log-level` on every command, `--quiet` = warning, and stdout left for data.
import Foundation
import OpenQuartz
import Testing

@Suite struct CLILoggingTests {
    /// A valid 20×20 scene with one unknown key ("colour"): loading it logs one warning.
    static let sceneWithWarning = #"{"version": 1, "width": 20, "height": 20, "duration": 1, "frameRate": 4, "colour": 3}"#

    @Test func everyCommandTakesTheLogLevelFlags() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for command in ["render", "info", "dump", "contact-sheet", "plot-stats", "demo"] {
            let help = try CLI.run([command, "--help"], in: folder)
            #expect(help.status == 0)
            #expect(help.stdout.contains("--log-level") && help.stdout.contains("--quiet"), "\(command) lacks the logging flags")
        }
        let bad = try CLI.run(["info", "x.json", "--log-level", "loud"], in: folder)
        #expect(bad.status == 64)
        let both = try CLI.run(["info", "x.json", "--log-level", "info", "--quiet"], in: folder)
        #expect(both.status == 64)
    }

    @Test func levelsFilterMessagesAndStdoutCarriesDataOnly() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.sceneWithWarning.utf8).write(to: folder.appendingPathComponent("w.json"))
        let render = ["render", "w.json", "--progress", "plain"]
        // Default (info): the warning, on stderr only; stdout stays empty although progress and notes are printed.
        let normal = try CLI.run(render + ["-o", "a/%d.png"], in: folder)
        #expect(normal.status == 0, "\(normal.stderr)")
        #expect(normal.stdout.isEmpty, "\(normal.stdout)")
        #expect(normal.stderr.contains("quartz-render: warning: ") && normal.stderr.contains("colour"), "\(normal.stderr)")
        #expect(!normal.stderr.contains(": debug: "))
        // --quiet keeps warnings; --log-level error drops them; debug adds the load summary.
        let quiet = try CLI.run(render + ["--quiet", "-o", "b/%d.png"], in: folder)
        #expect(quiet.stderr.contains("warning: ") && quiet.stderr.contains("colour"))
        let errorsOnly = try CLI.run(render + ["--log-level", "error", "-o", "c/%d.png"], in: folder)
        #expect(errorsOnly.status == 0)
        #expect(!errorsOnly.stderr.contains("colour"), "\(errorsOnly.stderr)")
        let debug = try CLI.run(render + ["--log-level", "debug", "-o", "d/%d.png"], in: folder)
        #expect(debug.stderr.contains("quartz-render: debug: loaded w.json"), "\(debug.stderr)")
        #expect(debug.stdout.isEmpty)
        // info's stdout is its report alone: the warning goes to stderr.
        let info = try CLI.run(["info", "w.json", "--json"], in: folder)
        #expect((try? JSONSerialization.jsonObject(with: Data(info.stdout.utf8))) != nil, "\(info.stdout)")
        #expect(info.stderr.contains("warning: "))
        // Failures are error-level log lines.
        let missing = try CLI.run(["dump", "nope.json", "--quiet"], in: folder)
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("quartz-render: error: ") && missing.stderr.contains("nope.json"))
        #expect(missing.stdout.isEmpty)
    }
}
