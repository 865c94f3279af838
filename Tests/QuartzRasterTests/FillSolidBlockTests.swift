import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

// FillCoverageSource.blendSolid (FillSolidBlocks.swift, FillRoundedRectBlend.swift) blends whole blocks of one
// coverage straight into the surface. It is a performance path that must not change a value: these tests pin
// it to compositing the same source's spans one by one (FillBitmapTarget.sourceOver), which
// FillRoundedRectTests and FillFastPathEquivalenceTests pin to the analytic box-filtered coverage
// (FillRoundedRectGeometry.swift header) and the source-over definition (FillSourceOver.swift header).
@Suite struct FillSolidBlockTests {
    /// Valid premultiplied noise (every channel ≤ alpha), with opaque and transparent pixels mixed in.
    static func noise(_ count: Int, seed: UInt64) -> [UInt32] {
        var random = FillTestRandom(seed: seed)
        return (0..<count).map { i in
            let a: UInt32 = i % 7 == 0 ? 255 : (i % 11 == 0 ? 0 : UInt32(random.byte()))
            func channel() -> UInt32 { a == 0 ? 0 : UInt32(random.byte()) % (a + 1) }
            return channel() | channel() << 8 | channel() << 16 | a << 24
        }
    }

    /// The span path: every tile's spans through FillBitmapTarget.sourceOver.
    static func viaSpans(_ source: some FillCoverageSource, color: UInt32, base: [UInt32], width: Int, height: Int,
                         tileSize: Int) -> [UInt32] {
        var bitmap = PremultipliedRGBA8Bitmap(width: width, height: height, pixels: base)
        bitmap.withFillTarget { target in
            let grid = FillTileGrid(bounds: target.bounds, tileSize: tileSize)
            let scratch = FillTileScratch(tileSize: tileSize)
            for tile in 0..<grid.tileCount {
                let region = grid.pixelBounds(column: tile % grid.columnCount, row: tile / grid.columnCount)
                source.forEachCoverageSpan(in: region, scratch: scratch) {
                    target.sourceOver($0, color: PremultipliedRGBA8(packed: color))
                }
            }
        }
        return bitmap.pixels
    }

    /// The direct path, tile by tile; records whether the source took it.
    static func direct(_ source: some FillCoverageSource, color: UInt32, base: [UInt32], width: Int, height: Int,
                       tileSize: Int) -> (pixels: [UInt32], tookIt: Bool) {
        var bitmap = PremultipliedRGBA8Bitmap(width: width, height: height, pixels: base)
        var took = true
        bitmap.withFillTarget { target in
            let grid = FillTileGrid(bounds: target.bounds, tileSize: tileSize)
            let scratch = FillTileScratch(tileSize: tileSize)
            let rows = FillSurfaceRows(base: target.pixels, bounds: target.bounds)
            for tile in 0..<grid.tileCount {
                let region = grid.pixelBounds(column: tile % grid.columnCount, row: tile / grid.columnCount)
                took = source.blendSolid(color, in: region, into: rows, scratch: scratch) && took
            }
        }
        return (bitmap.pixels, took)
    }

    /// Sharp rectangles (the block path): pixel-aligned, fractional, thinner than a pixel in x, y or both,
    /// inside one pixel, across tile seams, hanging off every side, and with 1e30 sides.
    static let sharpRects: [CGRect] = [
        CGRect(x: 10, y: 12, width: 40, height: 30),
        CGRect(x: 10.25, y: 12.6, width: 40.5, height: 30.3),
        CGRect(x: 3.7, y: 5.2, width: 0.4, height: 50.9),
        CGRect(x: 3.7, y: 5.2, width: 50.9, height: 0.4),
        CGRect(x: 20.3, y: 20.1, width: 0.5, height: 0.6),
        CGRect(x: 20.3, y: 20.1, width: 1.5, height: 1.6),
        CGRect(x: 7.5, y: 9.5, width: 1, height: 1),
        CGRect(x: 14.9, y: 14.9, width: 2.2, height: 2.2),
        CGRect(x: -5.5, y: -7.25, width: 30.75, height: 20.5),
        CGRect(x: 60.2, y: 50.7, width: 40, height: 40),
        CGRect(x: 0, y: 0, width: 70, height: 60),
        CGRect(x: -1e30, y: 20.5, width: 2e30, height: 3.25),
        CGRect(x: 33.125, y: -1e30, width: 5.5, height: 2e30),
    ]

    /// Every sharp rectangle, colours opaque and translucent, several tile sizes: identical pixels.
    @Test(arguments: [8, 16, 64])
    func sharpRectangleBlocksEqualSpans(tileSize: Int) {
        let (w, h) = (70, 60)
        let base = Self.noise(w * h, seed: 91)
        // Premultiplied colours: opaque, translucent, faint, and one whose scaled alpha reaches 255 only at full coverage.
        let colors: [UInt32] = [0xFF20_80C0, 0x8040_2010, 0x0301_0203, 0xFE10_F0FE]
        for (index, rect) in Self.sharpRects.enumerated() {
            for transform in [CGAffineTransform.identity, CGAffineTransform(scaleX: -1, y: -1).translatedBy(x: -70, y: -60)] {
                let source = FillRoundedRectCoverage(rect: rect, cornerRadius: 0, transform: transform)
                for color in colors {
                    let expected = Self.viaSpans(source, color: color, base: base, width: w, height: h, tileSize: tileSize)
                    let got = Self.direct(source, color: color, base: base, width: w, height: h, tileSize: tileSize)
                    #expect(got.tookIt)
                    let differing = zip(expected, got.pixels).filter { $0 != $1 }.count
                    #expect(differing == 0, "rect \(index) \(rect) colour \(String(color, radix: 16)): \(differing) pixels")
                    #expect(expected != base || rect.minX < -1e20 || rect.minY < -1e20, "rect \(index) drew nothing")
                }
            }
        }
    }

    /// Rounded and rotated shapes take the row-by-row direct path: identical pixels too.
    @Test func roundedAndAffineRowsEqualSpans() {
        let (w, h) = (90, 80)
        let base = Self.noise(w * h, seed: 7)
        let shapes: [(CGRect, CGFloat, CGAffineTransform)] = [
            (CGRect(x: 5.3, y: 6.8, width: 70.2, height: 50.1), 12.5, .identity),
            (CGRect(x: -30, y: -20, width: 60, height: 40), 9, CGAffineTransform(rotationAngle: 0.4).translatedBy(x: 45, y: 40)),
            (CGRect(x: -30, y: -20, width: 60, height: 40), 0, CGAffineTransform(a: 1, b: 0, c: 0.6, d: 1.3, tx: 40, ty: 30)),
        ]
        for (rect, radius, transform) in shapes {
            let source = FillRoundedRectCoverage(rect: rect, cornerRadius: radius, transform: transform)
            for tileSize in [16, 64] {
                let expected = Self.viaSpans(source, color: 0xB050_3020, base: base, width: w, height: h, tileSize: tileSize)
                let got = Self.direct(source, color: 0xB050_3020, base: base, width: w, height: h, tileSize: tileSize)
                #expect(got.tookIt)
                #expect(got.pixels == expected, "\(rect) radius \(radius)")
                #expect(expected != base)
            }
        }
    }

    /// Random rotated, sheared and mirrored rounded rectangles (thin ones too, whose rows are all edge pixels):
    /// the direct path, with AVX2 enabled and disabled, writes the pixels of the span path.
    @Test func randomAffineShapesEqualSpans() {
        let (w, h) = (120, 100)
        let base = Self.noise(w * h, seed: 11)
        var random = FillTestRandom(seed: 77)
        for index in 0..<40 {
            let rw = random.uniform(0.5, 90), rh = random.uniform(0.5, 70)
            let transform = CGAffineTransform(
                a: random.uniform(-1.6, 1.6), b: random.uniform(-1.6, 1.6), c: random.uniform(-1.6, 1.6),
                d: random.uniform(-1.6, 1.6), tx: random.uniform(10, 110), ty: random.uniform(10, 90))
            let source = FillRoundedRectCoverage(
                rect: CGRect(x: -rw / 2, y: -rh / 2, width: rw, height: rh), cornerRadius: random.uniform(0, 30),
                transform: transform)
            let color: UInt32 = index % 3 == 0 ? 0xFF30_A0E0 : 0x9F40_2A10
            let tileSize = index % 2 == 0 ? 16 : 64
            let expected = Self.viaSpans(source, color: color, base: base, width: w, height: h, tileSize: tileSize)
            let fast = Self.direct(source, color: color, base: base, width: w, height: h, tileSize: tileSize)
            let portable = SpanKernels.withAVX2Disabled {
                Self.direct(source, color: color, base: base, width: w, height: h, tileSize: tileSize)
            }
            #expect(fast.tookIt && portable.tookIt)
            let differing = zip(expected, fast.pixels).filter { $0 != $1 }.count
            #expect(differing == 0, "shape \(index): \(differing) pixels differ")
            #expect(portable.pixels == expected, "shape \(index) portable")
        }
    }

    /// The AVX2 block kernel and the portable rows give the same bytes, for block widths around the kernel's
    /// 16-, 8- and 4-pixel steps (SpanKernels.swift: both paths must agree bit for bit).
    @Test func blockKernelMatchesPortableRows() {
        let (w, h) = (48, 9)
        let base = Self.noise(w * h, seed: 5)
        for width in [1, 2, 3, 4, 5, 8, 9, 15, 16, 17, 31, 33, 48] {
            for alpha: UInt8 in [255, 200, 1] {
                func run(_ kernels: SpanKernelChoice) -> [UInt32] {
                    var pixels = base
                    pixels.withUnsafeMutableBufferPointer { buffer in
                        guard let p = buffer.baseAddress else { return }
                        let rows = FillSurfaceRows(base: p, bounds: FillPixelBounds(width: w, height: h))
                        rows.blendSolid(0x9060_3010, alpha: alpha, x: w - width, y: 1, width: width, height: 7, kernels: kernels)
                    }
                    return pixels
                }
                let portable = run(.portable)
                #expect(run(.avx2) == portable, "width \(width) alpha \(alpha)")
                // Rows 0 and 8 are outside the block; the block's rows equal a row-by-row blend.
                var rowByRow = base
                rowByRow.withUnsafeMutableBufferPointer { buffer in
                    guard let p = buffer.baseAddress else { return }
                    for y in 1..<8 {
                        FillSourceOver.blendSolid(0x9060_3010, alpha: alpha, into: p + y * w + (w - width), count: width,
                                                  kernels: .portable)
                    }
                }
                #expect(portable == rowByRow, "width \(width) alpha \(alpha)")
            }
        }
    }

    /// Sources without a direct path say so and draw nothing (the compositor then uses their spans).
    @Test func sourcesWithoutDirectPathDeclineUntouched() {
        let (w, h) = (32, 32)
        let base = Self.noise(w * h, seed: 3)
        // A path's spans behind a source with only the protocol's default blendSolid (paths blend directly now).
        let path = FillSpansOnlySource(
            fillTestCoverage([[SIMD2(2, 2), SIMD2(30, 4), SIMD2(12, 29)]], width: w, height: h, tileSize: 16))
        let got = Self.direct(path, color: 0xFF00_00FF, base: base, width: w, height: h, tileSize: 16)
        #expect(!got.tookIt)
        #expect(got.pixels == base)
    }
}
