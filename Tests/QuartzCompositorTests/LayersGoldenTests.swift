// Golden images of the layer scenes (fixtures/golden/layers/, reviewed by eye) and the differential test:
// every scene at 1, 2 and 4 threads and two tile sizes gives the same bytes.
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzCompositor

@Suite struct LayersGoldenTests {
    @Test(arguments: LayersGoldenScenes.all.map(\.name))
    func golden(_ name: String) throws {
        let scene = try #require(LayersGoldenScenes.all.first { $0.name == name })
        try LayersGolden.check(try scene.render(threads: 2), name)
    }

    /// README.md, Determinism: pixels never depend on the thread count or the tile size.
    @Test(arguments: LayersGoldenScenes.all.map(\.name))
    func bitIdenticalForThreadsAndTiles(_ name: String) throws {
        let scene = try #require(LayersGoldenScenes.all.first { $0.name == name })
        let reference = try scene.render(threads: 1, tileSize: 64)
        #expect(reference.pixels.contains { $0 != reference.pixels[0] }, "the scene draws something")
        for threads in [1, 2, 4] {
            for tileSize in [64, 24] where !(threads == 1 && tileSize == 64) {
                #expect(try scene.render(threads: threads, tileSize: tileSize) == reference,
                        "threads \(threads), tile size \(tileSize)")
            }
        }
    }
}
