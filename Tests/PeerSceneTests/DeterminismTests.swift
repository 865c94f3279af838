import Foundation
import PeerScene
import QuartzRaster
import Testing
import QuartzTestSupport

/// README.md, Determinism: the same scene gives bit-identical pixels whatever the thread count and tile size.
@Suite struct RasterDeterminismTests {
    @Test(arguments: ["a_rects_512x512", "b_rrects_affine_512x512", "c_fill_paths_512x512", "d_stroke_paths_512x512",
                      "e_images_affine_512x512", "f_images_perspective_512x512"])
    func sameBytesForEveryThreadCountAndTileSize(sceneName: String) throws {
        let scene = try PeerScene(contentsOf: fixturesDirectory.appendingPathComponent("peer-scenes/\(sceneName).json"))
        var renderer = try PeerSceneRasterRenderer(scene: scene)
        let reference = renderer.render(threading: .singleThreaded)
        #expect(renderer.render(threading: .singleThreaded) == reference, "a second render differs")
        for tileSize in [16, 64, 128] {
            renderer.tileSize = tileSize
            #expect(renderer.render(threading: .concurrent) == reference, "tile size \(tileSize), concurrent")
        }
    }
}
