// An encoder that hangs costs a bounded time, and a killed render leaves no encoder behind: `--ffmpeg` pointing
// at a program that never reads, or that reads everything and never exits, fails with exit 76 after
// `--ffmpeg-timeout` seconds without progress (docs/cli.md, "Failures"); ffmpeg runs in quartz-render's process
// group, so killing the group stops it; its log lives beside the target as a partial file that the next
// render into the folder removes, not in the temporary folder.
import Foundation
import Testing
import QuartzTestSupport

@Suite struct CLIHungEncoderTests {
    static let scene = fixtureScene("ship-on-path.json")
    /// 200x200 frames are 160 KB, more than a pipe holds, so a reader that never reads blocks the first frame.
    static let common = [scene, "--frames", "0..<30", "--size", "200x200", "--threads", "1", "--progress", "none"]

    func fakeEncoder(_ body: String, named name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url.path
    }

    /// Whether process `pid` still exists (a zombie counts as gone: it has stopped running).
    func isRunning(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        guard let close = stat.lastIndex(of: ")") else { return true }
        return !stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }

    func waitUntil(_ seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }

    @Test func anEncoderThatNeverReadsFailsAfterTheTimeout() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fake = try fakeEncoder("exec sleep 600", named: "never-reads", in: folder)
        let started = Date()
        let result = try CLI.run(["render"] + Self.common + ["--ffmpeg", fake, "--ffmpeg-timeout", "1", "-o", "out.mp4"], in: folder)
        #expect(result.status == 76, "\(result.stderr)")
        #expect(result.stderr.contains("ffmpeg read nothing of frame 1 for 1 s and was stopped (killed by signal 9)"), "\(result.stderr)")
        #expect(Date().timeIntervalSince(started) < 30)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("out.mp4") }
        #expect(left.isEmpty, "\(left)")
    }

    @Test func anEncoderThatNeverExitsFailsAfterTheTimeout() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fake = try fakeEncoder("cat > /dev/null\nexec sleep 600", named: "never-exits", in: folder)
        let result = try CLI.run(["render"] + Self.common + ["--ffmpeg", fake, "--ffmpeg-timeout", "1", "-o", "out.mp4"], in: folder)
        #expect(result.status == 76, "\(result.stderr)")
        #expect(result.stderr.contains("ffmpeg did not finish within 1 s of its last output and was stopped"), "\(result.stderr)")
        let bad = try CLI.run(["render"] + Self.common + ["--ffmpeg", fake, "--ffmpeg-timeout", "0", "-o", "out.mp4"], in: folder)
        #expect(bad.status == 64 && bad.stderr.contains("--ffmpeg-timeout"), "\(bad.stderr)")
    }

    @Test func killingTheRendersProcessGroupStopsTheEncoder() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pidFile = folder.appendingPathComponent("encoder.pid")
        let fake = try fakeEncoder("echo $$ > '\(pidFile.path)'\nexec sleep 600", named: "records-pid", in: folder)
        let (process, out, err) = try CLI.start(["render"] + Self.common + ["--ffmpeg", fake, "-o", "out.mp4"], in: folder)
        let group = getpgid(process.processIdentifier)
        #expect(waitUntil(30) { (try? String(contentsOf: pidFile, encoding: .utf8))?.isEmpty == false })
        let encoder = Int32((try String(contentsOf: pidFile, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        guard group > 0, group != getpgrp(), encoder > 0 else {
            kill(process.processIdentifier, SIGKILL)
            if encoder > 0 { kill(encoder, SIGKILL) }
            process.waitUntilExit()
            Issue.record("the render does not lead a process group of its own here (group \(group)); cannot kill it alone")
            return
        }
        #expect(getpgid(encoder) == group, "the encoder left the render's process group")
        kill(-group, SIGKILL)
        process.waitUntilExit()
        _ = CLI.collect(process, out, err)
        #expect(waitUntil(10) { !isRunning(encoder) }, "the encoder \(encoder) outlived the killed process group")
        if isRunning(encoder) { kill(encoder, SIGKILL) }
        // The encoder's log is a partial file beside the target, not in the temporary folder.
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names.contains { $0.hasPrefix(".out.mp4.ffmpeg-log.") && $0.hasSuffix(".partial") }, "\(names)")
        let temporary = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())
        #expect(!temporary.contains { $0.contains("ffmpeg-\(process.processIdentifier)-") }, "a log was left in the temporary folder")
        // The next render into the folder removes the killed run's partial files.
        let next = try CLI.run(["render", Self.scene, "--frames", "0", "--size", "20x20", "--progress", "none", "-o", "next.png"], in: folder)
        #expect(next.status == 0, "\(next.stderr)")
        let after = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!after.contains { $0.hasSuffix(".partial") }, "\(after)")
    }
}
