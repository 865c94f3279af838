// `magnificationFilter` / `minificationFilter` in scene files. Apple: CALayer.magnificationFilter is "the filter
// used when increasing the size of the content", minificationFilter "when reducing" it, both defaulting to
// kCAFilterLinear; the values are kCAFilterLinear, kCAFilterNearest and kCAFilterTrilinear (SDK-CALayer).
import Foundation
import QuartzLayers
import Testing

@testable import QuartzScene

@Suite struct SceneContentsFilterTests {
    @Test func namesReachTheLayerAndItsSnapshot() throws {
        let layers = #"[{"name": "a", "magnificationFilter": "nearest", "minificationFilter": "trilinear"}, {"name": "b"}]"#
        let scene = try loadScene(sceneJSON(layers: layers))
        #expect(scene.unsupportedFeatures.isEmpty)
        #expect(scene.warnings.isEmpty)
        let tree = scene.tree(atTime: 0)
        #expect(tree.presented("a")?.magnificationFilter == .nearest)
        #expect(tree.presented("a")?.minificationFilter == .trilinear)
        #expect(tree.presented("b")?.magnificationFilter == .linear)  // Apple's default
        #expect(tree.presented("b")?.minificationFilter == .linear)
    }

    @Test func scriptedChangesSetIt() throws {
        let json = sceneJSON(layers: #"[{"name": "a"}]"#,
                             extra: #""script": [{"at": 0.5, "set": {"a.magnificationFilter": "nearest"}}]"#)
        let scene = try loadScene(json)
        #expect(scene.tree(atTime: 0.25).presented("a")?.magnificationFilter == .linear)
        #expect(scene.tree(atTime: 0.75).presented("a")?.magnificationFilter == .nearest)
    }

    @Test func unknownNamesAreErrorsWithTheirPath() {
        let errors = loadErrors(sceneJSON(layers: #"[{"magnificationFilter": "bicubic"}, {"minificationFilter": 1}]"#))
        #expect(errors.map(\.path) == ["layers[0].magnificationFilter", "layers[1].minificationFilter"])
        #expect(errors.first?.kind == .unknownName)
        #expect(errors.first?.message.contains("nearest") == true)
    }
}
