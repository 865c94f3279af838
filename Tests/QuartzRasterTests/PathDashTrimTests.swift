import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster
import QuartzTestSupport

/// Dashing (Apple, copy(dashingWithPhase:lengths:transform:) and CGContext.setLineDash: "lengths … of
/// the painted and unpainted segments", "phase … how far into the dash pattern the line starts"; PostScript
/// setdash semantics for odd counts and per-subpath restart) and trimming (spec §10.1, vectors in
/// fixtures/vectors/hit_stroke.json, exact to 1e-9 since the square has straight edges).
@Suite struct PathDashTrimTests {
    /// Contour lengths rounded to 1e-9 (sums of segment lengths carry a few ulps of rounding).
    func contourLengths(_ path: CGPath) -> [Double] {
        path.geometry.flattenedContours(tolerance: 0.01).map { ($0.length * 1e9).rounded() / 1e9 }
    }

    func firstPoints(_ path: CGPath) -> [CGPoint] {
        path.geometry.elements.compactMap { if case .moveTo(let p) = $0 { return p } else { return nil } }
    }

    let line: CGPath = {
        let p = CGMutablePath()
        p.addLines(between: [.zero, CGPoint(x: 100, y: 0)])
        return p
    }()

    @Test func dashLengthsAlongTheResult() {
        let dashed = line.copy(dashingWithPhase: 0, lengths: [10, 5])
        #expect(contourLengths(dashed) == [10, 10, 10, 10, 10, 10, 10])
        #expect(firstPoints(dashed).map(\.x) == [0, 15, 30, 45, 60, 75, 90])
        // Phase 3 starts 3 units into the first dash.
        let shifted = line.copy(dashingWithPhase: 3, lengths: [10, 5])
        #expect(contourLengths(shifted).first == 7)
        #expect(firstPoints(shifted).map(\.x).prefix(2) == [0, 12])
        // Phase larger than the period and negative phase wrap around.
        #expect(line.copy(dashingWithPhase: 18, lengths: [10, 5]) == shifted)
        #expect(line.copy(dashingWithPhase: -12, lengths: [10, 5]) == shifted)
        // An odd count repeats: [10] is 10 on, 10 off.
        #expect(contourLengths(line.copy(dashingWithPhase: 0, lengths: [10])) == [10, 10, 10, 10, 10])
        // The transform maps the dashes.
        let moved = line.copy(dashingWithPhase: 0, lengths: [10, 5], transform: CGAffineTransform(translationX: 0, y: 7))
        #expect(firstPoints(moved).allSatisfy { $0.y == 7 })
    }

    @Test func dashesOnCurvesMeasureArcLength() {
        let circle = CGPath(ellipseIn: CGRect(x: -50, y: -50, width: 100, height: 100))
        let circumference = circle.geometry.flattenedContours(tolerance: 0.01)[0].length
        let dashed = circle.copy(dashingWithPhase: 0, lengths: [20, 10])
        let lengths = contourLengths(dashed)
        #expect(lengths.dropLast().allSatisfy { abs($0 - 20) < 1e-9 })
        // Dashes start every 30 units; the one starting at 300 runs over the start point into the first.
        #expect(lengths.count == 10)
        #expect(abs(lengths[9] - (circumference - 300 + 20)) < 1e-9)
    }

    // On a closed subpath a dash running over the start point is one piece (no seam).
    @Test func closedSubpathSeamJoins() {
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        let dashed = square.copy(dashingWithPhase: 5, lengths: [10, 5])
        let lengths = contourLengths(dashed)
        // Perimeter 40 from 5 into the pattern: on [0,5], off [5,10], on [10,20], off, on [25,35], off [35,40]
        #expect(lengths == [5, 10, 10])
        let seam = square.copy(dashingWithPhase: 0, lengths: [12, 4])
        // on [0,12] off on [16,28] off on [32,40] → the last dash continues into the first: 8 + 12 = 20.
        #expect(contourLengths(seam) == [12, 20])
    }

    @Test func invalidPatternsDrawUndashed() {
        for lengths: [CGFloat] in [[], [-1, 5], [0, 0], [CGFloat.nan, 1], [CGFloat.infinity]] {
            let result = line.copy(dashingWithPhase: 0, lengths: lengths)
            #expect(contourLengths(result) == [100])
        }
        // Far too many dashes: bounded work, drawn undashed.
        let long = CGMutablePath()
        long.addLines(between: [.zero, CGPoint(x: 1e6, y: 0)])
        #expect(contourLengths(long.copy(dashingWithPhase: 0, lengths: [1e-9, 1e-9])) == [1e6])
    }

    // Zero-length dashes stay as zero-length subpaths, which round caps draw as dots.
    @Test func zeroLengthDashesAndRestartPerSubpath() {
        let dots = line.copy(dashingWithPhase: 0, lengths: [0, 25])
        #expect(firstPoints(dots).map(\.x) == [0, 25, 50, 75, 100])
        #expect(contourLengths(dots).allSatisfy { $0 == 0 })
        let stroke = dots.copy(strokingWithWidth: 2, lineCap: .round, lineJoin: .round, miterLimit: 10)
        #expect(abs(pathNonzeroArea(stroke.geometry) - 5 * .pi) < 5e-3)
        let two = CGMutablePath()
        two.addLines(between: [.zero, CGPoint(x: 12, y: 0)])
        two.addLines(between: [CGPoint(x: 0, y: 5), CGPoint(x: 12, y: 5)])
        #expect(contourLengths(two.copy(dashingWithPhase: 0, lengths: [5, 5])) == [5, 2, 5, 2])
    }

    // Spec §10.1 vectors: square M(0,0) L(100,0) L(100,100) L(0,100) Z, L = 400.
    @Test func trimVectorsFromSpec() throws {
        let json = try #require(try loadFixtureJSON("vectors/hit_stroke.json") as? [String: Any])
        let cases = try #require(json["stroke_square_100"] as? [[String: Any]])
        #expect(cases.count == 4)
        let square = CGMutablePath()
        square.addLines(between: [.zero, CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100), CGPoint(x: 0, y: 100)])
        square.closeSubpath()
        for c in cases {
            let start = try #require(c["strokeStart"] as? Double), end = try #require(c["strokeEnd"] as? Double)
            let expected = try #require(c["stroked"] as? [[Double]]).map { SIMD2($0[0], $0[1]) }
            let trimmed = square.trimmedContours(from: start, to: end)
            if expected.isEmpty {
                #expect(trimmed.isEmpty)
                continue
            }
            #expect(trimmed.count == 1)
            var points = trimmed[0].points
            if trimmed[0].isClosed { points.append(points[0]) }  // the vector lists the closing point
            #expect(points.count == expected.count)
            for (p, q) in zip(points, expected) { #expect(pathDistance(p, q) < 1e-9) }
        }
    }

    // §10.1: values outside [0, 1] are clamped; length runs over all subpaths in order, closing segments
    // included; start ≥ end strokes nothing; dash phase counts from the untrimmed start.
    @Test func trimAcrossSubpathsAndClamping() {
        let p = CGMutablePath()
        p.addLines(between: [.zero, CGPoint(x: 10, y: 0)])
        p.addLines(between: [CGPoint(x: 0, y: 10), CGPoint(x: 30, y: 10)])
        let middle = p.trimmedContours(from: 0.125, to: 0.5)  // [5, 20] of 40
        #expect(middle.map(\.length) == [5, 10])
        #expect(middle[1].points == [SIMD2(0, 10), SIMD2(10, 10)])
        #expect(p.trimmedContours(from: -1, to: 2).map(\.length) == [10, 30])
        #expect(p.trimmedContours(from: 0.7, to: 0.7).isEmpty)
        #expect(p.trimmedContours(from: .nan, to: 0.25).map(\.length) == [10])
        let contours = p.geometry.flattenedContours(tolerance: 0.01)
        // Dashes [4, 4] restart on each subpath; trimmed to [6, 40] only [8, 10] of the first subpath survives.
        let both = PathDashing.select(contours, phase: 0, lengths: [4, 4], trimStart: 0.15, trimEnd: 1)
        #expect(both.map(\.length) == [2, 4, 4, 4, 4])
        #expect(both[0].points == [SIMD2(8, 0), SIMD2(10, 0)])
    }
}
