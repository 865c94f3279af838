// The fixture scene fixtures/scenes/transitions-uikit-and-filters.json rendered through the scene loader and
// CARenderer: a golden half-way through (fixtures/golden/transitions/, reviewed by eye) and the determinism
// matrix (README.md, Determinism: the same bytes for any thread count and tile size) at several times.
import Foundation
import OpenQuartz
import Testing
@testable import QuartzCompositor
import QuartzTestSupport

@Suite struct TransitionSceneFileTests {
    static func render(at time: Double, threads: Int, tileSize: Int) throws -> PremultipliedRGBA8Bitmap {
        let scene = try Scene.load(contentsOf: fixturesDirectory.appendingPathComponent("scenes/transitions-uikit-and-filters.json"))
        let tree = scene.tree(atTime: time)
        let renderer = CARenderer(layer: tree.root, bounds: CGRect(origin: .zero, size: scene.size),
                                  options: CompositorOptions(threads: threads, tileSize: tileSize), context: tree.context)
        return try renderer.renderFrame(atTime: time)
    }

    /// t = 0.9: progress 0.4 for every transition (added at 0.5 with duration 1, linear).
    @Test func golden() throws {
        try TransitionGolden.check(try Self.render(at: 0.9, threads: 2, tileSize: 64), "scene_transitions_uikit_and_filters_t0.9")
    }

    @Test(arguments: [0.6, 1.0, 1.35])
    func bitIdenticalForThreadsAndTiles(time: Double) throws {
        let reference = try Self.render(at: time, threads: 1, tileSize: 64)
        #expect(reference.pixels.contains { $0 != reference.pixels[0] })
        for (threads, tileSize) in [(2, 64), (4, 24), (3, 37)] {
            #expect(try Self.render(at: time, threads: threads, tileSize: tileSize) == reference, "t \(time), \(threads) threads, tile \(tileSize)")
        }
    }
}
