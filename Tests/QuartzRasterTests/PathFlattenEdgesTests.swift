import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster
import QuartzTestSupport

/// Flattening straight into fill edges (PathFlattenEdges.swift) against flattening into a FillEdgeBuilder
/// through a sink that records the box of the points it receives (the compositor's former route): the
/// edges must be identical element for element and the box identical to the last bit. Project contract
/// (the file header); Apple has no such API.
@Suite struct PathFlattenEdgesTests {

    static func randomPath(_ r: inout PaintTestRandom) -> PathGeometry {
        var path = PathGeometry()
        func point() -> CGPoint {
            if r.below(60) == 0 { return CGPoint(x: CGFloat.nan, y: 3) }
            return CGPoint(x: r.unit() * 90 - 15, y: r.unit() * 70 - 10)
        }
        path.move(to: point())
        for _ in 0..<(2 + r.below(14)) {
            switch r.below(9) {
            case 0: path.move(to: point())
            case 1: path.closeSubpath()
            case 2, 3: path.addLine(to: point())
            case 4, 5: path.addQuadCurve(to: point(), control: point())
            default: path.addCurve(to: point(), control1: point(), control2: point())
            }
        }
        if r.below(2) == 0 { path.closeSubpath() }
        return path
    }

    @Test func directEdgesEqualTheSinkRoute() {
        var r = PaintTestRandom(seed: 0xF1A7)
        let clips = [
            FillPixelBounds(minX: 0, minY: 0, maxX: 64, maxY: 48), FillPixelBounds(minX: 9, minY: 5, maxX: 41, maxY: 30),
        ]
        var compared = 0
        for round in 0..<200 {
            let path = Self.randomPath(&r)
            let transform = pathTestTransforms[round % pathTestTransforms.count]
            let clip = clips[round % clips.count]
            let tolerance = round % 4 == 0 ? 0.05 : 0.2
            var reference = PathEdgeRecordingSink(clip: clip)
            path.flatten(into: &reference, transform: transform, tolerance: tolerance)
            var direct = FillEdgeBuilder(clip: clip)
            let bounds = path.flatten(intoEdges: &direct, transform: transform, tolerance: tolerance)
            reference.edges.finish()
            direct.finish()
            #expect(direct.edges == reference.edges.edges, "round \(round)")
            #expect(bounds.minimum.x.bitPattern == reference.bounds.minimum.x.bitPattern)
            #expect(bounds.minimum.y.bitPattern == reference.bounds.minimum.y.bitPattern)
            #expect(bounds.maximum.x.bitPattern == reference.bounds.maximum.x.bitPattern)
            #expect(bounds.maximum.y.bitPattern == reference.bounds.maximum.y.bitPattern)
            compared += direct.edges.count
        }
        #expect(compared > 2000)
    }

    /// Curves wholly inside the clip (their interior points take FillEdgeWriter.lineInside), including
    /// control points on the margin's edge, just outside it and exactly on the clip's sides and pixel lines.
    @Test func curvesInsideTheClipEqualTheSinkRoute() {
        var r = PaintTestRandom(seed: 0x1D51DE)
        let clip = FillPixelBounds(minX: 4, minY: 2, maxX: 60, maxY: 40)
        let m = FillEdgeWriter.insideMargin
        let xs: [Double] = [4, 4 + m, 4 + m / 2, 60 - m, 60, 31, 17.5]
        let ys: [Double] = [2, 2 + m, 2 + m / 2, 40 - m, 40, 21, 9.25]
        var compared = 0
        for round in 0..<300 {
            var path = PathGeometry()
            func point() -> CGPoint {
                r.below(3) == 0
                    ? CGPoint(x: xs[r.below(xs.count)], y: ys[r.below(ys.count)])
                    : CGPoint(x: 4 + r.unit() * 56, y: 2 + r.unit() * 38)
            }
            path.move(to: point())
            for _ in 0..<(1 + r.below(6)) {
                if r.below(3) == 0 {
                    path.addQuadCurve(to: point(), control: point())
                } else {
                    path.addCurve(to: point(), control1: point(), control2: point())
                }
            }
            if round % 2 == 0 { path.closeSubpath() }
            let tolerance = round % 3 == 0 ? 0.02 : 0.2
            var reference = PathEdgeRecordingSink(clip: clip)
            path.flatten(into: &reference, transform: .identity, tolerance: tolerance)
            var direct = FillEdgeBuilder(clip: clip)
            let bounds = path.flatten(intoEdges: &direct, transform: .identity, tolerance: tolerance)
            reference.edges.finish()
            direct.finish()
            #expect(direct.edges == reference.edges.edges, "round \(round)")
            #expect(bounds == reference.bounds)
            compared += direct.edges.count
        }
        #expect(compared > 10000)
    }
}
