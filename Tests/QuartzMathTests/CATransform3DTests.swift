import Foundation
import Testing
import QuartzMath
import QuartzTestSupport

/// Apple's CATransform3D surface and the functions' algebra, beyond the fixture vectors (spec §9.1).
@Suite struct CATransform3DTests {
    // Apple's imported C struct: `CATransform3D()` is all zeros; m11…m44 read and write the elements.
    @Test func zeroInitialiserAndElementAccess() {
        let zero = CATransform3D()
        for i in 0..<4 { #expect(zero[row: i] == .zero) }
        #expect(!CATransform3DIsIdentity(zero))

        var t = CATransform3D(
            m11: 1, m12: 2, m13: 3, m14: 4, m21: 5, m22: 6, m23: 7, m24: 8,
            m31: 9, m32: 10, m33: 11, m34: 12, m41: 13, m42: 14, m43: 15, m44: 16)
        #expect(t.row1 == SIMD4(1, 2, 3, 4) && t.row2 == SIMD4(5, 6, 7, 8))
        #expect(t.row3 == SIMD4(9, 10, 11, 12) && t.row4 == SIMD4(13, 14, 15, 16))
        let read: [CGFloat] = [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
                               t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44]
        #expect(read == (1...16).map { CGFloat($0) })
        t.m34 = -0.002
        t.m41 = 100
        #expect(t.row3.w == -0.002 && t.row4.x == 100)
        #expect(t.transposed.row1 == SIMD4(1, 5, 9, 100))
    }

    // Spec §9.1: IsIdentity and EqualToTransform are exact [A; V: GS-tests "equal transforms compare equal"].
    @Test func identityAndExactEquality() {
        #expect(CATransform3DIsIdentity(CATransform3DIdentity))
        #expect(!CATransform3DIsIdentity(CATransform3DMakeScale(2, 2, 2)))
        #expect(CATransform3DEqualToTransform(CATransform3DMakeScale(2, 2, 2), CATransform3DMakeScale(2, 2, 2)))
        #expect(!CATransform3DEqualToTransform(CATransform3DMakeScale(2, 2, 2), CATransform3DMakeTranslation(10, 0, 0)))
        // A rotation by 2π is the identity only up to sin(2π) ≈ −2.4e-16: exact comparison says no (spec §4.1).
        #expect(!CATransform3DIsIdentity(CATransform3DMakeRotation(2 * .pi, 0, 0, 1)))
        var nearly = CATransform3DIdentity
        nearly.m12 = 1e-300
        #expect(!CATransform3DIsIdentity(nearly))
    }

    // Equatable/Hashable agree with the exact element comparison: −0 and +0 are equal and hash alike.
    @Test func hashableMatchesEquality() {
        var a = CATransform3DIdentity
        a.m12 = -0.0
        #expect(a == CATransform3DIdentity)
        #expect(a.hashValue == CATransform3DIdentity.hashValue)
        #expect(Set([a, CATransform3DIdentity, CATransform3DMakeScale(2, 2, 2)]).count == 2)
    }

    @Test func descriptionListsTheSixteenFields() {
        let d = CATransform3DMakeTranslation(2, 3, 4).description
        #expect(d.hasPrefix("CATransform3D(m11: 1.0, m12: 0.0"))
        #expect(d.hasSuffix("m41: 2.0, m42: 3.0, m43: 4.0, m44: 1.0)"))
    }

    // Apple, CATransform3DMakeRotation: "If the vector has length zero, this function returns the identity
    // transform." The axis is normalised: (0,0,5) is the same axis as (0,0,1).
    @Test func rotationAxisIsNormalisedAndZeroAxisIsIdentity() {
        #expect(CATransform3DMakeRotation(1.0, 0, 0, 0) == CATransform3DIdentity)
        #expect(CATransform3DMakeRotation(0.7, 0, 0, 5) == CATransform3DMakeRotation(0.7, 0, 0, 1))
        expectMatrix(CATransform3DMakeRotation(0.7, 3, -4, 12), CATransform3DMakeRotation(0.7, 3.0 / 13, -4.0 / 13, 12.0 / 13),
                     tolerance: 1e-15, "axis (3,-4,12)")
        // Bad axes have no direction: identity rather than NaN.
        #expect(CATransform3DMakeRotation(1.0, .nan, 0, 1) == CATransform3DIdentity)
        #expect(CATransform3DMakeRotation(1.0, .infinity, 0, 0) == CATransform3DIdentity)
        // Huge and tiny axes must not overflow or underflow when squared.
        expectMatrix(CATransform3DMakeRotation(0.3, 0, 1e300, 0), CATransform3DMakeRotation(0.3, 0, 1, 0), tolerance: 0, "1e300")
        expectMatrix(CATransform3DMakeRotation(0.3, 1e-300, 0, 0), CATransform3DMakeRotation(0.3, 1, 0, 0), tolerance: 0, "1e-300")
    }

    // Apple, CATransform3DRotate: "t = rotation(angle, x, y, z) * t"; spec §9.1: Rotate(t, …) = rotation · t.
    @Test func rotateTranslateScalePrependToT() {
        var g = SeededGenerator(seed: 7)
        let t = CATransform3D(
            row1: SIMD4(1.5, 0.2, -0.3, 0.001), row2: SIMD4(0.1, 0.9, 0.4, -0.002),
            row3: SIMD4(-0.2, 0.3, 1.1, 0.0005), row4: SIMD4(10, -20, 5, 1))
        let angle = Double.random(in: -3...3, using: &g)
        expectMatrix(CATransform3DRotate(t, angle, 1, 2, 3),
                     CATransform3DConcat(CATransform3DMakeRotation(angle, 1, 2, 3), t), tolerance: 0, "Rotate")
        expectMatrix(CATransform3DTranslate(t, 3, -4, 5),
                     CATransform3DConcat(CATransform3DMakeTranslation(3, -4, 5), t), tolerance: 1e-12, "Translate")
        expectMatrix(CATransform3DScale(t, 2, -3, 0.5),
                     CATransform3DConcat(CATransform3DMakeScale(2, -3, 0.5), t), tolerance: 0, "Scale")
    }

    // Concat(a, b) = a · b [A: "t' = a * b"]: check against the textbook triple loop on non-trivial values.
    @Test func concatIsTheRowVectorProduct() {
        var g = SeededGenerator(seed: 11)
        for _ in 0..<20 {
            let a = randomMatrix(&g), b = randomMatrix(&g)
            let c = CATransform3DConcat(a, b)
            for i in 0..<4 {
                for j in 0..<4 {
                    var sum = 0.0
                    for k in 0..<4 { sum += a[row: i][k] * b[row: k][j] }
                    #expect(abs(c[row: i][j] - sum) <= 1e-13 * max(1, abs(sum)))
                }
            }
        }
    }

    // Apple: CATransform3DInvert returns the inverse; Invert(M)·M = M·Invert(M) = I to 1e-12 on random
    // well-conditioned matrices, with perspective terms.
    @Test func invertTimesMatrixIsIdentity() {
        var g = SeededGenerator(seed: 3)
        for _ in 0..<200 {
            let m = randomMatrix(&g)
            let inverse = CATransform3DInvert(m)
            #expect(maxDifference(CATransform3DConcat(inverse, m), CATransform3DIdentity) <= 1e-12)
            #expect(maxDifference(CATransform3DConcat(m, inverse), CATransform3DIdentity) <= 1e-12)
        }
    }

    // Apple: "Returns the original matrix if 't' has no inverse." Also for non-finite input (no crash).
    @Test func invertOfSingularOrNonFiniteReturnsInput() {
        let rankTwo = CATransform3D(
            row1: SIMD4(1, 2, 3, 4), row2: SIMD4(2, 4, 6, 8), row3: SIMD4(0, 1, 0, 0), row4: SIMD4(0, 0, 0, 1))
        #expect(CATransform3DInvert(rankTwo) == rankTwo)
        #expect(CATransform3DInvert(CATransform3D()) == CATransform3D())
        var bad = CATransform3DIdentity
        bad.m22 = .infinity
        #expect(CATransform3DInvert(bad) == bad)
        bad.m22 = .nan
        let inverted = CATransform3DInvert(bad)
        #expect(inverted.m22.isNaN && inverted.m11 == 1)
        // A tiny but regular scale is still inverted.
        expectMatrix(CATransform3DInvert(CATransform3DMakeScale(1e-6, 1e-6, 1e-6)),
                     CATransform3DMakeScale(1e6, 1e6, 1e6), tolerance: 1e-6, "tiny scale")
    }

    // Spec §9.1 MakeAffineTransform/GetAffineTransform [V: GS-tests conversion.m "it is held in the six
    // places of the layer transform" (m33 = m44 = 1); affine.m round trip].
    @Test func affineRoundTrip() {
        let a = CGAffineTransform(a: 2, b: 3, c: 4, d: 5, tx: 6, ty: 7)
        let t = CATransform3DMakeAffineTransform(a)
        #expect(t.m11 == 2 && t.m12 == 3 && t.m21 == 4 && t.m22 == 5 && t.m41 == 6 && t.m42 == 7)
        #expect(t.m33 == 1 && t.m44 == 1 && t.m13 == 0 && t.m34 == 0 && t.m43 == 0)
        #expect(CATransform3DIsAffine(t))
        #expect(CATransform3DGetAffineTransform(t) == a)
        // GS-tests conversion.m: a rotation about z is reported as itself.
        let r = CATransform3DGetAffineTransform(CATransform3DMakeRotation(.pi / 4, 0, 0, 1))
        let h = 0.5.squareRoot()
        for (got, want) in [(r.a, h), (r.b, h), (r.c, -h), (r.d, h), (r.tx, 0), (r.ty, 0)] {
            expectClose(got, want, tolerance: 1e-15, "rotZ(π/4)")
        }
        // Concatenation agrees with CGAffineTransform.concatenating (both are row-vector products).
        let b = CGAffineTransform(rotationAngle: 0.3).translatedBy(x: 5, y: -2)
        let viaCA = CATransform3DGetAffineTransform(
            CATransform3DConcat(CATransform3DMakeAffineTransform(a), CATransform3DMakeAffineTransform(b)))
        let viaCG = a.concatenating(b)
        for (got, want) in [(viaCA.a, viaCG.a), (viaCA.b, viaCG.b), (viaCA.c, viaCG.c),
                            (viaCA.d, viaCG.d), (viaCA.tx, viaCG.tx), (viaCA.ty, viaCG.ty)] {
            expectClose(got, want, tolerance: 1e-13, "affine concat")
        }
    }

    @Test func finiteness() {
        #expect(CATransform3DIdentity.isFinite)
        var t = CATransform3DIdentity
        t.m43 = -.infinity
        #expect(!t.isFinite)
        t.m43 = .nan
        #expect(!t.isFinite)
        t.m43 = 1.7e308
        t.m42 = 1.7e308
        #expect(t.isFinite, "large finite values must not overflow the check")
    }
}

/// A random, well-conditioned matrix: a diagonally dominant upper 3×3, translation and a small perspective.
func randomMatrix(_ g: inout SeededGenerator) -> CATransform3D {
    func r(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &g) }
    return CATransform3D(
        row1: SIMD4(r(1.5...3), r(-0.5...0.5), r(-0.5...0.5), r(-0.002...0.002)),
        row2: SIMD4(r(-0.5...0.5), r(-3 ... -1.5), r(-0.5...0.5), r(-0.002...0.002)),
        row3: SIMD4(r(-0.5...0.5), r(-0.5...0.5), r(1.5...3), r(-0.002...0.002)),
        row4: SIMD4(r(-50...50), r(-50...50), r(-50...50), r(0.8...1.2)))
}
