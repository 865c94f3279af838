import Foundation
import Testing
import QuartzMath

/// CAValueFunction's named matrices [A: CAValueFunction.h; spec §4.2].
@Suite struct TransformValueFunctionTests {
    // Spec §4.2 table: the name strings [V-hopeful: GS-tests constants.m] and `+functionWithName:`
    // returning nil for unknown names [A: nullable].
    @Test func namesAreApplesStrings() {
        #expect(TransformValueFunction.allCases.map(\.name) == [
            "rotateX", "rotateY", "rotateZ", "scale", "scaleX", "scaleY", "scaleZ",
            "translate", "translateX", "translateY", "translateZ",
        ])
        #expect(TransformValueFunction(name: "rotateZ") == .rotateZ)
        #expect(TransformValueFunction(name: "rotate") == nil)
        #expect(TransformValueFunction(name: "RotateZ") == nil)
    }

    // Spec §4.2: rotate* take 1 value (radians), scale/translate 3, scaleX… and translateX… 1.
    @Test func matricesMatchTheMakeFunctions() throws {
        let a = 0.9
        #expect(try TransformValueFunction.rotateX.transform([a]) == CATransform3DMakeRotation(a, 1, 0, 0))
        #expect(try TransformValueFunction.rotateY.transform([a]) == CATransform3DMakeRotation(a, 0, 1, 0))
        #expect(try TransformValueFunction.rotateZ.transform([a]) == CATransform3DMakeRotation(a, 0, 0, 1))
        #expect(try TransformValueFunction.scale.transform([2, 3, 4]) == CATransform3DMakeScale(2, 3, 4))
        #expect(try TransformValueFunction.scaleX.transform([2]) == CATransform3DMakeScale(2, 1, 1))
        #expect(try TransformValueFunction.scaleY.transform([2]) == CATransform3DMakeScale(1, 2, 1))
        #expect(try TransformValueFunction.scaleZ.transform([2]) == CATransform3DMakeScale(1, 1, 2))
        // The header's "scale matrix" for translate is a typo (spec §4.2): it translates.
        #expect(try TransformValueFunction.translate.transform([5, 6, 7]) == CATransform3DMakeTranslation(5, 6, 7))
        #expect(try TransformValueFunction.translateX.transform([5]) == CATransform3DMakeTranslation(5, 0, 0))
        #expect(try TransformValueFunction.translateY.transform([5]) == CATransform3DMakeTranslation(0, 5, 0))
        #expect(try TransformValueFunction.translateZ.transform([5]) == CATransform3DMakeTranslation(0, 0, 5))
        #expect(TransformValueFunction.rotateZ.transform(SIMD3(a, 99, 99)) == CATransform3DMakeRotation(a, 0, 0, 1))
    }

    // Apple's CAAnimationGroup example: valueFunction .scale from [1,1,1] to [3,3,3]; the numbers are
    // interpolated, then the function "is applied to interpolated values" [A: CAAnimation.h valueFunction].
    // And rotateZ from 0 to 2π passes through π at p = 0.5 — the scalar is not limited by matrix periodicity.
    @Test func valuesAreInterpolatedBeforeTheFunction() throws {
        let from: [Double] = [1, 1, 1], to: [Double] = [3, 3, 3]
        let mid = zip(from, to).map { $0 + ($1 - $0) * 0.5 }
        #expect(try TransformValueFunction.scale.transform(mid) == CATransform3DMakeScale(2, 2, 2))
        let halfTurn = try TransformValueFunction.rotateZ.transform([0 + (2 * .pi - 0) * 0.5])
        expectMatrix(halfTurn, CATransform3DMakeScale(-1, -1, 1), tolerance: 1e-15, "rotateZ(π)")
    }

    @Test func wrongInputCountIsATypedError() {
        #expect(throws: TransformValueFunctionError.wrongInputCount(function: .scale, expected: 3, got: 1)) {
            try TransformValueFunction.scale.transform([2])
        }
        #expect(throws: TransformValueFunctionError.wrongInputCount(function: .rotateZ, expected: 1, got: 0)) {
            try TransformValueFunction.rotateZ.transform([])
        }
        #expect(TransformValueFunctionError.wrongInputCount(function: .translate, expected: 3, got: 2).description
            == "value function 'translate' takes 3 numbers, got 2")
        #expect(TransformValueFunction.scale.inputCount == 3 && TransformValueFunction.translateY.inputCount == 1)
    }
}
