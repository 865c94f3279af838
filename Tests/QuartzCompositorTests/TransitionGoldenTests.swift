// Golden images of the transition scenes (fixtures/golden/transitions/, reviewed by eye) and their
// determinism across thread counts and tile sizes (DESIGN.md: pixels never depend on either).
import Foundation
import QuartzPNG
import QuartzRaster
import Testing
@testable import QuartzCompositor

@Suite struct TransitionGoldenTests {
    @Test(arguments: TransitionGoldenScenes.all.map(\.name))
    func golden(_ name: String) throws {
        let scene = try #require(TransitionGoldenScenes.all.first { $0.name == name })
        try TransitionGolden.check(try scene.render(threads: 2), name)
    }

    @Test(arguments: TransitionGoldenScenes.all.map(\.name))
    func bitIdenticalForThreadsAndTiles(_ name: String) throws {
        let scene = try #require(TransitionGoldenScenes.all.first { $0.name == name })
        let reference = try scene.render(threads: 1, tileSize: 64)
        for (threads, tileSize) in [(2, 64), (4, 24)] {
            #expect(try scene.render(threads: threads, tileSize: tileSize) == reference, "threads \(threads), tile size \(tileSize)")
        }
    }
}

enum TransitionGolden {
    /// Compares with fixtures/golden/transitions/`name`.png, ±1 per channel for the same reason as
    /// `LayersGolden.check` (libm trigonometry may move one rounding); OPENQUARTZ_UPDATE_GOLDENS=1 rewrites.
    static func check(_ bitmap: PremultipliedRGBA8Bitmap, _ name: String) throws {
        #expect(bitmap.isOpaque, "golden scenes are opaque")
        let path = fixturesDirectory.appendingPathComponent("golden/transitions/\(name).png").path
        if ProcessInfo.processInfo.environment["OPENQUARTZ_UPDATE_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try PNGWriter.write(bitmap, to: path)
            return
        }
        guard FileManager.default.fileExists(atPath: path) else {
            Issue.record("missing golden \(path); rerun with OPENQUARTZ_UPDATE_GOLDENS=1 and review it")
            return
        }
        let golden = try PNGReader.read(contentsOf: path)
        try #require(golden.width == bitmap.width && golden.height == bitmap.height)
        var worst = 0
        for i in bitmap.pixels.indices {
            let a = bitmap.pixels[i], b = golden.pixels[i]
            for shift in stride(from: 0, to: 32, by: 8) {
                worst = max(worst, abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF)))
            }
        }
        if worst > 1 { try? PNGWriter.write(bitmap, to: NSTemporaryDirectory() + "/transitions-\(name)-actual.png") }
        #expect(worst <= 1, "golden \(name) differs by \(worst)")
    }
}
