// The stroker writing straight into the filler: outline points are mapped by an affine transform and fed to
// a FillEdgeBuilder as they are made, with no intermediate PathGeometry.
//
// Coordinate space: outline points arrive in the stroked contours' space (user space) and leave in device
// pixels (after `transform`). Numbers: Double.
//
// Same calls, same bits as building the outline (PathOutlineBuffer) and then flattening it with
// `PathGeometry.flatten(into:transform:tolerance:)`: the element rules are PathOutlineBuffer's (a line
// equal to the current point is skipped, a close right after a close adds nothing), the forwarding rules
// are PathFlattenWalker's (each point mapped with the same expression, non-finite mapped points dropped, a
// close only reaches the sink while its contour is open, a line after a close restarts at the subpath's
// start). The outline has no curves, so the flattening tolerance plays no part.
import Foundation
import QuartzMath

/// The bounding box of the device points a stroke outline sent to its edge builder.
package struct PathOutlineDeviceBounds: Sendable, Equatable {
    /// Componentwise minimum and maximum of the points sent (all finite); minimum > maximum when none was.
    package var minimum = SIMD2<Double>(.infinity, .infinity)
    package var maximum = SIMD2<Double>(-.infinity, -.infinity)

    package init() {}

    /// True when at least one point was sent.
    package var isEmpty: Bool { !(minimum.x <= maximum.x && minimum.y <= maximum.y) }

    /// Takes in point `p` (finite: callers drop the others). The maximum is written `m > v ? m : v`, which is
    /// Swift.max(m, v) (v ≥ m ? v : m) for every non-NaN pair, ties included, and one maxpd instead of a
    /// compare and three logic operations (Swift.max must also handle NaN).
    @inlinable @inline(__always)
    package mutating func add(_ p: SIMD2<Double>) {
        minimum = SIMD2(min(minimum.x, p.x), min(minimum.y, p.y))
        maximum = SIMD2(maximum.x > p.x ? maximum.x : p.x, maximum.y > p.y ? maximum.y : p.y)
    }

    /// The box from the minimum to the maximum, nil when no point was sent.
    package var box: CGRect? {
        isEmpty ? nil : CGRect(x: minimum.x, y: minimum.y, width: maximum.x - minimum.x, height: maximum.y - minimum.y)
    }
}

/// An edge sink that can take a line to a point known to lie well inside its clip without testing it.
protocol PathOutlineEdgeSink: PolylineSink {
    /// `line(to:)` for a finite point that, like the current point, holds inside (FillEdgeWriter.holdsInside).
    mutating func lineInside(to point: SIMD2<Double>)
    /// True when `p` lies at least FillEdgeWriter.insideMargin inside every side of a clip that fits.
    func holdsInside(_ p: SIMD2<Double>) -> Bool
}

extension FillEdgeWriter: PathOutlineEdgeSink {}

extension FillEdgeBuilder: PathOutlineEdgeSink {
    /// The builder has no unchecked route: nothing holds inside, and an inside line is an ordinary line.
    func holdsInside(_ p: SIMD2<Double>) -> Bool { false }
    mutating func lineInside(to point: SIMD2<Double>) { line(to: point) }
}

/// Maps outline points through an affine transform into an edge sink (a FillEdgeWriter when stroking for the
/// compositor, a FillEdgeBuilder in tests), tracking their bounds.
struct PathOutlineEdgeOutput<Edges: PathOutlineEdgeSink>: PathOutlineOutput {
    var edges: Edges
    var bounds = PathOutlineDeviceBounds()
    /// Set when every point this output will map is known to hold inside the sink's clip
    /// (PathOutlineReach.swift proves it per path): lines then skip the finiteness and clip tests.
    var pointsHoldInside = false
    // The transform's coefficients as Double (PathFlattenWalker.map's expression).
    private let a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double
    // PathOutlineBuffer's state, in the outline's own space.
    private var current = SIMD2<Double>(0, 0)
    private var start = SIMD2<Double>(0, 0)
    private var hasCurrent = false
    private var lastWasClose = false
    // PathFlattenWalker's state, in device space.
    private var contourOpen = false
    private var afterClose = false
    private var mappedStart = SIMD2<Double>(0, 0)
    // True while a line's point would only be recorded and sent to `edges.lineInside` (pointsHoldInside,
    // a current point, an open device contour, no close pending, so lastWasClose is false too): `line`
    // then takes that route without testing each of those. Set by `move`, cleared by `close`.
    private var linesGoInside = false

    init(edges: Edges, transform t: CGAffineTransform) {
        self.edges = edges
        a = Double(t.a)
        b = Double(t.b)
        c = Double(t.c)
        d = Double(t.d)
        tx = Double(t.tx)
        ty = Double(t.ty)
    }

    func reserveCapacity(_ elements: Int) {}

    @inline(__always)
    private func map(_ p: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }

    /// PathFlattenWalker.emit: drops non-finite points, starts the contour or continues it.
    @inline(__always)
    private mutating func emit(_ q: SIMD2<Double>) {
        if pointsHoldInside && contourOpen {
            // Finite and inside, as is the current point: FillEdgeWriter.line(to:) would take lineInside.
            bounds.add(q)
            edges.lineInside(to: q)
            return
        }
        guard q.x.isFinite, q.y.isFinite else { return }
        bounds.add(q)
        if contourOpen {
            edges.line(to: q)
        } else {
            edges.move(to: q)
            contourOpen = true
        }
    }

    mutating func move(_ p: SIMD2<Double>) {
        start = p
        current = p
        hasCurrent = true
        lastWasClose = false
        contourOpen = false
        afterClose = false
        mappedStart = map(p)
        emit(mappedStart)
        linesGoInside = pointsHoldInside && contourOpen
    }

    @inline(__always)
    mutating func line(_ p: SIMD2<Double>) {
        if linesGoInside {
            // appendLine's steps that are not no-ops in this state. A repeated point needs no test: it maps to
            // the last device point, which the box holds and from which lineInside draws no edge. `current` is
            // not kept here: while lines go inside nothing reads it, and `close` or `move` sets it before
            // anything does.
            let q = map(p)
            bounds.add(q)
            edges.lineInside(to: q)
            return
        }
        guard hasCurrent, current != p else { return }
        appendLine(p)
    }

    mutating func lineAlways(_ p: SIMD2<Double>) {
        guard hasCurrent else { return }
        appendLine(p)
    }

    @inline(__always)
    private mutating func appendLine(_ p: SIMD2<Double>) {
        current = p
        lastWasClose = false
        if afterClose {
            emit(mappedStart)
            afterClose = false
        }
        emit(map(p))
    }

    mutating func close() {
        guard hasCurrent, !lastWasClose else { return }
        lastWasClose = true
        linesGoInside = false
        current = start
        if contourOpen { edges.closeContour() }
        contourOpen = false
        afterClose = true
    }
}

extension PathStroker {
    /// Strokes `contours` (as `outline(of:style:tolerance:)`) and sends the outline, mapped by `transform`,
    /// straight into `edges`: the same edges as flattening that outline into `edges` with
    /// `flatten(into:transform:tolerance:)`, without building it. Returns the bounding box of the device
    /// points sent (empty when the width draws nothing).
    package static func outline(
        of contours: [FlattenedPathContour], style: PathStrokeStyle, tolerance: Double,
        transform: CGAffineTransform, into edges: inout FillEdgeBuilder
    ) -> PathOutlineDeviceBounds {
        // Points go through a FillEdgeWriter (the builder's edges without an Array append per edge).
        var inputPoints = 0
        for contour in contours { inputPoints += contour.points.count }
        // Room for the usual outline (two sides plus joins and caps) without regrowing; a hint only.
        return edges.withEdgeWriter(initialCapacity: min(inputPoints * 4 + 64, 1 << 15)) { writer in
            var builder = PathOutlineBuilder(
                style: style, tolerance: tolerance, output: PathOutlineEdgeOutput(edges: writer, transform: transform))
            _ = builder.strokeAll(contours)
            writer = builder.output.edges
            return builder.output.bounds
        }
    }
}
