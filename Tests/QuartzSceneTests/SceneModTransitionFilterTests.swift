// CIModTransition in scene files (docs/scene-format.md "Transition filters"): its position input
// inputCenter is read as a point ([x, y] or {"x", "y"}) and reaches the filter as a 2-value CIVector, as
// Core Image's CIAttributeTypePosition inputs are [A: CIFR CIModTransition inputCenter].
import Foundation
import QuartzLayers
import Testing

@testable import QuartzScene

@Suite struct SceneModTransitionFilterTests {
    @Test func centreRadiusAndCompressionAreRead() throws {
        for center in [#"[30, 20]"#, #"{"x": 30, "y": 20}"#] {
            let json = SceneTransitionFilterTests.transition(#"""
                {"class": "transition", "duration": 1, "filter": {"name": "CIModTransition", "inputCenter": \#(center),
                 "inputRadius": 12, "inputCompression": 40}}
                """#)
            let scene = try loadScene(json)
            #expect(scene.warnings.isEmpty, "\(scene.warnings)")
            let filter = try #require(scene.tree(atTime: 0.5).presented("a")?.transition?.filter)
            #expect(filter.name == "CIModTransition" && filter.isSupported)
            #expect(filter.vector("inputCenter") == [30, 20])
            #expect(filter.number("inputRadius") == 12 && filter.number("inputCompression") == 40)
            #expect(filter.number("inputAngle") == 2)  // Core Image's default
        }
    }

    /// A centre of the wrong size is an error at its path, not a crash or a silent default.
    @Test func wrongCentreIsAnErrorAtItsPath() {
        let json = SceneTransitionFilterTests.transition(
            #"{"class": "transition", "filter": {"name": "CIModTransition", "inputCenter": [1, 2, 3]}}"#)
        #expect(loadErrors(json).map { "\($0.path) \($0.kind)" }
            == ["script[0].addAnimation[0].animation.filter.inputCenter wrongType"])
    }
}
