// The differential test: every fixture scene in fixtures/scenes/*.json, loaded with `Scene.load` and
// rendered by CARenderer at several times across its duration, gives the same bytes at 1, 2 and 4 threads
// and tile sizes 64 and 24 (README.md, Determinism: pixels never depend on the thread count or the tile size);
// so do the transition golden scenes and this branch's gradient and opacity scenes through the same grid.
// Scenes render at half scale to keep the suite fast.
import Foundation
import OpenQuartz
import QuartzRaster
import Testing
@testable import QuartzCompositor
import QuartzTestSupport

enum SceneFileDifferential {
    static let scenesDirectory = fixturesDirectory.appendingPathComponent("scenes")

    /// The JSON scene files, sorted (read at discovery so a new fixture joins the test by itself).
    static let names: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: scenesDirectory.path)) ?? [])
        .filter { $0.hasSuffix(".json") }.sorted()

    /// 1, 2 and 4 threads × tile sizes 64 and 24.
    static let grid: [(threads: Int, tileSize: Int)] = [1, 2, 4].flatMap { t in [64, 24].map { (t, $0) } }

    /// Fractions of the duration the frames are taken at (start, inside, near the end).
    static let fractions = [0.0, 0.3, 0.55, 0.85]

    static func render(_ tree: SceneTree, size: CGSize, at time: Double, threads: Int, tileSize: Int) throws
        -> PremultipliedRGBA8Bitmap
    {
        let renderer = CARenderer(layer: tree.root, bounds: CGRect(origin: .zero, size: size), scale: 0.5,
                                  options: CompositorOptions(threads: threads, tileSize: tileSize), context: tree.context)
        return try renderer.renderFrame(atTime: time)
    }
}

@Suite struct SceneFileDifferentialTests {
    @Test func everySceneFileIsCovered() {
        #expect(SceneFileDifferential.names.count >= 15, "fixtures/scenes/*.json found: \(SceneFileDifferential.names)")
    }

    @Test(arguments: SceneFileDifferential.names)
    func sceneFileIsBitIdenticalForThreadsAndTiles(_ name: String) throws {
        let scene = try Scene.load(contentsOf: SceneFileDifferential.scenesDirectory.appendingPathComponent(name))
        var drewSomething = false
        for fraction in SceneFileDifferential.fractions {
            let time = scene.start + scene.duration * fraction
            let tree = scene.tree(atTime: time)
            var reference: PremultipliedRGBA8Bitmap?
            for (threads, tileSize) in SceneFileDifferential.grid {
                let bitmap = try SceneFileDifferential.render(tree, size: scene.size, at: time, threads: threads, tileSize: tileSize)
                guard let reference else {
                    reference = bitmap
                    drewSomething = drewSomething || bitmap.pixels.contains { $0 != bitmap.pixels[0] }
                    continue
                }
                #expect(bitmap == reference, "\(name) at t \(time): \(threads) threads, tile \(tileSize)")
            }
        }
        #expect(drewSomething, "\(name) draws something")
    }

    /// The transition goldens' scenes (fixtures/golden/transitions/) through the whole grid.
    @Test(arguments: TransitionGoldenScenes.all.map(\.name))
    func transitionSceneIsBitIdenticalForThreadsAndTiles(_ name: String) throws {
        let scene = try #require(TransitionGoldenScenes.all.first { $0.name == name })
        let reference = try scene.render(threads: 1, tileSize: 64)
        for (threads, tileSize) in SceneFileDifferential.grid.dropFirst() {
            #expect(try scene.render(threads: threads, tileSize: tileSize) == reference, "threads \(threads), tile size \(tileSize)")
        }
    }

    /// The gradient-under-perspective golden scene and the folded-opacity scenes through the same grid.
    @Test func gradientAndOpacityScenesAreBitIdenticalForThreadsAndTiles() throws {
        var scenes = [GradientPerspectiveScene.make()]
        for entry in OpacityFoldScenes.single {
            let scene = LayersScene(width: OpacityFoldScenes.size, height: OpacityFoldScenes.size)
            entry.build(scene)
            scenes.append(scene)
        }
        for (index, scene) in scenes.enumerated() {
            let reference = try scene.render(threads: 1, tileSize: 64)
            for (threads, tileSize) in SceneFileDifferential.grid.dropFirst() {
                #expect(try scene.render(threads: threads, tileSize: tileSize) == reference,
                        "scene \(index): threads \(threads), tile size \(tileSize)")
            }
        }
    }
}
