import Foundation
import Testing
import QuartzMath
import QuartzTestSupport

/// Transform key paths [A: Core Animation Programming Guide, "CATransform3D key paths"; spec §4.1].
@Suite struct TransformKeyPathTests {
    static let scaleRotTranslate = [CATransform3DMakeRotation(.pi / 6, 0, 0, 1), CATransform3DMakeTranslation(10, 20, 30)]
        .reduce(CATransform3DMakeScale(2, 3, 1), CATransform3DConcat)

    // Spec §4.1 vector: Scale(2,3,1)·RotZ(30°)·T(10,20,30) reads scale.x 2, scale.y 3, scale.z 1, scale 2
    // ("the average of all three scale factors"), rotation.z = rotation = 0.523599, translation (10, 20, 30).
    @Test func keyPathReadVector() throws {
        let want = try #require(try transformVectors()["key_path_read Scale(2,3,1)*RotZ(30deg)*T(10,20,30)"] as? [String: Any])
        #expect(Set(want.keys) == Set(TransformKeyPath.allCases.map(\.rawValue)))
        let m = Self.scaleRotTranslate
        for keyPath in TransformKeyPath.allCases {
            switch m.value(for: keyPath) {
            case .number(let v):
                expectClose(v, try #require(want[keyPath.rawValue] as? Double), tolerance: sixDecimalTolerance, keyPath.rawValue)
            case .size(let s):
                let xy = try #require(want[keyPath.rawValue] as? [Double])
                #expect(keyPath == .translation && xy.count == 2)
                expectClose(s.width, xy[0], tolerance: sixDecimalTolerance, "translation.width")
                expectClose(s.height, xy[1], tolerance: sixDecimalTolerance, "translation.height")
            }
        }
    }

    // Spec §4.1: `byValue = 2π` on `transform.rotation.z` goes from U (here 0) to U + 2π, one full turn:
    // p 0.25 → 90°, 0.5 → 180°, 0.75 → 270°. The scalar is interpolated and written back.
    @Test func rotationByValueSamples() throws {
        let samples = try #require(try transformVectors()["transform.rotation.z byValue 2pi samples"] as? [[String: Any]])
        #expect(samples.count == 3)
        let underlying = CATransform3DIdentity
        let start = try #require(underlying.value(forTransformKeyPath: "rotation.z"))
        for s in samples {
            let p = try #require(s["p"] as? Double)
            let angle = start + p * 2 * .pi
            expectClose(angle, try #require(s["angle"] as? Double), tolerance: sixDecimalTolerance, "angle @\(p)")
            let m = try underlying.setting(.number(angle), for: .rotationZ)
            expectMatrix(m, try matrix(fromJSON: s["matrix"]), tolerance: sixDecimalTolerance, "matrix @\(p)")
        }
    }

    // Spec §4.1 write rule: replace one component of the decomposition, keep the others [I: MIRAI].
    @Test func writesReplaceOneComponent() throws {
        let m = Self.scaleRotTranslate
        func build(
            scale: SIMD3<Double> = SIMD3(2, 3, 1), angle: Double = .pi / 6, t: SIMD3<Double> = SIMD3(10, 20, 30)
        ) -> CATransform3D {
            [CATransform3DMakeRotation(angle, 0, 0, 1), CATransform3DMakeTranslation(t.x, t.y, t.z)]
                .reduce(CATransform3DMakeScale(scale.x, scale.y, scale.z), CATransform3DConcat)
        }
        let cases: [(TransformKeyPath, TransformKeyPathValue, CATransform3D)] = [
            (.rotationZ, .number(1.0), build(angle: 1.0)),
            (.rotation, .number(-2.5), build(angle: -2.5)),  // "identical to rotation.z"
            (.scaleX, .number(5), build(scale: SIMD3(5, 3, 1))),
            (.scaleY, .number(-1), build(scale: SIMD3(2, -1, 1))),
            (.scaleZ, .number(7), build(scale: SIMD3(2, 3, 7))),
            (.scale, .number(4), build(scale: SIMD3(4, 4, 4))),
            (.translationX, .number(-1), build(t: SIMD3(-1, 20, 30))),
            (.translationY, .number(0.5), build(t: SIMD3(10, 0.5, 30))),
            (.translationZ, .number(0), build(t: SIMD3(10, 20, 0))),
            (.translation, .size(CGSize(width: 1, height: 2)), build(t: SIMD3(1, 2, 30))),
        ]
        for (keyPath, value, want) in cases {
            expectMatrix(try m.setting(value, for: keyPath), want, tolerance: 1e-13, keyPath.rawValue)
        }
        // Rotations about x and y compose as R = Rx·Ry·Rz, keeping the z angle.
        let tilted = try m.setting(.number(0.4), for: .rotationX)
        let wantTilted = [CATransform3DMakeRotation(0.4, 1, 0, 0), CATransform3DMakeRotation(.pi / 6, 0, 0, 1),
                          CATransform3DMakeTranslation(10, 20, 30)].reduce(CATransform3DMakeScale(2, 3, 1), CATransform3DConcat)
        expectMatrix(tilted, wantTilted, tolerance: 1e-13, "rotation.x")
    }

    // Spec §4.1 Euler convention [I: MIRAI]: x = atan2(r23, r33), y = atan2(−r13, √(r23² + r33²)),
    // z = atan2(r12, r11), i.e. R = RotX(x)·RotY(y)·RotZ(z) in CATransform3D's row-vector order.
    @Test func eulerAnglesReadBack() throws {
        var g = SeededGenerator(seed: 17)
        for i in 0..<100 {
            let x = Double.random(in: -3...3, using: &g), y = Double.random(in: -1.5...1.5, using: &g)
            let z = Double.random(in: -3...3, using: &g)
            let m = [CATransform3DMakeRotation(y, 0, 1, 0), CATransform3DMakeRotation(z, 0, 0, 1)]
                .reduce(CATransform3DMakeRotation(x, 1, 0, 0), CATransform3DConcat)
            expectClose(try #require(m.value(forTransformKeyPath: "rotation.x")), x, tolerance: 1e-12, "case \(i) x")
            expectClose(try #require(m.value(forTransformKeyPath: "rotation.y")), y, tolerance: 1e-12, "case \(i) y")
            expectClose(try #require(m.value(forTransformKeyPath: "rotation.z")), z, tolerance: 1e-12, "case \(i) z")
        }
    }

    // Reading a component and writing it back leaves any matrix as it was (up to rounding), including
    // perspective, skew, mirroring and the gimbal-lock pose y = ±90° where only x ∓ z is defined.
    @Test func readThenWriteIsTheIdentityOperation() throws {
        var g = SeededGenerator(seed: 23)
        // randomMatrix mirrors (negative y diagonal); prepending Scale(1, −1, 1) gives unmirrored ones too.
        var matrices = (0..<50).map { _ in randomMatrix(&g) }
        matrices += (0..<50).map { _ in CATransform3DScale(randomMatrix(&g), 1, -1, 1) }
        matrices.append(CATransform3DConcat(CATransform3DMakeRotation(0.3, 1, 0, 0), CATransform3DMakeRotation(.pi / 2, 0, 1, 0)))
        matrices.append(CATransform3DConcat(CATransform3DMakeRotation(-1.1, 0, 0, 1), CATransform3DMakeRotation(-.pi / 2, 0, 1, 0)))
        for (i, m) in matrices.enumerated() {
            let w = m.row4.w
            let normalised = CATransform3D(row1: m.row1 / w, row2: m.row2 / w, row3: m.row3 / w, row4: m.row4 / w)
            // Not `scale`: writing the average sets all three factors, so it only round-trips uniform scales.
            for keyPath in TransformKeyPath.allCases where keyPath != .scale {
                let back = try m.setting(m.value(for: keyPath), for: keyPath)
                #expect(maxDifference(back, normalised) <= 1e-12, "matrix \(i) \(keyPath.rawValue)")
            }
        }
    }

    // A layer scaled to 0 has no rotation to recover, but `transform.scale` from 0 must still work:
    // singular matrices read zero scales and accept writes (spec §4.1 write rule; safe bad-input handling).
    @Test func singularMatricesReadAndWrite() throws {
        let collapsed = CATransform3DMakeScale(0, 0, 1)
        #expect(collapsed.value(forTransformKeyPath: "scale.x") == 0)
        #expect(collapsed.value(forTransformKeyPath: "scale.z") == 1)
        expectClose(try #require(collapsed.value(forTransformKeyPath: "scale")), 1.0 / 3, tolerance: 1e-16, "scale")
        #expect(collapsed.value(forTransformKeyPath: "rotation.z") == 0)
        #expect(try collapsed.setting(.number(1), for: .scale) == CATransform3DIdentity)
        #expect(try collapsed.setting(.number(0.5), for: .rotationZ) == collapsed)
        #expect(try CATransform3DMakeScale(0, 1, 1).setting(.number(0.5), for: .scaleX) == CATransform3DMakeScale(0.5, 1, 1))
        // Rows that are multiples of each other: the dependent row becomes scale 0 (its direction is lost).
        let flat = CATransform3DConcat(CATransform3DMakeScale(0, 2, 1), CATransform3DMakeRotation(0.5, 0, 0, 1))
        expectMatrix(try flat.setting(.number(3), for: .scaleX),
                     CATransform3DConcat(CATransform3DMakeScale(3, 2, 1), CATransform3DMakeRotation(0.5, 0, 0, 1)),
                     tolerance: 1e-15, "scale.x from 0 keeps the rotation")
        // A singular matrix with a perspective column keeps that column verbatim.
        var p = CATransform3DMakeScale(0, 1, 1)
        p.m34 = -0.002
        let moved = try p.setting(.number(5), for: .translationX)
        #expect(moved.m34 == -0.002 && moved.m41 == 5 && moved.m11 == 0)
    }

    // Mirroring: a layer flipped with scale.x = −1 reads scale.x −1 and no rotation, and keeps the flip when
    // rotated by key path. Which axis Apple reports negative is undocumented [U]; this is the reading with
    // the rotation nearest the identity.
    @Test func mirroredLayers() throws {
        let flipped = CATransform3DMakeScale(-1, 1, 1)
        #expect(flipped.value(forTransformKeyPath: "scale.x") == -1)
        #expect(flipped.value(forTransformKeyPath: "scale.y") == 1)
        #expect(flipped.value(forTransformKeyPath: "rotation.z") == 0)
        expectMatrix(try flipped.setting(.number(.pi / 2), for: .rotationZ),
                     CATransform3DConcat(flipped, CATransform3DMakeRotation(.pi / 2, 0, 0, 1)), tolerance: 1e-16, "flip then rotate")
        let upsideDown = CATransform3DMakeScale(1, -2, 1)
        #expect(upsideDown.value(forTransformKeyPath: "scale.y") == -2)
    }

    // Perspective set through the transform itself survives key-path writes: the common
    // "t.m34 = −1/500; t = Rotate(t, a, 0,1,0)" then animating transform.rotation.y.
    @Test func perspectiveSurvivesWrites() throws {
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        let m = CATransform3DRotate(p, 0.5, 0, 1, 0)
        expectClose(try #require(m.value(forTransformKeyPath: "rotation.y")), 0.5, tolerance: 1e-15, "rotation.y")
        expectMatrix(try m.setting(.number(1.2), for: .rotationY), CATransform3DRotate(p, 1.2, 0, 1, 0),
                     tolerance: 1e-15, "rotation.y")
    }

    // Kind mismatches are typed errors with actionable messages; unknown key paths are nil.
    @Test func badKeyPathsAndValues() {
        #expect(throws: TransformKeyPathError.valueKindMismatch(.translation)) {
            try CATransform3DIdentity.setting(.number(3), for: .translation)
        }
        #expect(throws: TransformKeyPathError.valueKindMismatch(.scaleX)) {
            try CATransform3DIdentity.setting(.size(.zero), for: .scaleX)
        }
        #expect(TransformKeyPathError.valueKindMismatch(.translation).description
            == "transform key path 'translation' takes a CGSize (x, y), not a number")
        #expect(TransformKeyPathError.valueKindMismatch(.scaleX).description
            == "transform key path 'scale.x' takes a number, not a size")
        #expect(CATransform3DIdentity.value(forTransformKeyPath: "translation") == nil)
        #expect(CATransform3DIdentity.value(forTransformKeyPath: "transform.rotation.z") == nil)
        #expect(CATransform3DIdentity.value(forTransformKeyPath: "rotation.w") == nil)
        #expect(CATransform3DIdentity.setting(1, forTransformKeyPath: "translation") == nil)
        #expect(CATransform3DIdentity.setting(2, forTransformKeyPath: "scale") == CATransform3DMakeScale(2, 2, 2))
    }

    // Non-finite matrices: reads do not crash and writes return the input unchanged.
    @Test func nonFiniteInput() throws {
        var bad = CATransform3DIdentity
        bad.m22 = .nan
        _ = TransformKeyPath.allCases.map { bad.value(for: $0) }
        let written = try bad.setting(.number(1), for: .rotationZ)
        #expect(written.m22.isNaN && written.m11 == 1 && written.m12 == 0)
        bad.m22 = .infinity
        #expect(try bad.setting(.number(1), for: .scale) == bad)
    }
}
