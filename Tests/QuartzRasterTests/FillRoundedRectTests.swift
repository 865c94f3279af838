import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

/// Renders any coverage source into a `width` × `height` byte mask.
func fillTestSourceMask(_ source: some FillCoverageSource, width: Int, height: Int) -> [UInt8] {
    var mask = [UInt8](repeating: 0, count: width * height)
    let scratch = FillTileScratch(tileSize: 64, rowCapacity: 64)
    let grid = FillTileGrid(bounds: FillPixelBounds(width: width, height: height), tileSize: 64)
    for row in 0..<grid.rowCount {
        for column in 0..<grid.columnCount {
            source.forEachCoverageSpan(in: grid.pixelBounds(column: column, row: row), scratch: scratch) { span in
                for i in 0..<span.count {
                    let index = span.y * width + span.x + i
                    #expect(mask[index] == 0, "spans overlap at \(span.x + i), \(span.y)")
                    mask[index] = span.mask.map { $0[i] } ?? span.alpha
                }
            }
        }
    }
    return mask
}

/// Max and mean absolute difference of two masks, in 1/255 steps.
func fillTestDifference(_ a: [UInt8], _ b: [UInt8]) -> (max: Int, mean: Double) {
    var worst = 0, total = 0
    for (x, y) in zip(a, b) {
        let d = abs(Int(x) - Int(y))
        worst = max(worst, d)
        total += d
    }
    return (worst, Double(total) / Double(max(a.count, 1)))
}

// Core Animation's cornerRadius gives circular corners clamped to half the shorter side (spec
// spec §9.5 "background colour (rounded by cornerRadius)"; CALayer.cornerRadius docs). CGPath's
// rounded rect uses cubic arcs with κ = 0.5522847498 (bench SCENES.md), which the polygon helper follows.
@Suite struct FillRoundedRectTests {
    @Test func axisAlignedRectIsExactArea() {
        let rect = CGRect(x: 2.3, y: 1.6, width: 20.45, height: 0.7)
        let mask = fillTestSourceMask(FillRectCoverage(rect: rect), width: 30, height: 8)
        let big = fillTestSourceMask(FillRectCoverage(rect: CGRect(x: 1.25, y: 3.5, width: 6.5, height: 4.125)),
                                     width: 30, height: 8)
        for y in 0..<8 {
            for x in 0..<30 {
                let thin = fillTestOverlap(x, 2.3, 22.75) * fillTestOverlap(y, 1.6, 2.3)
                let wide = fillTestOverlap(x, 1.25, 7.75) * fillTestOverlap(y, 3.5, 7.625)
                #expect(Int(mask[y * 30 + x]) == Int((thin * 255).rounded()), "thin \(x), \(y)")
                #expect(Int(big[y * 30 + x]) == Int((wide * 255).rounded()), "wide \(x), \(y)")
            }
        }
        // A rectangle inside one pixel, and one with 1e30 sides, neither traps.
        let tiny = fillTestSourceMask(FillRectCoverage(rect: CGRect(x: 3.25, y: 3.25, width: 0.5, height: 0.5)),
                                      width: 8, height: 8)
        #expect(tiny[3 * 8 + 3] == 64 && tiny.reduce(0) { $0 + Int($1) } == 64)  // round(0.25 · 255)
        let huge = FillRectCoverage(rect: CGRect(x: -1e30, y: 2.5, width: 2e30, height: 1e30))
        #expect(fillTestSourceMask(huge, width: 8, height: 8)[2 * 8 + 5] == 128)
        #expect(fillTestSourceMask(FillRectCoverage(rect: CGRect(x: CGFloat.nan, y: 0, width: 4, height: 4)),
                                   width: 8, height: 8).allSatisfy { $0 == 0 })
    }

    @Test func axisAlignedRoundedRectMatchesExactCirclePolygon() {
        let (w, h) = (64, 48)
        for (x, y, width, height, r) in [(3.3, 4.7, 50.2, 30.9, 9.6), (10.0, 10.0, 20.0, 7.0, 3.5),
                                          (5.5, 6.25, 12.0, 12.0, 6.0), (20.4, 2.2, 6.3, 40.1, 0.4)] {
            let source = FillRoundedRectCoverage(
                rect: CGRect(x: x, y: y, width: width, height: height), cornerRadius: CGFloat(r))
            let analytic = fillTestSourceMask(source, width: w, height: h)
            // Exact circle corners as 2048-gon arcs: polygon error ≈ r·(π/4096)²/2, far below 1/255.
            let rr = min(r, width / 2, height / 2)
            var polygon: FillTestPolygon = []
            for (cx, cy, start) in [(x + width - rr, y + rr, -0.5), (x + width - rr, y + height - rr, 0.0),
                                    (x + rr, y + height - rr, 0.5), (x + rr, y + rr, 1.0)] {
                for k in 0...512 {
                    let t = Double.pi * (start + 0.5 * Double(k) / 512)
                    polygon.append(SIMD2(cx + rr * cos(t), cy + rr * sin(t)))
                }
            }
            let filled = fillTestMask([polygon], width: w, height: h)
            let diff = fillTestDifference(analytic, filled)
            // The analytic side is exact; the filler's 1/256 vertex grid and rounding allow one step.
            #expect(diff.max <= 1, "\(x), \(y), \(width), \(height), \(r): \(diff)")
            // Exact area: w·h − (4 − π)·r². asin near 1 loses about √ε of relative precision, hence 1e-6.
            let exact = (0..<(w * h)).reduce(0.0) { $0 + source.coverage(x: $1 % w, y: $1 / w) }
            #expect(abs(exact - (width * height - (4 - Double.pi) * rr * rr)) < 1e-6)
        }
    }

    static let transforms: [(String, CGAffineTransform)] = [
        ("rotate 30°", CGAffineTransform(rotationAngle: .pi / 6).translatedBy(x: 0, y: 0)),
        ("scene b", CGAffineTransform(a: 0.744719, b: 0.568873, c: -0.521401, d: 0.682573, tx: 0, ty: 0)),
        ("skew", CGAffineTransform(a: 1.1, b: 0.2, c: 0.45, d: 0.9, tx: 0, ty: 0)),
        ("rotate 45° × 1.5", CGAffineTransform(rotationAngle: .pi / 4).scaledBy(x: 1.5, y: 1.5)),
        ("anisotropic", CGAffineTransform(a: 2.0, b: 0, c: 0, d: 0.7, tx: 0, ty: 0)),
    ]

    /// Agreement of the analytic affine rounded rect with the path filler on the κ-cubic polygon (flattened
    /// to 64 lines per corner). Measured on these five transforms and radii 6 and 12.76: max 2/255, mean
    /// ≤ 0.008/255 over the 160 × 140 image (≤ 0.012/255 for the rings); the bounds leave room for rounding.
    @Test(arguments: 0..<5)
    func transformedRoundedRectAgreesWithFilledPath(index: Int) {
        let (name, base) = Self.transforms[index]
        let (w, h) = (160, 140)
        let transform = base.concatenating(CGAffineTransform(translationX: 80.3, y: 70.6))
        let rect = CGRect(x: -40.2, y: -22.7, width: 80.5, height: 45.3)
        for radius in [6.0, 12.76] {
            let analytic = fillTestSourceMask(
                FillRoundedRectCoverage(rect: rect, cornerRadius: CGFloat(radius), transform: transform),
                width: w, height: h)
            let polygon = fillTestRoundedRectPolygon(
                x: -40.2, y: -22.7, width: 80.5, height: 45.3, radius: radius,
                transform: { p in
                    let q = CGPoint(x: p.x, y: p.y).applying(transform)
                    return SIMD2(Double(q.x), Double(q.y))
                })
            let filled = fillTestMask([polygon], width: w, height: h)
            let diff = fillTestDifference(analytic, filled)
            #expect(diff.max <= 2 && diff.mean <= 0.02, "\(name) r=\(radius): \(diff)")
            #expect(analytic.contains(255))
        }
    }

    @Test(arguments: 0..<5)
    func borderRingIsOuterMinusInner(index: Int) {
        let (name, base) = Self.transforms[index]
        let (w, h) = (160, 140)
        let transform = index == 0 ? CGAffineTransform(translationX: 80.3, y: 70.6)
            : base.concatenating(CGAffineTransform(translationX: 80.3, y: 70.6))
        let rect = CGRect(x: -40.2, y: -22.7, width: 80.5, height: 45.3)
        let ring = fillTestSourceMask(
            FillRoundedRectBorderCoverage(rect: rect, cornerRadius: 12, borderWidth: 3.5, transform: transform),
            width: w, height: h)
        func map(_ p: SIMD2<Double>) -> SIMD2<Double> {
            let q = CGPoint(x: p.x, y: p.y).applying(transform)
            return SIMD2(Double(q.x), Double(q.y))
        }
        let outer = fillTestRoundedRectPolygon(x: -40.2, y: -22.7, width: 80.5, height: 45.3, radius: 12, transform: map)
        let inner = fillTestRoundedRectPolygon(x: -36.7, y: -19.2, width: 73.5, height: 38.3, radius: 8.5, transform: map)
        let filled = fillTestMask([outer, inner.reversed()], width: w, height: h)
        let diff = fillTestDifference(ring, filled)
        // Outer and inner each within the agreement above, so the ring is within their sum.
        #expect(diff.max <= 2 && diff.mean <= 0.03, "\(name): \(diff)")
        // The ring's interior hole is empty and the band is solid somewhere.
        #expect(ring[70 * w + 80] == 0)
        #expect(ring.contains(255))
    }

    @Test func degenerateRoundedRectsAreSafe() {
        let bad: [FillRoundedRectCoverage] = [
            FillRoundedRectCoverage(rect: CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10), cornerRadius: 2),
            FillRoundedRectCoverage(rect: CGRect(x: 0, y: 0, width: 10, height: 10), cornerRadius: .infinity),
            FillRoundedRectCoverage(rect: CGRect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 2,
                                    transform: CGAffineTransform(a: 1, b: 1, c: 1, d: 1, tx: 0, ty: 0)),
            FillRoundedRectCoverage(rect: CGRect(x: 0, y: 0, width: 0, height: 10), cornerRadius: 2),
            FillRoundedRectCoverage(rect: CGRect(x: 0, y: 0, width: 1e30, height: 1e30), cornerRadius: 2,
                                    transform: CGAffineTransform(rotationAngle: 0.3)),
        ]
        for source in bad {
            #expect(fillTestSourceMask(source, width: 16, height: 16).allSatisfy { $0 == 0 })
        }
        // A radius beyond half the side is clamped: a 10 × 10 square with radius 50 is a disc of radius 5.
        let disc = FillRoundedRectCoverage(rect: CGRect(x: 3, y: 3, width: 10, height: 10), cornerRadius: 50)
        let total = (0..<256).reduce(0.0) { $0 + disc.coverage(x: $1 % 16, y: $1 / 16) }
        #expect(abs(total - 25 * Double.pi) < 1e-6)
        // Negative radius: a plain rectangle.
        let square = FillRoundedRectCoverage(rect: CGRect(x: 3, y: 3, width: 10, height: 10), cornerRadius: -4)
        #expect(fillTestSourceMask(square, width: 16, height: 16).reduce(0) { $0 + Int($1) } == 100 * 255)
    }
}
