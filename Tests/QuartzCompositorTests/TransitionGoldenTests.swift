// Golden images of the transition scenes (fixtures/golden/transitions/, reviewed by eye) and their
// determinism across thread counts and tile sizes (README.md, Determinism: pixels never depend on either).
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
    /// Compares with fixtures/golden/transitions/`name`.png (tolerance and updating: `GoldenImage`).
    static func check(_ bitmap: PremultipliedRGBA8Bitmap, _ name: String) throws {
        try GoldenImage.check(bitmap, folder: "transitions", name)
    }
}
