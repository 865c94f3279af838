import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

/// Element lists of every constructor. Sources: Apple's CGPath/CGMutablePath reference pages (cited per
/// test); where Apple documents no element order, Core Graphics output recorded in public test suites that run
/// on macOS (rect, ellipse, rounded rect, boundingBoxOfPath) is the reference.
@Suite struct PathConstructionTests {
    let k = 4.0 / 3.0 * tan(Double.pi / 8)  // quarter-circle control distance, 0.5522847498…

    // Apple, CGPathAddRect: "starting by moving to the bottom left corner and then adding lines
    // counter-clockwise … closing the subpath" (y-up words: min corner first, towards +x).
    @Test func rectElementOrder() {
        let path = CGPath(rect: CGRect(x: 10, y: 20, width: 100, height: 50), transform: nil)
        #expect(path.geometry.elements == [
            .moveTo(CGPoint(x: 10, y: 20)), .lineTo(CGPoint(x: 110, y: 20)), .lineTo(CGPoint(x: 110, y: 70)),
            .lineTo(CGPoint(x: 10, y: 70)), .closeSubpath,
        ])
        var t = CGAffineTransform(translationX: 10, y: 20)
        let moved = CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100), transform: &t)
        #expect(moved.geometry.elements.first == .moveTo(CGPoint(x: 10, y: 20)))
        #expect(moved.geometry.elements[2] == .lineTo(CGPoint(x: 110, y: 120)))
        #expect(CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100), transform: t) == moved)
    }

    // Apple, CGPathAddEllipseInRect: "starts with a move-to operation and ends with a close-subpath
    // operation"; four cubics from (maxX, midY) through (midX, maxY), as Core Graphics emits them.
    @Test func ellipseElementOrder() {
        let path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 60), transform: nil)
        let rx = 50.0, ry = 30.0
        let expected: [PathGeometry.Element] = [
            .moveTo(CGPoint(x: 100, y: 30)),
            .curveTo(control1: CGPoint(x: 100, y: 30 + k * ry), control2: CGPoint(x: 50 + k * rx, y: 60), end: CGPoint(x: 50, y: 60)),
            .curveTo(control1: CGPoint(x: 50 - k * rx, y: 60), control2: CGPoint(x: 0, y: 30 + k * ry), end: CGPoint(x: 0, y: 30)),
            .curveTo(control1: CGPoint(x: 0, y: 30 - k * ry), control2: CGPoint(x: 50 - k * rx, y: 0), end: CGPoint(x: 50, y: 0)),
            .curveTo(control1: CGPoint(x: 50 + k * rx, y: 0), control2: CGPoint(x: 100, y: 30 - k * ry), end: CGPoint(x: 100, y: 30)),
            .closeSubpath,
        ]
        #expect(pathElementsMatch(path.geometry.elements, expected))
    }

    // Apple, CGPathAddRoundedRect: "Each corner … is one-quarter of an ellipse with axes equal to the
    // cornerWidth and cornerHeight parameters. The rounded rectangle forms a complete subpath." Order as
    // Core Graphics emits it: from (maxX, midY) up the right edge, corners anticlockwise in y-up terms.
    @Test func roundedRectElementOrder() {
        let path = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 80), cornerWidth: 10, cornerHeight: 20, transform: nil)
        let cw = 10.0, ch = 20.0
        let expected: [PathGeometry.Element] = [
            .moveTo(CGPoint(x: 100, y: 40)),
            .lineTo(CGPoint(x: 100, y: 60)),
            .curveTo(control1: CGPoint(x: 100, y: 60 + k * ch), control2: CGPoint(x: 90 + k * cw, y: 80), end: CGPoint(x: 90, y: 80)),
            .lineTo(CGPoint(x: 10, y: 80)),
            .curveTo(control1: CGPoint(x: 10 - k * cw, y: 80), control2: CGPoint(x: 0, y: 60 + k * ch), end: CGPoint(x: 0, y: 60)),
            .lineTo(CGPoint(x: 0, y: 20)),
            .curveTo(control1: CGPoint(x: 0, y: 20 - k * ch), control2: CGPoint(x: 10 - k * cw, y: 0), end: CGPoint(x: 10, y: 0)),
            .lineTo(CGPoint(x: 90, y: 0)),
            .curveTo(control1: CGPoint(x: 90 + k * cw, y: 0), control2: CGPoint(x: 100, y: 20 - k * ch), end: CGPoint(x: 100, y: 20)),
            .closeSubpath,
        ]
        #expect(pathElementsMatch(path.geometry.elements, expected))
        // Corners larger than half the side are clamped to it (Apple requires them not to be); zero → a rect.
        let clamped = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 20, height: 20), cornerWidth: 50, cornerHeight: 50, transform: nil)
        #expect(clamped.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 20, height: 20))
        let square = CGPath(roundedRect: CGRect(x: 1, y: 2, width: 3, height: 4), cornerWidth: 0, cornerHeight: 5, transform: nil)
        var r = CGRect.zero
        #expect(square.isRect(&r) && r == CGRect(x: 1, y: 2, width: 3, height: 4))
    }

    // Apple, addArc(center:…clockwise:): angles "measured in radians from the positive x-axis"; clockwise
    // in Core Graphics' y-up sense, so clockwise: false runs towards +y (clockwise on a y-down screen).
    @Test func arcDirectionCounterClockwise() {
        let path = CGMutablePath()
        path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(pathElementsMatch(path.geometry.elements, [
            .moveTo(CGPoint(x: 10, y: 0)),
            .curveTo(control1: CGPoint(x: 10, y: 10 * k), control2: CGPoint(x: 10 * k, y: 10), end: CGPoint(x: 0, y: 10)),
        ]))
    }

    @Test func arcDirectionClockwiseTakesTheLongWay() {
        let path = CGMutablePath()
        path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        let e = path.geometry.elements
        // 270° towards −y: three quarter cubics through (0, −10) and (−10, 0), ending at (0, 10).
        #expect(e.count == 4)
        #expect(pathElementsMatch([e[1]], [.curveTo(control1: CGPoint(x: 10, y: -10 * k), control2: CGPoint(x: 10 * k, y: -10), end: CGPoint(x: 0, y: -10))]))
        #expect(pathElementsMatch([e[3]], [.curveTo(control1: CGPoint(x: -10, y: 10 * k), control2: CGPoint(x: -10 * k, y: 10), end: CGPoint(x: 0, y: 10))]))
        // Mirrored into y-down device space the same arc is counter-clockwise on screen: its first piece
        // heads to screen-up (device y decreasing → larger y after the flip).
        let flipped = path.copy(using: CGAffineTransform(scaleX: 1, y: -1))!
        #expect(pathElementsMatch([flipped.geometry.elements[1]], [.curveTo(control1: CGPoint(x: 10, y: 10 * k), control2: CGPoint(x: 10 * k, y: 10), end: CGPoint(x: 0, y: 10))]))
    }

    // Arc sweep normalisation (canvas rule; Core Graphics agrees on these ordinary cases): a wrong-way end
    // angle wraps by 2π, a full turn or more is one full circle, equal angles give no curve.
    @Test func arcSweepNormalisation() {
        func curveCount(_ start: Double, _ end: Double, _ clockwise: Bool) -> Int {
            let p = CGMutablePath()
            p.addArc(center: .zero, radius: 1, startAngle: start, endAngle: end, clockwise: clockwise)
            return p.geometry.elementTypes.filter { $0 == .addCurveToPoint }.count
        }
        #expect(curveCount(0, -.pi / 2, false) == 3)
        #expect(curveCount(0, 2 * .pi, false) == 4)
        #expect(curveCount(0, 7 * .pi, false) == 4)
        #expect(curveCount(0, 0, false) == 0)
        #expect(curveCount(0, -2 * .pi, true) == 4)
        #expect(curveCount(0, .pi / 4, false) == 1)
        // An arc after existing geometry is joined by a line to its start (Apple: "possibly preceded by a
        // straight line segment").
        let p = CGMutablePath()
        p.move(to: CGPoint(x: -5, y: 0))
        p.addArc(center: .zero, radius: 2, startAngle: 0, endAngle: .pi, clockwise: false)
        #expect(p.geometry.elements[1] == .lineTo(CGPoint(x: 2, y: 0)))
        #expect(abs(p.currentPoint.x + 2) < 1e-12 && abs(p.currentPoint.y) < 1e-12)
    }

    // Apple, addRelativeArc: delta is the signed angle swept from startAngle (positive towards +y).
    @Test func relativeArc() {
        let p = CGMutablePath()
        p.addRelativeArc(center: CGPoint(x: 1, y: 1), radius: 10, startAngle: 0, delta: -.pi / 2)
        #expect(pathElementsMatch(p.geometry.elements, [
            .moveTo(CGPoint(x: 11, y: 1)),
            .curveTo(control1: CGPoint(x: 11, y: 1 - 10 * k), control2: CGPoint(x: 1 + 10 * k, y: -9), end: CGPoint(x: 1, y: -9)),
        ]))
        let q = CGMutablePath()
        q.addRelativeArc(center: .zero, radius: 1, startAngle: 0, delta: 3 * .pi)
        #expect(q.geometry.elementTypes.filter { $0 == .addCurveToPoint }.count == 6)
    }

    // Apple, addArc(tangent1End:tangent2End:radius:): the arc is tangent to current→tangent1End and to
    // tangent1End→tangent2End, preceded by a line to the first tangent point.
    @Test func tangentArc() {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 5)
        #expect(pathElementsMatch(p.geometry.elements, [
            .moveTo(.zero), .lineTo(CGPoint(x: 5, y: 0)),
            .curveTo(control1: CGPoint(x: 5 + 5 * k, y: 0), control2: CGPoint(x: 10, y: 5 - 5 * k), end: CGPoint(x: 10, y: 5)),
        ], tolerance: 1e-12))
        // Collinear tangents degenerate to a line to tangent1End.
        let q = CGMutablePath()
        q.move(to: .zero)
        q.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 20, y: 0), radius: 5)
        #expect(q.geometry.elements == [.moveTo(.zero), .lineTo(CGPoint(x: 10, y: 0))])
        // With a transform the arc is built in user space and then mapped.
        let r = CGMutablePath()
        let t = CGAffineTransform(scaleX: 2, y: 2)
        r.move(to: .zero, transform: t)
        r.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 5, transform: t)
        #expect(abs(r.currentPoint.x - 20) < 1e-12 && abs(r.currentPoint.y - 10) < 1e-12)
    }

    // Apple, addLines(between:): a move to the first point, then lines; addRects: one rect subpath each;
    // addPath with transform; close returns the current point to the subpath start.
    @Test func linesRectsPathsAndCurrentPoint() {
        let p = CGMutablePath()
        p.addLine(to: CGPoint(x: 1, y: 1))  // no current point: ignored, as Core Graphics
        #expect(p.isEmpty && p.currentPoint == .zero)
        p.addLines(between: [CGPoint(x: 1, y: 2), CGPoint(x: 3, y: 4), CGPoint(x: 5, y: 0)])
        p.closeSubpath()
        #expect(p.currentPoint == CGPoint(x: 1, y: 2))
        p.addRects([CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 5, y: 5, width: 1, height: 1)])
        #expect(p.geometry.elementTypes.filter { $0 == .moveToPoint }.count == 3)
        let q = CGMutablePath()
        q.addPath(p, transform: CGAffineTransform(translationX: 10, y: 0))
        #expect(q.geometry.elements.first == .moveTo(CGPoint(x: 11, y: 2)))
        #expect(q.geometry.elementTypes == p.geometry.elementTypes)
        q.addQuadCurve(to: CGPoint(x: 1, y: 1), control: CGPoint(x: 2, y: 2))
        q.addCurve(to: CGPoint(x: 3, y: 3), control1: CGPoint(x: 4, y: 4), control2: CGPoint(x: 5, y: 5))
        #expect(q.currentPoint == CGPoint(x: 3, y: 3))
    }

    // Apple, isRect(_:): true when the path is a rectangle, which it writes through the pointer.
    @Test func isRect() {
        var r = CGRect.null
        #expect(CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4)).isRect(&r))
        #expect(r == CGRect(x: 1, y: 2, width: 3, height: 4))
        let tri = CGMutablePath()
        tri.addLines(between: [.zero, CGPoint(x: 1, y: 0), CGPoint(x: 1, y: 1)])
        tri.closeSubpath()
        #expect(!tri.isRect(nil))
        #expect(!CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 1, height: 1)).isRect(nil))
    }

    // Apple, applyWithBlock: each element's type and points, in order.
    @Test func applyWithBlockReportsElements() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 1, y: 2))
        p.addQuadCurve(to: CGPoint(x: 5, y: 6), control: CGPoint(x: 3, y: 4))
        p.addCurve(to: CGPoint(x: 11, y: 12), control1: CGPoint(x: 7, y: 8), control2: CGPoint(x: 9, y: 10))
        p.closeSubpath()
        var types: [CGPathElementType] = []
        var points: [CGPoint] = []
        p.applyWithBlock { element in
            types.append(element.pointee.type)
            for i in 0..<element.pointee.type.pointCount { points.append(element.pointee.points[i]) }
        }
        #expect(types == [.moveToPoint, .addQuadCurveToPoint, .addCurveToPoint, .closeSubpath])
        let expectedPoints: [CGPoint] = (1...6).map { (i: Int) -> CGPoint in CGPoint(x: Double(2 * i - 1), y: Double(2 * i)) }
        #expect(points == expectedPoints)
        #expect(CGLineCap.square.rawValue == 2 && CGLineJoin.bevel.rawValue == 2 && CGPathElementType.closeSubpath.rawValue == 4)
    }

    // Bad input is skipped, never a crash: non-finite arcs and rects add nothing.
    @Test func nonFiniteInputIsSkipped() {
        let p = CGMutablePath()
        p.addArc(center: .zero, radius: .nan, startAngle: 0, endAngle: 1, clockwise: false)
        p.addArc(center: .zero, radius: 1, startAngle: .infinity, endAngle: 1, clockwise: false)
        p.addRelativeArc(center: .zero, radius: -1, startAngle: 0, delta: 1)
        p.addRect(CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1))
        p.addEllipse(in: .null)
        #expect(p.isEmpty)
        p.addRelativeArc(center: .zero, radius: 1, startAngle: 0, delta: 1e30)
        #expect(p.geometry.elementTypes.count <= 1 + 64)
    }
}
