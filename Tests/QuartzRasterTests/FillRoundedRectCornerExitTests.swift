import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

// FillAffineRoundedRect.coverage(x:y:) leaves corner pixels early on |q|² (FillCornerExitBounds, proof in
// FillAffineRoundedRectCornerBounds.swift). The exits are a speed-up only: every corner pixel must get exactly
// the value of the full formula (cornerCoverage), so rendered bytes stay those of the formula (the coverage
// model itself is the spec's rounded-rect fill, spec §9.5 on cornerRadius; tested in
// FillRoundedRectTests).
@Suite struct FillRoundedRectCornerExitTests {
    /// Random rotations, shears and scales (mirrored too) with radii up to half the shorter side, plus scene b's
    /// shape (120×55 px, r = 12, rotated), sub-pixel radii (no inside disc), a huge scale and a map so
    /// skewed that it gets no inside exit.
    static func shapes() -> [FillAffineRoundedRect] {
        var random = FillTestRandom(seed: 77)
        var out = random.affineRoundedRects(count: 120, width: 0.5...40, height: 0.5...40, radius: 0.01...25,
                                            translation: 40...60)
        for k in 0..<8 {
            out.append(fillTestSceneBShape(angle: 0.3 + Double(k) * 0.7, tx: 80.3 + Double(k) * 0.11, ty: 70.7))
        }
        let special: [(Double, Double, Double, Double, Double)] = [
            (0.3, 0.1, -0.1, 0.3, 2),  // small scale: L > r, no inside disc
            (40, 3, -3, 40, 1.5),  // 40x scale: a big arc in device pixels
            (1, 0, 0.999999, 1e-7, 20),  // nearly singular: no inside exit
            (1, 1, -1, 1, 0.2),  // radius 0.28 px
        ]
        for (a, b, c, d, r) in special {
            out.append(FillAffineRoundedRect(minX: -3, minY: -2, maxX: 3, maxY: 2, radius: r, a: a, b: b, c: c, d: d,
                                             tx: 60, ty: 60)!)
        }
        return out
    }

    @Test func exitsEqualTheFullCornerFormula() {
        var outsideExits = 0, insideExits = 0, formula = 0, mismatches = 0
        var conditionedWithoutInside = 0
        for g in Self.shapes() where g.radius > 0 {
            if g.cornerExits.inside < 0 { conditionedWithoutInside += 1 }
            let rows = g.rows
            guard rows.count < 400 else { continue }
            // Every row of the shape and a row either side; the row's outer band and two pixels either side.
            for y in (rows.lowerBound - 1)..<(rows.upperBound + 1) {
                let layout = g.layout(row: y)
                let columns = (layout.outer.lowerBound - 2)..<(layout.outer.upperBound + 2)
                for x in columns where columns.count < 400 {
                    let p = SIMD2(Double(x) + 0.5, Double(y) + 0.5)
                    let local = SIMD2((g.inverseX * p).sum(), (g.inverseY * p).sum()) + g.inverseOffset
                    let offset = local - g.center
                    let q = SIMD2(abs(offset.x), abs(offset.y)) - (g.halfSize - SIMD2(g.radius, g.radius))
                    guard q.x > 0 && q.y > 0 else { continue }
                    let full = g.cornerCoverage(offset: offset, q: q)
                    let fast = g.coverage(x: x, y: y)
                    let lengthSquared = q.x * q.x + q.y * q.y
                    if lengthSquared >= g.cornerExits.outside {
                        outsideExits += 1
                    } else if lengthSquared <= g.cornerExits.inside {
                        insideExits += 1
                    } else {
                        formula += 1
                    }
                    if full.bitPattern != fast.bitPattern { mismatches += 1 }
                }
            }
        }
        #expect(mismatches == 0)
        // The test must exercise both exits and the formula, and shapes without an inside disc.
        #expect(outsideExits > 1000)
        #expect(insideExits > 1000)
        #expect(formula > 1000)
        #expect(conditionedWithoutInside >= 2)
    }

    /// The bounds sit just outside the band where the formula can give a fractional value: a pixel centre
    /// √2/2 device px or more beyond the arc (along the gradient) is uncovered, so for a rotation (σ = 1) the
    /// outside exit starts at r + 0.7072(1 + 1e-6) local units, and the inside one at r − that.
    @Test func boundsForARotationAreTight() {
        let angle = 0.4
        let g = FillAffineRoundedRect(minX: -60, minY: -27.5, maxX: 60, maxY: 27.5, radius: 12, a: cos(angle),
                                      b: sin(angle), c: -sin(angle), d: cos(angle), tx: 100, ty: 100)!
        let reach = 0.7072 * (1 + 1e-6)
        #expect(abs(g.cornerExits.outside.squareRoot() - (12 + reach)) < 1e-9)
        #expect(abs(g.cornerExits.inside.squareRoot() - (12 - reach)) < 1e-9)
        // A map skewed beyond σ_min < 1e-6·σ has no inside exit; a sub-pixel radius has none either.
        let skewed = FillAffineRoundedRect(minX: -3, minY: -2, maxX: 3, maxY: 2, radius: 2, a: 1, b: 0, c: 0.999999,
                                           d: 1e-7, tx: 0, ty: 0)!
        #expect(skewed.cornerExits.inside == -1)
        let small = FillAffineRoundedRect(minX: -3, minY: -2, maxX: 3, maxY: 2, radius: 0.5, a: 1, b: 1, c: -1, d: 1,
                                          tx: 0, ty: 0)!
        #expect(small.cornerExits.inside == -1)
    }
}
