// Arcs from finite input whose arithmetic overflows. Apple documents no behaviour for such angles or radii
// (developer.apple.com/documentation/coregraphics/cgmutablepath/addarc(center:radius:startangle:endangle:clockwise:transform:)
// only names the parameters); Core Graphics ignores non-finite angles, so a defined, finite path is the
// contract here. The rule chosen (see `arcSweep`): the whole-turn rule of ArcWholeTurnTests applied to the
// angles reduced modulo 2π when their difference overflows, which leaves every ordinary sweep bit-identical.
import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

@Suite struct ArcOverflowTests {
    /// 2π·2^1021 ≈ 1.4e308 is an exact multiple of 2π, so it reduces to 0 exactly.
    static let turns = 2 * Double.pi * 0x1p1021

    @Test func overflowingDifferencesFollowTheWholeTurnRule() {
        let turn = 2 * Double.pi
        // −∞ the requested way: a whole number of turns the other way is a full circle.
        #expect(arcSweep(from: Self.turns, to: -Self.turns, clockwise: false) == turn)
        #expect(arcSweep(from: -Self.turns, to: Self.turns, clockwise: true) == -turn)
        // +∞ the requested way is more than a turn: one full circle (as before).
        #expect(arcSweep(from: -Self.turns, to: Self.turns, clockwise: false) == turn)
        #expect(arcSweep(from: Self.turns, to: -Self.turns, clockwise: true) == -turn)
        // Any other overflow: the partial sweep of the reduced angles.
        for (start, end, clockwise) in [(1e308, -0.9e308, false), (1e308, -1e308, false), (-1e308, 1e308, true),
                                        (.greatestFiniteMagnitude, -.greatestFiniteMagnitude, false)] {
            let from = clockwise ? end : start, to = clockwise ? start : end
            let back = pathPositiveRemainder(pathPositiveRemainder(from, turn) - pathPositiveRemainder(to, turn), turn)
            let sweep = arcSweep(from: start, to: end, clockwise: clockwise)
            #expect(sweep == (clockwise ? -(turn - back) : turn - back), "\(start) → \(end)")
            #expect(sweep.isFinite && abs(sweep) <= turn)
        }
    }

    /// The inputs that trapped in `appendEllipticArc` (a NaN sweep has no piece count) now build a finite path
    /// that fills and strokes.
    @Test func addArcWithOverflowingAnglesBuildsAFinitePath() {
        for (start, end) in [(1e300, -1.7e308), (1e308, -1e308), (Self.turns, -Self.turns)] {
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 1, y: 1))
            path.addArc(center: CGPoint(x: 16, y: 16), radius: 8, startAngle: start, endAngle: end, clockwise: false)
            let points = path.geometry.points
            #expect(points.count > 2)
            #expect(points.allSatisfy { $0.x.isFinite && $0.y.isFinite })
            // The line runs to the arc's start point, on the circle.
            #expect(path.geometry.elements[1] == .lineTo(CGPoint(x: 16 + 8 * cos(start), y: 16 + 8 * sin(start))))
            let c = contextMake(width: 32, height: 32)
            c.addPath(path)
            c.strokePath()
            c.addPath(path)
            c.fillPath()
        }
    }

    /// A non-finite sweep or start angle adds nothing and leaves the current point where it was.
    @Test func nonFiniteSweepAddsNothing() {
        for (start, sweep) in [(0.0, Double.nan), (0, .infinity), (.nan, 1), (-.infinity, 1)] {
            var geometry = PathGeometry()
            geometry.move(to: CGPoint(x: 1, y: 2))
            geometry.appendEllipticArc(
                center: CGPoint(x: 5, y: 5), rx: 2, ry: 2, startAngle: start, sweep: sweep, transform: .identity,
                join: .line)
            #expect(geometry.elements == [.moveTo(CGPoint(x: 1, y: 2))])
            #expect(geometry.currentPoint == CGPoint(x: 1, y: 2))
        }
    }

    /// A tangent arc whose radius overflows the centre (2.8e308 along a bisector with a zero x component gives
    /// a NaN) is degenerate: a line to `tangent1End`, like a zero radius.
    @Test func tangentArcWhoseConstructionOverflowsIsALine() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 7, y: 6))
        path.addArc(tangent1End: CGPoint(x: 10, y: 10), tangent2End: CGPoint(x: 13, y: 6), radius: 1.7e308)
        #expect(path.geometry.elements == [.moveTo(CGPoint(x: 7, y: 6)), .lineTo(CGPoint(x: 10, y: 10))])
        // An ordinary radius still draws its arc.
        let ordinary = CGMutablePath()
        ordinary.move(to: CGPoint(x: 7, y: 6))
        ordinary.addArc(tangent1End: CGPoint(x: 10, y: 10), tangent2End: CGPoint(x: 13, y: 6), radius: 1)
        #expect(ordinary.geometry.elementTypes.contains(.addCurveToPoint))
    }
}
