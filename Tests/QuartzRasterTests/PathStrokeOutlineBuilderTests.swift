import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster
import QuartzTestSupport

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

    // The second side of a contour draws the joins the first side mirrored (PathStrokeJoins.swift) instead
    // of joining again: it must draw exactly what joining the reversed contour draws. Random contours
    // (repeated points, straight runs, hairpins, smooth and corner vertices, every join and cap, widths
    // from thin to wider than the segments): an open contour's loop is the reversed contour's loop started
    // at the other end, a closed contour's two loops are the reversed contour's two loops swapped, bit for
    // bit.
    @Test func secondSideMatchesTheReversedContourExactly() {
        var r = PaintTestRandom(seed: 0x5EC0)
        func loopPoints(_ outline: PathGeometry) -> [[SIMD2<Double>]] {
            var loops: [[SIMD2<Double>]] = []
            var index = 0
            for type in outline.elementTypes where type.pointCount > 0 {  // a close has no point
                index += type.pointCount
                let p = SIMD2<Double>(Double(outline.points[index - 1].x), Double(outline.points[index - 1].y))
                if type == .moveToPoint { loops.append([p]) } else { loops[loops.count - 1].append(p) }
            }
            // A loop's last line returns to its first point: drop it, so loops compare as cycles.
            return loops.map { $0.count > 1 && $0.last == $0.first ? Array($0.dropLast()) : $0 }
        }
        func isRotation(_ a: [SIMD2<Double>], _ b: [SIMD2<Double>]) -> Bool {
            guard a.count == b.count else { return false }
            if a.isEmpty { return true }
            return a.indices.contains { k in a.indices.allSatisfy { a[($0 + k) % a.count] == b[$0] } }
        }
        for round in 0..<400 {
            let n = 2 + r.below(14)
            var points: [SIMD2<Double>] = [SIMD2(r.unit() * 40, r.unit() * 40)]
            for _ in 1..<n {
                let last = points[points.count - 1]
                switch r.below(8) {
                case 0: points.append(last)  // repeated
                case 1 where points.count > 1: points.append(last + (last - points[points.count - 2]))  // straight on
                case 2 where points.count > 1: points.append(points[points.count - 2])  // hairpin
                default: points.append(last + SIMD2(r.unit() * 12 - 6, r.unit() * 12 - 6))
                }
            }
            let closed = round % 3 == 0
            // A closed contour ending on its first point drops that copy, and the reversed one drops the other:
            // they would start at different vertices. Leave it out, and make the vertex each direction starts
            // at a corner in both.
            while closed && points.count > 1 && points[points.count - 1] == points[0] { points.removeLast() }
            var flags = points.indices.map { _ in r.below(3) != 0 }
            if closed { flags[0] = false; flags[flags.count - 1] = false }
            let style = PathStrokeStyle(
                lineWidth: [0.3, 2, 7, 25][r.below(4)], lineCap: [CGLineCap.butt, .round, .square][r.below(3)],
                lineJoin: [CGLineJoin.round, .miter, .bevel][r.below(3)], miterLimit: [1.5, 4, 10][r.below(3)])
            let forward = FlattenedPathContour(points: points, isClosed: closed, isSmooth: flags)
            let backward = FlattenedPathContour(points: points.reversed(), isClosed: closed, isSmooth: flags.reversed())
            let a = loopPoints(PathStroker.outline(of: [forward], style: style, tolerance: 0.05))
            let b = loopPoints(PathStroker.outline(of: [backward], style: style, tolerance: 0.05))
            #expect(a.count == b.count, "round \(round)")
            guard a.count == b.count else { continue }
            if closed && a.count == 2 {
                #expect(a[0] == b[1] && a[1] == b[0], "round \(round)")
            } else {
                #expect(zip(a, b).allSatisfy { isRotation($0, $1) }, "round \(round)")
            }
        }
    }
}
