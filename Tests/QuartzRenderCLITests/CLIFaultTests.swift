// Faults the machine causes during a render, not the user's input: a full disk, an output folder removed
// while frames are written, a reader that closes the pipe. README, "Safety": a failed write exits 74 with a
// message naming the file, and never leaves a truncated file under a final name (docs/bad-input.md).
import Foundation
import Testing
import QuartzTestSupport

@Suite struct CLIFaultTests {
    /// 180 frames of 960x540: long enough to still be writing when the fault happens.
    static let scene = fixtureScene("complete-example.json")

    /// Frames and leftovers in `folder`: every name, partial files included.
    static func entries(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// A real full disk: a 1 MiB tmpfs fills after a few frames (needs root and mount; skipped otherwise).
    @Test func aFullDiskExits74AndLeavesOnlyWholeFrames() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let disk = folder.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        let mount = try CLI.run(["-c", "mount -t tmpfs -o size=1m quartz-render-test \"$0\" 2>&1", disk.path],
                                executable: "/bin/sh", in: folder)
        guard mount.status == 0 else {
            print("skipped: cannot mount a tmpfs here (\(mount.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))")
            return
        }
        defer { _ = try? CLI.run(["-c", "umount \"$0\"", disk.path], executable: "/bin/sh", in: folder) }
        let result = try CLI.run(["render", Self.scene, "--progress", "none", "-o", disk.path + "/%05d.png"], in: folder)
        #expect(result.status == 74, "\(result.status) \(result.stderr)")
        #expect(result.stderr.contains("cannot write \"\(disk.path)/"), "\(result.stderr)")
        #expect(result.stderr.contains("enough space"), "\(result.stderr)")
        let left = Self.entries(disk)
        #expect(!left.isEmpty && left.count < 180, "\(left.count) files")
        #expect(left.allSatisfy { $0.hasSuffix(".png") && !$0.hasPrefix(".") }, "\(left)")  // no partial file
        for name in left { _ = try readPNG(disk.appendingPathComponent(name).path) }  // every frame whole
    }

    /// The output folder disappears while frames are being written: exit 74 naming the folder, no hang.
    @Test func anOutputFolderRemovedMidRenderIsNamed() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (process, out, err) = try CLI.start(["render", Self.scene, "--progress", "none", "-o", "gone/%05d.png"], in: folder)
        let gone = folder.appendingPathComponent("gone")
        let deadline = Date().addingTimeInterval(60)
        while Self.entries(gone).filter({ $0.hasSuffix(".png") && !$0.hasPrefix(".") }).isEmpty && process.isRunning && Date() < deadline {
            usleep(20_000)
        }
        // Moved away in one step, then deleted, so no frame can land between listing and removing.
        let moved = folder.appendingPathComponent("moved")
        try FileManager.default.moveItem(at: gone, to: moved)
        try FileManager.default.removeItem(at: moved)
        process.waitUntilExit()
        let result = CLI.collect(process, out, err)
        #expect(result.status == 74, "\(result.status) \(result.stderr)")
        #expect(result.stderr.contains("its folder \"gone\" is gone (removed or moved while rendering)"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: gone.path))
    }

    /// The reading program exits after the first bytes (`| head -c 100`): exit 74 saying so, not a SIGPIPE death.
    @Test func aClosedPipeOnStdoutExits74() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let binary = try #require(CLI.binaryPath().path)
        let result = try CLI.run(["-c", "\"$0\" render \"$1\" -o - --format rgba --progress none 2>err.txt | head -c 100 > /dev/null; echo \"${PIPESTATUS[0]}\"",
                                  binary, Self.scene], executable: "/bin/bash", in: folder)
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "74", "\(result.stdout) \(result.stderr)")
        let stderr = try String(contentsOf: folder.appendingPathComponent("err.txt"), encoding: .utf8)
        #expect(stderr.contains("cannot write frames to stdout: the reading program closed the pipe"), "\(stderr)")
    }
}
