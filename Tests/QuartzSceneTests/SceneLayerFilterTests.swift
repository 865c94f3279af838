// `filters` in scene files: CALayer.filters, "an array of Core Image filters to apply to the contents of
// the layer and its sublayers" (DOC-calayer/filters), written as the names of the colour effects the
// compositor draws (docs/scene-format.md, docs/semantics.md §9.5).
import Foundation
import QuartzLayers
import Testing

@testable import QuartzScene

@Suite struct SceneLayerFilterTests {
    @Test func namesReachTheLayerAndItsSnapshotInOrder() throws {
        let layers = #"[{"name": "a", "filters": ["CIMaskToAlpha", "CIColorInvert"]}, {"name": "b", "filters": null}, {"name": "c"}]"#
        let scene = try loadScene(sceneJSON(layers: layers))
        #expect(scene.warnings.isEmpty, "\(scene.warnings)")
        #expect(scene.unsupportedFeatures.isEmpty)
        let tree = scene.tree(atTime: 0)
        #expect(tree.presented("a")?.filters == [.maskToAlpha, .colorInvert])
        #expect(tree.presented("b")?.filters == [])
        #expect(tree.presented("c")?.filters == [])  // Apple's default: nil
    }

    @Test func scriptedChangesSetThem() throws {
        let json = sceneJSON(layers: #"[{"name": "a"}]"#,
                             extra: #""script": [{"at": 0.5, "set": {"a.filters": ["CIColorInvert"]}}]"#)
        let scene = try loadScene(json)
        #expect(scene.tree(atTime: 0.25).presented("a")?.filters == [])
        #expect(scene.tree(atTime: 0.75).presented("a")?.filters == [.colorInvert])
    }

    @Test func unknownNamesAndWrongTypesAreErrorsWithTheirPath() {
        let errors = loadErrors(sceneJSON(layers: #"[{"filters": ["CIGaussianBlur"]}, {"filters": "CIColorInvert"}, {"filters": [3]}]"#))
        #expect(errors.map(\.path) == ["layers[0].filters[0]", "layers[1].filters", "layers[2].filters[0]"])
        #expect(errors.first?.kind == .unknownName)
        #expect(errors.first?.message.contains("CIMaskToAlpha") == true)
    }
}
