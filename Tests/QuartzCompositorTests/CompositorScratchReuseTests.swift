// A kept CompositorSurfacePool also keeps the workers' tile scratches (clip masks, span rows, the filler's
// accumulation rows) from frame to frame. What a scratch held from another frame must never reach a pixel:
// README.md, Determinism (the same scene, bit-identical pixels) holds whatever pool and scratch a frame gets.
import Foundation
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzCompositor

@Suite struct CompositorScratchReuseTests {
    /// Every fixture scene rendered through one pool shared with all the other scenes (so each frame runs on
    /// scratches the previous, different scene left behind) equals the scene rendered with a fresh pool.
    @Test func framesThroughOneKeptPoolEqualFreshFrames() throws {
        let pool = CompositorSurfacePool()
        let w = CompositorTestScenes.width, h = CompositorTestScenes.height
        for (threads, tileSize) in [(1, 16), (2, 40)] {
            let options = CompositorOptions(threads: threads, tileSize: tileSize)
            for scene in CompositorTestScenes.all {
                let list = RenderList(scene.nodes())
                let kept = try Compositor.render(list, width: w, height: h, options: options, pool: pool)
                let fresh = try Compositor.render(list, width: w, height: h, options: options)
                #expect(kept == fresh, "\(scene.name), threads \(threads), tile size \(tileSize)")
            }
        }
    }

    /// The pool hands a worker back an idle scratch of the asked tile size instead of making a new one, and
    /// never one of another size.
    @Test func idleScratchesAreReusedBySize() {
        let pool = CompositorSurfacePool()
        let first = pool.takeTileScratch(tileSize: 32)
        pool.recycleTileScratch(first)
        let other = pool.takeTileScratch(tileSize: 64)
        #expect(other !== first)
        #expect(other.tileSize == 64)
        let again = pool.takeTileScratch(tileSize: 32)
        #expect(again === first)
        pool.recycleTileScratch(again)
        pool.releaseUnusedBuffers()
        #expect(pool.takeTileScratch(tileSize: 32) !== first, "releasing unused memory drops idle scratches too")
    }
}
