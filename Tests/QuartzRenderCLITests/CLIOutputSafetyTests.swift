// Output safety ("existing files are not overwritten without --overwrite", "PNG writes are
// atomic", "--skip-existing resumes", "an unwritable output folder, a full disk: … no existing output is
// damaged"): the --stats policy, stale partial files of killed runs, a file-size limit (EFBIG, as a full
// disk would give ENOSPC) and folders that cannot be written.
import Foundation
import OpenQuartz
import Testing
import QuartzTestSupport

@Suite struct CLIOutputSafetyTests {
    static let scene = fixtureScene("ship-on-path.json")

    /// The host part of partial file names, as the CLI computes it (letters and digits; others → '_').
    static var hostTag: String {
        var buffer = [CChar](repeating: 0, count: 256)
        let raw = gethostname(&buffer, buffer.count) == 0
            ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        let cleaned = String(raw.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) && $0.isASCII ? Character($0) : "_" })
        return cleaned.isEmpty ? "host" : String(cleaned.prefix(64))
    }

    @Test func statsFollowTheExistingFilePolicy() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let common = ["render", Self.scene, "--frames", "0..<2", "--size", "16x16", "--progress", "none", "--stats", "s.json"]
        let first = try CLI.run(common + ["-o", "a/%d.png"], in: folder)
        #expect(first.status == 0, "\(first.stderr)")
        let saved = try Data(contentsOf: folder.appendingPathComponent("s.json"))
        #expect((try JSONSerialization.jsonObject(with: saved) as? [String: Any])?["frames"] != nil)
        // Default: refused before rendering (no frame of the new run is written), the file unchanged.
        let refused = try CLI.run(common + ["-o", "b/%d.png"], in: folder)
        #expect(refused.status == 73)
        #expect(refused.stderr.contains("s.json") && refused.stderr.contains("--overwrite"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("b/0.png").path))
        #expect(try Data(contentsOf: folder.appendingPathComponent("s.json")) == saved)
        // --skip-existing keeps it (and says so); --overwrite replaces it.
        let kept = try CLI.run(common + ["--skip-existing", "-o", "c/%d.png"], in: folder)
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(kept.stderr.contains("s.json exists; kept"))
        #expect(try Data(contentsOf: folder.appendingPathComponent("s.json")) == saved)
        let replaced = try CLI.run(common + ["--overwrite", "-o", "d/%d.png"], in: folder)
        #expect(replaced.status == 0, "\(replaced.stderr)")
        // Wall times differ from run to run, so a replaced file differs from the first.
        #expect(try Data(contentsOf: folder.appendingPathComponent("s.json")) != saved)
    }

    @Test func staleOrDeadPartialFilesAreRemovedAndLiveOnesKept() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = folder.appendingPathComponent("f")
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
        // A process that has exited: its PID is not alive (PIDs are reused only after wrapping around).
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        // A process that has exited and is not reaped yet (a zombie of this test process) is gone too.
        var zombie: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
        defer { argv.forEach { free($0) } }
        #expect(posix_spawn(&zombie, "/bin/true", nil, nil, argv, environ) == 0)
        defer { var status: Int32 = 0; waitpid(zombie, &status, 0) }
        var waited = 0
        while (try? String(contentsOfFile: "/proc/\(zombie)/stat", encoding: .utf8))?.contains(") Z ") != true, waited < 5_000 {
            usleep(1_000)
            waited += 1
        }
        try #require(waited < 5_000, "the spawned process did not become a zombie")
        let host = Self.hostTag, me = ProcessInfo.processInfo.processIdentifier
        let zombieFile = ".007.png.\(host)-\(zombie).partial"
        let dead = ".003.png.\(host)-\(gone.processIdentifier).partial"
        let deadInner = "..004.png.\(host)-\(gone.processIdentifier).partial.\(UUID().uuidString).tmp"
        let live = ".005.png.\(host)-\(me).partial"       // this test process is alive
        let foreign = ".006.png.otherhost-\(me).partial"   // another host's: young, so kept
        let unrelated = ".notes.partial"                    // not our pattern
        for name in [dead, deadInner, live, foreign, unrelated, zombieFile] {
            try Data("x".utf8).write(to: frames.appendingPathComponent(name))
        }
        let result = try CLI.run(["render", Self.scene, "--frames", "0..<2", "--size", "16x16", "--progress", "none",
                                  "--skip-existing", "-o", "f/%03d.png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: frames.path))
        #expect(left == Set(["000.png", "001.png", live, foreign, unrelated]), "\(left)")
        #expect(result.stderr.contains("removed stale partial file") && result.stderr.contains(dead), "\(result.stderr)")
        #expect(result.stderr.contains("process \(gone.processIdentifier) is gone"))
        #expect(result.stderr.contains("process \(zombie) is gone"), "\(result.stderr)")
    }

    /// The resume test the issue asks for: kill `--shard 1/2` mid-way, rerun it with --skip-existing, and
    /// every frame of the shard equals a serial render's, with no partial file left.
    @Test func killedShardResumesToTheSerialFramesWithoutPartialFiles() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let common = [Self.scene, "--frames", "0..<48", "--size", "160x160", "--threads", "1", "--progress", "none"]
        let shard = common + ["--shard", "1/2", "-o", "f/%03d.png"]
        let (process, out, err) = try CLI.start(["render"] + shard + ["--compression", "smallest"], in: folder)
        let frames = folder.appendingPathComponent("f")
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: frames.path)) ?? []
            if names.filter({ !$0.hasPrefix(".") }).count >= 2 { break }
            usleep(1_000)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        _ = CLI.collect(process, out, err)
        let survivors = try FileManager.default.contentsOfDirectory(atPath: frames.path).filter { !$0.hasPrefix(".") }
        #expect(survivors.count >= 2 && survivors.count < 24, "\(survivors.count) frames before the kill")
        for name in survivors { _ = try readPNG(frames.appendingPathComponent(name).path) }
        let resumed = try CLI.run(["render"] + shard + ["--skip-existing"], in: folder)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let serial = try CLI.run(["render"] + common + ["-o", "serial/%03d.png"], in: folder)
        #expect(serial.status == 0, "\(serial.stderr)")
        let all = try FileManager.default.contentsOfDirectory(atPath: frames.path)
        #expect(all.filter { $0.hasPrefix(".") }.isEmpty, "partial files left: \(all)")
        // Shard 1 of 2 over 0..<48 is frames 24..<48.
        #expect(Set(all) == Set((24..<48).map { String(format: "%03d.png", $0) }))
        for name in all {
            let a = try readPNG(frames.appendingPathComponent(name).path)
            let b = try readPNG(folder.appendingPathComponent("serial/\(name)").path)
            #expect(pixelHash(a) == pixelHash(b), "\(name)")
        }
    }

    /// A file-size limit makes the PNG write fail with EFBIG part-way, as a full disk fails with ENOSPC
    /// (both reach the same error path; /dev/full cannot be used because frames are renamed into place).
    @Test func failedWriteExits74NamingTheFileAndLeavesNoTruncatedFrame() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let binary = try #require(CLI.binaryPath().path)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("f"), withIntermediateDirectories: true)
        let existing = Data("an older frame, must survive".utf8)
        try existing.write(to: folder.appendingPathComponent("f/1.png"))
        // ulimit -f 1: at most 512 or 1024 bytes per file (sh's unit); a 96×96 frame of this scene is larger.
        let result = try CLI.run(["-c", "ulimit -f 1; exec \"$0\" \"$@\"", binary, "render", Self.scene, "--frames", "0...1",
                                  "--size", "96x96", "--background", "#336699", "--progress", "none", "--overwrite",
                                  "-o", "f/%d.png"], executable: "/bin/sh", in: folder)
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains("f/0.png") || result.stderr.contains("f/1.png"), "\(result.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("f").path)
        #expect(left == ["1.png"], "\(left)")  // no partial file, no truncated frame
        #expect(try Data(contentsOf: folder.appendingPathComponent("f/1.png")) == existing)
    }

    @Test func unwritableOutputFoldersExit73() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let common = ["render", Self.scene, "--frames", "0", "--size", "8x8", "--progress", "none"]
        // A file where the folder should be.
        try Data("x".utf8).write(to: folder.appendingPathComponent("blocker"))
        let blocked = try CLI.run(common + ["-o", "blocker/%d.png"], in: folder)
        #expect(blocked.status == 73)
        #expect(blocked.stderr.contains("blocker"), "\(blocked.stderr)")
        // A folder nobody can create, even root: /proc refuses new entries.
        let proc = try CLI.run(common + ["-o", "/proc/quartz-render-test/%d.png"], in: folder)
        #expect(proc.status == 73)
        #expect(proc.stderr.contains("/proc/quartz-render-test"), "\(proc.stderr)")
        // A read-only folder: root bypasses permission bits, so this part only runs as another user.
        if geteuid() != 0 {
            let locked = folder.appendingPathComponent("locked")
            try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
            chmod(locked.path, 0o555)
            defer { chmod(locked.path, 0o755) }
            let denied = try CLI.run(common + ["-o", "locked/%d.png"], in: folder)
            #expect(denied.status == 73)
            #expect(denied.stderr.contains("not writable"))
        }
    }
}
