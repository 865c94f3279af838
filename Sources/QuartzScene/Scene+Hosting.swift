// Scenes whose layer tree is made by another importer (a Lottie file): the renderer, `info` and the frame
// pipeline then treat it as any scene.
import Foundation
import QuartzLayers

extension Scene {
    /// A scene of `size` points, `duration` seconds from time 0 at `frameRate`, whose root layer `makeRoot`
    /// builds in the current context (it is called once per tree, inside a transaction with actions
    /// disabled; the scene then sets the root's bounds, position and anchor point as for any scene).
    /// `layers` and `animations` are the counts `info` shows.
    public static func hosting(size: CGSize, frameRate: SceneFrameRate, duration: Double, unsupportedFeatures: [String],
                               layers: Int, animations: Int, makeRoot: @escaping @Sendable () -> CALayer) -> Scene {
        let placeholder = SceneLayerPlan(name: nil, layerClass: .layer, assignments: [], mask: nil, sublayers: [], animations: [], actions: nil)
        return Scene(size: size, scale: 1, start: 0, duration: duration, frameRate: frameRate, background: nil, warnings: [],
                     unsupportedFeatures: unsupportedFeatures,
                     counts: SceneCounts(layers: layers, animations: animations, scriptedChanges: 0, images: 0),
                     root: placeholder, script: [], hostedRoot: makeRoot)
    }
}
