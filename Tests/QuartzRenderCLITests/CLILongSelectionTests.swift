// A selection's length costs nothing up front: a scene of 100 million frames (the loader's limit) rendered to
// a folder starts writing frames at once, and existing frames are found from one listing of the folder, not
// by checking every selected name. Memory and start-up grow with the frames present, not with the selection.
import Foundation
import OpenQuartz
import Testing

@Suite struct CLILongSelectionTests {
    /// One small animated layer; 100,000,000 frames at 1000 fps.
    func writeLongScene(in folder: URL) throws {
        let scene = ##"{"version": 1, "width": 8, "height": 8, "duration": 100000, "frameRate": 1000, "layers": [{"frame": [0, 0, 4, 4], "backgroundColor": "#FF0000", "animations": [{"keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 1, "repeatCount": "infinity"}]}]}"##
        try Data(scene.utf8).write(to: folder.appendingPathComponent("long.json"))
    }

    /// Waits until `count` visible files are in `folder` or `seconds` pass; returns how many there were.
    func waitForFiles(_ count: Int, in folder: URL, seconds: Double) -> Int {
        let deadline = Date().addingTimeInterval(seconds)
        var found = 0
        while Date() < deadline {
            found = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }.count
            if found >= count { break }
            usleep(5_000)
        }
        return found
    }

    @Test func aHundredMillionFrameRenderStartsAtOnce() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeLongScene(in: folder)
        let frames = folder.appendingPathComponent("f")
        let (process, out, err) = try CLI.start(["render", "long.json", "-o", "f/%09d.png", "--progress", "none"], in: folder)
        // Before, selecting the frames alone took minutes and 1.8 GB; a generous bound keeps slow machines green.
        let found = waitForFiles(3, in: frames, seconds: 60)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        _ = CLI.collect(process, out, err)
        #expect(found >= 3, "only \(found) frames written within 60 s")
        #expect(FileManager.default.fileExists(atPath: frames.appendingPathComponent("000000000.png").path))
    }

    /// Existing frames are kept or refused as before: found by the folder listing for a number in the file
    /// name, by a check per frame for a number in a folder name; other files in the folder do not count.
    @Test func existingFramesAreFoundFromTheFolder() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeLongScene(in: folder)
        let common = ["render", "long.json", "--frames", "5..<9", "--progress", "none"]
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("f"), withIntermediateDirectories: true)
        for name in ["x0006.png", "x6.png", "x0004.png", "x0009.png", "notes.txt", "x00007.png"] {
            try Data("kept".utf8).write(to: folder.appendingPathComponent("f/\(name)"))
        }
        // x0006.png is frame 6; x6.png and x00007.png are not this pattern's names; 4 and 9 are outside 5..<9.
        let refused = try CLI.run(common + ["-o", "f/x%04d.png"], in: folder)
        #expect(refused.status == 73, "\(refused.stderr)")
        #expect(refused.stderr.contains("x0006.png\" exists"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("f/x0005.png").path))
        let resumed = try CLI.run(common + ["-o", "f/x%04d.png", "--skip-existing"], in: folder)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(try Data(contentsOf: folder.appendingPathComponent("f/x0006.png")) == Data("kept".utf8))
        for index in [5, 7, 8] { _ = try readPNG(folder.appendingPathComponent(String(format: "f/x%04d.png", index)).path) }
        #expect(try Data(contentsOf: folder.appendingPathComponent("f/x0004.png")) == Data("kept".utf8))
        // A frame number in a folder name.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("d7"), withIntermediateDirectories: true)
        try Data("kept".utf8).write(to: folder.appendingPathComponent("d7/frame.png"))
        let nested = try CLI.run(common + ["-o", "d%d/frame.png"], in: folder)
        #expect(nested.status == 73 && nested.stderr.contains("d7/frame.png\" exists"), "\(nested.stderr)")
    }
}
