import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

/// Flattening accuracy and robustness. The tolerance contract is this project's (the polyline stays within
/// `tolerance` of the curve, first line of PathFlattening.swift; Core Graphics documents no flatness for
/// paths), the error bound is Wang's formula (file header of PathFlattening.swift); the sink contract is
/// Core/PolylineSink.swift.
@Suite struct PathFlatteningTests {
    /// Every flattened point lies within `tol` of the curve, and every sampled curve point within `tol` of
    /// the polyline.
    func checkCubic(_ control: [SIMD2<Double>], tolerance tol: Double, transform: CGAffineTransform = .identity) {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: control[0].x, y: control[0].y))
        p.addCurve(
            to: CGPoint(x: control[3].x, y: control[3].y), control1: CGPoint(x: control[1].x, y: control[1].y),
            control2: CGPoint(x: control[2].x, y: control[2].y))
        var sink = PathRecordingSink()
        p.flatten(into: &sink, transform: transform, tolerance: tol)
        let t = transform
        let device = control.map { SIMD2(t.a * $0.x + t.c * $0.y + t.tx, t.b * $0.x + t.d * $0.y + t.ty) }
        let samples = (0...4000).map { pathTestCubic(device, Double($0) / 4000) }
        let poly = sink.contours[0]
        #expect(poly.first == device[0] && poly.last == device[3])
        var worstPoint = 0.0
        for q in poly {
            var best = Double.infinity
            for i in 1..<samples.count { best = min(best, pathTestDistance(q, samples[i - 1], samples[i])) }
            worstPoint = max(worstPoint, best)
        }
        // Points lie on the curve exactly (distance to a 4000-chord sampling of it, whose own error is ~1e-4).
        #expect(worstPoint <= tol)
        var worstCurve = 0.0
        for s in samples {
            var best = Double.infinity
            for i in 1..<poly.count { best = min(best, pathTestDistance(s, poly[i - 1], poly[i])) }
            worstCurve = max(worstCurve, best)
        }
        #expect(worstCurve <= tol)
        #expect(poly.count > 2)
    }

    @Test func cubicErrorWithinTolerance() {
        checkCubic([SIMD2(0, 0), SIMD2(0, 100), SIMD2(100, 100), SIMD2(100, 0)], tolerance: 0.2)
        checkCubic([SIMD2(0, 0), SIMD2(200, 300), SIMD2(-100, 300), SIMD2(100, 0)], tolerance: 0.05)  // loop
        checkCubic([SIMD2(0, 0), SIMD2(30, 5), SIMD2(10, -5), SIMD2(40, 0)], tolerance: 0.2,
            transform: CGAffineTransform(a: 3, b: 1, c: -1, d: 2, tx: 5, ty: 7))
    }

    @Test func quadAndArcErrorWithinTolerance() {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 80))
        var sink = PathRecordingSink()
        p.flatten(into: &sink, tolerance: 0.2)
        let poly = sink.contours[0]
        for i in 0...1000 {
            let t = Double(i) / 1000
            let s = SIMD2(100 * t, 2 * (1 - t) * t * 80)
            var best = Double.infinity
            for j in 1..<poly.count { best = min(best, pathTestDistance(s, poly[j - 1], poly[j])) }
            #expect(best <= 0.2)
        }
        // A circle scaled ×4 into device space stays within 0.2 px (+ the cubic circle error 2.7e-4·r).
        let circle = CGPath(ellipseIn: CGRect(x: -25, y: -25, width: 50, height: 50))
        var c = PathRecordingSink()
        circle.flatten(into: &c, transform: CGAffineTransform(scaleX: 4, y: 4), tolerance: 0.2)
        #expect(c.closed == [true])
        for q in c.contours[0] { #expect(abs((q * q).sum().squareRoot() - 100) <= 0.03) }
        for j in 0..<c.contours[0].count {
            let a = c.contours[0][j], b = c.contours[0][(j + 1) % c.contours[0].count]
            let mid = (a + b) / 2
            #expect(100 - (mid * mid).sum().squareRoot() <= 0.2 + 0.03)
        }
    }

    // Sink contract: a contour starts with move(to:) and ends at closeContour() or the next move; after a
    // close, a segment without a move starts a new contour at the closed subpath's start (Core Graphics).
    @Test func contourStructure() {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addLine(to: CGPoint(x: 10, y: 0))
        p.addLine(to: CGPoint(x: 10, y: 10))
        p.closeSubpath()
        p.addLine(to: CGPoint(x: -5, y: 0))
        p.move(to: CGPoint(x: 50, y: 50))
        var sink = PathRecordingSink()
        p.flatten(into: &sink)
        #expect(sink.contours == [[SIMD2(0, 0), SIMD2(10, 0), SIMD2(10, 10)], [SIMD2(0, 0), SIMD2(-5, 0)], [SIMD2(50, 50)]])
        #expect(sink.closed == [true, false, false])
        let contours = p.flattenedContours(tolerance: 0.1)
        #expect(contours.map(\.isClosed) == [true, false, false])
        #expect(contours[0].length == 10 + 10 + 200.0.squareRoot())
    }

    // The compositor path: flatten in local units, then map each point (here a projective map).
    @Test func localToleranceWithMapping() {
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10)).geometry
        var mapped = PathRecordingSink()
        circle.flatten(into: &mapped, localTolerance: 0.01) { p in SIMD2(p.x / (1 + p.y * 0.01), p.y / (1 + p.y * 0.01)) }
        let local = circle.flattenedContours(tolerance: 0.01)
        #expect(mapped.contours[0].count == local[0].points.count)
        let q = local[0].points[5]
        #expect(mapped.contours[0][5] == SIMD2(q.x / (1 + q.y * 0.01), q.y / (1 + q.y * 0.01)))
        var dropped = PathRecordingSink()
        circle.flatten(into: &dropped, localTolerance: 0.01) { p in p.y > 5 ? SIMD2(.nan, 0) : p }
        #expect(dropped.contours.allSatisfy { $0.allSatisfy { $0.x.isFinite && $0.y.isFinite } })
    }

    // Bad input never hangs or crashes: huge control points hit the segment cap, NaN/inf are dropped.
    @Test func hugeAndNonFiniteInput() {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addCurve(to: CGPoint(x: 1, y: 1), control1: CGPoint(x: 1e30, y: -1e30), control2: CGPoint(x: -1e30, y: 1e30))
        p.addQuadCurve(to: CGPoint(x: 2, y: 2), control: CGPoint(x: CGFloat.nan, y: 0))
        p.addLine(to: CGPoint(x: CGFloat.infinity, y: 3))
        p.addCurve(to: CGPoint(x: 4, y: 4), control1: CGPoint(x: CGFloat.infinity, y: 0), control2: .zero)
        p.addLine(to: CGPoint(x: 5, y: 5))
        var sink = PathRecordingSink()
        p.flatten(into: &sink, tolerance: 0.0)
        #expect(sink.pointCount <= 3 * PathFlattening.maximumSegmentsPerCurve + 4)
        #expect(sink.contours.allSatisfy { $0.allSatisfy { $0.x.isFinite && $0.y.isFinite } })
        #expect(sink.contours[0].last == SIMD2(5, 5))
        let nanStart = CGMutablePath()
        nanStart.move(to: CGPoint(x: CGFloat.nan, y: 0))
        nanStart.addLine(to: CGPoint(x: 1, y: 1))
        nanStart.addLine(to: CGPoint(x: 2, y: 1))
        var s2 = PathRecordingSink()
        nanStart.flatten(into: &s2)
        #expect(s2.contours == [[SIMD2(1, 1), SIMD2(2, 1)]])
    }
}
