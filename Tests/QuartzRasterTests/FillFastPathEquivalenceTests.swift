import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

// The span emitters skip per-pixel work where a row layout proves coverage is 0 or 1, and the blend kernels
// run eight pixels per step in 16-bit lanes. Both are performance paths that must not change a single value:
// these tests pin them against the per-pixel definitions (FillRoundedRectGeometry.swift header: coverage is
// the box filter of the rounded rectangle; PaintBlendSpan.swift header: source-over d' = s + d·(255 − sα)/255
// then lerp by m = coverage·alpha/255, W3C Compositing §5.6).
@Suite struct FillFastPathEquivalenceTests {
    /// Rotations, shears, anisotropic and mirrored scales, radii from 0 to the clamp.
    static let cases: [(name: String, transform: CGAffineTransform, radius: CGFloat)] = [
        ("rotate 17°", CGAffineTransform(rotationAngle: 17 * .pi / 180), 9),
        ("rotate 45°, radius 0", CGAffineTransform(rotationAngle: .pi / 4), 0),
        ("scene b item 0", CGAffineTransform(a: 0.784555, b: 0.316729, c: -0.490585, d: 1.215208, tx: 0, ty: 0), 19.182),
        ("shear", CGAffineTransform(a: 1, b: 0, c: 0.8, d: 1, tx: 0, ty: 0), 12),
        ("anisotropic rotate", CGAffineTransform(scaleX: 2.5, y: 0.4).rotated(by: 0.3), 30),
        ("mirrored near-flat", CGAffineTransform(a: -1.1, b: 0.05, c: 0.02, d: 0.9, tx: 0, ty: 0), 100),
        ("tiny radius", CGAffineTransform(rotationAngle: -1.2), 0.3),
    ]

    /// Every pixel the spans produce equals round(coverage(x:y:) · 255), and every pixel they skip has zero
    /// coverage: the tabulated row layouts, the 45° tangent bounds and the inscribed-chord bounds are
    /// conservative.
    @Test(arguments: 0..<7)
    func affineRoundedRectSpansEqualPerPixelCoverage(index: Int) {
        let c = Self.cases[index]
        let (w, h) = (200, 170)
        let transform = c.transform.concatenating(CGAffineTransform(translationX: 100.3, y: 84.6))
        let source = FillRoundedRectCoverage(
            rect: CGRect(x: -50.2, y: -31.7, width: 100.5, height: 63.3), cornerRadius: c.radius, transform: transform)
        let mask = fillTestSourceMask(source, width: w, height: h)
        var mismatches = 0
        for y in 0..<h {
            for x in 0..<w where mask[y * w + x] != fillCoverageByte(source.coverage(x: x, y: y)) {
                mismatches += 1
            }
        }
        #expect(mismatches == 0, "\(c.name): \(mismatches) pixels differ from the per-pixel coverage")
        #expect(mask.contains(255) && mask.contains { $0 > 0 && $0 < 255 }, "\(c.name)")
    }

    /// The per-shape row table returns exactly the layouts the line solvers compute on demand, and shapes
    /// taller than the table limit fall back to the solvers.
    @Test func rowTableMatchesOnDemandLayout() {
        let shape = FillRoundedRectShape(
            rect: CGRect(x: -50, y: -30, width: 100, height: 60), cornerRadius: 14,
            transform: CGAffineTransform(rotationAngle: 0.7).concatenating(CGAffineTransform(translationX: 90, y: 80)))
        guard case .affine(let g) = shape else {
            Issue.record("expected the affine geometry")
            return
        }
        #expect(g.tabulatedRows == g.rows.count)
        for y in (g.rows.lowerBound - 2)..<(g.rows.upperBound + 2) {
            let table = g.layout(row: y)
            let solved = FillAffineRoundedRect.layout(row: y, outer: g.outerLines, inner: g.innerLines, chords: g.chordLines)
            #expect(table.outer == solved.outer || (table.outer.isEmpty && solved.outer.isEmpty), "row \(y)")
            #expect(table.uniform == solved.uniform || (table.uniform.isEmpty && solved.uniform.isEmpty), "row \(y)")
        }
        let tall = FillRoundedRectShape(
            rect: CGRect(x: 0, y: 0, width: 10, height: 9000), cornerRadius: 3,
            transform: CGAffineTransform(rotationAngle: 0.01))
        if case .affine(let t) = tall {
            #expect(t.rowTable.isEmpty && t.rows.count > FillAffineRoundedRect.maximumTabulatedRows)
            #expect(!t.layout(row: 4500).outer.isEmpty)
        } else {
            Issue.record("expected the affine geometry")
        }
    }

    /// The scalar source-over definition of PaintBlendSpan.swift, pixel by pixel.
    static func referenceSourceOver(_ s: UInt32, _ d: UInt32, weight m: UInt32) -> UInt32 {
        let r = s &+ paintScalePixel(d, by: 255 &- (s >> 24))
        return paintLerpPixel(from: d, to: r, by: m)
    }

    /// Valid premultiplied pixels (every channel ≤ alpha) from a fixed linear congruential sequence.
    static func premultipliedPixels(_ count: Int, seed: UInt64) -> [UInt32] {
        var state = seed
        func next() -> UInt32 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt32(truncatingIfNeeded: state >> 33)
        }
        return (0..<count).map { i in
            // Include the opaque and transparent extremes regularly.
            let a: UInt32 = i % 7 == 0 ? 255 : (i % 11 == 0 ? 0 : next() % 256)
            let r = a == 0 ? 0 : next() % (a + 1), g = a == 0 ? 0 : next() % (a + 1), b = a == 0 ? 0 : next() % (a + 1)
            return r | g << 8 | b << 16 | a << 24
        }
    }

    /// Eight-pixel lanes plus scalar tails give the scalar result bit for bit, for every count, with and
    /// without a coverage mask, at full and partial alpha.
    @Test func sourceOverLanesMatchScalarDefinition() {
        for count in [0, 1, 7, 8, 9, 16, 23, 64, 67] {
            let source = Self.premultipliedPixels(count, seed: UInt64(count) + 1)
            let destination = Self.premultipliedPixels(count, seed: UInt64(count) + 1000)
            let coverage = Self.premultipliedPixels(count, seed: UInt64(count) + 77).map { UInt8(truncatingIfNeeded: $0 >> 8) }
            for alpha: UInt8 in [255, 200, 77, 1] {
                for masked in [false, true] {
                    var out = destination
                    source.withUnsafeBufferPointer { s in
                        coverage.withUnsafeBufferPointer { m in
                            out.withUnsafeMutableBufferPointer { d in
                                guard let sp = s.baseAddress, let mp = m.baseAddress, let dp = d.baseAddress else { return }
                                blendSpan(.normal, source: sp, coverage: masked ? mp : nil, alpha: alpha,
                                          destination: dp, count: count)
                            }
                        }
                    }
                    for i in 0..<count {
                        let weight = UInt32(mulDiv255(masked ? coverage[i] : 255, alpha))
                        let expected = Self.referenceSourceOver(source[i], destination[i], weight: weight)
                        #expect(out[i] == expected, "count \(count) alpha \(alpha) masked \(masked) pixel \(i)")
                    }
                }
            }
        }
    }
}
