import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

// FillSolidSharpRect (FillSolidSharpRect.swift, raster_kernels_solid_rect.c) is a performance path for the
// compositor's sharp solid rectangles that must not change a value: these tests pin every tier of it (the C
// kernel on the selected tier, forced AVX2, and the portable blendSharpBlocks) to
// FillRoundedRectCoverage(cornerRadius: 0).blendSolid, which FillSolidBlockTests pins to the span path and, through
// it, to the analytic box-filtered coverage (FillRoundedRectGeometry.swift header) and the source-over definition
// (FillSourceOver.swift header).
@Suite struct FillSolidSharpRectTests {
    /// Tile by tile over a `width` × `height` bitmap holding `base`.
    static func render(_ base: [UInt32], width: Int, height: Int, tileSize: Int,
                       _ draw: (FillPixelBounds, FillSurfaceRows, FillTileScratch) -> Void) -> [UInt32] {
        var bitmap = PremultipliedRGBA8Bitmap(width: width, height: height, pixels: base)
        bitmap.withFillTarget { target in
            let grid = FillTileGrid(bounds: target.bounds, tileSize: tileSize)
            let scratch = FillTileScratch(tileSize: tileSize)
            let rows = FillSurfaceRows(base: target.pixels, bounds: target.bounds)
            for tile in 0..<grid.tileCount {
                draw(grid.pixelBounds(column: tile % grid.columnCount, row: tile / grid.columnCount), rows, scratch)
            }
        }
        return bitmap.pixels
    }

    /// The rectangle through every tier against the coverage's own direct path; returns how many pixels changed.
    @discardableResult
    static func check(_ rect: CGRect, transform: CGAffineTransform, color: UInt32, base: [UInt32], width: Int,
                      height: Int, tileSize: Int, label: String) -> Int {
        let coverage = FillRoundedRectCoverage(rect: rect, cornerRadius: 0, transform: transform)
        let expected = render(base, width: width, height: height, tileSize: tileSize) { region, rows, scratch in
            _ = coverage.blendSolid(color, in: region, into: rows, scratch: scratch)
        }
        guard let sharp = FillSolidSharpRect(device: rect.standardized.applying(transform), color: color) else {
            Issue.record("\(label): no sharp rectangle")
            return 0
        }
        for kernels in [SpanKernelChoice.automatic, .avx2, .portable] {
            let got = render(base, width: width, height: height, tileSize: tileSize) { region, rows, _ in
                sharp.blend(in: region, into: rows, kernels: kernels)
            }
            let differing = zip(expected, got).filter { $0 != $1 }.count
            #expect(differing == 0, "\(label) \(kernels): \(differing) pixels differ")
        }
        return zip(expected, base).filter { $0 != $1 }.count
    }

    /// FillSolidBlockTests' rectangles (aligned, fractional, thinner than a pixel either way, inside one pixel,
    /// across tile seams, off every side) under identity and a mirroring scale, four colours (opaque,
    /// translucent, faint, near-opaque), three tile sizes.
    @Test(arguments: [8, 16, 64])
    func listedRectanglesEqualCoverageBlend(tileSize: Int) {
        let (w, h) = (70, 60)
        let base = FillSolidBlockTests.noise(w * h, seed: 91)
        let colors: [UInt32] = [0xFF20_80C0, 0x8040_2010, 0x0301_0203, 0xFE10_F0FE]
        for (index, rect) in FillSolidBlockTests.sharpRects.enumerated() where abs(rect.minX) < 1e20 && abs(rect.minY) < 1e20 {
            for transform in [CGAffineTransform.identity, CGAffineTransform(scaleX: -1, y: -1).translatedBy(x: -70, y: -60)] {
                for color in colors {
                    let changed = Self.check(rect, transform: transform, color: color, base: base, width: w, height: h,
                                             tileSize: tileSize, label: "rect \(index) \(rect) \(String(color, radix: 16))")
                    #expect(changed > 0, "rect \(index) drew nothing")
                }
            }
        }
    }

    /// Random rectangles under random translations and uniform scales (sizes from a fraction of a pixel to
    /// more than a tile, partly off the surface): every tier equals the coverage's direct path. A 256-pixel
    /// stride takes the kernel's 8-row chunks (raster_kernels_solid_rect.c), 150 the whole-block walk.
    @Test(arguments: [150, 256])
    func randomRectanglesEqualCoverageBlend(width w: Int) {
        let h = 130
        let base = FillSolidBlockTests.noise(w * h, seed: 5)
        var random = FillTestRandom(seed: 2026)
        for index in 0..<120 {
            let size = index % 4 == 0 ? 2.5 : 120
            let rect = CGRect(x: random.uniform(-20, 140), y: random.uniform(-20, 120), width: random.uniform(0.05, size),
                              height: random.uniform(0.05, size))
            let scale = index % 3 == 0 ? random.uniform(0.5, 2) * (index % 2 == 0 ? -1 : 1) : 1
            let transform = CGAffineTransform(a: scale, b: 0, c: 0, d: index % 5 == 0 ? -scale : scale,
                                              tx: random.uniform(-10, 10), ty: random.uniform(-10, 10))
            let alpha = UInt32(random.byte())
            let color = alpha | (UInt32(random.byte()) % (alpha + 1)) << 8 | (UInt32(random.byte()) % (alpha + 1)) << 16
                | alpha << 24
            Self.check(rect, transform: transform, color: color, base: base, width: w, height: h,
                       tileSize: [16, 64, 128][index % 3], label: "random \(index) \(rect)")
        }
    }

    /// Every translucent source alpha through a block wide enough for whole 16-pixel groups and a masked rest, with
    /// fractional edges: the AVX-512 middles weight by 255 − alpha up to 127 and by alpha above (rk_solid_madd512.h),
    /// so both sides of that switch and its boundary (alpha 127 and 128) meet the coverage's direct path.
    @Test func everySourceAlphaEqualsCoverageBlend() {
        let (w, h) = (60, 12)
        let base = FillSolidBlockTests.noise(w * h, seed: 33)
        let rect = CGRect(x: 2.5, y: 1.25, width: 53.25, height: 9.5)
        for alpha: UInt32 in 1...254 {
            let color = alpha | (alpha / 2) << 8 | (alpha * 3 / 4) << 16 | alpha << 24
            Self.check(rect, transform: .identity, color: color, base: base, width: w, height: h, tileSize: 64,
                       label: "alpha \(alpha)")
        }
    }

    /// Rows whose fractional edge columns ride in the middle's first and last 16-pixel groups (AVX-512,
    /// raster_kernels_solid_rect.c's rksr5_madd_rows_edges): runs of 1 to 49 pixels with an edge on the left, the
    /// right, both or neither (one group holding both edges, a run of exactly 16 and 17 pixels), source alphas on
    /// both sides of the weight switch, over tiles that keep the run whole (64) or cut it, so an edge falls outside
    /// the region or alone in it (16).
    @Test func foldedEdgeRowsEqualCoverageBlend() {
        let (w, h) = (80, 9)
        let base = FillSolidBlockTests.noise(w * h, seed: 61)
        let alphas: [UInt32] = [1, 40, 127, 128, 200, 254]
        for run in [1, 2, 3, 14, 15, 16, 17, 18, 31, 32, 33, 47, 48, 49] {
            for (left, right) in [(0.5, 0.25), (0.0, 0.75), (0.3, 0.0), (0.0, 0.0)] {
                let x0 = 7 - left, x1 = 7 + Double(run) + right
                let rect = CGRect(x: x0, y: 1.5, width: x1 - x0, height: 6.25)
                for alpha in alphas {
                    let color = alpha / 3 | (alpha / 2) << 8 | alpha << 16 | alpha << 24
                    for tileSize in [16, 64] {
                        Self.check(rect, transform: .identity, color: color, base: base, width: w, height: h,
                                   tileSize: tileSize, label: "run \(run) \(left) \(right) alpha \(alpha) tile \(tileSize)")
                    }
                }
            }
        }
    }

    /// Non-finite, empty and out-of-range rectangles are refused (the compositor then keeps its general path).
    @Test func invalidRectanglesAreRefused() {
        #expect(FillSolidSharpRect(device: .null, color: 0xFFFF_FFFF) == nil)
        #expect(FillSolidSharpRect(device: CGRect(x: 1, y: 1, width: 0, height: 5), color: 0xFFFF_FFFF) == nil)
        #expect(FillSolidSharpRect(device: CGRect(x: 1, y: 1, width: 5, height: 0), color: 0xFFFF_FFFF) == nil)
        #expect(FillSolidSharpRect(device: CGRect(x: Double.nan, y: 1, width: 5, height: 5), color: 0xFFFF_FFFF) == nil)
        #expect(FillSolidSharpRect(device: CGRect(x: 0, y: 0, width: Double.infinity, height: 5), color: 0xFFFF_FFFF) == nil)
        #expect(FillSolidSharpRect(device: CGRect(x: 0, y: 0, width: 1e30, height: 5), color: 0xFFFF_FFFF) == nil)
        let ok = FillSolidSharpRect(device: CGRect(x: 2.5, y: 3.25, width: 4, height: 1), color: 0x8000_0080)
        #expect(ok?.pixelBounds == FillPixelBounds(minX: 2, minY: 3, maxX: 7, maxY: 5))
    }

    /// Span widths of 1 to 36 pixels and around 48 and 64 with a fractional, a whole or no edge column on each
    /// side (the block kernels' whole 8- and 16-pixel groups and masked or overlapping rests, the narrow blocks
    /// and the edge columns beside them), over tiles of 16 and 40 pixels that cut spans at every offset, with a
    /// translucent colour (opaque middles take the fill) and a faint one.
    @Test func spanWidthsAcrossLaneGroupsEqualCoverageBlend() {
        let (w, h) = (100, 12)
        let base = FillSolidBlockTests.noise(w * h, seed: 17)
        for width in Array(1...36) + [47, 48, 49, 63, 64, 65] {
            for (left, right) in [(0.25, 0.5), (0.0, 0.75), (0.6, 0.0), (0.0, 0.0), (0.5, -0.75)] {
                let x0 = 5 + left, x1 = 5 + Double(width) + right
                if x1 <= x0 { continue }
                let rect = CGRect(x: x0, y: 2.5, width: x1 - x0, height: 7.25)
                for color: UInt32 in [0x8040_2010, 0x0301_0203] {
                    for tileSize in [16, 40] {
                        Self.check(rect, transform: .identity, color: color, base: base, width: w, height: h,
                                   tileSize: tileSize, label: "span \(width) \(left) \(right) \(tileSize)")
                    }
                }
            }
        }
    }
}
