import Foundation
import Testing
import QuartzMath

/// Matrix interpolation for `transform` animations (spec §2.4 CATransform3D row, §9.6): decompose, lerp the
/// parts, slerp the rotation along the shorter arc, recompose.
@Suite struct InterpolationTests {
    static let rotZ90 = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)

    /// The endpoints of each "transform_interpolation" case in transforms.json, by its name.
    static let ends: [String: (from: CATransform3D, to: CATransform3D)] = [
        "identity -> RotZ(90deg)": (CATransform3DIdentity, rotZ90),
        "identity -> RotZ(270deg) (shortest path: -90deg)": (CATransform3DIdentity, CATransform3DMakeRotation(3 * .pi / 2, 0, 0, 1)),
        "identity -> RotZ(360deg) (no visible motion)": (CATransform3DIdentity, CATransform3DMakeRotation(2 * .pi, 0, 0, 1)),
        "Scale(1) -> Scale(3,3,1)": (CATransform3DMakeScale(1, 1, 1), CATransform3DMakeScale(3, 3, 1)),
        "identity -> Scale2*RotZ90*T(100,50)": (CATransform3DIdentity, [rotZ90, CATransform3DMakeTranslation(100, 50, 0)]
            .reduce(CATransform3DMakeScale(2, 2, 1), CATransform3DConcat)),
        "identity -> RotY(90deg)": (CATransform3DIdentity, CATransform3DMakeRotation(.pi / 2, 0, 1, 0)),
    ]

    // Spec §9.6 vectors: RotZ(90°) at 0.5 = RotZ(45°); RotZ(270°) at 0.5 = RotZ(−45°) (shortest arc);
    // RotZ(360°) = no motion (spec §4.1: "both ends give the same rotation, so nothing moves"); scale
    // 1 → 3 at 0.5 = 2; Scale2·RotZ90·T(100,50) at 0.25 = scale 1.25, 22.5°, (25, 12.5); RotY(90°) at 0.5 =
    // RotY(45°). The read-outs use the key paths of spec §4.1. Tolerance: the vectors' 6 decimals.
    @Test func transformInterpolationVectors() throws {
        let cases = try #require(try transformVectors()["transform_interpolation"] as? [[String: Any]])
        #expect(cases.count == 8)
        for c in cases {
            let name = try #require(c["case"] as? String)
            let ends = try #require(Self.ends[name], "no endpoints for case '\(name)'")
            let p = try #require(c["p"] as? Double)
            let got = CATransform3D.interpolated(from: ends.from, to: ends.to, fraction: p)
            expectMatrix(got, try matrix(fromJSON: c["matrix"]), tolerance: sixDecimalTolerance, "\(name) @\(p)")

            let degrees = try #require(c["rotation.z_deg"] as? Double)
            let rotationZ = try #require(got.value(forTransformKeyPath: "rotation.z"))
            expectClose(rotationZ * 180 / .pi, degrees, tolerance: sixDecimalTolerance, "\(name) rotation.z°")
            let scale = try #require(c["scale"] as? [Double])
            let translation = try #require(c["translation"] as? [Double])
            for (k, axis) in ["x", "y", "z"].enumerated() {
                expectClose(try #require(got.value(forTransformKeyPath: "scale.\(axis)")), scale[k],
                            tolerance: sixDecimalTolerance, "\(name) scale.\(axis)")
                expectClose(try #require(got.value(forTransformKeyPath: "translation.\(axis)")), translation[k],
                            tolerance: sixDecimalTolerance, "\(name) translation.\(axis)")
            }
        }
    }

    // Slerp moves at constant angular speed: identity → RotZ(90°) at p is RotZ(p·90°) for every p, including
    // overshoot beyond 1 (a spring's fraction) and below 0.
    @Test(arguments: [0.1, 0.25, 0.5, 0.9, 1.3, -0.2])
    func rotationAngleIsLinearInFraction(p: Double) {
        let got = CATransform3D.interpolated(from: CATransform3DIdentity, to: Self.rotZ90, fraction: p)
        expectMatrix(got, CATransform3DMakeRotation(p * .pi / 2, 0, 0, 1), tolerance: 1e-15, "p \(p)")
    }

    // Spec §9.6: "slerp the quaternions taking the shorter arc (negate one if the dot product is negative)".
    // RotZ(170°) → RotZ(−170°) is 20° apart through 180°, not 340° through 0°.
    @Test func shorterArcCrossesTheHalfTurn() {
        let a = CATransform3DMakeRotation(170 * .pi / 180, 0, 0, 1), b = CATransform3DMakeRotation(-170 * .pi / 180, 0, 0, 1)
        let mid = CATransform3D.interpolated(from: a, to: b, fraction: 0.5)
        expectMatrix(mid, CATransform3DMakeRotation(.pi, 0, 0, 1), tolerance: 1e-15, "mid")
        let quarter = CATransform3D.interpolated(from: a, to: b, fraction: 0.25)
        expectMatrix(quarter, CATransform3DMakeRotation(175 * .pi / 180, 0, 0, 1), tolerance: 1e-15, "quarter")
        // About another axis, with scale and translation riding along linearly.
        let c = CATransform3DConcat(CATransform3DMakeRotation(-100 * .pi / 180, 1, 1, 0), CATransform3DMakeTranslation(0, 10, 0))
        let d = CATransform3DConcat(CATransform3DMakeRotation(150 * .pi / 180, 1, 1, 0), CATransform3DMakeTranslation(20, 10, 0))
        // −100° → 150° about the same axis: the short way is −100° → −210°, i.e. 110° the other way round.
        let want = CATransform3DConcat(CATransform3DMakeRotation(-155 * .pi / 180, 1, 1, 0), CATransform3DMakeTranslation(10, 10, 0))
        expectMatrix(CATransform3D.interpolated(from: c, to: d, fraction: 0.5), want, tolerance: 1e-13, "axis (1,1,0)")
    }

    // The slerp itself: q and −q are the same rotation, so interpolating between them does not move; nearly
    // equal quaternions interpolate without loss of precision.
    @Test func slerpEdgeCases() {
        let q = SIMD4<Double>(0, 0, sin(0.3), cos(0.3))
        let same = DecomposedTransform3D.slerp(q, -q, fraction: 0.37)
        for k in 0..<4 { expectClose(same[k], q[k], tolerance: 1e-16, "q vs −q, \(k)") }
        let r = SIMD4<Double>(0, 0, sin(0.3 + 1e-9), cos(0.3 + 1e-9))
        let between = DecomposedTransform3D.slerp(q, r, fraction: 0.5)
        let want = SIMD4<Double>(0, 0, sin(0.3 + 5e-10), cos(0.3 + 5e-10))
        for k in 0..<4 { expectClose(between[k], want[k], tolerance: 1e-16, "nearly equal, \(k)") }
        let exact = DecomposedTransform3D.slerp(q, q, fraction: 0.5)
        for k in 0..<4 { expectClose(exact[k], q[k], tolerance: 1e-16, "equal, \(k)") }
    }

    // Scale, skew, translation and perspective interpolate linearly (spec §9.6 step 2).
    @Test func linearParts() {
        let from = CATransform3DMakeTranslation(-10, 20, 4)
        let to = CATransform3DMakeTranslation(30, -20, 8)
        expectMatrix(CATransform3D.interpolated(from: from, to: to, fraction: 0.25),
                     CATransform3DMakeTranslation(0, 10, 5), tolerance: 0, "translation")
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        var half = CATransform3DIdentity
        half.m34 = -1.0 / 1000
        expectMatrix(CATransform3D.interpolated(from: CATransform3DIdentity, to: perspective, fraction: 0.5),
                     half, tolerance: 1e-18, "perspective")
        var skewed = CATransform3DIdentity
        skewed.m21 = 0.8  // x += 0.8·y: skew xy = 0.8
        var halfSkewed = CATransform3DIdentity
        halfSkewed.m21 = 0.4
        expectMatrix(CATransform3D.interpolated(from: CATransform3DIdentity, to: skewed, fraction: 0.5),
                     halfSkewed, tolerance: 1e-15, "skew")
    }

    // The ends are returned exactly (an animation at p = 0 or 1 shows its from/to value unrounded).
    @Test func endpointsAreExact() {
        let a = CATransform3DMakeRotation(0.7, 1, 2, 3), b = CATransform3DMakeScale(2, 0.5, 1)
        #expect(CATransform3D.interpolated(from: a, to: b, fraction: 0) == a)
        #expect(CATransform3D.interpolated(from: a, to: b, fraction: 1) == b)
    }

    // Spec §9.6: "Singular matrices → no decomposition: WebKit snaps to `from` for p < 0.5 and `to` otherwise."
    // A non-finite fraction is bad input: it snaps too instead of producing NaN.
    @Test func singularEndsSnapAtHalf() {
        let collapsed = CATransform3DMakeScale(0, 0, 1), full = CATransform3DMakeScale(2, 2, 1)
        #expect(CATransform3D.interpolated(from: collapsed, to: full, fraction: 0.25) == collapsed)
        #expect(CATransform3D.interpolated(from: collapsed, to: full, fraction: 0.4999) == collapsed)
        #expect(CATransform3D.interpolated(from: collapsed, to: full, fraction: 0.5) == full)
        #expect(CATransform3D.interpolated(from: full, to: collapsed, fraction: 0.75) == collapsed)
        #expect(CATransform3D.interpolated(from: full, to: CATransform3DIdentity, fraction: .nan) == CATransform3DIdentity)
        #expect(CATransform3D.interpolated(from: full, to: CATransform3DIdentity, fraction: -.infinity) == full)
    }
}
