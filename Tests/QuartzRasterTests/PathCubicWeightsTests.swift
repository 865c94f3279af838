import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster
import QuartzTestSupport

/// The flattener's table of cubic weights (PathCubicWeights.swift) against the per-point expressions it
/// replaced: every entry bit-identical, and a flattened cubic's points bit-identical to evaluating
/// t = i/n, u = 1 − t, u³·p0 + 3u²t·p1 + 3ut²·p2 + t³·p3 at each point, for counts inside the table and beyond
/// it. Project contract (the flattener's points are what the filler and stroker see); Apple has no such API.
@Suite struct PathCubicWeightsTests {
    @Test func tableEqualsThePerPointWeights() {
        let table = PathCubicWeights.table
        for n in 2...PathCubicWeights.maximumCount {
            let row = PathCubicWeights.row(n, in: table)
            for i in 1..<n {
                let t = Double(i) / Double(n), u = 1 - t
                let expected: [Double] = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t]
                for lane in 0..<4 {
                    #expect(row[i - 1][lane].bitPattern == expected[lane].bitPattern, "n \(n) i \(i) lane \(lane)")
                }
            }
        }
    }

    // Positive coordinates, so the walker's identity map (1·x + 0·y + 0) returns each point unchanged.
    @Test func flattenedCubicsEqualThePerPointFormula() {
        var r = PaintTestRandom(seed: 0xC0B1C)
        var counts = Set<Int>()
        for round in 0..<400 {
            let size = [2.0, 20, 200, 2000, 40_000][round % 5]
            func point() -> CGPoint { CGPoint(x: 1 + r.unit() * size, y: 1 + r.unit() * size) }
            let p0 = point(), c1 = point(), c2 = point(), end = point()
            var path = PathGeometry()
            path.move(to: p0)
            path.addCurve(to: end, control1: c1, control2: c2)
            let tolerance = 0.2
            guard let contour = path.flattenedContours(tolerance: tolerance).first else {
                Issue.record("round \(round): no contour")
                continue
            }
            let q0 = SIMD2(Double(p0.x), Double(p0.y)), q1 = SIMD2(Double(c1.x), Double(c1.y))
            let q2 = SIMD2(Double(c2.x), Double(c2.y)), q3 = SIMD2(Double(end.x), Double(end.y))
            let n = PathFlattening.cubicSegmentCount(q0 - 2 * q1 + q2, q1 - 2 * q2 + q3, tolerance: tolerance)
            counts.insert(n)
            var expected = [q0]
            for i in 1..<n {
                let t = Double(i) / Double(n), u = 1 - t
                let a = u * u * u, b = 3 * u * u * t, cc = 3 * u * t * t, d = t * t * t
                let sum: SIMD2<Double> = a * q0 + b * q1
                expected.append(sum + cc * q2 + d * q3)
            }
            expected.append(q3)
            #expect(contour.points.count == expected.count, "round \(round)")
            guard contour.points.count == expected.count else { continue }
            for i in expected.indices {
                #expect(contour.points[i].x.bitPattern == expected[i].x.bitPattern, "round \(round) point \(i)")
                #expect(contour.points[i].y.bitPattern == expected[i].y.bitPattern, "round \(round) point \(i)")
            }
        }
        // Sanity: counts on both sides of the table's end were compared.
        #expect(counts.contains { $0 <= PathCubicWeights.maximumCount && $0 > 2 })
        #expect(counts.contains { $0 > PathCubicWeights.maximumCount })
    }
}
