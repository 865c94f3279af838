// The stroker's output: element kinds and points appended straight into two arrays that the finished
// outline (a PathGeometry) takes over without copying.
//
// Coordinate space: the outline's (see PathStroker.swift). Numbers: Double (CGFloat on Linux).
//
// Same rules as PathGeometry's own appending (a segment needs a current point, a close right after a close
// adds nothing, the current point returns to the subpath's start on close), so the geometry is element for
// element what `move(to:)`/`addLine(to:)`/`closeSubpath()` would have built; `line` also skips a point equal
// to the current one, as the stroker always did.
import Foundation

/// Where the stroker writes its outline (PathOutlineBuffer collects a PathGeometry; PathOutlineEdgeOutput
/// maps the points straight into a FillEdgeBuilder). Both follow this file's appending rules.
protocol PathOutlineOutput {
    /// Room for about `elements` elements; a hint only.
    mutating func reserveCapacity(_ elements: Int)
    mutating func move(_ p: SIMD2<Double>)
    /// A line to `p`, unless `p` is the current point.
    mutating func line(_ p: SIMD2<Double>)
    /// A line to `p` even when it repeats the current point.
    mutating func lineAlways(_ p: SIMD2<Double>)
    mutating func close()
}

struct PathOutlineBuffer: PathOutlineOutput {
    private var types: [CGPathElementType] = []
    private var points: [CGPoint] = []
    private var current = SIMD2<Double>(0, 0)
    private var start = SIMD2<Double>(0, 0)
    private var hasCurrent = false

    /// Makes room for about `elements` elements (one point each) so appending never regrows.
    mutating func reserveCapacity(_ elements: Int) {
        types.reserveCapacity(elements)
        points.reserveCapacity(elements)
    }

    mutating func move(_ p: SIMD2<Double>) {
        types.append(.moveToPoint)
        points.append(CGPoint(x: p.x, y: p.y))
        start = p
        current = p
        hasCurrent = true
    }

    /// A line to `p`, unless `p` is the current point.
    @inline(__always)
    mutating func line(_ p: SIMD2<Double>) {
        guard hasCurrent, current != p else { return }
        types.append(.addLineToPoint)
        points.append(CGPoint(x: p.x, y: p.y))
        current = p
    }

    /// A line to `p` even when it repeats the current point (PathGeometry.addLine).
    mutating func lineAlways(_ p: SIMD2<Double>) {
        guard hasCurrent else { return }
        types.append(.addLineToPoint)
        points.append(CGPoint(x: p.x, y: p.y))
        current = p
    }

    mutating func close() {
        guard hasCurrent, types.last != .closeSubpath else { return }
        types.append(.closeSubpath)
        current = start
    }

    /// The finished outline.
    var geometry: PathGeometry {
        PathGeometry(
            elementTypes: types, points: points,
            subpathStartPoint: hasCurrent ? CGPoint(x: start.x, y: start.y) : nil,
            currentPoint: hasCurrent ? CGPoint(x: current.x, y: current.y) : nil)
    }
}
