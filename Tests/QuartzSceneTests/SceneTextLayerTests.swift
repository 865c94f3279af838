// Text layers in scene files (docs/scene-format.md, "CATextLayer (text)"): properties, fonts by family or
// by file relative to the scene, animated fontSize and foregroundColor, and bad input.
import Foundation
import QuartzLayers
import QuartzText
import Testing
@testable import QuartzScene

@Suite struct SceneTextLayerTests {
    @Test("a text layer with every property builds a CATextLayer and lists its font")
    func textLayer() throws {
        let layers = #"""
            [{"class": "text", "name": "title", "frame": [10, 10, 200, 60], "string": "Hello, world",
              "font": "Helvetica-Bold", "fontSize": 24, "foregroundColor": "#FF0000", "wrapped": true,
              "truncationMode": "end", "alignmentMode": "center", "allowsFontSubpixelQuantization": true,
              "animations": [{"keyPath": "fontSize", "fromValue": 24, "toValue": 48, "duration": 2},
                             {"keyPath": "foregroundColor", "toValue": "#0000FF", "duration": 2}]}]
            """#
        let scene = try loadScene(sceneJSON(layers: layers))
        #expect(scene.warnings.isEmpty, "\(scene.warnings)")
        #expect(scene.fonts.map(\.requested) == ["Helvetica-Bold"])
        #expect(scene.fonts[0].isSubstitution)
        let tree = scene.tree(atTime: 1)
        let layer = try #require(tree.layers["title"] as? CATextLayer)
        #expect(layer.string as? String == "Hello, world")
        #expect(layer.isWrapped && layer.truncationMode == .end && layer.alignmentMode == .center)
        let presented = try #require(tree.presented("title"))
        #expect(presented.fontSize == 36, "half-way from 24 to 48")
    }

    @Test("a font by path relative to the scene file; a file that is not a font is an error naming it")
    func fontFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scene-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
                                         toPath: folder.appendingPathComponent("mono.ttf").path)
        try Data("not a font".utf8).write(to: folder.appendingPathComponent("bad.ttf"))
        let good = sceneJSON(layers: #"[{"class": "text", "string": "x", "font": {"path": "mono.ttf"}}]"#)
        let scene = try Scene.load(data: Data(good.utf8), baseDirectory: folder)
        #expect(scene.fonts.map(\.family) == ["DejaVu Sans Mono"])
        let bad = sceneJSON(layers: #"[{"class": "text", "string": "x", "font": {"path": "bad.ttf"}}]"#)
        #expect(throws: SceneLoadError.self) { try Scene.load(data: Data(bad.utf8), baseDirectory: folder) }
        do {
            _ = try Scene.load(data: Data(bad.utf8), baseDirectory: folder)
        } catch {
            #expect(error.errors.map(\.kind) == [.badFont])
            #expect(error.errors[0].description.contains("bad.ttf"))
            #expect(error.errors[0].description.contains("not a font file"))
        }
    }

    @Test("invalid UTF-8 and unpaired surrogates in a scene's string are JSON errors, not crashes")
    func badText() {
        let surrogate = sceneJSON(layers: #"[{"class": "text", "string": "a\ud800b"}]"#)
        var data = Data(sceneJSON(layers: #"[{"class": "text", "string": "aXb"}]"#).utf8)
        let x = data.firstIndex(of: UInt8(ascii: "X"))!
        data[x] = 0xFF
        for input in [Data(surrogate.utf8), data] {
            do {
                let scene = try Scene.load(data: input, baseDirectory: URL(fileURLWithPath: "/tmp"))
                // A parser that replaces the bad sequence with U+FFFD is fine too: the text must still build.
                _ = scene.tree(atTime: 0)
            } catch {
                #expect(error.errors.first?.kind == .invalidJSON, "\(error)")
            }
        }
    }

    @Test("a wrong type for string or font is an error at its path")
    func wrongTypes() {
        let errors = loadErrors(sceneJSON(layers: #"[{"class": "text", "string": 5, "font": 3}]"#))
        #expect(errors.map(\.path) == ["layers[0].font", "layers[0].string"])
    }
}
