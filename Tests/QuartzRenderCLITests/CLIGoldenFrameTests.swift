// End-to-end frames of fixture scenes (Tests: "frame hashes for fixture scenes"): the built binary
// renders three frames of each scene at half size, and every pixel must equal the checked-in golden under
// fixtures/golden/cli/ exactly. Tolerance 0: the CLI and the goldens come from the same renderer, so any
// difference is a change in the scene loader, the CLI's frame timing or the renderer, to be reviewed.
// OPENQUARTZ_UPDATE_GOLDENS=1 rewrites the goldens (then look at each one).
import Foundation
import OpenQuartz
import Testing
import QuartzTestSupport

@Suite struct CLIGoldenFrameTests {
    /// A scene, the output rate whose frames 0, 1, 2 are the times looked at, and what those times show.
    struct Case: Sendable, CustomStringConvertible {
        let scene: String
        let fps: String
        var description: String { scene }
    }

    static let cases = [
        Case(scene: "ship-on-path", fps: "1/2"),     // t = 0, 2, 4 s: the ship at the start, middle, near the end
        Case(scene: "door-scrubbing", fps: "1"),     // t = 0, 1, 2 s: the door scrubbed by timeOffset
        Case(scene: "transitions", fps: "8/5"),      // t = 0, 0.625, 1.25 s: before, 1/8 and 3/4 into the four transitions
        Case(scene: "push-action", fps: "2/3"),      // t = 0, 1.5, 3 s: before the push, a quarter into it, its end
        Case(scene: "clock-hands", fps: "4/5"),      // t = 0, 1.25, 2.5 s: before the tick, half-way, after
    ]

    static var goldenFolder: URL { fixturesDirectory.appendingPathComponent("golden/cli") }
    static var updating: Bool { ProcessInfo.processInfo.environment["OPENQUARTZ_UPDATE_GOLDENS"] == "1" }

    @Test(arguments: cases) func framesEqualTheGoldens(_ c: Case) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["render", fixtureScene("\(c.scene).json"), "--fps", c.fps, "--frames", "0..<3",
                                  "--scale", "0.5", "--progress", "none", "-o", "f/%d.png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        for frame in 0..<3 {
            let rendered = folder.appendingPathComponent("f/\(frame).png")
            let golden = Self.goldenFolder.appendingPathComponent("\(c.scene)-\(frame).png")
            if Self.updating {
                try FileManager.default.createDirectory(at: Self.goldenFolder, withIntermediateDirectories: true)
                try? FileManager.default.removeItem(at: golden)
                try FileManager.default.copyItem(at: rendered, to: golden)
                continue
            }
            guard FileManager.default.fileExists(atPath: golden.path) else {
                Issue.record("missing golden \(golden.path); run with OPENQUARTZ_UPDATE_GOLDENS=1 and review it")
                continue
            }
            let a = try readPNG(rendered.path), b = try readPNG(golden.path)
            #expect(a.width == b.width && a.height == b.height, "\(c.scene) frame \(frame): size \(a.width)x\(a.height), golden \(b.width)x\(b.height)")
            guard a.pixels.count == b.pixels.count else { continue }
            var maxDifference = 0, differing = 0
            for (p, q) in zip(a.pixels, b.pixels) where p != q {
                differing += 1
                for shift in stride(from: 0, to: 32, by: 8) {
                    let d = abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF))
                    maxDifference = max(maxDifference, d)
                }
            }
            #expect(differing == 0, "\(c.scene) frame \(frame): \(differing) pixels differ, max channel difference \(maxDifference)")
        }
    }
}
