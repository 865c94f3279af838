import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster
import QuartzTestSupport

/// The stroker's single-allocation contour scratch (PathContourScratch.swift) against the four Arrays it
/// replaced: the same kept vertices and smooth flags after dropping repeated points, and bit-identical
/// directions and lengths, for random contours (repeats, near repeats, growth past the first capacity, reuse
/// across contours). The join and side code reads these lanes unchanged, so equal lanes mean equal outlines.
/// Project contract; Apple's copy(strokingWithWidth:…) has no such internals.
@Suite struct PathContourScratchTests {
    /// The former arrays route, kept here as the reference: PathOutlineBuilder.stroke's dedupe loop and
    /// PathOutlineBuilder.directions as they were.
    static func reference(
        _ source: [SIMD2<Double>], _ flags: [Bool], halfWidth: Double, closed: Bool
    ) -> (points: [SIMD2<Double>], smooth: [Bool], directions: [SIMD2<Double>], lengths: [Double]) {
        var points: [SIMD2<Double>] = [], smooth: [Bool] = []
        let epsilon = halfWidth * 1e-9
        for i in source.indices {
            let p = source[i]
            if let last = points.last, pathDistance(last, p) <= epsilon {
                smooth[smooth.count - 1] = smooth[smooth.count - 1] && flags[i]
                continue
            }
            points.append(p)
            smooth.append(flags[i])
        }
        if closed, points.count > 1, pathDistance(points[0], points[points.count - 1]) <= epsilon {
            points.removeLast()
            smooth.removeLast()
        }
        if closed, !smooth.isEmpty { smooth[0] = false }
        var directions: [SIMD2<Double>] = [], lengths: [Double] = []
        if points.count > 1 {
            let count = closed ? points.count : points.count - 1
            for i in 0..<count {
                let a = points[i], b = points[i + 1 == points.count ? 0 : i + 1]
                let length = pathDistance(a, b)
                lengths.append(length)
                directions.append((b - a) / length)
            }
        }
        return (points, smooth, directions, lengths)
    }

    // Each builder strokes many contours in turn, so its scratch is reused (and grown) across them.
    @Test func lanesMatchTheArrayRoute() {
        var r = PaintTestRandom(seed: 0xC0_47)
        var grownPast = false
        var builders = [0.25, 1.5, 6].map {
            PathOutlineBuilder(style: PathStrokeStyle(lineWidth: 2 * $0, lineCap: .round), tolerance: 0.05, output: PathOutlineBuffer())
        }
        for round in 0..<300 {
            let halfWidth = [0.25, 1.5, 6][round % 3]
            var builder = builders[round % 3]
            defer { builders[round % 3] = builder }
            let closed = r.below(3) == 0
            var source: [SIMD2<Double>] = [], flags: [Bool] = []
            var last = SIMD2<Double>(0, 0)
            for _ in 0..<(1 + r.below(round % 10 == 0 ? 300 : 30)) {
                switch r.below(8) {
                case 0: break  // repeat the last point
                case 1: last.x += halfWidth * 1e-10  // within the stroker's epsilon
                case 2: last.y += halfWidth * 2e-9  // just beyond it
                default: last = SIMD2(r.unit() * 200 - 50, r.unit() * 150 - 40)
                }
                source.append(last)
                flags.append(r.below(2) == 0)
            }
            if closed && r.below(2) == 0 { source.append(source[0]); flags.append(true) }
            let expected = Self.reference(source, flags, halfWidth: halfWidth, closed: closed)

            // Through the builder's own steps; the lanes keep the last contour's values after it is stroked.
            builder.beginContour(reserving: r.below(2) == 0 ? source.count : 4)
            for i in source.indices { builder.addContourPoint(source[i], smooth: flags[i]) }
            builder.finishContour(closed: closed)
            let scratch = builder.scratch
            grownPast = grownPast || scratch.capacity > 64

            #expect(scratch.count == expected.points.count, "round \(round)")
            guard scratch.count == expected.points.count else { continue }
            for i in 0..<scratch.count {
                #expect(scratch.points[i].x.bitPattern == expected.points[i].x.bitPattern, "round \(round) point \(i)")
                #expect(scratch.points[i].y.bitPattern == expected.points[i].y.bitPattern, "round \(round) point \(i)")
                #expect(scratch.smooth[i] == expected.smooth[i], "round \(round) flag \(i)")
            }
            for i in expected.directions.indices {
                #expect(scratch.directions[i].x.bitPattern == expected.directions[i].x.bitPattern, "round \(round)")
                #expect(scratch.directions[i].y.bitPattern == expected.directions[i].y.bitPattern, "round \(round)")
                #expect(scratch.lengths[i].bitPattern == expected.lengths[i].bitPattern, "round \(round)")
            }
        }
        // Sanity: some contours outgrew the first allocation (the copy in grow ran).
        #expect(grownPast)
    }
}
