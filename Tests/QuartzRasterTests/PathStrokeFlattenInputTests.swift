import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster
import QuartzTestSupport

/// Stroking a path as it is flattened (PathStrokeFlattenInput.swift) against flattening it into contours first
/// and stroking those (the compositor's former route): the edges must be identical element for element and
/// the box of the device points identical to the last bit. Project contract (the file header); Apple's
/// copy(strokingWithWidth:lineCap:lineJoin:miterLimit:transform:) defines the outline both routes draw.
@Suite struct PathStrokeFlattenInputTests {
    /// Random subpaths with the cases the contour boundaries hinge on: lone moves, closes after closes, a
    /// drawing element right after a close, repeated points (dropped by the stroker), zero-length subpaths
    /// (dots), NaN points (dropped by the flattener) and curves.
    static func randomPath(_ r: inout PaintTestRandom) -> PathGeometry {
        var path = PathGeometry()
        var last = CGPoint(x: 10, y: 10)
        func point() -> CGPoint {
            switch r.below(40) {
            case 0: return CGPoint(x: CGFloat.nan, y: 3)
            case 1, 2, 3: return last  // a repeated point
            case 4: return CGPoint(x: last.x + 1e-10, y: last.y)  // within the stroker's epsilon
            default:
                last = CGPoint(x: r.unit() * 70 - 8, y: r.unit() * 56 - 6)
                return last
            }
        }
        path.move(to: point())
        for _ in 0..<(1 + r.below(12)) {
            switch r.below(10) {
            case 0: path.move(to: point())
            case 1: path.closeSubpath()
            case 2, 3, 4: path.addLine(to: point())
            case 5, 6: path.addQuadCurve(to: point(), control: point())
            default: path.addCurve(to: point(), control1: point(), control2: point())
            }
        }
        if r.below(3) == 0 { path.closeSubpath() }
        return path
    }

    static func finished(_ builder: FillEdgeBuilder) -> [FillEdge] {
        var closed = builder
        closed.finish()
        return closed.edges
    }

    @Test func strokingWhileFlatteningEqualsStrokingTheContours() {
        var r = PaintTestRandom(seed: 0x57_0E12)
        // The second clip holds most outlines whole, so those take the writer's unchecked route
        // (PathOutlineReach.swift); the first cuts most of them.
        let clips = [
            FillPixelBounds(minX: 0, minY: 0, maxX: 64, maxY: 48), FillPixelBounds(minX: -100, minY: -90, maxX: 200, maxY: 170),
        ]
        let caps: [CGLineCap] = [.butt, .round, .square]
        let joins: [CGLineJoin] = [.miter, .round, .bevel]
        let widths: [Double] = [0, 0.5, 3, 7.6, 12, .nan]
        var drawn = 0
        for round in 0..<400 {
            let path = Self.randomPath(&r)
            let style = PathStrokeStyle(
                lineWidth: widths[round % widths.count], lineCap: caps[r.below(3)], lineJoin: joins[r.below(3)],
                miterLimit: [1, 4, 10][r.below(3)])
            let transform = pathTestTransforms[round % pathTestTransforms.count]
            let tolerance = [0.01, 0.05, 0.2][r.below(3)]
            let clip = clips[(round / 2) % 2]
            var reference = FillEdgeBuilder(clip: clip)
            let referenceBounds = PathStroker.outline(
                of: path.flattenedContours(tolerance: tolerance), style: style, tolerance: tolerance,
                transform: transform, into: &reference)
            var direct = FillEdgeBuilder(clip: clip)
            let bounds = PathStroker.outline(
                flattening: path, style: style, tolerance: tolerance, transform: transform, into: &direct)
            let edges = Self.finished(direct)
            #expect(edges == Self.finished(reference), "round \(round)")
            #expect(bounds.minimum.x.bitPattern == referenceBounds.minimum.x.bitPattern, "round \(round)")
            #expect(bounds.minimum.y.bitPattern == referenceBounds.minimum.y.bitPattern, "round \(round)")
            #expect(bounds.maximum.x.bitPattern == referenceBounds.maximum.x.bitPattern, "round \(round)")
            #expect(bounds.maximum.y.bitPattern == referenceBounds.maximum.y.bitPattern, "round \(round)")
            if edges.count > 10 { drawn += 1 }
        }
        // Sanity: most comparisons are between real outlines, not two empty lists.
        #expect(drawn > 120)
    }

    // Spec §10.1 (strokeStart/strokeEnd clamped to [0, 1], start ≥ end draws nothing) and Core Graphics'
    // dash rules (PathDashing.swift's header: an invalid pattern draws the path undashed): the shortcut is
    // taken exactly when `select` would hand the contours back unchanged.
    @Test func selectsEverythingExactlyWhenSelectReturnsItsInput() {
        var path = PathGeometry()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 7))
        let contours = path.flattenedContours(tolerance: 0.1)
        let cases: [(lengths: [Double], start: Double, end: Double, everything: Bool)] = [
            ([], 0, 1, true),
            ([], .nan, .nan, true),
            ([], -1, 2, true),  // clamped to [0, 1]
            ([0, 0], 0, 1, true),  // zero total: undashed
            ([2, -1], 0, 1, true),  // negative length: undashed
            ([.infinity, 1], 0, 1, true),  // non-finite length: undashed
            ([2, 1], 0, 1, false),
            ([3], 0, 1, false),  // an odd list used twice over
            ([], 0.25, 1, false),
            ([], 0, 0.75, false),
            ([], 0.5, 0.5, false),  // empty window: nothing at all
        ]
        for item in cases {
            let everything = PathDashing.selectsEverything(
                lengths: item.lengths, trimStart: item.start, trimEnd: item.end)
            #expect(everything == item.everything, "\(item)")
            let selected = PathDashing.select(
                contours, phase: 0, lengths: item.lengths, trimStart: item.start, trimEnd: item.end)
            #expect((selected == contours) == item.everything, "\(item)")
        }
    }
}
