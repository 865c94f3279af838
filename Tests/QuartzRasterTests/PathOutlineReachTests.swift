import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster
import QuartzTestSupport

/// The stroke outline's reach (PathOutlineReach.swift): every outline point lies within R of the box of the
/// path's points, and the per-path test only passes when the grown device box holds inside the clip. The
/// outline's shape is Apple's copy(strokingWithWidth:lineCap:lineJoin:miterLimit:transform:) (joins, caps,
/// miter limit as in Core Graphics); the bound itself is this project's (the file header's derivation).
@Suite struct PathOutlineReachTests {
    /// Every point of the outline built by PathOutlineBuffer (the same points the edge route maps) lies in the
    /// path's point box grown by the reach, for every cap, join, miter limit, tolerance and width, on random
    /// paths with sharp turns, curves, dots and closed subpaths.
    @Test func outlinePointsStayWithinTheReach() {
        var r = PaintTestRandom(seed: 0x5EAC4)
        var closest = Double.infinity  // how close the outline came to the bound (sanity: it is not loose)
        for round in 0..<300 {
            let path = PathStrokeFlattenInputTests.randomPath(&r)
            guard path.points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { continue }
            let style = PathStrokeStyle(
                lineWidth: [0.5, 3, 12, 40][r.below(4)], lineCap: [CGLineCap.butt, .round, .square][r.below(3)],
                lineJoin: [CGLineJoin.miter, .round, .bevel][r.below(3)], miterLimit: [1, 4, 10, 30][r.below(4)])
            let tolerance = [0.01, 0.2, 3][r.below(3)]
            let h = style.lineWidth / 2
            guard let reach = PathOutlineReach.reach(halfWidth: h, style: style, tolerance: tolerance) else {
                Issue.record("no reach for \(style)")
                continue
            }
            let xs = path.points.map { Double($0.x) }, ys = path.points.map { Double($0.y) }
            let outline = path.strokeOutline(style: style, tolerance: tolerance)
            for p in outline.points {
                let outside = max(
                    xs.min()! - Double(p.x), Double(p.x) - xs.max()!, ys.min()! - Double(p.y), Double(p.y) - ys.max()!)
                #expect(outside <= reach, "round \(round): \(outside) > \(reach)")
                closest = min(closest, reach - outside)
            }
        }
        #expect(closest < 0.5)
    }

    /// The per-path test against a FillEdgeWriter's clip: a path whose grown box (reach plus a 2^-10 px margin)
    /// fits passes; moved so that the box pokes out by a hundredth of a pixel it fails, on every side.
    @Test func passesOnlyWhenTheGrownBoxHoldsInside() {
        let clip = FillPixelBounds(minX: 0, minY: 0, maxX: 100, maxY: 80)
        let style = PathStrokeStyle(lineWidth: 6, lineCap: .round, lineJoin: .round)
        let reach = PathOutlineReach.reach(halfWidth: 3, style: style, tolerance: 0.1)!
        #expect(reach == 3 * 2 + 0.2)
        var builder = FillEdgeBuilder(clip: clip)
        builder.withEdgeWriter { writer in
            let margin = FillEdgeWriter.insideMargin
            func box(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> PathGeometry {
                var path = PathGeometry()
                path.move(to: CGPoint(x: x0, y: y0))
                path.addLine(to: CGPoint(x: x1, y: y1))
                return path
            }
            func bounds(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> CGRect {
                box(x0, y0, x1, y1).controlPointBounds
            }
            let lo = reach + margin + 0.01, hi = 100 - reach - margin - 0.01, bottom = 80 - reach - margin - 0.01
            #expect(PathOutlineReach.outlineHoldsInside(box: bounds(lo, lo, hi, bottom), halfWidth: 3, reach: reach, transform: .identity, sink: writer))
            let out = 0.02
            #expect(!PathOutlineReach.outlineHoldsInside(box: bounds(lo - out, lo, hi, bottom), halfWidth: 3, reach: reach, transform: .identity, sink: writer))
            #expect(!PathOutlineReach.outlineHoldsInside(box: bounds(lo, lo - out, hi, bottom), halfWidth: 3, reach: reach, transform: .identity, sink: writer))
            #expect(!PathOutlineReach.outlineHoldsInside(box: bounds(lo, lo, hi + out, bottom), halfWidth: 3, reach: reach, transform: .identity, sink: writer))
            #expect(!PathOutlineReach.outlineHoldsInside(box: bounds(lo, lo, hi, bottom + out), halfWidth: 3, reach: reach, transform: .identity, sink: writer))
            // The transform applies: scaled by 2 the same path no longer fits; a NaN coefficient never does.
            let scaled = CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0)
            #expect(!PathOutlineReach.outlineHoldsInside(box: bounds(lo, lo, hi, bottom), halfWidth: 3, reach: reach, transform: scaled, sink: writer))
            let broken = CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
            #expect(!PathOutlineReach.outlineHoldsInside(box: bounds(lo, lo, hi, bottom), halfWidth: 3, reach: reach, transform: broken, sink: writer))
            // A NaN point is dropped by the flattener and left out of the box: the rest still decides. An
            // infinite point, a NaN box, or a box beyond 2^20 half widths from the origin gives no bound.
            var withNaN = box(lo, lo, hi, bottom)
            withNaN.addLine(to: CGPoint(x: CGFloat.nan, y: 10))
            #expect(PathOutlineReach.outlineHoldsInside(box: withNaN.controlPointBounds, halfWidth: 3, reach: reach, transform: .identity, sink: writer))
            var withInfinity = box(lo, lo, hi, bottom)
            withInfinity.addLine(to: CGPoint(x: CGFloat.infinity, y: 10))
            #expect(!PathOutlineReach.outlineHoldsInside(box: withInfinity.controlPointBounds, halfWidth: 3, reach: reach, transform: .identity, sink: writer))
            let nanBox = CGRect(x: CGFloat.nan, y: 10, width: 5, height: 5)
            #expect(!PathOutlineReach.outlineHoldsInside(box: nanBox, halfWidth: 3, reach: reach, transform: .identity, sink: writer))
            let shrunk = CGAffineTransform(a: 1e-7, b: 0, c: 0, d: 1e-7, tx: 50, ty: 40)
            let far = CGRect(x: 3.0 * 0x1p20 + 1, y: 0, width: 1, height: 1)  // maps near (50, 40), yet refused
            #expect(!PathOutlineReach.outlineHoldsInside(box: far, halfWidth: 3, reach: reach, transform: shrunk, sink: writer))
            let near = CGRect(x: 3.0 * 0x1p20 - 1e3, y: 0, width: 1, height: 1)
            #expect(PathOutlineReach.outlineHoldsInside(box: near, halfWidth: 3, reach: reach, transform: shrunk, sink: writer))
        }
        // Huge widths or miter limits give no bound.
        #expect(PathOutlineReach.reach(halfWidth: .infinity, style: style, tolerance: 0.1) == nil)
        let mitred = PathStrokeStyle(lineWidth: 6, lineJoin: .miter, miterLimit: .infinity)
        #expect(PathOutlineReach.reach(halfWidth: 3, style: mitred, tolerance: 0.1) == nil)
        // The proof's limits: miter limit ≤ 1024, tolerance ≤ 2^20 half widths.
        #expect(PathOutlineReach.reach(halfWidth: 3, style: PathStrokeStyle(lineWidth: 6, lineJoin: .miter, miterLimit: 1024), tolerance: 0.1) == 3 * 1024 + 0.2)
        #expect(PathOutlineReach.reach(halfWidth: 3, style: PathStrokeStyle(lineWidth: 6, lineJoin: .miter, miterLimit: 1025), tolerance: 0.1) == nil)
        #expect(PathOutlineReach.reach(halfWidth: 3, style: style, tolerance: 3 * 0x1p20) != nil)
        #expect(PathOutlineReach.reach(halfWidth: 3, style: style, tolerance: 3.1 * 0x1p20) == nil)
    }
}
