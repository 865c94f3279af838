import Foundation
import Testing
@testable import QuartzRaster

/// A shader whose colour depends on the pixel, to check that spans are shaded at the right positions.
struct FillTestCheckerShader: SpanShader {
    func shade(x: Int, y: Int, count: Int, into output: UnsafeMutablePointer<UInt32>) {
        for i in 0..<count {
            let px = x + i
            let a = UInt8(truncatingIfNeeded: (px * 37 + y * 11) & 0xFF)
            output[i] = PremultipliedRGBA8(straightR: UInt8(truncatingIfNeeded: px * 5), g: UInt8(truncatingIfNeeded: y * 7),
                                           b: 200, a: a).packed
        }
    }
}

// Porter–Duff source-over on premultiplied colour (Apple: CGBlendMode.normal, "R = S + D·(1 − Sa)"),
// with the 8-bit rounding documented in FillSourceOver.swift.
@Suite struct FillSourceOverTests {
    static func randomPremultiplied(_ random: inout FillTestRandom) -> UInt32 {
        // Bias towards the extremes (0 and 255 alpha) that the fast paths special-case.
        let choice = random.next() % 4
        let a: UInt8 = choice == 0 ? 255 : choice == 1 ? 0 : random.byte()
        return PremultipliedRGBA8(straightR: random.byte(), g: random.byte(), b: random.byte(), a: a).packed
    }

    @Test func kernelMatchesScalarReferenceOnRandomPixels() {
        var random = FillTestRandom(seed: 2024)
        for _ in 0..<200_000 {
            let s = Self.randomPremultiplied(&random), d = Self.randomPremultiplied(&random)
            let m = random.next() % 3 == 0 ? UInt8(255) : random.byte()
            let expected = fillTestReferenceSourceOver(source: s, coverage: m, destination: d)
            let scaled = FillSourceOver.scale(s, by: UInt32(m))
            let actual = FillSourceOver.blend(scaled, over: d)
            if actual != expected {
                Issue.record("s \(String(s, radix: 16)) m \(m) d \(String(d, radix: 16)): \(String(actual, radix: 16)) ≠ \(String(expected, radix: 16))")
                return
            }
        }
    }

    @Test func spanKernelsMatchReferenceByteForByte() {
        var random = FillTestRandom(seed: 77)
        for trial in 0..<40 {
            // Counts with every remainder modulo 8, so the 8-pixel vector steps and the scalar tail both run.
            let count = 992 + trial % 9
            let color = trial % 5 == 0 ? PremultipliedRGBA8(r: 10, g: 20, b: 30, a: 255).packed
                : Self.randomPremultiplied(&random)
            let destination = (0..<count).map { _ in Self.randomPremultiplied(&random) }
            var mask = (0..<count).map { _ in random.next() % 4 == 0 ? UInt8(255) : random.byte() }
            // Runs of zero coverage (the vector kernel skips whole zero groups).
            if trial % 4 == 1 { for i in 13..<61 { mask[i] = 0 } }
            let alpha = trial % 3 == 0 ? UInt8(255) : random.byte()
            let sources = (0..<count).map { _ in Self.randomPremultiplied(&random) }

            var viaMask = destination, viaAlpha = destination, shadedMask = destination, shadedAlpha = destination
            mask.withUnsafeBufferPointer { m in
                viaMask.withUnsafeMutableBufferPointer {
                    FillSourceOver.blendSolid(color, mask: m.baseAddress!, into: $0.baseAddress!, count: count)
                }
                sources.withUnsafeBufferPointer { s in
                    shadedMask.withUnsafeMutableBufferPointer {
                        FillSourceOver.blend(s.baseAddress!, mask: m.baseAddress!, into: $0.baseAddress!, count: count)
                    }
                }
            }
            viaAlpha.withUnsafeMutableBufferPointer {
                FillSourceOver.blendSolid(color, alpha: alpha, into: $0.baseAddress!, count: count)
            }
            sources.withUnsafeBufferPointer { s in
                shadedAlpha.withUnsafeMutableBufferPointer {
                    FillSourceOver.blend(s.baseAddress!, alpha: alpha, into: $0.baseAddress!, count: count)
                }
            }
            for i in 0..<count {
                #expect(viaMask[i] == fillTestReferenceSourceOver(source: color, coverage: mask[i], destination: destination[i]))
                #expect(viaAlpha[i] == fillTestReferenceSourceOver(source: color, coverage: alpha, destination: destination[i]))
                #expect(shadedMask[i] == fillTestReferenceSourceOver(source: sources[i], coverage: mask[i], destination: destination[i]))
                #expect(shadedAlpha[i] == fillTestReferenceSourceOver(source: sources[i], coverage: alpha, destination: destination[i]))
            }
        }
    }

    @Test(arguments: [FillThreading.singleThreaded, .concurrent])
    func bitmapFillsComposeCoverageWithTheReference(threading: FillThreading) {
        let (w, h) = (150, 90)
        var random = FillTestRandom(seed: 5)
        let background = (0..<(w * h)).map { _ in Self.randomPremultiplied(&random) }
        let star: FillTestPolygon = (0..<7).map { k in
            let t = Double(k) * 6 * Double.pi / 7
            return SIMD2(75.3, 45.2) + 60 * SIMD2(cos(t), sin(t))
        }
        let coverage = fillTestCoverage([star], rule: .evenOdd, width: w, height: h)
        let mask = coverage.coverageMask()
        #expect(mask.contains { $0 != 0 && $0 != 255 })
        let color = PremultipliedRGBA8(straightRed: 0.9, green: 0.3, blue: 0.1, alpha: 0.7)

        var solid = PremultipliedRGBA8Bitmap(width: w, height: h, pixels: background)
        solid.fill(coverage, color: color, threading: threading)
        var shaded = PremultipliedRGBA8Bitmap(width: w, height: h, pixels: background)
        shaded.fill(coverage, shader: FillTestCheckerShader(), threading: threading)
        var shadeRow = [UInt32](repeating: 0, count: w)
        for y in 0..<h {
            shadeRow.withUnsafeMutableBufferPointer { FillTestCheckerShader().shade(x: 0, y: y, count: w, into: $0.baseAddress!) }
            for x in 0..<w {
                let i = y * w + x
                #expect(solid.pixels[i] == fillTestReferenceSourceOver(source: color.packed, coverage: mask[i], destination: background[i]))
                #expect(shaded.pixels[i] == fillTestReferenceSourceOver(source: shadeRow[x], coverage: mask[i], destination: background[i]))
            }
        }
    }

    @Test func opaqueFullCoverageStoresTheColour() {
        var bitmap = PremultipliedRGBA8Bitmap(width: 8, height: 4, filledWith: PremultipliedRGBA8(r: 1, g: 2, b: 3, a: 4))
        let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
        bitmap.fill(FillRectCoverage(rect: CGRect(x: 1, y: 1, width: 3, height: 2)), color: red)
        #expect(bitmap[1, 1] == red && bitmap[3, 2] == red)
        #expect(bitmap[0, 0] == PremultipliedRGBA8(r: 1, g: 2, b: 3, a: 4))
        #expect(bitmap[4, 1] == PremultipliedRGBA8(r: 1, g: 2, b: 3, a: 4))
        // Transparent colour: nothing changes.
        let before = bitmap
        bitmap.fill(FillRectCoverage(rect: CGRect(x: 0, y: 0, width: 8, height: 4)), color: .transparent)
        #expect(bitmap == before)
    }
}
