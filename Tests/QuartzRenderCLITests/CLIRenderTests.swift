// `quartz-render render` end to end: the frames it writes equal the library's CARenderer frames at the
// same times ("frame time = start + index / fps, never accumulated; any frame renders directly"),
// whatever the thread count (README.md, Determinism), at the requested size and background.
import Foundation
import OpenQuartz
import Testing
import QuartzTestSupport

@Suite struct CLIRenderTests {
    /// The reference: the scene's tree at `time` drawn by CARenderer over the scene's own bounds.
    func reference(_ scene: Scene, atTime time: Double) throws -> PremultipliedRGBA8Bitmap {
        let tree = scene.tree(atTime: time)
        let renderer = CARenderer(
            layer: tree.root, bounds: CGRect(origin: .zero, size: scene.size), scale: scene.scale,
            options: CompositorOptions(threads: 1, background: scene.background?.premultipliedRGBA8), context: tree.context)
        return try renderer.renderFrame(atTime: time)
    }

    @Test func framesEqualCARendererAtTheirTimes() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = fixtureScene("ship-on-path.json")
        let result = try CLI.run(["render", path, "--frames", "0..<3", "--progress", "none", "-o", "f/%03d.png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)  // stdout carries data only
        let scene = try Scene.load(contentsOf: URL(fileURLWithPath: path))
        for index in 0..<3 {
            let written = try readPNG(folder.appendingPathComponent(String(format: "f/%03d.png", index)).path)
            // Frame i is at i/30 s (the scene's frameRate is 30).
            let expected = try reference(scene, atTime: Double(index) / 30)
            #expect(written.width == 400 && written.height == 400)
            #expect(pixelHash(written) == pixelHash(expected), "frame \(index)")
        }
    }

    @Test func anyFrameRendersDirectlyAndTimeMatchesItsFrame() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = fixtureScene("ship-on-path.json")
        let range = try CLI.run(["render", path, "--frames", "74...76", "--progress", "none", "-o", "r/%d.png"], in: folder)
        let single = try CLI.run(["render", path, "--frames", "75", "--progress", "none", "-o", "s/%d.png"], in: folder)
        // 2.5 s · 30 fps = frame 75 exactly.
        let timed = try CLI.run(["render", path, "--time", "2.5", "--progress", "none", "-o", "t.png"], in: folder)
        #expect(range.status == 0 && single.status == 0 && timed.status == 0, "\(range.stderr)\(single.stderr)\(timed.stderr)")
        let a = try readPNG(folder.appendingPathComponent("r/75.png").path)
        let b = try readPNG(folder.appendingPathComponent("s/75.png").path)
        let c = try readPNG(folder.appendingPathComponent("t.png").path)
        #expect(pixelHash(a) == pixelHash(b))
        #expect(pixelHash(a) == pixelHash(c))
        let scene = try Scene.load(contentsOf: URL(fileURLWithPath: path))
        #expect(pixelHash(a) == pixelHash(try reference(scene, atTime: 2.5)))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("s/74.png").path))
    }

    @Test func rationalFrameRateTimesComeFromTheIndex() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = fixtureScene("ship-on-path.json")
        let result = try CLI.run(["render", path, "--fps", "30000/1001", "--frames", "97", "--progress", "none", "-o", "%d.png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let scene = try Scene.load(contentsOf: URL(fileURLWithPath: path))
        // Frame 97 at 30000/1001 fps: 97 · 1001 / 30000 s, from the index.
        let written = try readPNG(folder.appendingPathComponent("97.png").path)
        #expect(pixelHash(written) == pixelHash(try reference(scene, atTime: 97.0 * 1001 / 30000)))
    }

    @Test func threadCountDoesNotChangePixels() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = fixtureScene("ship-on-path.json")
        for threads in ["1", "2", "5"] {
            let result = try CLI.run(["render", path, "--frames", "40", "--threads", threads, "--progress", "none", "-o", "t\(threads)-%d.png"], in: folder)
            #expect(result.status == 0, "\(result.stderr)")
        }
        let one = try Data(contentsOf: folder.appendingPathComponent("t1-40.png"))
        #expect(one == (try Data(contentsOf: folder.appendingPathComponent("t2-40.png"))))
        #expect(one == (try Data(contentsOf: folder.appendingPathComponent("t5-40.png"))))
    }

    @Test func backgroundAndSizeFlags() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = folder.appendingPathComponent("empty.json")
        try Data(#"{"version": 1, "width": 4, "height": 2, "duration": 1}"#.utf8).write(to: scene)
        let result = try CLI.run(["render", scene.path, "--frames", "0", "--size", "8x6", "--background", "#FF000080",
                                  "--progress", "none", "-o", "bg.png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let bitmap = try readPNG(folder.appendingPathComponent("bg.png").path)
        #expect(bitmap.width == 8 && bitmap.height == 6)
        // Straight (255, 0, 0, 128) premultiplies to (128, 0, 0, 128): 255 · 128 / 255 = 128 exactly.
        #expect(bitmap.pixels.allSatisfy { $0 == 0x8000_0080 })
        let transparent = try CLI.run(["render", scene.path, "--time", "0", "--scale", "2", "--background", "transparent",
                                       "--progress", "none", "-o", "clear.png"], in: folder)
        #expect(transparent.status == 0, "\(transparent.stderr)")
        let clear = try readPNG(folder.appendingPathComponent("clear.png").path)
        #expect(clear.width == 8 && clear.height == 4)
        #expect(clear.pixels.allSatisfy { $0 == 0 })
    }

    @Test func statisticsReportEveryPhase() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["render", fixtureScene("ship-on-path.json"), "--frames", "0..<4", "--progress", "plain",
                                  "--stats", "stats.json", "-o", "f/%d.png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        // The summary table goes to stderr with the progress lines.
        #expect(result.stderr.contains("composite") && result.stderr.contains("p95"))
        let data = try Data(contentsOf: folder.appendingPathComponent("stats.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["framesRendered"] as? Int == 4)
        let frames = try #require(json["frames"] as? [[String: Any]])
        #expect(frames.compactMap { $0["frame"] as? Int } == [0, 1, 2, 3])
        let phases = try #require(json["phases"] as? [String: [String: Double]])
        for phase in ["evaluate", "composite", "convert", "encode", "write", "wait", "total"] {
            let s = try #require(phases[phase], "phase \(phase)")
            let values = frames.compactMap { $0[phase] as? Double }.sorted()
            if phase != "total" {
                // Nearest-rank median of 4 values is the 2nd; max is the largest.
                #expect(s["median"] == values[1] && s["max"] == values[3], "\(phase)")
            }
            #expect(s["median"]! <= s["p95"]! && s["p95"]! <= s["max"]!)
        }
    }
}
