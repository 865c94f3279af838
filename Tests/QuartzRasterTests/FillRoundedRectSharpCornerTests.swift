// Rotated and skewed rectangles with cornerRadius 0 (layer backgrounds, image quads, clock hands): coverage is
// the exact area of pixel ∩ shape (FillCoverageSource's contract: area inside, FillFixedPoint.swift), also at
// the corner pixels and across bars thinner than a pixel, where the box filter of one side over-covers.
// The reference here is computed the other way round from the code under test: the shape's device quad
// clipped by the pixel's four edges (the code clips the pixel by the shape's sides).
import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

@Suite struct FillRoundedRectSharpCornerTests {
    /// Area of the convex polygon `quad` inside pixel (x, y).
    static func exactArea(_ quad: [SIMD2<Double>], x: Int, y: Int) -> Double {
        var polygon = quad
        // Keep p[axis]·sign ≤ bound for the pixel's four edges.
        let edges: [(axis: Int, sign: Double, bound: Double)] = [
            (0, -1, -Double(x)), (0, 1, Double(x + 1)), (1, -1, -Double(y)), (1, 1, Double(y + 1)),
        ]
        for edge in edges where !polygon.isEmpty {
            var kept: [SIMD2<Double>] = []
            for i in polygon.indices {
                let p = polygon[i], q = polygon[(i + 1) % polygon.count]
                let dp = p[edge.axis] * edge.sign - edge.bound, dq = q[edge.axis] * edge.sign - edge.bound
                if dp <= 0 { kept.append(p) }
                if (dp <= 0) != (dq <= 0) { kept.append(p + (q - p) * (dp / (dp - dq))) }
            }
            polygon = kept
        }
        guard polygon.count >= 3 else { return 0 }
        var twice = 0.0
        for i in polygon.indices {
            let p = polygon[i], q = polygon[(i + 1) % polygon.count]
            twice += p.x * q.y - q.x * p.y
        }
        return abs(twice) / 2
    }

    static let cases: [(String, CGRect, CGAffineTransform)] = [
        ("rotated square", CGRect(x: -10, y: -10, width: 20, height: 20),
         CGAffineTransform(rotationAngle: 0.5).concatenating(CGAffineTransform(translationX: 20.3, y: 18.6))),
        ("clock hand 2 px", CGRect(x: -1, y: 0, width: 2, height: 30),
         CGAffineTransform(rotationAngle: 2.2).concatenating(CGAffineTransform(translationX: 30.5, y: 25.25))),
        ("sub-pixel bar", CGRect(x: -0.3, y: -15, width: 0.6, height: 30),
         CGAffineTransform(rotationAngle: -0.7).concatenating(CGAffineTransform(translationX: 24, y: 22.7))),
        ("skewed", CGRect(x: -8, y: -5, width: 16, height: 10),
         CGAffineTransform(a: 1.3, b: 0.4, c: -0.9, d: 0.8, tx: 22.1, ty: 19.9)),
        ("mirrored thin", CGRect(x: 0, y: 0, width: 25, height: 1.2),
         CGAffineTransform(a: -0.6, b: 0.8, c: 0.8, d: 0.6, tx: 35.4, ty: 3.3)),
        ("tiny", CGRect(x: 0, y: 0, width: 0.7, height: 0.4),
         CGAffineTransform(rotationAngle: 0.3).concatenating(CGAffineTransform(translationX: 10.8, y: 10.1))),
    ]

    /// Every pixel of every case, including each corner pixel, to 1e-9 of the exact area.
    @Test(arguments: cases.indices) func everyPixelIsTheExactArea(_ index: Int) {
        let (name, rect, transform) = Self.cases[index]
        let source = FillRoundedRectCoverage(rect: rect, cornerRadius: 0, transform: transform)
        let quad = [
            CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
            CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY),
        ].map { p -> SIMD2<Double> in
            let d = p.applying(transform)
            return SIMD2(Double(d.x), Double(d.y))
        }
        var worst = 0.0
        for y in 0..<48 {
            for x in 0..<48 {
                worst = max(worst, abs(source.coverage(x: x, y: y) - Self.exactArea(quad, x: x, y: y)))
            }
        }
        #expect(worst <= 1e-9, "\(name): worst |coverage − exact area| \(worst)")
    }

    /// The spans the compositor reads carry the same values, rounded: round(255 · exact area).
    @Test(arguments: cases.indices) func spansCarryTheExactArea(_ index: Int) {
        let (name, rect, transform) = Self.cases[index]
        let source = FillRoundedRectCoverage(rect: rect, cornerRadius: 0, transform: transform)
        let mask = fillTestSourceMask(source, width: 48, height: 48)
        var worst = 0
        for y in 0..<48 {
            for x in 0..<48 {
                let expected = Int((source.coverage(x: x, y: y) * 255).rounded())
                worst = max(worst, abs(Int(mask[y * 48 + x]) - expected))
            }
        }
        #expect(worst == 0, "\(name): spans differ from round(255 · coverage) by \(worst)")
    }
}
