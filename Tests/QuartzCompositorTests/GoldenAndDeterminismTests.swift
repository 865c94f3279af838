// Golden images of the fixture scenes and the determinism matrix (README.md, Determinism).
// Goldens live in fixtures/golden/compositor/; set OPENQUARTZ_UPDATE_GOLDENS=1 to rewrite them (then review
// them by eye). Tolerance: ±1 per channel, because erfc/atan2/exp from the platform's libm may differ by an
// ulp and move a rounding; every golden is opaque, so the PNG round trip is exact. A failure writes the
// rendering and a diff image to the temporary directory.
import Foundation
import QuartzMath
import QuartzPNG
import QuartzRaster
import Testing
@testable import QuartzCompositor

@Suite struct GoldenAndDeterminismTests {
    @Test(arguments: CompositorTestScenes.all.map(\.name))
    func goldenImage(_ name: String) throws {
        let scene = try #require(CompositorTestScenes.all.first { $0.name == name })
        let bitmap = try Compositor.render(RenderList(scene.nodes()), width: CompositorTestScenes.width,
                                           height: CompositorTestScenes.height, options: CompositorOptions(threads: 2))
        try GoldenImage.check(bitmap, folder: "compositor", name)
    }

    /// The same frame at 1, 2 and 4 threads and tile sizes 64, 16 and 40 is bit-identical.
    @Test(arguments: CompositorTestScenes.all.map(\.name))
    func framesAreBitIdenticalForAnyThreadsAndTileSize(_ name: String) throws {
        let scene = try #require(CompositorTestScenes.all.first { $0.name == name })
        let list = RenderList(scene.nodes())
        let reference = try Compositor.render(list, width: CompositorTestScenes.width, height: CompositorTestScenes.height)
        #expect(reference.pixels.contains { $0 != reference.pixels[0] })
        for threads in [1, 2, 4] {
            for tileSize in [64, 16, 40] where !(threads == 1 && tileSize == 64) {
                let other = try Compositor.render(list, width: CompositorTestScenes.width, height: CompositorTestScenes.height,
                                                  options: CompositorOptions(threads: threads, tileSize: tileSize))
                #expect(other == reference, "threads \(threads), tile size \(tileSize)")
            }
        }
    }

    @Test func invalidSizesThrow() {
        #expect(throws: CompositorError.invalidSize(width: 0, height: 10)) {
            try Compositor.render(RenderList(), width: 0, height: 10)
        }
        #expect(throws: CompositorError.invalidSize(width: 1 << 20, height: 1 << 20)) {
            try Compositor.render(RenderList(), width: 1 << 20, height: 1 << 20)
        }
    }

    /// render(into:) draws over existing pixels unless a background is given.
    @Test func renderIntoKeepsOrClearsTheTarget() {
        var bitmap = PremultipliedRGBA8Bitmap(width: 20, height: 20, filledWith: opaqueRed)
        let list = RenderList([solidItem(CGRect(x: 0, y: 0, width: 10, height: 20), TestColors.blue)])
        Compositor.render(list, into: &bitmap)
        #expect(bitmap[5, 5] == opaqueBlue && bitmap[15, 5] == opaqueRed)
        Compositor.render(list, into: &bitmap, options: CompositorOptions(background: .transparent))
        #expect(bitmap[5, 5] == opaqueBlue && bitmap[15, 5] == .transparent)
    }
}
