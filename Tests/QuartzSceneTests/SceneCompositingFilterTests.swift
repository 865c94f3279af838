// `compositingFilter` in scene files. Apple: CALayer.compositingFilter is "a CoreImage filter used to
// composite the layer and the content behind it" (SDK-CALayer); apps pass Core Image composite-operation
// filter names as strings ("multiplyBlendMode", Core Image Filter Reference, CICategoryCompositeOperation).
// The scene format accepts the names the compositor draws (LayerCompositingFilter), with or without "CI".
import Foundation
import QuartzLayers
import Testing

@testable import QuartzScene

@Suite struct SceneCompositingFilterTests {
    @Test func namesReachTheLayerAndItsSnapshot() throws {
        let layers = #"[{"name": "a", "compositingFilter": "multiplyBlendMode"}, {"name": "b", "compositingFilter": "CIScreenBlendMode"}, {"name": "c"}]"#
        let scene = try loadScene(sceneJSON(layers: layers))
        #expect(scene.unsupportedFeatures.isEmpty)
        #expect(scene.warnings.isEmpty)
        let tree = scene.tree(atTime: 0)
        #expect(tree.presented("a")?.compositingFilterName == "multiplyBlendMode")
        #expect(tree.presented("b")?.compositingFilterName == "CIScreenBlendMode")
        #expect(tree.presented("c")?.compositingFilterName == nil)  // Apple's default: nil
    }

    @Test func scriptedChangesSetIt() throws {
        let json = sceneJSON(layers: #"[{"name": "a"}]"#,
                             extra: #""script": [{"at": 0.5, "set": {"a.compositingFilter": "differenceBlendMode"}}]"#)
        let scene = try loadScene(json)
        #expect(scene.tree(atTime: 0.25).presented("a")?.compositingFilterName == nil)
        #expect(scene.tree(atTime: 0.75).presented("a")?.compositingFilterName == "differenceBlendMode")
    }

    @Test func unknownNamesAndWrongTypesAreErrorsWithTheirPath() {
        let errors = loadErrors(sceneJSON(layers: #"[{"compositingFilter": "glowBlendMode"}, {"compositingFilter": 3}]"#))
        #expect(errors.map(\.path) == ["layers[0].compositingFilter", "layers[1].compositingFilter"])
        #expect(errors.first?.kind == .unknownName)
        #expect(errors.first?.message.contains("multiplyBlendMode") == true)
    }
}
