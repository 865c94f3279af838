import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

/// Stroke outlines measured by their nonzero-union area (PathTestSupport.pathNonzeroArea) against exact
/// formulas. Semantics: Apple, copy(strokingWithWidth:lineCap:lineJoin:miterLimit:transform:) ("a new path
/// equivalent to the results of drawing the path with a solid stroke"), CGLineCap / CGLineJoin pages, and
/// CGContext.setMiterLimit ("If the length of the miter divided by the line width is greater than the
/// miter limit, the join is converted to a bevel"). Tolerances: the area measure samples scanlines 0.01
/// apart, so outlines with slanted edges (round parts are area-exact chords, PathStrokeRoundArcs.swift) get
/// a small slack; straight-edged outlines on the sampling grid are exact to rounding.
@Suite struct PathStrokeTests {
    /// Round parts have exactly the disc's area; the slack (about 1e-3 of it) covers the scanline measure's
    /// error at the many slanted chords.
    func pathCubicDiscSlack(radius r: Double) -> Double { 2 * 2.8e-4 * .pi * r * r + 1e-6 }

    func stroked(_ points: [CGPoint], closed: Bool = false, width: Double = 4, cap: CGLineCap = .butt,
                 join: CGLineJoin = .miter, miterLimit: Double = 10) -> CGPath {
        let p = CGMutablePath()
        p.addLines(between: points)
        if closed { p.closeSubpath() }
        return p.copy(strokingWithWidth: width, lineCap: cap, lineJoin: join, miterLimit: miterLimit)
    }

    let line = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0)]

    @Test func straightSegmentCaps() {
        let w = 4.0, l = 10.0
        #expect(abs(pathNonzeroArea(stroked(line, cap: .butt).geometry) - l * w) < 1e-6)
        #expect(abs(pathNonzeroArea(stroked(line, cap: .square).geometry) - (l + w) * w) < 1e-6)
        let round = pathNonzeroArea(stroked(line, cap: .round).geometry)
        #expect(abs(round - (l * w + .pi * w * w / 4)) < pathCubicDiscSlack(radius: 2))
        // Caps sit at the ends along the segment: square caps reach w/2 beyond each end.
        #expect(stroked(line, cap: .square).boundingBoxOfPath == CGRect(x: -2, y: -2, width: 14, height: 4))
    }

    // An L of two legs of length L: the union of the two butt rectangles is 2Lw − w²/4; the miter adds the
    // w/2 × w/2 corner square, bevel half of it, round a quarter disc of radius w/2.
    @Test func rightAngleJoins() {
        let w = 4.0, l = 10.0, h = w / 2
        let pts = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)]
        let base = 2 * l * w - h * h
        #expect(abs(pathNonzeroArea(stroked(pts, join: .miter).geometry) - (base + h * h)) < 1e-6)
        #expect(abs(pathNonzeroArea(stroked(pts, join: .bevel).geometry) - (base + h * h / 2)) < 1e-3)
        #expect(abs(pathNonzeroArea(stroked(pts, join: .round).geometry) - (base + .pi * h * h / 4)) < pathCubicDiscSlack(radius: h))
        // Both turning directions give the same area (the outer side switches sides).
        let mirrored = pts.map { CGPoint(x: $0.x, y: -$0.y) }
        #expect(abs(pathNonzeroArea(stroked(mirrored, join: .miter).geometry) - (base + h * h)) < 1e-6)
    }

    // Miter limit: at a 60° angle between the segments the miter ratio is 1/sin(30°) = 2.
    @Test func miterLimitSwitchesToBevel() {
        let tip = CGPoint(x: 10, y: 0)
        let back = CGPoint(x: 10 - 10 * cos(Double.pi / 3), y: 10 * sin(Double.pi / 3))
        let pts = [CGPoint(x: 0, y: 0), tip, back]
        let mitered = pathNonzeroArea(stroked(pts, join: .miter, miterLimit: 2.01).geometry)
        let limited = pathNonzeroArea(stroked(pts, join: .miter, miterLimit: 1.99).geometry)
        let bevel = pathNonzeroArea(stroked(pts, join: .bevel).geometry)
        #expect(abs(limited - bevel) < 1e-9)
        // The miter tip beyond the bevel: a triangle with base = w·cos(30°)… computed exactly: the kite between
        // the bevel chord and the miter point has area h²·tan(θ/2) − h²·sin(θ)/2 with turn θ = 120°.
        let h = 2.0, theta = 2 * Double.pi / 3
        let extra = h * h * tan(theta / 2) - h * h * sin(theta) / 2
        #expect(abs(mitered - bevel - extra) < 2e-3)
    }

    // A closed square ring with miter joins covers (L + w)² − (L − w)².
    @Test func closedSquareRing() {
        let pts = [CGPoint(x: 0, y: 0), CGPoint(x: 20, y: 0), CGPoint(x: 20, y: 20), CGPoint(x: 0, y: 20)]
        let ring = stroked(pts, closed: true, width: 4)
        #expect(abs(pathNonzeroArea(ring.geometry) - (24 * 24 - 16 * 16)) < 1e-6)
        #expect(ring.geometry.elementTypes.filter { $0 == .closeSubpath }.count == 2)
        #expect(!ring.contains(CGPoint(x: 10, y: 10)) && ring.contains(CGPoint(x: 21, y: 10)))
        #expect(!ring.contains(CGPoint(x: 10, y: 10), using: .evenOdd))
    }

    // A stroked circle of radius r covers the ring π((r + h)² − (r − h)²) = 4πrh; curves stay round.
    @Test func strokedCircle() {
        let circle = CGPath(ellipseIn: CGRect(x: -20, y: -20, width: 40, height: 40))
        for join in [CGLineJoin.miter, .bevel, .round] {
            let ring = circle.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: join, miterLimit: 10)
            let expected = 4 * Double.pi * 20 * 2
            #expect(abs(pathNonzeroArea(ring.geometry) - expected) / expected < 2e-3)
            #expect(abs(ring.boundingBoxOfPath.width - 44) < 0.05)
        }
    }

    // Degenerate subpaths: Core Graphics draws a dot for a zero-length subpath with round caps; square caps
    // give a square here (Apple does not document it), butt caps and lone moves nothing; width 0 is empty.
    @Test func degenerateSubpaths() {
        let dot = stroked([CGPoint(x: 5, y: 5), CGPoint(x: 5, y: 5)], cap: .round)
        #expect(abs(pathNonzeroArea(dot.geometry) - .pi * 4) < pathCubicDiscSlack(radius: 2))
        let square = stroked([CGPoint(x: 5, y: 5), CGPoint(x: 5, y: 5)], cap: .square)
        #expect(abs(pathNonzeroArea(square.geometry) - 16) < 1e-6)
        #expect(stroked([CGPoint(x: 5, y: 5), CGPoint(x: 5, y: 5)], cap: .butt).isEmpty)
        let lone = CGMutablePath()
        lone.move(to: CGPoint(x: 1, y: 1))
        #expect(lone.copy(strokingWithWidth: 4, lineCap: .round, lineJoin: .round, miterLimit: 10).isEmpty)
        #expect(stroked(line, width: 0).isEmpty)
        #expect(stroked(line, width: -3).isEmpty)
        #expect(stroked(line, width: .nan).isEmpty)
    }

    // A 180° turn with round joins and caps: the pen sweeps [0, 10] with half discs at both ends.
    @Test func reversalAndRepeatedPoints() {
        let pts = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 5, y: 0)]
        let area = pathNonzeroArea(stroked(pts, cap: .round, join: .round).geometry)
        #expect(abs(area - (10 * 4 + .pi * 4)) < pathCubicDiscSlack(radius: 2))
        let butt = pathNonzeroArea(stroked(pts, cap: .butt, join: .bevel).geometry)
        #expect(abs(butt - 10 * 4) < 1e-6)
    }

    // A cusp (cubic whose control points cross) and a tight curve with a wide pen stay within the pen's
    // reach: every outline point is at distance ≥ h − tol from the centre line's nearest point.
    @Test func cuspAndWidePen() {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addCurve(to: CGPoint(x: 10, y: 0), control1: CGPoint(x: 20, y: 10), control2: CGPoint(x: -10, y: 10))
        let outline = p.copy(strokingWithWidth: 6, lineCap: .butt, lineJoin: .round, miterLimit: 10)
        let centre = p.flattenedContours(tolerance: 0.001)[0].points
        for contour in outline.geometry.flattenedContours(tolerance: 0.01) {
            for q in contour.points {
                var best = Double.infinity
                for i in 1..<centre.count { best = min(best, pathTestDistance(q, centre[i - 1], centre[i])) }
                #expect(best <= 3 + 0.05)
            }
        }
        // The transform applies to the finished outline (Apple: "applies the transformation to elements of
        // the converted path").
        let scaled = p.copy(strokingWithWidth: 6, lineCap: .butt, lineJoin: .round, miterLimit: 10, transform: CGAffineTransform(scaleX: 2, y: 2))
        #expect(abs(scaled.boundingBox.width - 2 * outline.boundingBox.width) < 1e-9)
    }

    // Huge coordinates stay bounded in time and memory.
    @Test func hugeCoordinates() {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addCurve(to: CGPoint(x: 1, y: 0), control1: CGPoint(x: 1e30, y: 1e30), control2: CGPoint(x: -1e30, y: 1e30))
        let outline = p.copy(strokingWithWidth: 1e30, lineCap: .round, lineJoin: .round, miterLimit: 10)
        #expect(outline.geometry.points.count < 200_000)
    }
}
