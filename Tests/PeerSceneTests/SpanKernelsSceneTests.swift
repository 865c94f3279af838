import Foundation
import PeerScene
import QuartzRaster
import Testing
import QuartzTestSupport

/// Differential test (README.md, Determinism): whole peer-scene frames are byte-identical whether the source-over
/// spans run the AVX2 kernels or the portable Swift code (SpanKernels.swift). Scene a is almost all solid
/// source-over spans (constant and masked coverage), scene e image spans (source rows with an opacity).
/// Serialized: `withAVX2Disabled` is process-wide, so the AVX2 renders must not overlap another of these tests;
/// the AVX2 side runs through renderOnOneKernelTier (AVX-512 held off), so another suite's switch cannot turn it
/// into a second Swift render or an AVX-512 one.
@Suite(.serialized, .enabled(if: SpanKernels.isAVX2Selected, "AVX2 is unsupported or OPENQUARTZ_DISABLE_AVX2=1"))
struct SpanKernelsSceneTests {
    @Test(arguments: ["a_rects_512x512", "e_images_affine_512x512"])
    func compositorFramesMatchWithAndWithoutAVX2(sceneName: String) throws {
        let scene = try PeerScene(contentsOf: fixturesDirectory.appendingPathComponent("peer-scenes/\(sceneName).json"))
        let builder = try PeerSceneRenderListBuilder(scene: scene)
        let withAVX2 = try #require(renderOnOneKernelTier(avx512: false) {
            #expect(SpanKernels.isAVX2Enabled && !SpanKernels.isAVX512Enabled)
            return builder.render(threads: 1, tileSize: 64)
        })
        let portable = SpanKernels.withAVX2Disabled {
            #expect(!SpanKernels.isAVX2Enabled)
            return builder.render(threads: 1, tileSize: 64)
        }
        #expect(withAVX2 == portable, "\(sceneName): the AVX2 frame differs from the Swift frame")
    }

    @Test(arguments: ["a_rects_512x512", "e_images_affine_512x512"])
    func rasterFramesMatchWithAndWithoutAVX2(sceneName: String) throws {
        let scene = try PeerScene(contentsOf: fixturesDirectory.appendingPathComponent("peer-scenes/\(sceneName).json"))
        let renderer = try PeerSceneRasterRenderer(scene: scene)
        let withAVX2 = try #require(renderOnOneKernelTier(avx512: false) {
            renderer.render(threading: .singleThreaded)
        })
        let portable = SpanKernels.withAVX2Disabled { renderer.render(threading: .singleThreaded) }
        #expect(withAVX2 == portable, "\(sceneName): the AVX2 frame differs from the Swift frame")
    }
}
