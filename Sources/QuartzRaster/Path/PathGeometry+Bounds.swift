// Bounding boxes of a path in its own user space: the control-point box (Apple's `boundingBox`) and the
// tight box of the curves themselves (Apple's `boundingBoxOfPath`). Numbers: CGFloat (Double).
import Foundation

extension PathGeometry {
    /// The smallest rectangle containing every point of every element, control points included;
    /// `CGRect.null` for an empty path (as Core Graphics).
    package var controlPointBounds: CGRect {
        var box = PathBoundsAccumulator()
        for p in points { box.add(p.x, p.y) }
        return box.rect
    }

    /// The smallest rectangle containing the path's curves and lines (curve extrema solved exactly);
    /// `CGRect.null` for an empty path.
    package var tightBounds: CGRect {
        var box = PathBoundsAccumulator()
        var last = CGPoint.zero
        var start = CGPoint.zero
        forEachElement { element in
            switch element {
            case .moveTo(let p):
                box.add(p.x, p.y); last = p; start = p
            case .lineTo(let p):
                box.add(p.x, p.y); last = p
            case .quadCurveTo(let c, let e):
                box.add(e.x, e.y)
                for t in pathQuadExtrema(last.x, c.x, e.x) + pathQuadExtrema(last.y, c.y, e.y) {
                    let u = 1 - t
                    box.add(u * u * last.x + 2 * u * t * c.x + t * t * e.x, u * u * last.y + 2 * u * t * c.y + t * t * e.y)
                }
                last = e
            case .curveTo(let c1, let c2, let e):
                box.add(e.x, e.y)
                for t in pathCubicExtrema(last.x, c1.x, c2.x, e.x) + pathCubicExtrema(last.y, c1.y, c2.y, e.y) {
                    let u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    box.add(a * last.x + b * c1.x + c * c2.x + d * e.x, a * last.y + b * c1.y + c * c2.y + d * e.y)
                }
                last = e
            case .closeSubpath:
                last = start
            }
        }
        return box.rect
    }
}

/// Running min/max that ignores NaN coordinates.
struct PathBoundsAccumulator {
    var minX = Double.infinity, minY = Double.infinity
    var maxX = -Double.infinity, maxY = -Double.infinity

    mutating func add(_ x: Double, _ y: Double) {
        if x < minX { minX = x }
        if x > maxX { maxX = x }
        if y < minY { minY = y }
        if y > maxY { maxY = y }
    }

    var rect: CGRect {
        guard minX <= maxX, minY <= maxY else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

/// Parameters in (0, 1) where the derivative of a 1-D quadratic Bézier vanishes.
func pathQuadExtrema(_ p0: Double, _ p1: Double, _ p2: Double) -> [Double] {
    let denominator = p0 - 2 * p1 + p2
    guard denominator != 0 else { return [] }
    let t = (p0 - p1) / denominator
    return t > 0 && t < 1 ? [t] : []
}

/// Parameters in (0, 1) where the derivative of a 1-D cubic Bézier vanishes (roots of a quadratic).
func pathCubicExtrema(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> [Double] {
    // B'(t)/3 = a t² + b t + c with the coefficients below.
    let a = -p0 + 3 * p1 - 3 * p2 + p3
    let b = 2 * (p0 - 2 * p1 + p2)
    let c = p1 - p0
    var roots: [Double] = []
    let scale = max(abs(a), abs(b), abs(c))
    guard scale > 0, scale.isFinite else { return [] }
    if abs(a) <= 1e-12 * scale {
        if b != 0 { roots.append(-c / b) }
    } else {
        let discriminant = b * b - 4 * a * c
        if discriminant >= 0 {
            let root = discriminant.squareRoot()
            // Numerically stable pair: q = -(b + sign(b)·√D)/2, roots q/a and c/q.
            let q = -0.5 * (b + (b >= 0 ? root : -root))
            roots.append(q / a)
            if q != 0 { roots.append(c / q) }
        }
    }
    return roots.filter { $0 > 0 && $0 < 1 }
}
