import Foundation
import Testing
import QuartzMath
import QuartzTestSupport

/// Spec §9.6 step 1 (WebKit decompose4 [I: WK-TM]): M / m44 = Scale · Skew · Rotation · Translation ·
/// Perspective, row vectors. "ca_ref.py … round-trips arbitrary matrices (including perspective, skew and
/// negative scale) to 1e-15"; here the bound is 1e-12 on matrices with entries up to ~100.
@Suite struct DecompositionTests {
    /// The parts, built independently with Apple's functions and explicit matrices.
    struct Parts {
        var scale: SIMD3<Double>, skew: SIMD3<Double>, angle: Double, axis: SIMD3<Double>
        var translation: SIMD3<Double>, perspective: SIMD4<Double>

        var matrix: CATransform3D {
            let s = CATransform3DMakeScale(scale.x, scale.y, scale.z)
            var k = CATransform3DIdentity  // row 2 += xy·row 1; row 3 += xz·row 1 + yz·row 2
            k.m21 = skew.x; k.m31 = skew.y; k.m32 = skew.z
            let r = CATransform3DMakeRotation(angle, axis.x, axis.y, axis.z)
            let t = CATransform3DMakeTranslation(translation.x, translation.y, translation.z)
            var p = CATransform3DIdentity
            p.m14 = perspective.x; p.m24 = perspective.y; p.m34 = perspective.z; p.m44 = perspective.w
            return [k, r, t, p].reduce(s, CATransform3DConcat)
        }

        /// Chooses P's w so that m44 = t·p + w = 1: then M needs no normalising and the parts come back as built.
        func withUnitW() -> Parts {
            var copy = self
            copy.perspective.w = 1 - (translation * SIMD3(perspective.x, perspective.y, perspective.z)).sum()
            return copy
        }

        static func random(_ g: inout SeededGenerator, negativeScales: Bool) -> Parts {
            func r(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &g) }
            func signed() -> Double { (negativeScales && Bool.random(using: &g) ? -1 : 1) * r(0.5...3) }
            var axis = SIMD3(r(-1...1), r(-1...1), r(-1...1))
            axis /= (axis * axis).sum().squareRoot()
            return Parts(
                scale: SIMD3(signed(), signed(), signed()), skew: SIMD3(r(-1...1), r(-1...1), r(-1...1)),
                angle: r(0.05...3.0), axis: axis, translation: SIMD3(r(-100...100), r(-100...100), r(-100...100)),
                perspective: SIMD4(r(-0.003...0.003), r(-0.003...0.003), r(-0.003...0.003), 1))
                .withUnitW()
        }
    }

    /// M / m44, the form every decomposition recomposes to.
    func normalised(_ m: CATransform3D) -> CATransform3D {
        let w = m.row4.w
        return CATransform3D(row1: m.row1 / w, row2: m.row2 / w, row3: m.row3 / w, row4: m.row4 / w)
    }

    @Test func roundTripWithPerspectiveSkewAndNegativeScale() throws {
        var g = SeededGenerator(seed: 2024)
        for i in 0..<300 {
            let m = Parts.random(&g, negativeScales: true).matrix
            let d = try #require(DecomposedTransform3D(m), "case \(i)")
            let error = maxDifference(d.recomposed(), normalised(m))
            #expect(error <= 1e-12, "case \(i): error \(error)")
        }
    }

    // The parts themselves come back when the scales are positive (no mirroring to resolve).
    @Test func recoversTheParts() throws {
        var g = SeededGenerator(seed: 99)
        for i in 0..<200 {
            let parts = Parts.random(&g, negativeScales: false)
            let d = try #require(DecomposedTransform3D(parts.matrix))
            let half = parts.angle / 2
            let q = SIMD4(parts.axis * sin(half), cos(half))
            let tolerance = 1e-12
            for k in 0..<3 {
                expectClose(d.scale[k], parts.scale[k], tolerance: tolerance, "case \(i) scale \(k)")
                expectClose(d.skew[k], parts.skew[k], tolerance: tolerance, "case \(i) skew \(k)")
                expectClose(d.translation[k], parts.translation[k], tolerance: 1e-10, "case \(i) translation \(k)")
            }
            for k in 0..<4 {
                expectClose(d.quaternion[k], q[k], tolerance: tolerance, "case \(i) quaternion \(k)")
                expectClose(d.perspective[k], parts.perspective[k], tolerance: tolerance, "case \(i) perspective \(k)")
            }
        }
    }

    // Any invertible matrix, not only products of the parts: all 16 elements random. The round-trip error
    // grows with the conditioning of the upper 3×3, so nearly singular draws (|det| < 0.25 after dividing
    // by m44, where skews and perspective reach the hundreds) are redrawn.
    @Test func roundTripOfGeneralMatrices() throws {
        var g = SeededGenerator(seed: 5)
        var checked = 0
        for _ in 0..<1000 where checked < 300 {
            var m = CATransform3D()
            for r in 0..<4 { m[row: r] = SIMD4((0..<4).map { _ in Double.random(in: -2...2, using: &g) }) }
            m.m44 = Double.random(in: 0.5...2, using: &g) * (Bool.random(using: &g) ? 1 : -1)
            let n = normalised(m)
            let det = upperDeterminant(n)
            guard abs(det) >= 0.25 else { continue }
            checked += 1
            let d = try #require(DecomposedTransform3D(m), "case \(checked)")
            let error = maxDifference(d.recomposed(), n)
            #expect(error <= 1e-12, "case \(checked): error \(error)")
        }
        #expect(checked == 300)
    }

    func upperDeterminant(_ m: CATransform3D) -> Double {
        let a = m.row1, b = m.row2, c = m.row3
        return a.x * (b.y * c.z - b.z * c.y) - a.y * (b.x * c.z - b.z * c.x) + a.z * (b.x * c.y - b.y * c.x)
    }

    // Rotations near 180° have a negative trace: the other three branches of the quaternion extraction.
    @Test(arguments: [SIMD3<Double>(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1), SIMD3(1, 1, 1), SIMD3(-1, 2, 0.5)])
    func halfTurnsRoundTrip(axis: SIMD3<Double>) throws {
        for angle in [Double.pi, .pi - 1e-9, .pi - 0.3, -.pi + 0.2, 2.9] {
            let m = CATransform3DConcat(CATransform3DMakeRotation(angle, axis.x, axis.y, axis.z),
                                        CATransform3DMakeScale(1.5, 0.5, 2))
            let d = try #require(DecomposedTransform3D(m))
            #expect(maxDifference(d.recomposed(), m) <= 1e-12, "angle \(angle)")
            #expect(abs((d.quaternion * d.quaternion).sum() - 1) <= 1e-15)
        }
    }

    // Quaternion convention: MakeRotation(θ, axis) ↔ (axis·sin θ/2, cos θ/2) (documented on the type).
    @Test func quaternionConvention() throws {
        let d = try #require(DecomposedTransform3D(CATransform3DMakeRotation(.pi / 2, 0, 0, 1)))
        let h = 0.5.squareRoot()
        for (k, want) in [0.0, 0, h, h].enumerated() { expectClose(d.quaternion[k], want, tolerance: 1e-15, "q\(k)") }
        #expect(d.scale == SIMD3(1, 1, 1) && d.skew == .zero && d.translation == .zero && d.perspective == SIMD4(0, 0, 0, 1))
    }

    // A typical perspective transform: m34 = −1/500, then a rotation about y. Rotate prepends (§9.1), so the
    // matrix is RotY · P and decomposes into exactly those two parts.
    @Test func perspectiveIsSeparated() throws {
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        let m = CATransform3DRotate(p, 0.8, 0, 1, 0)
        let d = try #require(DecomposedTransform3D(m))
        for (k, want) in [0.0, 0, -0.002, 1].enumerated() { expectClose(d.perspective[k], want, tolerance: 1e-17, "p\(k)") }
        for (k, want) in [0.0, sin(0.4), 0, cos(0.4)].enumerated() { expectClose(d.quaternion[k], want, tolerance: 1e-15, "q\(k)") }
        for k in 0..<3 { expectClose(d.scale[k], 1, tolerance: 1e-15, "scale \(k)") }
    }

    // WebKit: "if the determinant is negative negate scales and rows" (spec §9.6).
    @Test func mirroringNegatesAllScales() throws {
        let d = try #require(DecomposedTransform3D(CATransform3DMakeScale(-2, 3, 4)))
        #expect(d.scale == SIMD3(-2, -3, -4))
        // Rows (−1,0,0), (0,1,0), (0,0,1) negated: diag(1, −1, −1), a half turn about x: q = (±1, 0, 0, 0).
        expectClose(abs(d.quaternion.x), 1, tolerance: 1e-15, "qx")
        expectMatrix(d.recomposed(), CATransform3DMakeScale(-2, 3, 4), tolerance: 1e-15, "recomposed")
    }

    // Spec §9.6: "Singular matrices → no decomposition" (WebKit's conditions), and bad input is refused.
    @Test func singularAndNonFiniteMatricesDoNotDecompose() {
        #expect(DecomposedTransform3D(CATransform3DMakeScale(0, 1, 1)) == nil)
        #expect(DecomposedTransform3D(CATransform3D()) == nil)
        var noW = CATransform3DIdentity
        noW.m44 = 0
        #expect(DecomposedTransform3D(noW) == nil)
        var nan = CATransform3DIdentity
        nan.m23 = .nan
        #expect(DecomposedTransform3D(nan) == nil)
        var inf = CATransform3DIdentity
        inf.m41 = .infinity
        #expect(DecomposedTransform3D(inf) == nil)
        // Overflowing determinant (entries 1e200): refused rather than producing NaN parts.
        #expect(DecomposedTransform3D(CATransform3DMakeScale(1e200, 1e200, 1e200)) == nil)
    }

    // The default parts are the identity; a non-unit quaternion is normalised when recomposing.
    @Test func defaultPartsAndQuaternionNormalisation() {
        #expect(DecomposedTransform3D().recomposed() == CATransform3DIdentity)
        let doubled = DecomposedTransform3D(quaternion: SIMD4(0, 0, 2 * sin(0.25), 2 * cos(0.25)))
        expectMatrix(doubled.recomposed(), CATransform3DMakeRotation(0.5, 0, 0, 1), tolerance: 1e-15, "|q| = 2")
        #expect(DecomposedTransform3D(quaternion: .zero).recomposed() == CATransform3DIdentity)
    }
}
