// The tile size a frame is composited with (CompositorTileSize.swift). Which size is chosen is a speed decision
// of ours (Apple documents no tiles); the pixels never depend on it, which CompositorDeterminismTests and
// CompositorOffFrameTileTests check for the sizes chosen here.
import Testing
@testable import QuartzCompositor

@Suite struct CompositorTileSizeTests {
    /// A given size is clamped to 8…1024 whatever the frame and threads.
    @Test func givenSizesAreClamped() {
        for (given, expected) in [(1, 8), (8, 8), (40, 40), (128, 128), (1024, 1024), (5000, 1024), (-3, 8)] {
            for threads in [1, 2, 8] {
                let options = CompositorOptions(threads: threads, tileSize: given)
                #expect(options.effectiveTileSize(width: 1920, height: 1080) == expected, "\(given), \(threads) threads")
                #expect(options.effectiveTileSize(width: 10, height: 10) == expected, "\(given), small frame")
            }
        }
    }

    /// The default is automatic: 256 for one thread at any frame size, and for several threads while the frame
    /// holds at least eight 256-pixel tiles per thread (partial tiles count), else 128.
    @Test func automaticSizeFollowsTheFrameAndTheThreads() {
        #expect(CompositorOptions().tileSize == CompositorOptions.automaticTileSize)
        let cases: [(threads: Int, width: Int, height: Int, expected: Int)] = [
            (1, 512, 512, 256), (1, 1920, 1080, 256), (1, 16, 16, 256), (0, 512, 512, 256),
            (2, 512, 512, 128),  // 4 large tiles < 16
            (2, 1920, 1080, 256),  // 8 × 5 = 40 ≥ 16
            (2, 1024, 512, 128),  // 4 × 2 = 8 < 16
            (5, 1920, 1080, 256),  // 40 ≥ 40
            (6, 1920, 1080, 128),  // 40 < 48
            (64, 16384, 16384, 256),  // 64 × 64 ≥ 512
            (100, 1920, 1080, 128),  // threads clamp to 64: 40 < 512
        ]
        for c in cases {
            let options = CompositorOptions(threads: c.threads)
            #expect(options.effectiveTileSize(width: c.width, height: c.height) == c.expected,
                    "\(c.threads) threads, \(c.width)×\(c.height)")
        }
    }
}
