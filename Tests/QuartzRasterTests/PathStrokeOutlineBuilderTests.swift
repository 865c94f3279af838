import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

/// The stroker's trig-free inner workings (PathStroker.swift, PathStrokeRoundArcs.swift) against their
/// definitions: round-arc vertices rotated step by step versus cos/sin of their angles, the smooth-vertex
/// rule at its threshold, and the closed contour's second loop versus the reversed contour's left side.
/// Semantics: Apple's copy(strokingWithWidth:lineCap:lineJoin:miterLimit:transform:) ("equivalent to the
/// results of drawing the path with a solid stroke"); the loop layout and the smooth rule are this project's
/// (PathStroker.swift file header), Apple documents neither.
@Suite struct PathStrokeOutlineBuilderTests {
    func loops(_ outline: PathGeometry) -> [[SIMD2<Double>]] {
        outline.flattenedContours(tolerance: 1).map(\.points)
    }

    // Each vertex is the previous one rotated by the chord step. Rounding grows by a few ulps per step, so
    // after at most 1024 steps (the cap) the vertices stay within 1e-12 of the radius of cos/sin of
    // their angles: 1024 steps · ~4 ulp (2.2e-16) ≈ 1e-12 relative.
    @Test(arguments: [(2.0, 0.1), (6.0, 0.01), (1e4, 0.001)])
    func roundArcVerticesSitAtTheirAngles(radius h: Double, tolerance: Double) throws {
        for sweep in [-Double.pi, -0.3, 2.5] {
            var builder = PathOutlineBuilder(style: PathStrokeStyle(lineWidth: 2 * h), tolerance: tolerance, output: PathOutlineBuffer())
            let chords = try #require(PathStrokeArcChords(radius: h, sweep: sweep, maximumStep: builder.arcMaximumStep))
            let start = 0.7, center = SIMD2(3.0, -2.0)
            let unit = SIMD2(cos(start), sin(start))
            builder.output.move(center + unit * h)
            builder.roundArc(center: center, from: unit, chords: chords)
            let points = builder.output.geometry.points
            #expect(points.count == chords.steps)
            for k in 1..<min(points.count, chords.steps) {
                let angle = start + chords.step * Double(k)
                let expected = center + SIMD2(cos(angle), sin(angle)) * chords.vertexRadius
                let p = SIMD2<Double>(Double(points[k].x), Double(points[k].y))
                #expect(pathDistance(p, expected) <= 1e-12 * chords.vertexRadius, "h \(h) sweep \(sweep) k \(k)")
            }
        }
        // The precomputed limit is the one the tolerance-based layout uses.
        let byTolerance = try #require(PathStrokeArcChords(radius: h, sweep: -.pi, tolerance: tolerance / 2))
        let builder = PathOutlineBuilder(style: PathStrokeStyle(lineWidth: 2 * h), tolerance: tolerance, output: PathOutlineBuffer())
        #expect(builder.capChords == byTolerance)
    }

    // A smooth vertex turning right by θ: the outer (left) side takes the offset lines' meeting point while
    // h·(1/cos(θ/2) − 1) ≤ tolerance/2, a round arc beyond. Just below the threshold the open butt-capped
    // outline has 7 vertices (start, meeting point, end, other end, inner meeting point, start's other side,
    // back to start); just above, the arc adds its end points and chords.
    @Test(arguments: [2.0, 5.5])
    func smoothVertexSwitchesToAnArcAtTheTolerance(halfWidth h: Double) {
        let tolerance = 0.01
        let threshold = 2 * acos(h / (h + tolerance / 2))
        func outlineCount(turn theta: Double) -> Int {
            let p0 = SIMD2(0.0, 0.0), p1 = SIMD2(10.0, 0.0)
            let p2 = p1 + SIMD2(cos(theta), -sin(theta)) * 10
            let contour = FlattenedPathContour(points: [p0, p1, p2], isClosed: false, isSmooth: [false, true, false])
            let outline = PathStroker.outline(of: [contour], style: PathStrokeStyle(lineWidth: 2 * h), tolerance: tolerance)
            return loops(outline)[0].count
        }
        #expect(outlineCount(turn: threshold * (1 - 1e-6)) == 7)
        #expect(outlineCount(turn: threshold * (1 + 1e-6)) >= 9)
        #expect(outlineCount(turn: threshold * 0.5) == 7)
    }

    // A closed contour's outline is two loops: its left side, then the left side of the reversed contour,
    // built from the forward directions negated (exact), so it equals stroking the reversed contour.
    @Test(arguments: [CGLineJoin.round, .miter, .bevel])
    func closedContoursSecondLoopIsTheReversedLeftSide(join: CGLineJoin) {
        let style = PathStrokeStyle(lineWidth: 3, lineCap: .round, lineJoin: join)
        let corners: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(10, 0), SIMD2(12, 6), SIMD2(5, 11), SIMD2(-2, 6), SIMD2(1, 3)]
        // A polygonal circle with smooth interior vertices (first and last are corners either way round).
        let circle = (0..<40).map { k -> SIMD2<Double> in
            let a = 2 * Double.pi * Double(k) / 40
            return SIMD2(7 + 9 * cos(a), -4 + 9 * sin(a))
        }
        let circleFlags = (0..<40).map { $0 != 0 && $0 != 39 }
        for (points, flags) in [(corners, [Bool](repeating: false, count: corners.count)), (circle, circleFlags)] {
            let forward = FlattenedPathContour(points: points, isClosed: true, isSmooth: flags)
            let backward = FlattenedPathContour(points: points.reversed(), isClosed: true, isSmooth: flags.reversed())
            let a = loops(PathStroker.outline(of: [forward], style: style, tolerance: 0.01))
            let b = loops(PathStroker.outline(of: [backward], style: style, tolerance: 0.01))
            #expect(a.count == 2 && b.count == 2)
            if a.count == 2 && b.count == 2 {
                #expect(a[1] == b[0])
                #expect(a[0] == b[1])
            }
        }
    }
}
