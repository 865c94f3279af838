// The stroker: turns flattened contours into a fill-able outline (nonzero rule) of a pen of width w.
//
// Coordinate space: whatever space the contours are in (the path's user space for
// `copy(strokingWithWidth:…)`); the outline is in the same space. Numbers: Double.
//
// Shape of the outline, per contour (offset distance h = w/2, "left" = +90° from the travel direction):
// an open contour gives one loop — left side forward, end cap, left side of the reversed contour (the
// geometric right side), start cap; a closed contour gives two loops of opposite orientation (left side
// forward, left side of the reversed contour), so the nonzero rule fills exactly the ring between them.
// Inner corners use the intersection of the two offset lines when it lies within half of each adjacent
// segment, otherwise they route through the vertex itself (the "pivot"), which keeps every covered point
// within the pen's reach and every point the pen reaches covered. Vertices inside one curve element keep the
// outline round within `tolerance` whatever the user's join (the offset lines' meeting point while it strays
// at most half the tolerance outside, a round arc beyond that); element corners use the join style. Round
// caps, round joins and those arcs are area-exact chords (PathStrokeRoundArcs.swift), not cubics. Miter
// joins follow Core Graphics: the miter is drawn while miter length / line width = 1/sin(φ/2) ≤ miterLimit
// (φ the angle between the segments), otherwise the join is bevelled.
// Degenerate input: a lone move draws nothing; a zero-length subpath draws a dot of diameter w for round
// caps (as Core Graphics), an axis-aligned square of side w for square caps, nothing for butt caps;
// zero, negative or non-finite widths give an empty outline.
import Foundation
import QuartzMath

/// Pen parameters for stroking (Core Graphics' line width, cap, join and miter limit).
public struct PathStrokeStyle: Sendable, Equatable {
    public var lineWidth: Double
    public var lineCap: CGLineCap
    public var lineJoin: CGLineJoin
    public var miterLimit: Double

    /// Defaults are Core Graphics' context defaults: butt caps, miter joins, miter limit 10.
    public init(lineWidth: Double, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter, miterLimit: Double = 10) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
    }
}

package enum PathStroker {
    /// The tolerance `copy(strokingWithWidth:…)` flattens with, in user units: fine enough that the outline
    /// stays accurate when the result is later scaled up a few times.
    package static let defaultTolerance = 0.01

    /// The outline of `contours` stroked with `style`; curves inside contours stay within `tolerance` of the
    /// exact offset. Round caps and joins are chords with the exact area of their arcs, within `tolerance`
    /// of the circle.
    package static func outline(of contours: [FlattenedPathContour], style: PathStrokeStyle, tolerance: Double) -> PathGeometry {
        var builder = PathOutlineBuilder(style: style, tolerance: tolerance, output: PathOutlineBuffer())
        guard builder.strokeAll(contours) else { return PathGeometry() }
        return builder.output.geometry
    }
}

extension PathGeometry {
    /// Flattens with `tolerance` (local units) and strokes the result.
    package func strokeOutline(style: PathStrokeStyle, tolerance: Double = PathStroker.defaultTolerance) -> PathGeometry {
        PathStroker.outline(of: flattenedContours(tolerance: tolerance), style: style, tolerance: tolerance)
    }
}

extension CGPath {
    /// Apple's `copy(strokingWithWidth:lineCap:lineJoin:miterLimit:transform:)`: the area a solid stroke
    /// would paint, as a path to fill with the nonzero rule; `transform` maps the finished outline.
    public func copy(
        strokingWithWidth lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin, miterLimit: CGFloat,
        transform: CGAffineTransform = .identity
    ) -> CGPath {
        let style = PathStrokeStyle(lineWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit)
        return CGPath(geometry: storage.strokeOutline(style: style).applying(transform))
    }
}

/// Builds the outline of one contour at a time into `output`. The vertices, directions and lengths live in
/// a scratch reused by every contour of one outline (each contour only clears it).
struct PathOutlineBuilder<Output: PathOutlineOutput> {
    let style: PathStrokeStyle
    let halfWidth: Double
    let tolerance: Double
    var output: Output
    /// The largest chord angle of round parts and the round cap's chords, computed once per outline.
    let arcMaximumStep: Double
    let capChords: PathStrokeArcChords?
    /// A smooth vertex's outer side takes the offset lines' meeting point while h·(1/cos(θ/2) − 1) ≤ the arc
    /// tolerance t, i.e. cos(θ/2) ≥ h/(h + t), i.e. cos θ = 2cos²(θ/2) − 1 ≥ this limit (no root or division
    /// per vertex; the two forms differ only in the last bits of the threshold).
    let smoothDotLimit: Double
    /// One contour's vertices, smooth flags, directions and lengths (PathContourScratch.swift); cleared, not
    /// reallocated, per contour. Only this builder (and its copies, which are never used side by side) uses it.
    let scratch = PathContourScratch()

    init(style: PathStrokeStyle, tolerance: Double, output: Output) {
        self.style = style
        self.output = output
        halfWidth = style.lineWidth.isNaN ? 0 : style.lineWidth / 2
        self.tolerance = tolerance.isFinite && tolerance > 0 ? tolerance : PathStroker.defaultTolerance
        arcMaximumStep = PathStrokeArcChords.maximumStep(radius: halfWidth, tolerance: self.tolerance / 2)
        capChords = PathStrokeArcChords(radius: halfWidth, sweep: -.pi, maximumStep: arcMaximumStep)
        let cosHalfLimit = halfWidth / (halfWidth + self.tolerance / 2)
        smoothDotLimit = 2 * cosHalfLimit * cosHalfLimit - 1
    }

    /// Strokes every contour into `output`; false (nothing written) when the width draws nothing.
    mutating func strokeAll(_ contours: [FlattenedPathContour]) -> Bool {
        guard halfWidth > 0, halfWidth.isFinite else { return false }
        // Each side takes about one element per vertex, plus caps and round joins: reserve once.
        var estimate = 0
        for contour in contours { estimate += 2 * contour.points.count + 24 }
        output.reserveCapacity(min(estimate, 1 << 20))
        for contour in contours { stroke(contour) }
        return true
    }

    // MARK: Output helpers

    @inline(__always) mutating func moveTo(_ p: SIMD2<Double>) { output.move(p) }

    @inline(__always) mutating func lineTo(_ p: SIMD2<Double>) { output.line(p) }

    /// The left normal of unit direction `d`, scaled to the half width.
    @inline(__always) func normal(_ d: SIMD2<Double>) -> SIMD2<Double> { SIMD2(-d.y, d.x) * halfWidth }

    // MARK: Contours

    mutating func stroke(_ contour: FlattenedPathContour) {
        // A lone move draws nothing (Core Graphics skips subpaths with no segment).
        if contour.points.count == 1 && !contour.isClosed { return }
        beginContour(reserving: contour.points.count)
        let source = contour.points, flags = contour.isSmooth
        for i in source.indices { addContourPoint(source[i], smooth: flags[i]) }
        finishContour(closed: contour.isClosed)
    }

    /// Starts a contour in the scratch (`stroke` above, or a flattener feeding points as it makes them).
    mutating func beginContour(reserving count: Int) {
        scratch.reset(reserving: count)
    }

    /// Takes the contour's next flattened point, dropping repeated points (a vertex stays a corner if either
    /// copy was one).
    @inline(__always)
    mutating func addContourPoint(_ p: SIMD2<Double>, smooth flag: Bool) {
        let epsilon = halfWidth * 1e-9
        let count = scratch.count
        var length = 0.0
        if count > 0 {
            length = pathDistance(scratch.points[count - 1], p)
            if length <= epsilon {
                scratch.smooth[count - 1] = scratch.smooth[count - 1] && flag
                return
            }
        }
        scratch.append(p, smooth: flag, distanceFromLast: length)
    }

    /// `addContourPoint(p, smooth: true)` for the interior points of a cubic (the table's weights `count`
    /// times), on the scratch's lanes held in locals: no capacity test, and no reload of the class's fields,
    /// per point. A smooth point that repeats the last one leaves its flag as it is (flag && true).
    mutating func addSmoothCurvePoints(
        cubic p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>,
        weights: UnsafePointer<SIMD4<Double>>, count: Int
    ) {
        let work = scratch
        work.reserve(extra: count)
        let points = work.points, smooth = work.smooth, lengths = work.lengths
        let epsilon = halfWidth * 1e-9
        var kept = work.count
        for i in 0..<count {
            let p = PathCubicWeights.point(weights[i], p0, p1, p2, p3)
            if kept > 0 {
                let length = pathDistance(points[kept - 1], p)
                if length <= epsilon { continue }
                lengths[kept - 1] = length
            }
            points[kept] = p
            smooth[kept] = true
            kept += 1
        }
        work.setCount(kept)
    }

    /// Strokes the contour collected since `beginContour` (at least one point was added: a lone move of an
    /// open contour is the caller's to skip).
    mutating func finishContour(closed: Bool) {
        let work = scratch
        if closed, work.count > 1, pathDistance(work.points[0], work.points[work.count - 1]) <= halfWidth * 1e-9 {
            work.removeLast()
        }
        guard work.count > 0 else { return }
        if closed { work.smooth[0] = false }
        if work.count == 1 {
            dot(at: work.points[0])
            return
        }
        work.fillDirections(closed: closed)
        if closed {
            closedSides(work.count, work.points, work.smooth, work.directions, work.lengths, work.mirrors)
        } else {
            openOutline(work.count, work.points, work.smooth, work.directions, work.lengths, work.mirrors)
        }
    }

    /// Zero-length subpath: round caps draw a disc, square caps an axis-aligned square, butt caps nothing.
    private mutating func dot(at p: SIMD2<Double>) {
        let h = halfWidth
        switch style.lineCap {
        case .butt: return
        case .round:
            roundDot(center: p)
        case .square:
            // PathGeometry.appendRect's corners and order.
            let r = CGRect(x: p.x - h, y: p.y - h, width: 2 * h, height: 2 * h).standardized
            guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return }
            output.move(SIMD2(r.minX, r.minY))
            output.lineAlways(SIMD2(r.maxX, r.minY))
            output.lineAlways(SIMD2(r.maxX, r.maxY))
            output.lineAlways(SIMD2(r.minX, r.maxY))
            output.close()
        }
    }

    /// The loop of an open contour of `n` ≥ 2 vertices (the scratch's lanes: `n` points and flags, `n − 1`
    /// directions and lengths; `mirrors` takes the first side's answers for the second).
    private mutating func openOutline(
        _ n: Int, _ points: UnsafePointer<SIMD2<Double>>, _ smooth: UnsafePointer<Bool>,
        _ dirs: UnsafePointer<SIMD2<Double>>, _ lengths: UnsafePointer<Double>,
        _ mirrors: UnsafeMutablePointer<SIMD2<Double>>
    ) {
        moveTo(points[0] + normal(dirs[0]))
        for i in 1..<(n - 1) {
            mirrors[i] = join(at: points[i], incoming: dirs[i - 1], outgoing: dirs[i], lengthIn: lengths[i - 1], lengthOut: lengths[i], smooth: smooth[i])
        }
        lineTo(points[n - 1] + normal(dirs[n - 2]))
        cap(at: points[n - 1], direction: dirs[n - 2])
        // Back along the other side: the reversed contour's left side.
        lineTo(points[n - 1] - normal(dirs[n - 2]))
        for i in stride(from: n - 2, to: 0, by: -1) {
            secondSideJoin(mirrors[i], at: points[i], incoming: -dirs[i], outgoing: -dirs[i - 1], lengthIn: lengths[i],
                           lengthOut: lengths[i - 1], smooth: smooth[i])
        }
        lineTo(points[0] - normal(dirs[0]))
        cap(at: points[0], direction: -dirs[0])
        output.close()
    }

    /// The second side's join at `v`: the point the first side already worked out for it (`mirror`, from `join`)
    /// when that is a single point, else the join itself (NaN, never equal to itself, marks the other cases).
    @inline(__always)
    private mutating func secondSideJoin(
        _ mirror: SIMD2<Double>, at v: SIMD2<Double>, incoming a: SIMD2<Double>, outgoing b: SIMD2<Double>,
        lengthIn: Double, lengthOut: Double, smooth: Bool
    ) {
        if mirror.x == mirror.x {
            lineTo(mirror)
        } else {
            join(at: v, incoming: a, outgoing: b, lengthIn: lengthIn, lengthOut: lengthOut, smooth: smooth)
        }
    }

    /// The two loops of a closed contour: its left side, then the left side of the reversed contour. The
    /// reversed contour's vertex j is vertex n−1−j, and its segment j is segment (2n−2−j) mod n travelled
    /// backwards: the negated direction (exactly: negation and the distance are sign-symmetric).
    /// The second loop's vertex n−1−v(i) is the first loop's vertex w with incoming −dirs[w] and outgoing
    /// −dirs[w − 1] (mod n), the lengths swapped: the join the first loop mirrored into `mirrors[w]`.
    private mutating func closedSides(
        _ n: Int, _ points: UnsafePointer<SIMD2<Double>>, _ smooth: UnsafePointer<Bool>,
        _ dirs: UnsafePointer<SIMD2<Double>>, _ lengths: UnsafePointer<Double>,
        _ mirrors: UnsafeMutablePointer<SIMD2<Double>>
    ) {
        moveTo(points[0] + normal(dirs[0]))
        for i in 1...n {
            let v = i == n ? 0 : i
            mirrors[v] = join(at: points[v], incoming: dirs[i - 1], outgoing: dirs[v], lengthIn: lengths[i - 1], lengthOut: lengths[v], smooth: smooth[v])
        }
        output.close()
        @inline(__always) func segment(_ j: Int) -> Int { (2 * n - 2 - j) % n }
        moveTo(points[n - 1] + normal(-dirs[segment(0)]))
        for i in 1...n {
            let v = i == n ? 0 : i
            let sIn = segment(i - 1), sOut = segment(v)
            secondSideJoin(mirrors[n - 1 - v], at: points[n - 1 - v], incoming: -dirs[sIn], outgoing: -dirs[sOut],
                           lengthIn: lengths[sIn], lengthOut: lengths[sOut], smooth: smooth[n - 1 - v])
        }
        output.close()
    }
}
