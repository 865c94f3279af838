import Foundation
import PeerScene
import QuartzCompositor
import QuartzPNG
import QuartzRaster
import Testing
import QuartzTestSupport

/// The layer compositor route (PeerSceneRenderListBuilder → Compositor.render, what quartz-peer-player times)
/// against Skia's references, with the same bars as the raster core (Benchmarks/peers/README.md, "Agreement
/// with Skia and the quality bar"; see SkiaAgreementTests.swift for how each bar is derived).
@Suite struct CompositorAgreementTests {
    @Test(arguments: qualityBars)
    func compositorMeetsThePeerQualityBar(bar: QualityBar) throws {
        let scene = try PeerScene(contentsOf: fixturesDirectory.appendingPathComponent("peer-scenes/\(bar.scene).json"))
        let ours = try PeerSceneRenderListBuilder(scene: scene).render(threads: 2)
        let reference = try PNGReader.read(
            contentsOf: fixturesDirectory.appendingPathComponent("peer-reference/skia/\(bar.scene).png").path)
        let agreement = ImageAgreement(ours, reference)
        print("compositor \(bar.scene): \(agreement)")
        let failures = bar.check(agreement)
        if !failures.isEmpty {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("openquartz-failures")
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let path = folder.appendingPathComponent("compositor-\(bar.scene).png").path
            try? PNGWriter.write(ours, to: path, compression: .fast)
            Issue.record("compositor \(bar.scene): \(failures.joined(separator: "; ")) — our rendering: \(path)")
        }
    }
}

/// README.md, Determinism, for the compositor route: bit-identical pixels for every thread count and tile size.
@Suite struct CompositorDeterminismTests {
    @Test(arguments: ["a_rects_512x512", "b_rrects_affine_512x512", "c_fill_paths_512x512", "d_stroke_paths_512x512",
                      "e_images_affine_512x512", "f_images_perspective_512x512"])
    func sameBytesForEveryThreadCountAndTileSize(sceneName: String) throws {
        let scene = try PeerScene(contentsOf: fixturesDirectory.appendingPathComponent("peer-scenes/\(sceneName).json"))
        let builder = try PeerSceneRenderListBuilder(scene: scene)
        let reference = builder.render(threads: 1, tileSize: 64)
        #expect(builder.render(threads: 1, tileSize: 64) == reference, "a second render differs")
        // 256 and the automatic choice (CompositorOptions.automaticTileSize, 256 here with one thread) are what
        // the peer player times.
        for (threads, tileSize) in [(2, 16), (2, 64), (3, 128), (1, 48), (2, 256), (1, CompositorOptions.automaticTileSize)] {
            #expect(builder.render(threads: threads, tileSize: tileSize) == reference,
                    "\(threads) threads, tile size \(tileSize)")
        }
    }
}
