import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

// rk_rrect_blend_rows' AVX2 corner lanes compute FillAffineRoundedRect.cornerCoverage with one division
// (rk_rrect_corner_fast.h) and hand every lane whose area · 255 + 0.5 lies within 2⁻¹² of an integer, or
// that fails the note's lane tests, to the exact formula, so each byte must be fillCoverageByte of the
// portable coverage (rounded-rect fill: spec §9.5 on cornerRadius; coverage bytes as FillFixedPoint.swift).
// Checked where it is hardest: at local offsets a few ulp either side of byte boundaries along rays through
// each corner's arc, where the fast area alone could round the other way, and on dense sweeps of the corners.
@Suite struct FillRoundedRectFastCornerTests {
    /// Random maps, scene b's shape at several angles (0: normals along the device axes at the arcs' ends),
    /// and maps the per-shape test refuses (tiny device radius, strong skew), whose corners stay exact.
    static func shapes() -> [FillAffineRoundedRect] {
        var random = FillTestRandom(seed: 1013)
        var out = random.affineRoundedRects(count: 10, width: 4...90, height: 4...60, radius: 0.5...20,
                                            translation: 10...50)
        for k in 0..<4 { out.append(fillTestSceneBShape(angle: Double(k) * 0.53, tx: 64, ty: 64)) }
        out.append(FillAffineRoundedRect(minX: -3, minY: -2, maxX: 3, maxY: 2, radius: 0.2, a: 1, b: 1, c: -1, d: 1,
                                         tx: 60, ty: 60)!)
        out.append(FillAffineRoundedRect(minX: -20, minY: -12, maxX: 20, maxY: 12, radius: 8, a: 1, b: 0,
                                         c: 0.999, d: 0.01, tx: 60, ty: 60)!)
        return out
    }

    /// FillAffineRoundedRect.coverage(x:y:) for a pixel centre at local `offset` from the centre.
    static func reference(_ g: FillAffineRoundedRect, _ offset: SIMD2<Double>) -> UInt8 {
        let q = SIMD2(abs(offset.x), abs(offset.y)) - (g.halfSize - SIMD2(g.radius, g.radius))
        let coverage: Double
        if !(q.x > 0 && q.y > 0) {
            coverage = q.x > q.y ? g.sideRampX.coverage(distance: q.x - g.radius)
                                 : g.sideRampY.coverage(distance: q.y - g.radius)
        } else {
            let lengthSquared = q.x * q.x + q.y * q.y
            if lengthSquared >= g.cornerExits.outside { coverage = 0 }
            else if lengthSquared <= g.cornerExits.inside { coverage = 1 }
            else { coverage = g.cornerCoverage(offset: offset, q: q) }
        }
        return fillCoverageByte(coverage)
    }

    /// Offsets a few ulp either side of the points on the ray from `arc` (a corner's arc centre) along
    /// `direction` where the exact byte steps past `bytes`.
    static func boundaryProbes(_ g: FillAffineRoundedRect, arc: SIMD2<Double>, direction: SIMD2<Double>,
                               bytes: [UInt8]) -> [SIMD2<Double>] {
        var out: [SIMD2<Double>] = []
        let reach = 4 * (g.inverseX * g.inverseX + g.inverseY * g.inverseY).sum().squareRoot()
        for byte in bytes {
            // The byte falls as t grows: inside has byte ≥ `byte`, outside below.
            var inside = max(0, g.radius - reach), outside = g.radius + reach
            if reference(g, arc + inside * direction) < byte || reference(g, arc + outside * direction) >= byte {
                continue
            }
            for _ in 0..<80 {
                let mid = (inside + outside) / 2
                if mid == inside || mid == outside { break }
                if reference(g, arc + mid * direction) >= byte { inside = mid } else { outside = mid }
            }
            let edge = arc + inside * direction
            out.append(edge)
            var below = edge, above = edge
            for _ in 0..<4 {
                below = SIMD2(below.x.nextDown, below.y.nextDown)
                above = SIMD2(above.x.nextUp, above.y.nextUp)
                out.append(below)
                out.append(above)
                out.append(SIMD2(below.x, above.y))
                out.append(SIMD2(above.x, below.y))
            }
        }
        return out
    }

    static func arcs(_ g: FillAffineRoundedRect) -> [(arc: SIMD2<Double>, sign: SIMD2<Double>)] {
        let k = g.halfSize - SIMD2(g.radius, g.radius)
        return [SIMD2(1.0, 1.0), SIMD2(-1.0, 1.0), SIMD2(-1.0, -1.0), SIMD2(1.0, -1.0)].map { (k * $0, $0) }
    }

    @Test func bytesEqualExactCornerAtByteBoundaries() {
        var checked = 0, flagged = 0
        let bytes: [UInt8] = [1, 2, 3, 64, 127, 128, 129, 200, 253, 254, 255]
        for (index, g) in Self.shapes().enumerated() {
            var offsets: [SIMD2<Double>] = []
            for (arc, sign) in Self.arcs(g) {
                for step in 0..<5 {
                    let angle = (Double(step) + 0.5) / 5 * Double.pi / 2
                    let direction = SIMD2(cos(angle), sin(angle)) * sign
                    offsets += Self.boundaryProbes(g, arc: arc, direction: direction, bytes: bytes)
                }
            }
            let expected = offsets.map { Self.reference(g, $0) }
            guard let fast = g.kernelLaneBytes(offsets: offsets, exact: false),
                  let exact = g.kernelLaneBytes(offsets: offsets, exact: true)
            else { return }  // no AVX2: the kernel keeps to scalar C (FillRoundedRectKernelTests)
            #expect(zip(fast.bytes, expected).filter { $0 != $1 }.count == 0, "shape \(index): fast corner lanes")
            #expect(zip(exact.bytes, expected).filter { $0 != $1 }.count == 0, "shape \(index): exact lanes")
            checked += offsets.count
            flagged += fast.flagged
            // The probes lie within the margin of a byte boundary, so the fallback runs (not vacuous) on the
            // shapes the per-shape test accepts: scene b's at every angle; the two refused ones never flag.
            if (10...13).contains(index) { #expect(fast.flagged > 1_000, "shape \(index)") }
            if index >= 14 { #expect(fast.flagged == 0, "shape \(index): refused, every corner lane exact") }
        }
        #expect(checked > 10_000)
        #expect(flagged > 20_000)
    }

    @Test func bytesEqualExactCornerOnDenseSweeps() {
        var random = FillTestRandom(seed: 4242)
        var fastLanes = 0, flagged = 0
        for (index, g) in Self.shapes().enumerated() {
            let reach = 3 * (g.inverseX * g.inverseX + g.inverseY * g.inverseY).sum().squareRoot()
            var offsets: [SIMD2<Double>] = []
            for (arc, sign) in Self.arcs(g) {
                for _ in 0..<3000 {
                    let angle = random.uniform(-0.05, Double.pi / 2 + 0.05)
                    let t = random.uniform(max(0, g.radius - reach), g.radius + reach)
                    offsets.append(arc + t * SIMD2(cos(angle), sin(angle)) * sign)
                }
            }
            let expected = offsets.map { Self.reference(g, $0) }
            guard let fast = g.kernelLaneBytes(offsets: offsets, exact: false) else { return }
            #expect(zip(fast.bytes, expected).filter { $0 != $1 }.count == 0, "shape \(index): fast corner lanes")
            fastLanes += offsets.count
            flagged += fast.flagged
        }
        // The fallback is rare away from byte boundaries (the margin and the lane tests cost few lanes) but not absent.
        #expect(flagged > 0)
        #expect(flagged * 10 < fastLanes)
    }

    /// The note's per-shape term is computed once, when the shape is made (rk_rrect_fast_corner_k), and the
    /// kernel reads it from rk_rrect_shape: 1 / (6·r·det J²) for shapes the per-shape test accepts (scene b's
    /// rotations: κ ≤ 2, ρ_min = 12 / 2^1.5 ≥ ¼), 0 for the two maps it refuses and for radius 0.
    @Test func perShapeTermIsSetWhenTheShapeIsMade() {
        for k in 0..<4 {
            let g = fillTestSceneBShape(angle: Double(k) * 0.53, tx: 64, ty: 64)
            #expect(g.fastCornerK == 1 / (6 * g.radius * g.determinant * g.determinant))
            #expect(g.kernelShape.fast_corner_k == g.fastCornerK)
        }
        for g in Self.shapes().suffix(2) { #expect(g.fastCornerK == 0) }
        let sharp = FillAffineRoundedRect(minX: -20, minY: -12, maxX: 20, maxY: 12, radius: 0, a: 0.8, b: 0.6,
                                          c: -0.6, d: 0.8, tx: 60, ty: 60)!
        #expect(sharp.fastCornerK == 0)
    }
}
