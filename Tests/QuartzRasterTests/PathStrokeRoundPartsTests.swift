import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

/// Round caps, round joins, dots and the round outer side of curves are area-exact chords
/// (PathStrokeRoundArcs.swift). Semantics: Apple's CGLineCap.round ("the end of the line is a semicircle
/// centred on the endpoint, diameter = line width"), CGLineJoin.round, and
/// copy(strokingWithWidth:lineCap:lineJoin:miterLimit:transform:) ("equivalent to the results of drawing the
/// path with a solid stroke"). The areas below are compared with the shoelace formula, exact for polygons, so
/// the tolerances are rounding only (1e-12 relative); reach bounds use the file header's chord bounds.
@Suite struct PathStrokeRoundPartsTests {
    /// Signed-area sum of every closed contour (all outline elements here are lines).
    func shoelaceArea(_ geometry: PathGeometry) -> Double {
        var total = 0.0
        for contour in geometry.flattenedContours(tolerance: 1) {
            let p = contour.points
            for i in p.indices {
                let a = p[i], b = p[(i + 1) % p.count]
                total += a.x * b.y - a.y * b.x
            }
        }
        return abs(total) / 2
    }

    func onlyLines(_ geometry: PathGeometry) -> Bool {
        !geometry.elementTypes.contains { $0 == .addCurveToPoint || $0 == .addQuadCurveToPoint }
    }

    func stroke(_ build: (CGMutablePath) -> Void, width: Double, cap: CGLineCap = .round, join: CGLineJoin = .round) -> CGPath {
        let p = CGMutablePath()
        build(p)
        return p.copy(strokingWithWidth: width, lineCap: cap, lineJoin: join, miterLimit: 10)
    }

    // The fan of an arc's chords from its centre has exactly the sector's area h²·|sweep|/2, its chords cut at
    // most the sagitta (≤ tolerance) inside the circle and its vertices stay within 1.95 sagittas outside
    // (file header).
    @Test(arguments: [0.5, 2.0, 6.0, 150.0])
    func arcChordsHaveTheSectorsArea(radius h: Double) throws {
        for sweep in [0.05, 0.4, Double.pi / 2, 2.5, Double.pi, -Double.pi, -1.1] {
            for tolerance in [0.1, 0.01, 0.001] {
                let c = try #require(PathStrokeArcChords(radius: h, sweep: sweep, tolerance: tolerance))
                let sigma = abs(c.step)
                #expect(c.steps >= 2 && abs(c.step * Double(c.steps) - sweep) < 1e-12)
                let fan = h * c.vertexRadius * sin(sigma) + Double(c.steps - 2) * c.vertexRadius * c.vertexRadius * sin(sigma) / 2
                #expect(abs(fan - h * h * abs(sweep) / 2) <= 1e-12 * h * h, "h \(h) sweep \(sweep) tol \(tolerance)")
                // Unbalanced sagitta within the tolerance, so the count is the smallest that meets it (or 2).
                #expect(h * (1 - cos(sigma / 2)) <= tolerance * (1 + 1e-12))
                if c.steps > 2 { #expect(h * (1 - cos(abs(sweep) / Double(c.steps - 1) / 2)) > tolerance) }
                #expect(c.vertexRadius >= h && c.vertexRadius - h <= 1.95 * h * (1 - cos(sigma / 2)))
                // The chord between an end (radius h) and the first vertex dips least far at its ends; its
                // closest point to the centre is at least h − tolerance away.
                let a = SIMD2(h, 0.0), b = SIMD2(cos(sigma), sin(sigma)) * c.vertexRadius
                #expect(pathTestDistance(.zero, a, b) >= h - tolerance)
            }
        }
        #expect(PathStrokeArcChords(radius: h, sweep: 0, tolerance: 0.1) == nil)
        #expect(PathStrokeArcChords(radius: h, sweep: .nan, tolerance: 0.1) == nil)
        #expect(PathStrokeArcChords(radius: h, sweep: .infinity, tolerance: 0.1) == nil)
    }

    // Huge radii or tiny tolerances stay bounded (1024 chords) and still have the exact area.
    @Test func arcChordCountIsBounded() throws {
        let c = try #require(PathStrokeArcChords(radius: 1e30, sweep: .pi, tolerance: 0.01))
        #expect(c.steps == PathStrokeArcChords.maximumSteps)
        let fan = c.vertexRadius * sin(c.step) * (1e30 + Double(c.steps - 2) * c.vertexRadius / 2)
        #expect(abs(fan / (1e60 * .pi / 2) - 1) < 1e-12)
        #expect(PathStrokeArcChords.fullCircle(radius: 1e-9, tolerance: 0.01).steps == 4)
    }

    // A round-capped segment is the stadium: l·w + π·h² exactly, and every outline vertex is between
    // h − tol/2 and h + 1.95·tol/2 from the segment (arc tolerance = half the stroke tolerance 0.01).
    @Test func roundCappedSegmentIsTheStadium() {
        for (w, l) in [(4.0, 10.0), (11.7, 3.0), (0.3, 25.0)] {
            let h = w / 2
            let outline = stroke({ $0.move(to: .zero); $0.addLine(to: CGPoint(x: l, y: 0)) }, width: w)
            #expect(onlyLines(outline.geometry))
            #expect(abs(shoelaceArea(outline.geometry) - (l * w + .pi * h * h)) <= 1e-12 * l * w)
            let tol = PathStroker.defaultTolerance / 2
            for q in outline.geometry.flattenedContours(tolerance: 1)[0].points {
                let d = pathTestDistance(q, .zero, SIMD2(l, 0))
                #expect(d >= h - tol && d <= h + 1.95 * tol)
            }
        }
    }

    // A zero-length subpath with round caps is a disc of area π·h² exactly (Core Graphics draws a dot).
    @Test func dotHasTheDiscsArea() {
        for w in [1.0, 4.0, 30.0] {
            let dot = stroke({ $0.move(to: CGPoint(x: 3, y: 4)); $0.addLine(to: CGPoint(x: 3, y: 4)) }, width: w)
            #expect(abs(shoelaceArea(dot.geometry) - .pi * w * w / 4) <= 1e-12 * w * w)
        }
    }

    // A right-angle round join adds exactly a quarter disc to the two butt rectangles' union 2Lw − h².
    @Test func rightAngleRoundJoinIsAQuarterDisc() {
        let w = 4.0, l = 10.0, h = w / 2
        let outline = stroke({
            $0.move(to: .zero); $0.addLine(to: CGPoint(x: l, y: 0)); $0.addLine(to: CGPoint(x: l, y: l))
        }, width: w, cap: .butt)
        #expect(onlyLines(outline.geometry))
        #expect(abs(shoelaceArea(outline.geometry) - (2 * l * w - h * h + .pi * h * h / 4)) <= 1e-12 * l * w)
    }

    // Curves: the outer side of a stroked circle stays round — within the stroke tolerance (0.01) of radius
    // r + h — and the inner side within it of r − h; plus 2.8e-4·r because the circle itself is four cubic
    // arcs whose radius exceeds r by up to 2.7e-4·r.
    @Test func curveOffsetsStayOnTheirCircles() {
        let r = 20.0, w = 6.0, h = w / 2
        let circle = CGPath(ellipseIn: CGRect(x: -r, y: -r, width: 2 * r, height: 2 * r))
        let ring = circle.copy(strokingWithWidth: w, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        let contours = ring.geometry.flattenedContours(tolerance: 1)
        #expect(contours.count == 2)
        for contour in contours {
            let radii = contour.points.map { ($0 * $0).sum().squareRoot() }
            let target = radii[0] > r ? r + h : r - h
            #expect(radii.allSatisfy { abs($0 - target) <= PathStroker.defaultTolerance + 2.8e-4 * r })
        }
    }

    // Tight curvature with a wide pen: a point is covered (nonzero) exactly when the pen reaches it, i.e. its
    // distance to the centre line is below h — checked on a grid, leaving out a band of the stroke tolerance
    // around the boundary. Covers the inner side of curves whose radius is below h (pivot route), a cusp,
    // a hairpin and round joins and caps.
    @Test func tightCurvesCoverExactlyThePensReach() {
        let shapes: [(CGMutablePath) -> Void] = [
            { // cusp
                $0.move(to: .zero)
                $0.addCurve(to: CGPoint(x: 10, y: 0), control1: CGPoint(x: 20, y: 10), control2: CGPoint(x: -10, y: 10))
            },
            { // tight loop-like bend with radius of curvature well below h
                $0.move(to: CGPoint(x: 0, y: 0))
                $0.addCurve(to: CGPoint(x: 2, y: 0), control1: CGPoint(x: 8, y: 6), control2: CGPoint(x: -6, y: 6))
                $0.addLine(to: CGPoint(x: 2, y: -6))
            },
            { // hairpin of two lines and a small arc, closed
                $0.move(to: CGPoint(x: 0, y: -8))
                $0.addLine(to: CGPoint(x: 0, y: 0))
                $0.addArc(center: CGPoint(x: 1, y: 0), radius: 1, startAngle: .pi, endAngle: 0, clockwise: true)
                $0.addLine(to: CGPoint(x: 2, y: -8))
                $0.closeSubpath()
            },
        ]
        let h = 3.0, band = 0.03
        for (index, build) in shapes.enumerated() {
            let path = CGMutablePath()
            build(path)
            let outline = path.copy(strokingWithWidth: 2 * h, lineCap: .round, lineJoin: .round, miterLimit: 10)
            var centre: [(SIMD2<Double>, SIMD2<Double>)] = []
            for c in path.flattenedContours(tolerance: 1e-3) {
                let p = c.points
                for i in 1..<p.count { centre.append((p[i - 1], p[i])) }
                if c.isClosed { centre.append((p[p.count - 1], p[0])) }
            }
            let box = path.boundingBoxOfPath.insetBy(dx: -h - 1, dy: -h - 1)
            var mismatches = 0, checked = 0
            for y in stride(from: box.minY, to: box.maxY, by: 0.23) {
                for x in stride(from: box.minX, to: box.maxX, by: 0.23) {
                    let q = SIMD2(Double(x), Double(y))
                    let d = centre.map { pathTestDistance(q, $0.0, $0.1) }.min()!
                    guard abs(d - h) > band else { continue }
                    checked += 1
                    if outline.contains(CGPoint(x: x, y: y)) != (d < h) { mismatches += 1 }
                }
            }
            #expect(checked > 2000)
            #expect(mismatches == 0, "shape \(index): \(mismatches) of \(checked) grid points disagree with the pen's reach")
        }
    }
}
