// Flattening straight into fill edges: the flattener's points go to a FillEdgeWriter (FillEdgeBuilder's
// clipping and narrowing through an unsafe buffer) and into a bounding box, with no sink layers per point.
//
// Coordinate space: the path's points are mapped by the affine `transform` into device pixels first, as
// in `flatten(into:transform:tolerance:)`; numbers are Double until the writer narrows them to 24.8.
// Same walker, same points, same edges and the same box as flattening into a FillEdgeBuilder through a
// sink that records the box of the points it receives (PathFlattenEdgesTests compares them). A curve whose
// control points all lie well inside the clip sends its interior points down FillEdgeWriter.lineInside,
// which skips the checks those points pass anyway (the proof is at FillEdgeWriter.holdsInside).
import Foundation
import QuartzMath

/// Sends flattened device points to an edge writer and records their box (all points are finite here:
/// PathFlattenWalker drops the others).
struct PathEdgeWriterVisitor: PathFlattenVisitor {
    var writer: FillEdgeWriter
    var bounds = PathOutlineDeviceBounds()

    @inline(__always) mutating func begin(_ p: SIMD2<Double>) {
        bounds.add(p)
        writer.move(to: p)
    }

    @inline(__always) mutating func line(_ p: SIMD2<Double>, smooth: Bool) {
        bounds.add(p)
        writer.line(to: p)
    }

    @inline(__always) mutating func close() { writer.closeContour() }

    /// Every control point and the writer's current point well inside the clip (FillEdgeWriter.holdsInside).
    @inline(__always)
    func curveStaysInside(_ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>) -> Bool {
        writer.currentInside && writer.holdsInside(p0) && writer.holdsInside(p1) && writer.holdsInside(p2)
            && writer.holdsInside(p3)
    }

    @inline(__always) mutating func lineInside(_ p: SIMD2<Double>) {
        bounds.add(p)
        writer.lineInside(to: p)
    }

    /// lineInside for each interior point, on local copies of the writer and the box: their fields stay in
    /// registers for the whole run instead of a load and a store per point (the edge stores through the
    /// writer's storage could alias the visitor's memory, but not a local whose address never escapes).
    @inline(__always) mutating func linesInside(
        cubic p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>,
        weights: UnsafePointer<SIMD4<Double>>, count: Int
    ) {
        var run = writer, box = bounds
        for i in 0..<count {
            let p = PathCubicWeights.point(weights[i], p0, p1, p2, p3)
            box.add(p)
            run.lineInside(to: p)
        }
        writer = run
        bounds = box
    }
}

extension PathGeometry {
    /// Flattens into `edges` in device space (points mapped through `transform`, polyline within `tolerance`
    /// device units of the curves): the same edges as `flatten(into: &edges, transform:tolerance:)`.
    /// Returns the bounding box of the device points sent to the builder (empty when none was).
    package func flatten(
        intoEdges edges: inout FillEdgeBuilder, transform: CGAffineTransform = .identity,
        tolerance: Double = PathFlattening.defaultDeviceTolerance
    ) -> PathOutlineDeviceBounds {
        let estimate = min(points.count * 8 + 16, 1 << 15)  // a hint: more edges grow the buffer
        return edges.withEdgeWriter(initialCapacity: estimate) { writer in
            var walker = PathFlattenWalker(tolerance: tolerance, transform: transform, mapping: nil)
            var visitor = PathEdgeWriterVisitor(writer: writer)
            walker.walk(self, into: &visitor)
            writer = visitor.writer
            return visitor.bounds
        }
    }
}
