import Foundation
import Testing
import QuartzMath

/// The CATransform3D function vectors of `fixtures/vectors/transforms.json` (spec §9.1; the values were
/// produced by the spec's reference model and agree with the Apple-run GS-tests `catransform3d.m`).
@Suite struct CATransform3DVectorTests {
    /// Each matrix vector: how to build it here, and whether the comparison is exact.
    /// Exact: translations, scales and their products only multiply by 0, 1 and 2 — no rounding at all.
    /// 6-decimal tolerance: anything with sin/cos or a division.
    static let matrixCases: [(key: String, exact: Bool, build: @Sendable () -> CATransform3D)] = [
        ("MakeTranslation(2,3,4)", true, { CATransform3DMakeTranslation(2, 3, 4) }),
        ("MakeScale(2,3,4)", true, { CATransform3DMakeScale(2, 3, 4) }),
        ("MakeRotation(pi/2,0,0,1)", false, { CATransform3DMakeRotation(.pi / 2, 0, 0, 1) }),
        ("MakeRotation(pi/2,1,0,0)", false, { CATransform3DMakeRotation(.pi / 2, 1, 0, 0) }),
        ("MakeRotation(pi/2,0,1,0)", false, { CATransform3DMakeRotation(.pi / 2, 0, 1, 0) }),
        ("MakeRotation(pi/3,1,1,1)", false, { CATransform3DMakeRotation(.pi / 3, 1, 1, 1) }),
        ("Concat(translate10, scale2)", true, {
            CATransform3DConcat(CATransform3DMakeTranslation(10, 0, 0), CATransform3DMakeScale(2, 2, 2))
        }),
        ("Concat(scale2, translate10)", true, {
            CATransform3DConcat(CATransform3DMakeScale(2, 2, 2), CATransform3DMakeTranslation(10, 0, 0))
        }),
        ("Translate(scale2, 10,0,0)", true, { CATransform3DTranslate(CATransform3DMakeScale(2, 2, 2), 10, 0, 0) }),
        ("Scale(translate10, 2,2,2)", true, { CATransform3DScale(CATransform3DMakeTranslation(10, 0, 0), 2, 2, 2) }),
        ("Rotate(translate10, pi/2, 0,0,1)", false, {
            CATransform3DRotate(CATransform3DMakeTranslation(10, 0, 0), .pi / 2, 0, 0, 1)
        }),
        ("Invert(Scale(2,3,4)*RotY(0.5)*T(5,6,7))", false, {
            let m = CATransform3DConcat(
                CATransform3DConcat(CATransform3DMakeScale(2, 3, 4), CATransform3DMakeRotation(0.5, 0, 1, 0)),
                CATransform3DMakeTranslation(5, 6, 7))
            return CATransform3DInvert(m)
        }),
        // Apple: "Returns the original matrix if 't' has no inverse" — so this one is exact.
        ("Invert(singular MakeScale(0,1,1)) returns input", true, { CATransform3DInvert(CATransform3DMakeScale(0, 1, 1)) }),
    ]

    /// Keys of transforms.json checked by the other suites (named there), so none is silently skipped.
    static let keysCheckedElsewhere: Set<String> = [
        "point (1,0,0) through MakeRotation(pi/2,0,0,1)", "isAffine",  // this suite, below
        "layer_conversions", "perspective_case", "flattening",  // LayerGeometryVectorTests
        "transform_interpolation",  // InterpolationTests
        "key_path_read Scale(2,3,1)*RotZ(30deg)*T(10,20,30)", "transform.rotation.z byValue 2pi samples",  // KeyPathTests
    ]

    @Test func everyVectorKeyIsChecked() throws {
        let keys = Set(try transformVectors().keys)
        let known = Set(Self.matrixCases.map(\.key)).union(Self.keysCheckedElsewhere)
        #expect(keys == known, "unchecked: \(keys.subtracting(known)), missing: \(known.subtracting(keys))")
    }

    // Spec §9.1 table [A: CATransform3D.h; V: GS-tests catransform3d.m "translation goes in the bottom row",
    // "Concat(translate,scale) applies the translation first", "Translate builds on the transform with the
    // translation first", "Scale builds on the transform with the scale first"].
    @Test(arguments: 0..<matrixCases.count) func matrixVector(index: Int) throws {
        let c = Self.matrixCases[index]
        let want = try matrix(fromJSON: try transformVectors()[c.key])
        expectMatrix(c.build(), want, tolerance: c.exact ? 0 : sixDecimalTolerance, c.key)
    }

    // Spec §9.1: "A point (1,0,0) through MakeRotation(π/2,0,0,1) becomes (0,1,0): positive z-rotation turns
    // +x toward +y" [I]; row-vector convention p' = p·M [A: CATransform3D.h].
    @Test func pointThroughRotation() throws {
        let want = try #require(try transformVectors()["point (1,0,0) through MakeRotation(pi/2,0,0,1)"] as? [Double])
        let p = CATransform3DMakeRotation(.pi / 2, 0, 0, 1).homogeneousPoint(x: 1, y: 0, z: 0)
        #expect(want.count == 3)
        for (k, w) in want.enumerated() { expectClose(p[k], w, tolerance: sixDecimalTolerance, "component \(k)") }
        #expect(p.w == 1)
    }

    // Spec §9.1 IsAffine [V: GS-tests affine.m and conversion.m: rotZ affine; rotX, scale z 2, translate z 5,
    // m34 = −1/500 not affine].
    @Test func isAffineVector() throws {
        let want = try #require(try transformVectors()["isAffine"] as? [String: Bool])
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        let cases: [String: CATransform3D] = [
            "identity": CATransform3DIdentity,
            "rotZ": CATransform3DMakeRotation(.pi / 4, 0, 0, 1),
            "rotX": CATransform3DMakeRotation(.pi / 2, 1, 0, 0),
            "scaleZ2": CATransform3DMakeScale(1, 1, 2),
            "translateZ": CATransform3DMakeTranslation(0, 0, 5),
            "m34": perspective,
        ]
        #expect(Set(want.keys) == Set(cases.keys))
        for (name, t) in cases {
            #expect(CATransform3DIsAffine(t) == want[name], "\(name)")
        }
    }
}
