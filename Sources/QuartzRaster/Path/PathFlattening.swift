// Flattening: curves become polylines whose distance from the true curve is at most `tolerance`.
//
// Coordinate spaces: with an affine `transform` the control points are mapped first (exact for Béziers) and
// the tolerance is in the target (device) units; with a general `mapping` (e.g. a 4x4 projection) the path is
// flattened in its own space with the tolerance in local units and every resulting point is then mapped.
// Numbers: Double throughout.
//
// Error bound (Wang's formula): splitting a curve uniformly in parameter into n pieces keeps the chord
// polyline within max|B''|/(8n²) of the curve, and every emitted point lies on the curve. For a quadratic
// |B''| = 2|p0 − 2p1 + p2|; for a cubic |B''| ≤ 6·max(|p0 − 2p1 + p2|, |p1 − 2p2 + p3|). So
// n = ⌈√(|d|/(4·tol))⌉ (quadratic) and n = ⌈√(3·max|dᵢ|/(4·tol))⌉ (cubic), capped at
// `PathFlattening.maximumSegmentsPerCurve` so huge coordinates (1e30) cannot stall; beyond the cap the
// bound no longer holds, which only happens for curves millions of tolerances long.
//
// Why uniform steps, although Wang's bound is loose (most chords stray far less than `tolerance`): chords
// placed adaptively, each checked to stray just under 0.2 px, took a third fewer edges on the peer scene c
// (29 K against 45 K at 1080p) but moved the renders away from the Skia reference past the peer quality bar
// (Benchmarks/peers/README.md, "Agreement with Skia and the quality bar"; c: 2.09 % of pixels off by more
// than 8/255 against 1.68 %). They matched the uniform chords' agreement only at about 0.1 px, with nearly
// as many edges and a dearer flattener (Benchmarks/RESULTS.md). Chords with their inner points pushed outward
// by half the local sagitta held the agreement for fills at 0.3 px, but the per-point push cost more than the
// 18 % fewer edges saved (c 2.6–4.4 % slower): the frame time of c and d falls only about 0.3 % per 1 % fewer
// edges (0.2 → 0.3 px, uniform: 5–7 %).
//
// Non-finite points (NaN, ±infinity) are dropped here: a segment to such a point is skipped and the next
// finite point continues the contour; a subpath whose move point is not finite starts at its first finite
// point. Sinks therefore only ever see finite coordinates (they may still be huge).
import Foundation
import QuartzMath

/// Flattening parameters shared by every entry point.
@usableFromInline package enum PathFlattening {
    /// The default device-space tolerance: 0.2 px keeps polylines visually identical to the curves under
    /// anti-aliasing while keeping segment counts small.
    @usableFromInline package static let defaultDeviceTolerance = 0.2
    /// The most line segments one curve element may produce.
    @usableFromInline package static let maximumSegmentsPerCurve = 4096
    /// Tolerances below this are raised to it (a zero or negative tolerance would ask for infinitely many segments).
    @usableFromInline package static let minimumTolerance = 1e-9

    /// Segment count for a quadratic with second difference `d` (see the file header).
    @inlinable static func quadSegmentCount(_ d: SIMD2<Double>, tolerance: Double) -> Int {
        let dd = (d * d).sum().squareRoot()
        return segmentCount(sqrtArgument: dd / (4 * tolerance))
    }

    /// Segment count for a cubic with second differences `d1`, `d2`.
    @inlinable static func cubicSegmentCount(_ d1: SIMD2<Double>, _ d2: SIMD2<Double>, tolerance: Double) -> Int {
        let m = max((d1 * d1).sum(), (d2 * d2).sum()).squareRoot()
        return segmentCount(sqrtArgument: 3 * m / (4 * tolerance))
    }

    @inlinable static func segmentCount(sqrtArgument x: Double) -> Int {
        guard x.isFinite else { return x.isNaN ? 1 : maximumSegmentsPerCurve }
        let n = x.squareRoot().rounded(.up)
        return n < 1 ? 1 : (n >= Double(maximumSegmentsPerCurve) ? maximumSegmentsPerCurve : Int(n))
    }
}

/// A flattened subpath in the path's own space (or the space a transform mapped it to).
package struct FlattenedPathContour: Sendable, Equatable {
    /// The polyline's vertices in order. A contour from a lone `moveTo` has one point and is not closed;
    /// a zero-length segment gives two equal points.
    package var points: [SIMD2<Double>]
    /// True when the subpath ended with `closeSubpath` (the closing segment back to `points[0]` is implied).
    package var isClosed: Bool
    /// Parallel to `points`: true for vertices inside one curve element (where the stroker must keep the
    /// outline smooth), false at element boundaries (where the line join applies).
    package private(set) var isSmooth: [Bool]

    package init(points: [SIMD2<Double>], isClosed: Bool, isSmooth: [Bool]? = nil) {
        self.points = points
        self.isClosed = isClosed
        // A flag list of the wrong length is replaced (all corners) rather than trusted.
        if let isSmooth, isSmooth.count == points.count {
            self.isSmooth = isSmooth
        } else {
            self.isSmooth = Array(repeating: false, count: points.count)
        }
    }

    /// Total length, including the closing segment of a closed contour.
    package var length: Double {
        guard points.count > 1 else { return 0 }
        var total = 0.0
        for i in 1..<points.count { total += pathDistance(points[i - 1], points[i]) }
        if isClosed { total += pathDistance(points[points.count - 1], points[0]) }
        return total
    }
}

/// Receives flattened geometry from `PathFlattenWalker`.
@usableFromInline
protocol PathFlattenVisitor {
    mutating func begin(_ p: SIMD2<Double>)
    mutating func line(_ p: SIMD2<Double>, smooth: Bool)
    mutating func close()
    /// True when the interior points of a curve with these (mapped) control points, continuing an open
    /// contour, may go to `lineInside` instead of `line(_:smooth:)`: the visitor promises the same result for
    /// every point in their convex hull (up to rounding). Control points are passed as given (maybe NaN).
    func curveStaysInside(_ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>) -> Bool
    /// A smooth interior point of a curve `curveStaysInside` accepted (finite, by that promise).
    mutating func lineInside(_ p: SIMD2<Double>)
    /// The interior points of a cubic `curveStaysInside` accepted, `lineInside` for each in order: the point
    /// at weights `w` (a row of PathCubicWeights, `count` entries) is w.x·p0 + w.y·p1 + w.z·p2 + w.w·p3.
    mutating func linesInside(
        cubic p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>,
        weights: UnsafePointer<SIMD4<Double>>, count: Int)
}

extension PathFlattenVisitor {
    @inlinable @inline(__always)
    func curveStaysInside(_ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>) -> Bool {
        false
    }

    @inlinable @inline(__always)
    mutating func lineInside(_ p: SIMD2<Double>) { line(p, smooth: true) }

    @inlinable @inline(__always)
    mutating func linesInside(
        cubic p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>,
        weights: UnsafePointer<SIMD4<Double>>, count: Int
    ) {
        for i in 0..<count { lineInside(PathCubicWeights.point(weights[i], p0, p1, p2, p3)) }
    }
}

/// Walks a path's elements and emits finite polyline points (the rules are in the file header). The walker
/// is not generic over the visitor: the visitor comes in as an `inout` generic argument instead, so code that
/// runs unspecialized reads the walker's fields at fixed offsets rather than looking up generic type metadata
/// for every point. It is inlinable so that the package `flatten(into:…)` specializes in the caller's module:
/// the sink's `line(to:)` is then a direct call (often inlined) instead of two witness-table hops per point.
/// It reads the element arrays directly (no closure or element enum per element).
@usableFromInline
struct PathFlattenWalker {
    @usableFromInline let tolerance: Double
    @usableFromInline let transform: CGAffineTransform
    @usableFromInline let mapping: ((SIMD2<Double>) -> SIMD2<Double>)?
    @usableFromInline var contourOpen = false
    @usableFromInline var last = SIMD2<Double>(0, 0)
    @usableFromInline var start = SIMD2<Double>(0, 0)
    @usableFromInline var afterClose = false
    /// PathCubicWeights.table, read once per walk rather than through its lazy global per curve.
    @usableFromInline let cubicWeights: UnsafePointer<SIMD4<Double>>

    @inlinable
    init(tolerance: Double, transform: CGAffineTransform, mapping: ((SIMD2<Double>) -> SIMD2<Double>)?) {
        self.tolerance = tolerance.isNaN ? PathFlattening.defaultDeviceTolerance : max(tolerance, PathFlattening.minimumTolerance)
        self.transform = transform
        self.mapping = mapping
        cubicWeights = PathCubicWeights.table
    }

    @inlinable @inline(__always)
    func map(_ p: CGPoint) -> SIMD2<Double> {
        let t = transform
        return SIMD2(t.a * p.x + t.c * p.y + t.tx, t.b * p.x + t.d * p.y + t.ty)
    }

    @inlinable @inline(__always)
    mutating func emit<Visitor: PathFlattenVisitor>(_ p: SIMD2<Double>, smooth: Bool, _ visitor: inout Visitor) {
        let q = mapping.map { $0(p) } ?? p
        guard q.x.isFinite, q.y.isFinite else { return }
        if contourOpen {
            visitor.line(q, smooth: smooth)
        } else {
            visitor.begin(q)
            contourOpen = true
        }
    }

    /// After a close, a drawing element without a move starts a new contour at the subpath's start.
    @inlinable @inline(__always)
    mutating func restartIfNeeded<Visitor: PathFlattenVisitor>(_ visitor: inout Visitor) {
        if afterClose {
            emit(start, smooth: false, &visitor)
            afterClose = false
        }
    }

    @inlinable
    mutating func walk<Visitor: PathFlattenVisitor>(_ geometry: PathGeometry, into visitor: inout Visitor) {
        let types = geometry.elementTypes, points = geometry.points
        var index = 0
        for type in types {
            switch type {
            case .moveToPoint:
                contourOpen = false
                afterClose = false
                start = map(points[index])
                last = start
                emit(start, smooth: false, &visitor)
            case .addLineToPoint:
                restartIfNeeded(&visitor)
                last = map(points[index])
                emit(last, smooth: false, &visitor)
            case .addQuadCurveToPoint:
                restartIfNeeded(&visitor)
                let p0 = last, p1 = map(points[index]), p2 = map(points[index + 1])
                let n = PathFlattening.quadSegmentCount(p0 - 2 * p1 + p2, tolerance: tolerance)
                // Interior points inside the visitor's safe region skip emit's checks (their hull is inside).
                let inside = n > 1 && mapping == nil && contourOpen && visitor.curveStaysInside(p0, p1, p2, p2)
                for i in 1..<n {
                    let t = Double(i) / Double(n), u = 1 - t
                    let p = u * u * p0 + 2 * u * t * p1 + t * t * p2
                    if inside { visitor.lineInside(p) } else { emit(p, smooth: true, &visitor) }
                }
                emit(p2, smooth: false, &visitor)
                last = p2
            case .addCurveToPoint:
                restartIfNeeded(&visitor)
                let p0 = last, p1 = map(points[index]), p2 = map(points[index + 1]), p3 = map(points[index + 2])
                let n = PathFlattening.cubicSegmentCount(p0 - 2 * p1 + p2, p1 - 2 * p2 + p3, tolerance: tolerance)
                let inside = n > 1 && mapping == nil && contourOpen && visitor.curveStaysInside(p0, p1, p2, p3)
                @inline(__always) func interior(_ w: SIMD4<Double>) {
                    let p = PathCubicWeights.point(w, p0, p1, p2, p3)
                    if inside { visitor.lineInside(p) } else { emit(p, smooth: true, &visitor) }
                }
                // The weights at t = i/n come from the table (the same bits) for the usual counts.
                if n <= PathCubicWeights.maximumCount {
                    let row = PathCubicWeights.row(n, in: cubicWeights)
                    if inside {
                        visitor.linesInside(cubic: p0, p1, p2, p3, weights: row, count: n - 1)
                    } else {
                        for i in 0..<(n - 1) { interior(row[i]) }
                    }
                } else {
                    for i in 1..<n { interior(PathCubicWeights.weights(i, of: n)) }
                }
                emit(p3, smooth: false, &visitor)
                last = p3
            case .closeSubpath:
                if contourOpen { visitor.close() }
                contourOpen = false
                afterClose = true
                last = start
            }
            index += type.pointCount
        }
    }
}

/// Forwards flattened geometry to a `PolylineSink`.
@usableFromInline
struct PathSinkVisitor<Sink: PolylineSink>: PathFlattenVisitor {
    @usableFromInline var sink: Sink
    @inlinable init(sink: Sink) { self.sink = sink }
    @inlinable mutating func begin(_ p: SIMD2<Double>) { sink.move(to: p) }
    @inlinable mutating func line(_ p: SIMD2<Double>, smooth: Bool) { sink.line(to: p) }
    @inlinable mutating func close() { sink.closeContour() }
}

/// Collects flattened geometry into contours.
struct PathContourCollector: PathFlattenVisitor {
    var contours: [FlattenedPathContour] = []
    private var points: [SIMD2<Double>] = []
    private var smooth: [Bool] = []
    private var closed = false

    mutating func begin(_ p: SIMD2<Double>) {
        finish()
        // Room for a typical flattened subpath up front, instead of regrowing from one element.
        points.reserveCapacity(64)
        smooth.reserveCapacity(64)
        points.append(p)
        smooth.append(false)
    }

    mutating func line(_ p: SIMD2<Double>, smooth isSmooth: Bool) {
        points.append(p)
        smooth.append(isSmooth)
    }

    mutating func close() {
        closed = true
        finish()
    }

    mutating func finish() {
        if !points.isEmpty {
            contours.append(FlattenedPathContour(points: points, isClosed: closed, isSmooth: smooth))
        }
        points = []
        smooth = []
        closed = false
    }
}

extension PathGeometry {
    /// Flattens into `sink` in device space: points are mapped through `transform` first, and the polyline
    /// stays within `tolerance` device units of the curves.
    @inlinable
    package func flatten<Sink: PolylineSink>(
        into sink: inout Sink, transform: CGAffineTransform = .identity,
        tolerance: Double = PathFlattening.defaultDeviceTolerance
    ) {
        var walker = PathFlattenWalker(tolerance: tolerance, transform: transform, mapping: nil)
        var visitor = PathSinkVisitor(sink: sink)
        walker.walk(self, into: &visitor)
        sink = visitor.sink
    }

    /// Flattens in the path's own space with `tolerance` in local units, then sends every point through
    /// `mapping` (e.g. a 4x4 projection with the perspective divide) before it reaches `sink`.
    /// Mapped points that are not finite are dropped.
    package func flatten<Sink: PolylineSink>(
        into sink: inout Sink, localTolerance tolerance: Double, mapping: @escaping (SIMD2<Double>) -> SIMD2<Double>
    ) {
        var walker = PathFlattenWalker(tolerance: tolerance, transform: .identity, mapping: mapping)
        var visitor = PathSinkVisitor(sink: sink)
        walker.walk(self, into: &visitor)
        sink = visitor.sink
    }

    /// The flattened subpaths (after `transform`), each within `tolerance` of the true curves.
    package func flattenedContours(
        tolerance: Double, transform: CGAffineTransform = .identity
    ) -> [FlattenedPathContour] {
        var walker = PathFlattenWalker(tolerance: tolerance, transform: transform, mapping: nil)
        var collector = PathContourCollector()
        walker.walk(self, into: &collector)
        collector.finish()
        return collector.contours
    }
}

extension CGPath {
    /// Flattens into `sink` in device space (see `PathGeometry.flatten(into:transform:tolerance:)`).
    package func flatten<Sink: PolylineSink>(
        into sink: inout Sink, transform: CGAffineTransform = .identity,
        tolerance: Double = PathFlattening.defaultDeviceTolerance
    ) {
        storage.flatten(into: &sink, transform: transform, tolerance: tolerance)
    }

    /// The flattened subpaths (see `PathGeometry.flattenedContours(tolerance:transform:)`).
    package func flattenedContours(tolerance: Double, transform: CGAffineTransform = .identity) -> [FlattenedPathContour] {
        storage.flattenedContours(tolerance: tolerance, transform: transform)
    }
}

/// Euclidean distance between two points.
@inline(__always) func pathDistance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
    let d = b - a
    return (d * d).sum().squareRoot()
}
