// Point-in-path tests: the winding number of the path around a point, as the fill rules define it.
//
// Coordinate space: the path's own space. Numbers: Double.
//
// Method: a ray from the point towards +x; each edge crossing it upwards counts +1, downwards −1 (half-open
// in y so a vertex on the ray counts once). Curves are not flattened with a fixed tolerance: where the point
// lies outside a curve's control-point box, the curve and its chord wind around the point alike (the region
// between them lies inside that box), so the chord is used; otherwise the curve is halved (de Casteljau) and
// each half is tested again, down to boxes 2⁻⁴⁰ of the original size. The answer is therefore exact except
// for points within about 1e-12 of the curve itself. Every subpath is closed implicitly, as for filling.
// Points exactly on the boundary count as inside or outside depending on the edge's direction.
import Foundation
import QuartzMath

extension PathGeometry {
    /// The winding number of the path around `point`.
    package func windingNumber(at point: CGPoint) -> Int {
        var counter = PathWindingCounter(point: SIMD2(pathPoint: point))
        var last = SIMD2<Double>(0, 0), start = SIMD2<Double>(0, 0)
        var open = false
        forEachElement { element in
            switch element {
            case .moveTo(let p):
                if open { counter.line(last, start) }
                start = SIMD2(pathPoint: p)
                last = start
                open = true
            case .lineTo(let p):
                let q = SIMD2(pathPoint: p)
                counter.line(last, q)
                last = q
                open = true
            case .quadCurveTo(let c, let e):
                let q1 = SIMD2(pathPoint: c), q2 = SIMD2(pathPoint: e)
                // Degree elevation: the same curve as a cubic.
                counter.cubic(last, last + (q1 - last) * (2.0 / 3.0), q2 + (q1 - q2) * (2.0 / 3.0), q2, depth: 0)
                last = q2
                open = true
            case .curveTo(let c1, let c2, let e):
                let q3 = SIMD2(pathPoint: e)
                counter.cubic(last, SIMD2(pathPoint: c1), SIMD2(pathPoint: c2), q3, depth: 0)
                last = q3
                open = true
            case .closeSubpath:
                if open { counter.line(last, start) }
                last = start
                open = false
            }
        }
        if open { counter.line(last, start) }
        return counter.winding
    }

    /// Whether the filled path covers `point` under `rule`.
    package func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding) -> Bool {
        let winding = windingNumber(at: point)
        return rule == .winding ? winding != 0 : winding & 1 != 0
    }
}

extension CGPath {
    /// Apple's `contains(_:using:transform:)`: whether the filled path covers `point` after mapping the
    /// point through `transform`.
    public func contains(
        _ point: CGPoint, using rule: CGPathFillRule = .winding, transform: CGAffineTransform = .identity
    ) -> Bool {
        storage.contains(point.applying(transform), using: rule)
    }
}

/// Accumulates signed ray crossings around one point.
struct PathWindingCounter {
    let point: SIMD2<Double>
    var winding = 0

    mutating func line(_ a: SIMD2<Double>, _ b: SIMD2<Double>) {
        let y = point.y
        if a.y <= y {
            if b.y > y && pathCross(b - a, point - a) > 0 { winding += 1 }
        } else if b.y <= y && pathCross(b - a, point - a) < 0 {
            winding -= 1
        }
    }

    mutating func cubic(_ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>, depth: Int) {
        let lo = pathMin(pathMin(p0, p1), pathMin(p2, p3))
        let hi = pathMax(pathMax(p0, p1), pathMax(p2, p3))
        let outside = point.x < lo.x || point.x > hi.x || point.y < lo.y || point.y > hi.y
        if outside || depth >= 40 || !(hi - lo).x.isFinite || !(hi - lo).y.isFinite {
            line(p0, p3)
            return
        }
        // Halve at t = ½.
        let a = (p0 + p1) * 0.5, b = (p1 + p2) * 0.5, c = (p2 + p3) * 0.5
        let d = (a + b) * 0.5, e = (b + c) * 0.5
        let m = (d + e) * 0.5
        cubic(p0, a, d, m, depth: depth + 1)
        cubic(m, e, c, p3, depth: depth + 1)
    }
}

@inline(__always) func pathCross(_ u: SIMD2<Double>, _ v: SIMD2<Double>) -> Double { u.x * v.y - u.y * v.x }
@inline(__always) func pathMin(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> SIMD2<Double> { SIMD2(min(a.x, b.x), min(a.y, b.y)) }
@inline(__always) func pathMax(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> SIMD2<Double> { SIMD2(max(a.x, b.x), max(a.y, b.y)) }
