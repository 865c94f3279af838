// Where a plane of a 3-D rendering context lies on the device, for ordering (LayerRenderDepthOrder.swift).
//
// Spaces: device XY are pixels; device depth Z is Z / W after the plane's full matrix, larger nearer (the
// flattened matrices keep z → z, so this is the depth in the space the context flattens into). The plane
// z = 0 of a layer's local space stays a plane there: Z = αX + βY + γ, unless it is seen edge-on. Its
// outline is the convex hull of the device corners of everything it draws (its items' local extents,
// clipped at the eye's near plane as the compositor clips them).
import Foundation
import QuartzMath
import QuartzRaster

/// A plane's device depth as a function of device position: Z = αX + βY + γ.
struct LayerDepthEquation: Sendable, Equatable {
    var alpha: Double
    var beta: Double
    var gamma: Double

    /// The plane z = 0 of `world`'s local space, or nil when it is seen edge-on or degenerate.
    /// Homogeneous device points of the plane are x·row1 + y·row2 + row4; the plane is the vector π
    /// orthogonal to those three rows (their generalised cross product), and π · (X, Y, Z, 1) = 0.
    init?(world m: CATransform3D) {
        let r1 = m.row1, r2 = m.row2, r4 = m.row4
        func minor(_ i: Int, _ j: Int, _ k: Int) -> Double {
            r1[i] * (r2[j] * r4[k] - r2[k] * r4[j]) - r1[j] * (r2[i] * r4[k] - r2[k] * r4[i])
                + r1[k] * (r2[i] * r4[j] - r2[j] * r4[i])
        }
        let p = minor(1, 2, 3), q = -minor(0, 2, 3), r = minor(0, 1, 3), s = -minor(0, 1, 2)
        let size = max(abs(p), abs(q), abs(r))
        guard p.isFinite, q.isFinite, r.isFinite, s.isFinite, size > 0, abs(r) > 1e-9 * size else { return nil }
        alpha = -p / r
        beta = -q / r
        gamma = -s / r
    }

    init(alpha: Double, beta: Double, gamma: Double) {
        self.alpha = alpha
        self.beta = beta
        self.gamma = gamma
    }

    @inline(__always)
    func depth(_ point: SIMD2<Double>) -> Double { alpha * point.x + beta * point.y + gamma }
}

/// A plane's place on the device: its depth equation and the outline of what it draws.
struct LayerDepthGeometry: Sendable {
    var equation: LayerDepthEquation
    /// Convex, counter-clockwise in device XY (y down), at least three points.
    var outline: [SIMD2<Double>]
    /// False when something it draws leaves the plane (a transition turning its content in 3-D): such a
    /// plane is ordered whole, never cut.
    var isFlat: Bool

    /// nil when the plane is edge-on, draws nothing in front of the eye, or covers no area.
    init?(world: CATransform3D, nodes: [RenderNode]) {
        guard let equation = LayerDepthEquation(world: world) else { return nil }
        var points: [SIMD4<Double>] = []
        Self.collectCorners(nodes, into: &points)
        var flat = true
        var xy: [SIMD2<Double>] = []
        xy.reserveCapacity(points.count)
        for p in points {
            let point = SIMD2(p.x, p.y)
            guard point.x.isFinite, point.y.isFinite else { continue }
            if !p.z.isNaN && !(abs(p.z - equation.depth(point)) <= 1e-6 * max(1, abs(p.z), abs(point.x), abs(point.y))) {
                flat = false
            }
            xy.append(point)
        }
        let hull = Self.convexHull(xy)
        guard hull.count >= 3 else { return nil }
        self.equation = equation
        outline = hull
        isFlat = flat
    }

    /// Device (X, Y, Z) of the corners of every item's extent, near-clipped, as (X, Y, Z, 1).
    static func collectCorners(_ nodes: [RenderNode], into points: inout [SIMD4<Double>]) {
        for node in nodes {
            switch node {
            case .item(let item):
                guard let rect = item.content.localExtent, item.transform.isFinite else { continue }
                clippedCorners(of: rect, item.transform, into: &points)
            case .group(let group):
                let start = points.count
                collectCorners(group.children, into: &points)
                // A group shadow repeats the group's outline at its offset, blurred.
                if let shadow = group.shadow, let s = CompositorPlan.deviceShadow(shadow) {
                    let reach = 3 * s.sigma + 1
                    for p in points[start...] {
                        for (dx, dy) in [(-reach, -reach), (reach, -reach), (reach, reach), (-reach, reach)] {
                            points.append(SIMD4(p.x + Double(s.dx) + dx, p.y + Double(s.dy) + dy, .nan, 1))
                        }
                    }
                }
            }
        }
    }

    /// The rectangle's corners through `m`, clipped against W ≥ ε · max|W| (Sutherland–Hodgman with one
    /// plane, in homogeneous space) and divided. Shadow corners added above carry no depth (NaN); they only
    /// widen the outline.
    static func clippedCorners(of rect: CGRect, _ m: CATransform3D, into points: inout [SIMD4<Double>]) {
        let r = rect.standardized
        let corners = [(r.minX, r.minY), (r.maxX, r.minY), (r.maxX, r.maxY), (r.minX, r.maxY)].map {
            m.homogeneousPoint(x: Double($0.0), y: Double($0.1))
        }
        let largest = corners.map { abs($0.w) }.max() ?? 0
        let near = largest.isFinite && largest > 0 ? largest * CompositorProjection.wEpsilon : CompositorProjection.wEpsilon
        @inline(__always) func emit(_ h: SIMD4<Double>) { points.append(SIMD4(h.x / h.w, h.y / h.w, h.z / h.w, 1)) }
        var previous = corners[3]
        for current in corners {
            let previousInside = previous.w >= near, currentInside = current.w >= near
            if previousInside != currentInside {
                let t = (near - previous.w) / (current.w - previous.w)
                var crossing = previous + (current - previous) * t
                crossing.w = near
                emit(crossing)
            }
            if currentInside { emit(current) }
            previous = current
        }
    }

    /// Andrew's monotone chain; counter-clockwise in a y-down frame means clockwise on screen, which does not
    /// matter: only convexity is used. Collinear points are dropped.
    static func convexHull(_ points: [SIMD2<Double>]) -> [SIMD2<Double>] {
        let sorted = points.sorted { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }
        guard sorted.count >= 3 else { return sorted }
        func cross(_ o: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
            (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        }
        var hull: [SIMD2<Double>] = []
        for p in sorted {
            while hull.count >= 2 && cross(hull[hull.count - 2], hull[hull.count - 1], p) <= 0 { hull.removeLast() }
            hull.append(p)
        }
        let lowerCount = hull.count + 1
        for p in sorted.reversed().dropFirst() {
            while hull.count >= lowerCount && cross(hull[hull.count - 2], hull[hull.count - 1], p) <= 0 { hull.removeLast() }
            hull.append(p)
        }
        hull.removeLast()
        return hull
    }
}

extension RenderContent {
    /// A local rectangle holding everything the item can cover (before anti-aliasing), nil when it draws
    /// nothing.
    var localExtent: CGRect? {
        let rect: CGRect
        switch self {
        case .solid(let shape, _), .border(let shape, _, _): rect = shape.rect
        case .image(let image): rect = image.placement.localRect
        case .shapeFill(let path, _, _): rect = path.isEmpty ? .null : path.controlPointBounds
        case .glyphs(let run): rect = run.bounds
        case .shapeStroke(let stroke, _):
            guard !stroke.path.isEmpty else { return nil }
            rect = stroke.path.controlPointBounds.insetBy(dx: -stroke.localReach, dy: -stroke.localReach)
        case .gradient(let gradient): rect = gradient.rect
        case .shadow(let shadow):
            let shape: CGRect
            switch shadow.shape {
            case .roundedRect(let r): shape = r.rect
            case .path(let path, _): shape = path.isEmpty ? .null : path.controlPointBounds
            }
            guard !shape.isNull, shadow.radius.isFinite else { return nil }
            let reach = 3 * PaintGaussianKernel.sigma(forShadowRadius: max(0, shadow.radius))
            rect = shape.offsetBy(dx: shadow.offset.width, dy: shadow.offset.height).insetBy(dx: -reach, dy: -reach)
        }
        let r = rect.standardized
        guard !r.isNull, Double(r.minX).isFinite, Double(r.minY).isFinite, Double(r.maxX).isFinite,
              Double(r.maxY).isFinite
        else { return nil }
        return r
    }
}

extension RenderStroke {
    /// How far the stroke can reach from its path, in local units: miter joins miterLimit · w/2, square caps
    /// √2 · w/2 (so at least 1.5 · w/2), plus one unit.
    var localReach: Double {
        guard style.lineWidth.isFinite, style.lineWidth > 0 else { return 0 }
        return style.lineWidth / 2 * max(style.miterLimit.isFinite ? style.miterLimit : 1, 1.5) + 1
    }
}
