// Progress on stderr (docs/cli.md, "Progress"): plain lines for the first frame, every --progress-interval
// seconds and the last (not one per frame), the bar with count, percent, frames/s, elapsed, ETA and the current
// frame, times rounded for people, and exact times in `--progress json` and `--stats`.
import Foundation
import OpenQuartz
import Testing
import QuartzTestSupport

@Suite struct CLIProgressTests {
    static let scene = fixtureScene("ship-on-path.json")  // 30 fps
    static let common = ["render", scene, "--size", "8x8", "--threads", "1", "--quiet"]

    func progressLines(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("progress: ") }
    }

    func matches(_ line: String, _ pattern: String) -> Bool {
        line.range(of: "^" + pattern + "$", options: .regularExpression) != nil
    }

    /// A frame rate with one or two decimals, a clock (m:ss), as the lines print them.
    static let rate = #"[0-9]+\.[0-9]{1,2} frames/s"#, clock = #"[0-9]+:[0-9]{2}"#

    @Test func plainProgressReportsTheFirstAndLastFrameAndAnInterval() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Six tiny frames take far less than the default 5 s: the first line and the last.
        let steady = try CLI.run(Self.common + ["--frames", "0-5", "--progress", "plain", "-o", "a/%d.png"], in: folder)
        #expect(steady.status == 0, "\(steady.stderr)")
        let lines = progressLines(steady.stderr)
        #expect(lines.count == 2, "\(steady.stderr)")
        #expect(matches(lines.first ?? "", #"progress: 1/6 frames \(16%\), frame 0 at t=0\.000 s, "# + Self.rate + ", elapsed " + Self.clock + ", ETA " + Self.clock),
                "\(lines)")
        #expect(matches(lines.last ?? "", #"progress: 6/6 frames \(100%\), frame 5 at t=0\.167 s, "# + Self.rate + ", elapsed " + Self.clock + ", done"),
                "\(lines)")
        // Interval 0: a line per frame, each with its rounded time.
        let every = try CLI.run(Self.common + ["--frames", "0-3", "--progress", "plain", "--progress-interval", "0", "-o", "b/%d.png"], in: folder)
        #expect(every.status == 0, "\(every.stderr)")
        let times = progressLines(every.stderr).map { line in
            line.range(of: #"t=[0-9.]+ s"#, options: .regularExpression).map { String(line[$0]) } ?? line
        }
        #expect(times == ["t=0.000 s", "t=0.033 s", "t=0.067 s", "t=0.100 s"])
    }

    @Test func keptFramesAreCountedAndTakeNoTimeInTheRate() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try CLI.run(Self.common + ["--frames", "0-2", "--progress", "none", "-o", "f/%d.png"], in: folder)
        #expect(first.status == 0, "\(first.stderr)")
        let resumed = try CLI.run(Self.common + ["--frames", "0-4", "--skip-existing", "--progress", "plain", "--progress-interval", "0",
                                                 "-o", "f/%d.png"], in: folder)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let lines = progressLines(resumed.stderr)
        #expect(lines.count == 5, "\(resumed.stderr)")
        // Before any frame rendered: no rate and no ETA.
        #expect(lines.first == "progress: 1/5 frames (20%), frame 0 at t=0.000 s, 1 skipped (exist), 0.00 frames/s, elapsed 0:00, ETA --:--")
        #expect(matches(lines.last ?? "", #"progress: 5/5 frames \(100%\), frame 4 at t=0\.133 s, 3 skipped \(exist\), "# + Self.rate
                        + ", elapsed " + Self.clock + ", done"), "\(lines)")
    }

    @Test func theBarShowsCountRateElapsedETAAndTheFrame() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(Self.common + ["--frames", "0-3", "--progress", "bar", "-o", "f/%d.png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        // Each draw starts with a carriage return and clears the rest of the line; the last one ends the line.
        let draws = result.stderr.components(separatedBy: "\r").dropFirst()
        #expect(!draws.isEmpty, "\(result.stderr)")
        for draw in draws.dropLast() {
            #expect(matches(draw, #"\[#*-*\] [1-3]/4 [0-9]+% "# + Self.rate + " elapsed " + Self.clock + " ETA " + Self.clock + #" frame [0-3]\x{1B}\[K"#),
                    "\(draw.debugDescription)")
        }
        let last = try #require(draws.last).split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
        #expect(matches(last, #"\[#{30}\] 4/4 100% "# + Self.rate + " elapsed " + Self.clock + #" done frame 3\x{1B}\[K"#), "\(last.debugDescription)")
        #expect(try #require(draws.last).hasPrefix(last + "\n"))
    }

    @Test func machineReadableTimesStayExact() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(Self.common + ["--frames", "1", "--progress", "json", "--stats", "s.json", "-o", "f/%d.png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        // 1/30 s as Swift prints the Double, not rounded.
        #expect(result.stderr.contains("\"frame\":1,\"skipped\":false,\"time\":\(1.0 / 30),\"total\":1}"), "\(result.stderr)")
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("s.json"))) as? [String: Any])
        let frames = try #require(stats["frames"] as? [[String: Any]])
        #expect(frames.first?["time"] as? Double == 1.0 / 30)
    }

    @Test(arguments: ["-1", "86401", "nan"])
    func badIntervalsAreRefused(interval: String) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(Self.common + ["--frames", "0", "--progress-interval=\(interval)", "-o", "f.png"], in: folder)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("--progress-interval must be a number of seconds in 0...86400"), "\(result.stderr)")
    }
}
