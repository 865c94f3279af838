import Foundation
import Testing
@testable import QuartzRaster

// FillPathCoverage.blendSolid (FillPathBlend.swift, rk_fill_sweep_blend_tile) must leave exactly the pixels of
// compositing the path's spans one by one with FillSourceOver.blendSolid: the contract of
// FillCoverageSource.blendSolid ("either way the pixels are the same") and README.md's Determinism section.
// Every tier (AVX-512, AVX2, portable) is compared with the Swift sweep's spans blended by the portable path.
@Suite struct FillPathBlendTests {
    /// A premultiplied background with varied alpha (channels never above alpha), so the blend matters.
    static func background(width: Int, height: Int, seed: UInt64) -> [UInt32] {
        var random = FillTestRandom(seed: seed)
        return (0..<(width * height)).map { _ in
            let a = UInt32(random.byte())
            let r = UInt32(random.byte()) % (a + 1), g = UInt32(random.byte()) % (a + 1)
            let b = UInt32(random.byte()) % (a + 1)
            return a << 24 | b << 16 | g << 8 | r
        }
    }

    /// The reference: the Swift sweep's spans of every tile, blended one by one by FillSourceOver's portable
    /// path (what compositing span by span over any partition of the surface into regions gives).
    static func viaSpans(_ coverage: FillPathCoverage, color: UInt32, base: [UInt32], bounds: FillPixelBounds) -> [UInt32] {
        var pixels = base
        let scratch = FillTileScratch(tileSize: coverage.grid.tileSize)
        pixels.withUnsafeMutableBufferPointer { buffer in
            let surface = FillSurfaceRows(base: buffer.baseAddress!, bounds: bounds)
            for row in 0..<coverage.grid.rowCount {
                for column in 0..<coverage.grid.columnCount {
                    coverage.forEachCoverageSpan(column: column, row: row, scratch: scratch, implementation: .swift) {
                        span in
                        guard let s = span.clipped(to: bounds) else { return }
                        let d = surface.pointer(x: s.x, y: s.y)
                        if let m = s.mask {
                            FillSourceOver.blendSolid(color, mask: m, into: d, count: s.count, kernels: .portable)
                        } else {
                            FillSourceOver.blendSolid(color, alpha: s.alpha, into: d, count: s.count, kernels: .portable)
                        }
                    }
                }
            }
        }
        return pixels
    }

    /// blendSolid over each region of a grid of `regionSize` (the coverage's tile size: whole tiles; other
    /// sizes cut tiles).
    static func direct(
        _ coverage: FillPathCoverage, color: UInt32, base: [UInt32], bounds: FillPixelBounds, regionSize: Int
    ) -> (pixels: [UInt32], tookIt: Bool) {
        var pixels = base
        var tookIt = true
        let scratch = FillTileScratch(tileSize: coverage.grid.tileSize)
        let regions = FillTileGrid(bounds: bounds, tileSize: regionSize)
        pixels.withUnsafeMutableBufferPointer { buffer in
            let surface = FillSurfaceRows(base: buffer.baseAddress!, bounds: bounds)
            for t in 0..<regions.tileCount {
                let region = regions.pixelBounds(column: t % regions.columnCount, row: t / regions.columnCount)
                tookIt = coverage.blendSolid(color, in: region, into: surface, scratch: scratch) && tookIt
            }
        }
        return (pixels, tookIt)
    }

    /// Runs `body` on the selected tier (AVX-512 where the CPU has it), the AVX2 tier and the portable tier.
    /// The kernel switches are process-wide and other suites flip them in parallel, so each vector tier is
    /// retried until one run was not interrupted (for at most a minute, as PeerSceneTests' renderOnOneKernelTier).
    static func onEveryTier(_ body: (String) -> Void) {
        for (avx512, name) in [(true, "selected tier"), (false, "AVX2 tier")] {
            let deadline = Date().addingTimeInterval(60)
            var ran = false
            while !ran && Date() < deadline {
                ran = SpanKernels.withKernelTierUninterrupted(avx512: avx512, { body(name) }) != nil
                if !ran { usleep(2_000) }
            }
            if !ran { Issue.record("the \(name) run never ran alone for a minute") }
        }
        SpanKernels.withAVX2Disabled { body("portable tier") }
    }

    /// Both fill rules in one test (not parameterised), so its own portable-tier runs never interrupt a
    /// parallel case's vector-tier runs.
    @Test func blendMatchesSpanBySpanComposite() {
        let (w, h) = (301, 263)
        let bounds = FillPixelBounds(width: w, height: h)
        var checked = 0
        for rule in [CGPathFillRule.winding, .evenOdd] {
            for seed: UInt64 in [3, 4] {
                let contours = FillSparseSweepTests.shapes(seed: seed, width: Double(w), height: Double(h))
                    + (seed == 3 ? FillPathSweepKernelTests.comb(width: Double(w), height: Double(h)) : [])
                    // A large square: edge-free tiles with full and partial rows inside it.
                    + [[SIMD2(20.5, 30.25), SIMD2(280.75, 30.25), SIMD2(280.75, 250.5), SIMD2(20.5, 250.5)]]
                let base = Self.background(width: w, height: h, seed: seed)
                for size in [16, 64, 128] {
                    let coverage = fillTestCoverage(contours, rule: rule, width: w, height: h, tileSize: size)
                    // Opaque, translucent, and a colour whose scaled source is often zero (tiny alpha).
                    for color: UInt32 in [0xFF20_80C0, 0x8040_2010, 0x0301_0002] {
                        let expected = Self.viaSpans(coverage, color: color, base: base, bounds: bounds)
                        #expect(expected != base)
                        for regionSize in [size, 48] {
                            Self.onEveryTier { tier in
                                let fast = Self.direct(coverage, color: color, base: base, bounds: bounds,
                                                       regionSize: regionSize)
                                let differing = zip(expected, fast.pixels).filter { $0 != $1 }.count
                                #expect(fast.tookIt && differing == 0,
                                        "\(rule) seed \(seed) tile \(size) region \(regionSize) colour \(color) \(tier): \(differing)")
                            }
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked == 72)
    }

    /// A surface whose bounds do not start at the origin (an offscreen layer surface): pixel (x, y) is at
    /// (x − minX) + (y − minY) · width, for the kernel as for the span path.
    @Test func offsetSurface() {
        let bounds = FillPixelBounds(minX: 32, minY: 64, maxX: 32 + 160, maxY: 64 + 96)
        let triangle: FillTestPolygon = [SIMD2(40.5, 70.25), SIMD2(185.75, 90.5), SIMD2(60.25, 150.75)]
        let coverage = fillTestCoverage([triangle], width: 200, height: 200, tileSize: 32)
        let base = Self.background(width: bounds.width, height: bounds.height, seed: 11)
        let expected = Self.viaSpans(coverage, color: 0xC060_3090, base: base, bounds: bounds)
        #expect(expected != base)
        Self.onEveryTier { tier in
            let fast = Self.direct(coverage, color: 0xC060_3090, base: base, bounds: bounds, regionSize: 32)
            #expect(fast.tookIt && fast.pixels == expected, "\(tier)")
        }
    }

    /// A zero colour draws nothing, and the scratch stays clean for the next tile (no delta left behind).
    @Test func zeroColourLeavesScratchClean() {
        let square: FillTestPolygon = [SIMD2(3.5, 3.5), SIMD2(60.5, 3.5), SIMD2(60.5, 60.5), SIMD2(3.5, 60.5)]
        let coverage = fillTestCoverage([square], width: 64, height: 64, tileSize: 64)
        let bounds = FillPixelBounds(width: 64, height: 64)
        let base = Self.background(width: 64, height: 64, seed: 5)
        #expect(Self.direct(coverage, color: 0, base: base, bounds: bounds, regionSize: 64).pixels == base)
        let scratch = FillTileScratch(tileSize: 64)
        var pixels = base
        pixels.withUnsafeMutableBufferPointer { buffer in
            let surface = FillSurfaceRows(base: buffer.baseAddress!, bounds: bounds)
            _ = coverage.blendSolid(0xFF00_00FF, in: bounds, into: surface, scratch: scratch)
        }
        let touched = UnsafeBufferPointer(start: scratch.touchedWords, count: 64 * scratch.touchedWordsPerRow)
        let deltas = UnsafeBufferPointer(start: scratch.deltas, count: 64 * scratch.deltaStride)
        #expect(touched.allSatisfy { $0 == 0 } && deltas.allSatisfy { $0 == 0 })
        #expect(pixels == Self.viaSpans(coverage, color: 0xFF00_00FF, base: base, bounds: bounds))
    }
}

/// A coverage source with a path's spans and only the protocol's default blendSolid (which declines), for
/// tests of the span fallback.
struct FillSpansOnlySource: FillCoverageSource {
    let path: FillPathCoverage
    init(_ path: FillPathCoverage) { self.path = path }

    var minimumScratchTileSize: Int { path.minimumScratchTileSize }

    func forEachCoverageSpan(in region: FillPixelBounds, scratch: FillTileScratch, _ body: (FillCoverageSpan) -> Void) {
        path.forEachCoverageSpan(in: region, scratch: scratch, body)
    }
}
