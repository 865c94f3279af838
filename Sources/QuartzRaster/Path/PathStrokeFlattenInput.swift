// Stroking a path as it is flattened: the flattener's points go straight into the stroker's contour scratch,
// with no array of flattened contours (two arrays per subpath) in between.
//
// Coordinate space: the path's own (user) space; the stroker's output maps it onward (PathOutlineEdgeOutput).
// Numbers: Double.
//
// Same outline, call for call, as `PathStroker.outline(of: path.flattenedContours(tolerance:), …)`: the walker
// is the same (same points, same smooth flags), the visitor below ends a contour exactly where
// PathContourCollector would (at the next begin, at a close, at the end of the walk), and the builder strokes
// it through the same steps as `PathOutlineBuilder.stroke(_:)` (PathStrokeFlattenInputTests compares them).
// Only usable without dashing or trimming: those need whole contours (PathDashing.selectsEverything).
import Foundation
import QuartzMath

/// Feeds flattened points into a PathOutlineBuilder's contour scratch and strokes each finished contour.
struct PathStrokeFlattenVisitor<Output: PathOutlineOutput>: PathFlattenVisitor {
    var builder: PathOutlineBuilder<Output>
    /// Points of the current contour as flattened (before repeated points are dropped); 0 when none is open.
    private var rawCount = 0
    /// Room reserved in the scratch per contour: a hint only.
    private let reserve: Int

    init(builder: PathOutlineBuilder<Output>, reserve: Int) {
        self.builder = builder
        self.reserve = reserve
    }

    mutating func begin(_ p: SIMD2<Double>) {
        finish(closed: false)
        builder.beginContour(reserving: reserve)
        builder.addContourPoint(p, smooth: false)
        rawCount = 1
    }

    @inline(__always)
    mutating func line(_ p: SIMD2<Double>, smooth: Bool) {
        builder.addContourPoint(p, smooth: smooth)
        rawCount += 1
    }

    mutating func close() { finish(closed: true) }

    /// A cubic's interior points skip the walker's finiteness test when every control point is below 2^1000
    /// in magnitude (|v| < limit is false for NaN and infinities): each point is a sum of four products of
    /// those with weights in [0, 1], so it is finite too, and the walker would pass it on unchanged (no
    /// mapping here).
    @inline(__always)
    func curveStaysInside(_ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>) -> Bool {
        let limit = 0x1p1000
        return abs(p0.x) < limit && abs(p0.y) < limit && abs(p1.x) < limit && abs(p1.y) < limit
            && abs(p2.x) < limit && abs(p2.y) < limit && abs(p3.x) < limit && abs(p3.y) < limit
    }

    /// The walker's `line(p, smooth: true)` for a finite interior point (a quadratic's).
    mutating func lineInside(_ p: SIMD2<Double>) { line(p, smooth: true) }

    /// The interior points of a cubic `curveStaysInside` accepted, straight into the builder's scratch.
    mutating func linesInside(
        cubic p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>,
        weights: UnsafePointer<SIMD4<Double>>, count: Int
    ) {
        builder.addSmoothCurvePoints(cubic: p0, p1, p2, p3, weights: weights, count: count)
        rawCount += count
    }

    /// Strokes the open contour, if any (PathContourCollector.finish, then PathOutlineBuilder.stroke).
    mutating func finish(closed: Bool) {
        defer { rawCount = 0 }
        // A lone move draws nothing (PathOutlineBuilder.stroke's first rule).
        if rawCount == 0 || (rawCount == 1 && !closed) { return }
        builder.finishContour(closed: closed)
    }
}

extension PathStroker {
    /// Flattens `path` with `tolerance` (its own units), strokes it with `style` and sends the outline, mapped by
    /// `transform`, into `edges`: the same edges and box as
    /// `outline(of: path.flattenedContours(tolerance: tolerance), style:tolerance:transform:into:)`.
    /// `controlPointBounds`, when given, must be `path.controlPointBounds` (a caller that has it saves a pass).
    package static func outline(
        flattening path: PathGeometry, style: PathStrokeStyle, tolerance: Double,
        transform: CGAffineTransform, into edges: inout FillEdgeBuilder, controlPointBounds: CGRect? = nil
    ) -> PathOutlineDeviceBounds {
        // A width that draws nothing sends nothing (PathOutlineBuilder.strokeAll's guard), flattening included.
        let halfWidth = style.lineWidth.isNaN ? 0 : style.lineWidth / 2
        guard halfWidth > 0, halfWidth.isFinite else { return PathOutlineDeviceBounds() }
        // Hints only: a curve element flattens to a handful of points (more at larger scales), each giving about
        // two edges; a short estimate costs a regrowth and two copies of the edges.
        let elements = path.points.count
        return edges.withEdgeWriter(initialCapacity: min(elements * 24 + 64, 1 << 15)) { writer in
            var output = PathOutlineEdgeOutput(edges: writer, transform: transform)
            // The builder's own tolerance (PathOutlineBuilder.init) bounds its round parts.
            let strokeTolerance = tolerance.isFinite && tolerance > 0 ? tolerance : PathStroker.defaultTolerance
            if let reach = PathOutlineReach.reach(halfWidth: halfWidth, style: style, tolerance: strokeTolerance) {
                output.pointsHoldInside = PathOutlineReach.outlineHoldsInside(
                    box: controlPointBounds ?? path.controlPointBounds, halfWidth: halfWidth, reach: reach,
                    transform: transform, sink: writer)
            }
            let builder = PathOutlineBuilder(style: style, tolerance: tolerance, output: output)
            var visitor = PathStrokeFlattenVisitor(builder: builder, reserve: min(elements * 4 + 16, 1 << 12))
            var walker = PathFlattenWalker(tolerance: tolerance, transform: .identity, mapping: nil)
            walker.walk(path, into: &visitor)
            visitor.finish(closed: false)
            writer = visitor.builder.output.edges
            return visitor.builder.output.bounds
        }
    }
}
