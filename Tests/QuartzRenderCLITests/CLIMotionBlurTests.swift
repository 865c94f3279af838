// Motion blur by sub-frame sampling (`--motion-blur SAMPLES --shutter ANGLE`, docs/cli.md). Sample k of frame i is at
// t_i + (k + 0.5)/SAMPLES · (ANGLE/360) / fps: the shutter opens at the frame time, like a film camera's.
// fixtures/scenes/moving-bar.json: a 20-point-wide opaque white bar, full height, moving right at a constant
// 200 points/s (position.x 10 → 110 over 0.5 s, linear), 100x10 at 10 fps, scale 1.
import Foundation
import OpenQuartz
import Testing
import QuartzTestSupport

@Suite struct CLIMotionBlurTests {
    static let bar = fixtureScene("moving-bar.json")
    static let speed = 200.0  // pixels per second
    static let fps = 10.0

    /// Alpha of row 5 of a rendered PNG (the bar is white, so alpha carries the coverage).
    func alphaRow(_ path: URL) throws -> [Int] {
        let bitmap = try readPNG(path.path)
        return (0..<bitmap.width).map { Int(bitmap.pixels[5 * bitmap.width + $0] >> 24) }
    }

    /// Exact average coverage of pixel [x, x+1] by the bar [L_k, L_k + 20] over the samples: the box filter
    /// of the rasterizer's area coverage, integrated over the open shutter in the same sample steps.
    func analyticCoverage(x: Int, frameTime: Double, samples: Int, shutter: Double) -> Double {
        var sum = 0.0
        for k in 0..<samples {
            let t = frameTime + (Double(k) + 0.5) / Double(samples) * (shutter / 360) / Self.fps
            let left = Self.speed * t  // position.x − 10 = 200·t, so the left edge is at 200·t
            let overlap = min(Double(x + 1), left + 20) - max(Double(x), left)
            sum += max(0, min(1, overlap))
        }
        return sum / Double(samples)
    }

    func render(_ extra: [String], frames: String = "1", in folder: URL, name: String) throws -> URL {
        let result = try CLI.run(["render", Self.bar, "--frames", frames, "--progress", "none", "--threads", "1",
                                  "-o", name] + extra, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        return folder.appendingPathComponent(name)
    }

    @Test(arguments: [(64, 180.0, 10), (64, 90.0, 5), (16, 270.0, 15)])
    func rampWidthIsTheDistanceMovedWhileTheShutterIsOpen(samples: Int, shutter: Double, distance: Int) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Frame 1 is at t = 0.1 s: the bar's left edge is at x = 20 when the shutter opens and moves
        // 200 px/s · (shutter/360) / 10 fps = `distance` pixels while it is open.
        #expect(Int(Self.speed * shutter / 360 / Self.fps) == distance)
        let row = try alphaRow(try render(["--motion-blur", "\(samples)", "--shutter", "\(shutter)"], in: folder, name: "f.png"))
        // Every pixel against the analytic average; ±1 because each sub-frame's coverage is rounded to 8 bits
        // before the exact integer average (and that average is rounded once more).
        for x in 0..<row.count {
            let expected = analyticCoverage(x: x, frameTime: 0.1, samples: samples, shutter: shutter) * 255
            #expect(abs(Double(row[x]) - expected) <= 1, "x=\(x): \(row[x]) vs \(expected)")
        }
        // The leading ramp (partly covered pixels left of the fully covered middle) is `distance` wide, ± 1 px.
        let leading = row[0..<(20 + distance)].filter { $0 > 0 && $0 < 255 }.count
        #expect(abs(leading - distance) <= 1, "\(row)")
        #expect(row[20 + distance ..< 40].allSatisfy { $0 == 255 }, "\(row)")
        #expect(row[0..<20].allSatisfy { $0 == 0 }, "the shutter opens at the frame time, not before: \(row)")
    }

    @Test func oneSampleIsThePlainRender() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = try Data(contentsOf: try render([], frames: "0..<5", in: folder, name: "plain/%d.png").deletingLastPathComponent()
            .appendingPathComponent("3.png"))
        let one = try Data(contentsOf: try render(["--motion-blur", "1", "--shutter", "360"], frames: "0..<5", in: folder, name: "one/%d.png")
            .deletingLastPathComponent().appendingPathComponent("3.png"))
        #expect(plain == one)
        // Frame 3 at t = 0.3: the bar covers [60, 80) exactly, hard edges.
        let row = try alphaRow(folder.appendingPathComponent("plain/3.png"))
        #expect(row == (0..<100).map { (60..<80).contains($0) ? 255 : 0 })
    }

    @Test func blurredFramesDoNotDependOnThreadsOrJobs() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = fixtureScene("ship-on-path.json")
        let common = ["render", scene, "--frames", "20..<26", "--size", "120x120", "--motion-blur", "7", "--shutter", "270", "--progress", "none"]
        let serial = try CLI.run(common + ["--jobs", "1", "--threads", "1", "-o", "a/%02d.png"], in: folder)
        let parallel = try CLI.run(common + ["--jobs", "3", "--threads", "4", "-o", "b/%02d.png"], in: folder)
        #expect(serial.status == 0, "\(serial.stderr)")
        #expect(parallel.status == 0, "\(parallel.stderr)")
        for i in 20..<26 {
            let a = try Data(contentsOf: folder.appendingPathComponent("a/\(i).png"))
            let b = try Data(contentsOf: folder.appendingPathComponent("b/\(i).png"))
            #expect(a == b, "frame \(i)")
        }
        // The blur changes the frames (the ship moves), so the comparison is not between plain renders.
        let plain = try CLI.run(["render", scene, "--frames", "22", "--size", "120x120", "--progress", "none", "-o", "p.png"], in: folder)
        #expect(plain.status == 0)
        #expect(try readPNG(folder.appendingPathComponent("p.png").path).pixels != readPNG(folder.appendingPathComponent("a/22.png").path).pixels)
    }

    @Test(arguments: [["--motion-blur", "0"], ["--motion-blur", "65"], ["--motion-blur", "-2"], ["--shutter", "0"],
                      ["--shutter", "360.5"], ["--shutter", "-90"], ["--shutter", "nan"], ["--shutter", "inf"]])
    func outOfRangeValuesAreUsageErrors(flags: [String]) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["render", Self.bar, "--frames", "1", "-o", "f.png"] + flags, in: folder)
        #expect(result.status == 64, "\(flags): \(result.stderr)")
        #expect(result.stderr.contains(flags[0]), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("f.png").path))
    }
}
