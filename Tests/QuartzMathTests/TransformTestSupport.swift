import Foundation
import Testing
import QuartzMath
import QuartzTestSupport

/// `fixtures/vectors/transforms.json` rounds every value to 6 decimals (spec §0: "vectors/out/*.json"),
/// so a correct implementation can differ from a vector by up to half a unit in the 6th place: 5e-7.
let sixDecimalTolerance = 5e-7

/// The top-level object of `fixtures/vectors/transforms.json`.
func transformVectors() throws -> [String: Any] {
    try #require(try loadFixtureJSON("vectors/transforms.json") as? [String: Any])
}

/// A 4×4 row list `[[m11 m12 m13 m14], …]` as a CATransform3D.
func matrix(fromJSON value: Any?) throws -> CATransform3D {
    let rows = try #require(value as? [[Double]], "expected a 4×4 array of numbers")
    try #require(rows.count == 4 && rows.allSatisfy { $0.count == 4 }, "expected 4 rows of 4")
    return CATransform3D(
        row1: SIMD4(rows[0][0], rows[0][1], rows[0][2], rows[0][3]),
        row2: SIMD4(rows[1][0], rows[1][1], rows[1][2], rows[1][3]),
        row3: SIMD4(rows[2][0], rows[2][1], rows[2][2], rows[2][3]),
        row4: SIMD4(rows[3][0], rows[3][1], rows[3][2], rows[3][3]))
}

/// Element-by-element comparison; `tolerance: 0` demands exact equality (and reports which element).
func expectMatrix(
    _ got: CATransform3D, _ want: CATransform3D, tolerance: Double, _ context: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    for i in 0..<4 {
        for j in 0..<4 {
            let g = got[row: i][j], w = want[row: i][j]
            let ok = tolerance == 0 ? g == w : abs(g - w) <= tolerance
            #expect(ok, "\(context) m\(i + 1)\(j + 1): got \(g), want \(w)", sourceLocation: sourceLocation)
        }
    }
}

func expectClose(
    _ got: Double, _ want: Double, tolerance: Double, _ context: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(abs(got - want) <= tolerance, "\(context): got \(got), want \(want)", sourceLocation: sourceLocation)
}

/// Largest absolute element difference.
func maxDifference(_ a: CATransform3D, _ b: CATransform3D) -> Double {
    var m = 0.0
    for i in 0..<4 {
        let d = a[row: i] - b[row: i]
        m = max(m, abs(d.x), abs(d.y), abs(d.z), abs(d.w))
    }
    return m
}

/// The transform tests' seeded generator, so the "random" matrices are the same on every run.
typealias SeededGenerator = SplitMix64

/// A unit quaternion with a random axis and an angle in (−π, π), w ≥ 0.
func randomQuaternion(_ g: inout SeededGenerator) -> SIMD4<Double> {
    var axis = SIMD3<Double>(.random(in: -1...1, using: &g), .random(in: -1...1, using: &g), .random(in: -1...1, using: &g))
    axis /= (axis * axis).sum().squareRoot()
    let half = Double.random(in: 0..<(Double.pi / 2), using: &g)
    return SIMD4(axis * sin(half), cos(half))
}
