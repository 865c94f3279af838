// Arcs whose end angle lies a whole number of turns from the start. Apple documents no normalisation for
// `addArc(center:radius:startAngle:endAngle:clockwise:)`; the evidence followed (see `arcSweep`):
// - `CGContextAddArc(ctx, x, y, r, 0, 2 * M_PI, YES)` and UIKit's
//   `UIBezierPath(arcCenter:radius:startAngle: 0, endAngle: 2 * .pi, clockwise: false)` (which passes the
//   opposite flag to Core Graphics) draw full circles on Apple's platforms: loader libraries, charts and
//   Apple's own sample code draw their dots that way;
// - WebKit's canvas arc, which drew through Core Graphics, keeps "a whole turn the other way is a full circle"
//   for backward compatibility, while equal angles draw nothing;
// - a reference-platform path dump of `addArc(…, startAngle: 1.25π, endAngle: 0, clockwise: true)` sweeps
//   −1.25π in quarter-turn cubics from the start angle.
// The rule holds wherever an arc is built: paths, contexts, fills, strokes and `contains`.
import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

@Suite struct ArcWholeTurnTests {
    /// The signed sweep the path was built with: the angles its cubics turn through, summed.
    static func sweep(_ start: Double, _ end: Double, clockwise: Bool) -> Double {
        arcSweep(from: start, to: end, clockwise: clockwise)
    }

    @Test func sweepTable() {
        let turn = 2 * Double.pi
        // (start, end, clockwise) → sweep.
        let cases: [(Double, Double, Bool, Double)] = [
            (0, turn, true, -turn),              // the Objective-C staple: a whole turn the other way
            (0, turn, false, turn),
            (turn, 0, false, turn),
            (turn, 0, true, -turn),
            (0, 2 * turn, true, -turn),          // several whole turns: still one circle
            (0, -3 * turn, false, turn),
            (0, 7 * Double.pi, false, turn),     // more than a turn the requested way: one circle
            (0, 0, false, 0),                    // equal angles: nothing
            (1, 1, true, 0),
            (0, .pi / 2, false, .pi / 2),
            (0, .pi / 2, true, -1.5 * .pi),      // the long way round
            (1.25 * .pi, 0, true, -1.25 * .pi),  // the reference dump
            (0, -.pi / 2, false, 1.5 * .pi),
            (0, turn + 0.5, true, -(turn - 0.5)),
        ]
        for (start, end, clockwise, expected) in cases {
            let got = Self.sweep(start, end, clockwise: clockwise)
            #expect(abs(got - expected) <= 1e-12, "\(start) → \(end) clockwise \(clockwise): \(got), want \(expected)")
        }
    }

    /// Four quarter cubics, starting and ending on the start point, turning the requested way.
    @Test(arguments: [true, false])
    func wholeTurnTheOtherWayIsAFullCircleOfQuarterCubics(clockwise: Bool) {
        let path = CGMutablePath()
        let end = clockwise ? 2 * Double.pi : -2 * Double.pi
        path.addArc(center: CGPoint(x: 5, y: 5), radius: 4, startAngle: 0, endAngle: end, clockwise: clockwise)
        let elements = path.geometry.elements
        #expect(elements.count == 5)
        #expect(elements.first == .moveTo(CGPoint(x: 9, y: 5)))
        guard case .curveTo(_, _, let quarter) = elements[1], case .curveTo(_, _, let last) = elements[4] else {
            Issue.record("expected cubics: \(elements)")
            return
        }
        // Clockwise in the y-up sense runs towards −y first.
        #expect(abs(quarter.x - 5) < 1e-12 && abs(quarter.y - (clockwise ? 1 : 9)) < 1e-12, "\(quarter)")
        #expect(abs(last.x - 9) < 1e-12 && abs(last.y - 5) < 1e-12, "\(last)")
    }

    /// Filled through a context, a whole-turn arc paints exactly what `fillEllipse(in:)` of its circle paints,
    /// and covers πr² to within 1.5 % (the flattened chords lie inside the circle, by at most the flattening
    /// tolerance); the centre is inside for `contains`.
    @Test(arguments: [true, false])
    func filledWholeTurnCoversTheDisc(clockwise: Bool) {
        let c = contextMake(width: 20, height: 20)
        c.setFillColor(red: 0, green: 0, blue: 0, alpha: 1)
        c.addArc(center: CGPoint(x: 10, y: 10), radius: 8, startAngle: 0, endAngle: 2 * .pi, clockwise: clockwise)
        let path = c.path
        c.fillPath()
        let covered = c.bitmap.pixels.reduce(0.0) { $0 + Double($1 >> 24) / 255 }
        let reference = contextMake(width: 20, height: 20)
        reference.setFillColor(red: 0, green: 0, blue: 0, alpha: 1)
        reference.fillEllipse(in: CGRect(x: 2, y: 2, width: 16, height: 16))
        let ellipse = reference.bitmap.pixels.reduce(0.0) { $0 + Double($1 >> 24) / 255 }
        #expect(c.bitmap.pixels == reference.bitmap.pixels, "covered \(covered) px², the ellipse \(ellipse)")
        #expect(abs(covered - .pi * 64) < 0.015 * .pi * 64, "covered \(covered) px², disc \(Double.pi * 64)")
        #expect(contextPixel(c, 10, 10).a == 255)
        #expect(path?.contains(CGPoint(x: 10, y: 10)) == true)
        #expect(path?.contains(CGPoint(x: 10, y: 1)) == false)
    }

    /// Stroked, the whole turn is a ring: its outline contains points on the circle and not the centre.
    @Test func strokedWholeTurnIsARing() {
        let path = CGMutablePath()
        path.addArc(center: CGPoint(x: 10, y: 10), radius: 8, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        let ring = path.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        // Off the seam: the open contour's two butt ends meet at angle 0.
        for angle in stride(from: Double.pi / 16, to: 2 * .pi, by: .pi / 8) {
            let point = CGPoint(x: 10 + 8 * cos(angle), y: 10 + 8 * sin(angle))
            #expect(ring.contains(point), "\(point) at \(angle) rad is on the circle")
        }
        #expect(!ring.contains(CGPoint(x: 10, y: 10)))
    }

    /// Apple, addRelativeArc: `delta` is "the distance the arc should travel (in radians)", signed: it is
    /// traced as given, so a delta of one turn either way is a full circle and zero draws nothing.
    @Test func relativeArcTravelsItsDelta() {
        func curves(_ delta: Double) -> Int {
            let p = CGMutablePath()
            p.addRelativeArc(center: .zero, radius: 1, startAngle: 0, delta: delta)
            return p.geometry.elementTypes.filter { $0 == .addCurveToPoint }.count
        }
        #expect(curves(2 * .pi) == 4)
        #expect(curves(-2 * .pi) == 4)
        #expect(curves(0) == 0)
    }
}
