// A contents image is decoded once per file, however the scene spells its path: relative, with "./" or
// "..", through a symbolic link, or absolute. Every layer and every frame shares the one decoded image.
import Foundation
import QuartzLayers
import QuartzRaster
import Testing

@testable import QuartzScene
import QuartzTestSupport

@Suite struct SceneImageSharingTests {
    @Test func onePathSpelledFiveWaysIsDecodedOnce() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scene-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = folder.appendingPathComponent("dot.png")
        try FileManager.default.copyItem(at: fixturesDirectory.appendingPathComponent("scenes/dot.png"), to: image)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("link.png"), withDestinationURL: image)
        let spellings = ["dot.png", "./dot.png", "sub/../dot.png", "link.png", image.path]
        let layers = spellings.enumerated().map { i, file in
            #"{"name": "l\#(i)", "frame": [0, 0, 8, 8], "contents": "\#(file)"}"#
        }
        let json = #"{"version": 1, "width": 16, "height": 16, "duration": 1, "layers": [\#(layers.joined(separator: ","))]}"#
        let scene = try Scene.load(data: Data(json.utf8), baseDirectory: folder)
        #expect(scene.counts.images == 1)
        let tree = scene.tree(atTime: 0)
        let images = (0..<spellings.count).compactMap { tree.layers["l\($0)"]?.contents as? CGImage }
        #expect(images.count == spellings.count)
        #expect(images.allSatisfy { $0 === images[0] }, "every spelling shares the one decoded image")
        // Trees built for other frames share it too.
        #expect(scene.tree(atTime: 0.5).layers["l0"]?.contents as? CGImage === images[0])
    }
}
