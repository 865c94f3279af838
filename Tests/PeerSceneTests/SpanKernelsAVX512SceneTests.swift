import Foundation
import PeerScene
import QuartzRaster
import Testing
import QuartzTestSupport

/// Differential test (README.md, Determinism): whole peer-scene frames are byte-identical whether `.automatic` spans
/// run the AVX-512 kernels or the AVX2 kernels (SpanKernelsAVX512.swift). Scene a is almost all solid blocks
/// (rk_solid_block_over), b rounded rectangles (blocks and masked spans), c filled paths (masked spans), e
/// affine images (rk_image_affine_plan_over's 512-bit loops, raster_kernels_images_avx512.c), g animated
/// layers (blocks, masked spans, fills, source rows and images). Serialized: `withAVX512Disabled` is
/// process-wide, so its renders must not overlap another of these tests; the AVX-512 side runs through
/// renderOnOneKernelTier, so another suite's switch cannot turn it into a second AVX2 render.
@Suite(.serialized, .enabled(if: SpanKernels.isAVX512Selected,
                             "no AVX-512BW/VL, or OPENQUARTZ_DISABLE_AVX512=1 / OPENQUARTZ_DISABLE_AVX2=1"))
struct SpanKernelsAVX512SceneTests {
    static let scenes = ["a_rects_512x512", "b_rrects_affine_512x512", "c_fill_paths_512x512", "e_images_affine_512x512",
                          "g_anim_layers_512x512"]

    @Test(arguments: scenes)
    func compositorFramesMatchWithAndWithoutAVX512(sceneName: String) throws {
        let scene = try PeerScene(contentsOf: fixturesDirectory.appendingPathComponent("peer-scenes/\(sceneName).json"))
        let builder = try PeerSceneRenderListBuilder(scene: scene)
        let withAVX512 = try #require(renderOnOneKernelTier { builder.render(threads: 1, tileSize: 64) })
        let withAVX2 = SpanKernels.withAVX512Disabled {
            #expect(!SpanKernels.isAVX512Enabled)
            return builder.render(threads: 1, tileSize: 64)
        }
        #expect(withAVX512 == withAVX2, "\(sceneName): the AVX-512 frame differs from the AVX2 frame")
    }

    @Test(arguments: scenes)
    func rasterFramesMatchWithAndWithoutAVX512(sceneName: String) throws {
        let scene = try PeerScene(contentsOf: fixturesDirectory.appendingPathComponent("peer-scenes/\(sceneName).json"))
        let renderer = try PeerSceneRasterRenderer(scene: scene)
        let withAVX512 = try #require(renderOnOneKernelTier { renderer.render(threading: .singleThreaded) })
        let withAVX2 = SpanKernels.withAVX512Disabled { renderer.render(threading: .singleThreaded) }
        #expect(withAVX512 == withAVX2, "\(sceneName): the AVX-512 frame differs from the AVX2 frame")
    }
}
