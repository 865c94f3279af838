// SIGTERM and SIGINT during a render (docs/cli.md, exit codes 130 and 143): the frames in flight are written and
// nothing truncated or partial is left, the exit code is 128 + the signal with a message that says how far the
// render got, and `--skip-existing` resumes it to exactly the frames of an uninterrupted render.
import Foundation
import Testing
import QuartzTestSupport

@Suite struct CLIInterruptionTests {
    static let scene = fixtureScene("ship-on-path.json")
    static let common = [scene, "--fps", "60", "--frames", "0..<60", "--size", "480x480", "--threads", "1", "--progress", "none",
                         "--compression", "smallest"]

    func visibleNames(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }
    }

    func interruptAndResume(_ signal: Int32, status: Int32, name: String, jobs: String) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = folder.appendingPathComponent("f")
        let arguments = ["render"] + Self.common + ["--jobs", jobs, "-o", "f/%02d.png"]
        let (process, out, err) = try CLI.start(arguments, in: folder)
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, visibleNames(in: frames).count < 2 { usleep(1_000) }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        let result = CLI.collect(process, out, err)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains("stopped by \(name) after "), "\(result.stderr)")
        #expect(result.stderr.contains("of 60 frames; rerun with --skip-existing to resume"), "\(result.stderr)")
        let written = visibleNames(in: frames)
        #expect(written.count >= 2 && written.count < 60, "\(written.count) frames before the signal")
        let all = (try? FileManager.default.contentsOfDirectory(atPath: frames.path)) ?? []
        #expect(!all.contains { $0.hasSuffix(".partial") || $0.hasSuffix(".tmp") }, "partial files left: \(all)")
        for name in written { _ = try readPNG(frames.appendingPathComponent(name).path) }
        let resumed = try CLI.run(["render"] + Self.common + ["-o", "f/%02d.png", "--skip-existing"], in: folder)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let serial = try CLI.run(["render"] + Self.common + ["-o", "serial/%02d.png"], in: folder)
        #expect(serial.status == 0, "\(serial.stderr)")
        #expect(Set(visibleNames(in: frames)) == Set((0..<60).map { String(format: "%02d.png", $0) }))
        for index in 0..<60 {
            let name = String(format: "%02d.png", index)
            let a = try readPNG(frames.appendingPathComponent(name).path)
            let b = try readPNG(folder.appendingPathComponent("serial/\(name)").path)
            #expect(pixelHash(a) == pixelHash(b), "\(name)")
        }
    }

    @Test func sigtermStopsAfterTheFramesInFlightAndResumes() throws {
        try interruptAndResume(SIGTERM, status: 143, name: "SIGTERM", jobs: "1")
    }

    @Test func sigintWithParallelFramesStopsCleanlyAndResumes() throws {
        try interruptAndResume(SIGINT, status: 130, name: "SIGINT", jobs: "2")
    }
}
