// SVG path data (SVG 1.1 §8.3 and Appendix F.6) against the CGPath element lists the same shapes give
// through CGMutablePath.
import Foundation
import QuartzRaster
import Testing

@testable import QuartzScene

@Suite("SVG path data")
struct SVGPathDataTests {
    /// The path's elements as (type, points).
    func elements(_ path: CGPath) -> [(CGPathElementType, [CGPoint])] {
        var result: [(CGPathElementType, [CGPoint])] = []
        path.applyWithBlock { element in
            let count = element.pointee.type.pointCount
            result.append((element.pointee.type, (0..<count).map { element.pointee.points[$0] }))
        }
        return result
    }

    /// Absolute and relative forms of every line and curve command give the same CGPath.
    @Test func absoluteAndRelativeCommands() throws {
        let expected = CGMutablePath()
        expected.move(to: CGPoint(x: 10, y: 20))
        expected.addLine(to: CGPoint(x: 30, y: 20))  // L / l
        expected.addLine(to: CGPoint(x: 50, y: 20))  // H / h
        expected.addLine(to: CGPoint(x: 50, y: 60))  // V / v
        expected.addCurve(to: CGPoint(x: 80, y: 60), control1: CGPoint(x: 60, y: 70), control2: CGPoint(x: 70, y: 70))  // C
        // S reflects the previous second control point (70, 70) about (80, 60): (90, 50).
        expected.addCurve(to: CGPoint(x: 110, y: 60), control1: CGPoint(x: 90, y: 50), control2: CGPoint(x: 100, y: 50))
        expected.addQuadCurve(to: CGPoint(x: 130, y: 60), control: CGPoint(x: 120, y: 80))  // Q
        // T reflects (120, 80) about (130, 60): (140, 40).
        expected.addQuadCurve(to: CGPoint(x: 150, y: 60), control: CGPoint(x: 140, y: 40))
        expected.closeSubpath()
        let absolute = try SVGPathData.path(from: "M10 20 L30 20 H50 V60 C60 70 70 70 80 60 S100 50 110 60 Q120 80 130 60 T150 60 Z")
        let relative = try SVGPathData.path(from: "m10,20 l20,0 h20 v40 c10,10 20,10 30,0 s20-10 30,0 q10,20 20,0 t20,0 z")
        #expect(absolute == expected)
        #expect(relative == expected)
    }

    /// Implicit repeats: pairs after M are lines (SVG 1.1 §8.3.2); numbers may run together ("-5-5", ".5.5").
    @Test func implicitCommandsAndCompactNumbers() throws {
        let expected = CGMutablePath()
        expected.move(to: CGPoint(x: 0, y: 0))
        expected.addLine(to: CGPoint(x: 10, y: 0))
        expected.addLine(to: CGPoint(x: 5, y: -5))
        expected.addLine(to: CGPoint(x: 5.5, y: -4.5))
        expected.addLine(to: CGPoint(x: 500, y: -4.5))
        #expect(try SVGPathData.path(from: "M0 0 10 0l-5-5 .5.5H5e2") == expected)
        // After Z a relative move starts from the subpath's start.
        let closed = try SVGPathData.path(from: "M10 10 h5 z m1 1 h1")
        #expect(elements(closed).last.map { $0.1 } == [CGPoint(x: 12, y: 11)])
        #expect(elements(closed)[3].1 == [CGPoint(x: 11, y: 11)])
    }

    /// A half circle of radius 50 from (0, 50) to (100, 50), sweep 1: two 90° cubics through (50, 100)
    /// (y down, positive angles clockwise on screen) with handle length 4/3·tan(π/8)·r.
    @Test func circularArc() throws {
        let path = try SVGPathData.path(from: "M0 50 A50 50 0 0 0 100 50")
        let list = elements(path)
        #expect(list.count == 3 && list[1].0 == .addCurveToPoint && list[2].0 == .addCurveToPoint)
        let k = 4.0 / 3.0 * tan(Double.pi / 8) * 50
        let first = list[1].1, second = list[2].1
        #expect(close(first[0], CGPoint(x: 0, y: 50 + k)) && close(first[1], CGPoint(x: 50 - k, y: 100)))
        #expect(close(first[2], CGPoint(x: 50, y: 100)))
        #expect(close(second[0], CGPoint(x: 50 + k, y: 100)) && close(second[1], CGPoint(x: 100, y: 50 + k)))
        #expect(second[2] == CGPoint(x: 100, y: 50))
        // Sweep 1 goes the other way round, through (50, 0).
        let other = elements(try SVGPathData.path(from: "M0 50 A50 50 0 0 1 100 50"))
        #expect(close(other[1].1[2], CGPoint(x: 50, y: 0)))
    }

    /// Large-arc flag, relative form, rotated ellipse: every curve end lies on the ellipse, and radii too
    /// small for the endpoints are scaled up (F.6.6) so the arc still ends at the endpoint.
    @Test func ellipticalArcsStayOnTheEllipse() throws {
        let path = try SVGPathData.path(from: "M10 10 a40 20 30 1 1 50 10")
        let list = elements(path)
        #expect(list.count == 4)  // move + three segments for a large arc of ≤ 270°
        #expect(list.last?.1.last == CGPoint(x: 60, y: 20))
        let scaled = elements(try SVGPathData.path(from: "M0 0 A1 1 0 0 1 10 0"))
        #expect(scaled.count == 3 && scaled.last?.1.last == CGPoint(x: 10, y: 0))
        // Radius 5 centred at (5, 0): sweep 1 (positive angles, clockwise on a y-down screen) passes (5, −5).
        #expect(close(scaled[1].1[2], CGPoint(x: 5, y: -5), 1e-12))
        // F.6.2: a zero radius is a straight line; identical endpoints draw nothing.
        let degenerate = elements(try SVGPathData.path(from: "M0 0 A0 5 0 0 1 10 0 A5 5 0 0 1 10 0"))
        #expect(degenerate.count == 2 && degenerate[1].0 == .addLineToPoint)
    }

    @Test func errorsNameTheOffset() {
        let cases: [(String, String)] = [
            ("L 10 10", "path data must start with a command (M or m) at character 0"),
            ("10 10", "path data must start with a command (M or m) at character 0"),
            ("M 0 0 X 5", "expected a number at character 6"),
            ("M 0 0 A 5 5 0 2 0 10 10", "expected an arc flag (0 or 1) at character 14"),
            ("M 0 0 Z 5", "unexpected number after Z at character 8"),
        ]
        for (data, message) in cases {
            do {
                _ = try SVGPathData.path(from: data)
                Issue.record("parsed \(data)")
            } catch {
                #expect(error.description == message, "\(data)")
            }
        }
        #expect((try? SVGPathData.path(from: ""))?.isEmpty == true)
    }
}
