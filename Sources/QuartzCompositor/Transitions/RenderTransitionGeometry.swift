// Convex polygons and masks for the transitions drawn from shapes (curl, bars, swipes).
//
// Spaces: polygons are in the transitioning layer's bounds space (points, y down as the layer's own space);
// the items made from them carry the layer's local → device matrix, so masks land where the layer does.
// Numbers are Doubles; a polygon is a list of vertices in order, implicitly closed.
import Foundation
import QuartzMath
import QuartzRaster

/// A convex polygon in a layer's bounds space.
struct TransitionPolygon: Sendable, Equatable {
    var points: [SIMD2<Double>]

    init(_ points: [SIMD2<Double>]) { self.points = points }

    init(rect r: CGRect) {
        let x0 = Double(r.minX), y0 = Double(r.minY), x1 = Double(r.maxX), y1 = Double(r.maxY)
        points = [SIMD2(x0, y0), SIMD2(x1, y0), SIMD2(x1, y1), SIMD2(x0, y1)]
    }

    /// At least three vertices (an empty or degenerate clip result has fewer).
    var isEmpty: Bool { points.count < 3 }

    /// The part where `p · normal ≥ offset` (Sutherland–Hodgman against one half-plane).
    func clipped(keeping normal: SIMD2<Double>, atLeast offset: Double) -> TransitionPolygon {
        guard !points.isEmpty else { return self }
        var out: [SIMD2<Double>] = []
        out.reserveCapacity(points.count + 1)
        var previous = points[points.count - 1]
        var previousSide = (previous * normal).sum() - offset
        for point in points {
            let side = (point * normal).sum() - offset
            if (side >= 0) != (previousSide >= 0) {
                let t = previousSide / (previousSide - side)
                out.append(previous + (point - previous) * t)
            }
            if side >= 0 { out.append(point) }
            previous = point
            previousSide = side
        }
        return TransitionPolygon(out)
    }

    /// The part inside the axis-aligned rectangle `r`.
    func clipped(to r: CGRect) -> TransitionPolygon {
        clipped(keeping: SIMD2(1, 0), atLeast: Double(r.minX))
            .clipped(keeping: SIMD2(-1, 0), atLeast: -Double(r.maxX))
            .clipped(keeping: SIMD2(0, 1), atLeast: Double(r.minY))
            .clipped(keeping: SIMD2(0, -1), atLeast: -Double(r.maxY))
    }

    func mapped(_ f: (SIMD2<Double>) -> SIMD2<Double>) -> TransitionPolygon { TransitionPolygon(points.map(f)) }

    /// The polygons as one closed path (subpaths of one fill, so shared edges leave no seam).
    static func path(_ polygons: [TransitionPolygon]) -> PathGeometry {
        var path = PathGeometry()
        for polygon in polygons where !polygon.isEmpty {
            path.move(to: CGPoint(x: polygon.points[0].x, y: polygon.points[0].y))
            for p in polygon.points.dropFirst() { path.addLine(to: CGPoint(x: p.x, y: p.y)) }
            path.closeSubpath()
        }
        return path
    }
}

extension LayerSpace {
    /// The bounds grown by their larger side on every edge: big enough to stand for "everywhere" around
    /// the layer's content for a half-plane mask, small enough to stay finite under any matrix.
    var surroundings: CGRect {
        let grow = max(bounds.width, bounds.height)
        return bounds.insetBy(dx: -grow, dy: -grow)
    }

    /// A fill of `polygons` in `color` under the layer's matrix.
    func fill(_ polygons: [TransitionPolygon], color: CGColor = CGColor(gray: 1, alpha: 1), opacity: Double = 1)
        -> RenderNode {
        .item(RenderItem(
            transform: world, content: .shapeFill(TransitionPolygon.path(polygons), fillRule: .winding, color: color),
            opacity: opacity))
    }

    /// An axial gradient over `rect` from `from` (at `start`, bounds space) to `to` (at `end`), extended past
    /// both ends like CAGradientLayer's; `locations` nil spreads the colours evenly.
    func gradient(
        _ colors: [CGColor], locations: [Double]? = nil, from start: SIMD2<Double>, to end: SIMD2<Double>,
        over rect: CGRect, blendMode: CGBlendMode = .normal
    ) -> RenderNode? {
        let w = Double(rect.width), h = Double(rect.height)
        guard w > 0, h > 0 else { return nil }
        func unit(_ p: SIMD2<Double>) -> CGPoint {
            CGPoint(x: (p.x - Double(rect.minX)) / w, y: (p.y - Double(rect.minY)) / h)
        }
        guard let g = RenderGradient(colors: colors, locations: locations, startPoint: unit(start), endPoint: unit(end), rect: rect)
        else { return nil }
        return .item(RenderItem(transform: world, content: .gradient(g), blendMode: blendMode))
    }

    /// True when the bounds are finite with a positive area (the shape-based transitions need them).
    var hasArea: Bool {
        let b = bounds
        return b.width > 0 && b.height > 0 && [b.minX, b.minY, b.width, b.height].allSatisfy { Double($0).isFinite }
    }
}
