// The layer scenes behind the goldens in fixtures/golden/layers/: the seed listings (ship on its path, the
// door, colour keyframes, the path + colour group, the clock hands) and the feature scenes (gravities,
// shadows, masks, opacity, perspective, a cube, replicators, shapes, transitions). Each builds a fresh tree
// and names the media time of its frame.
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster
@testable import QuartzCompositor

struct LayersGoldenScene: Sendable {
    let name: String
    let make: @Sendable () -> (scene: LayersScene, time: Double, sources: [Int: LayerTreeSnapshot])

    func render(threads: Int = 1, tileSize: Int = 64) throws -> PremultipliedRGBA8Bitmap {
        let (scene, time, sources) = make()
        let renderer = scene.renderer(threads: threads, tileSize: tileSize)
        renderer.transitionSources = sources
        return try renderer.renderFrame(atTime: time)
    }
}

enum LayersGoldenScenes {
    static let all: [LayersGoldenScene] =
        [0.4, 1.0, 2.0, 3.0, 3.6].map { t in LayersGoldenScene(name: "seed_ship_t\(t)") { (ship(), t, [:]) } }
        + [0.0, 0.25, 0.5, 0.75].map { o in LayersGoldenScene(name: "seed_door_offset\(o)") { (door(offset: o), 0, [:]) } }
        + [0.5, 1.0, 1.5].map { t in LayersGoldenScene(name: "seed_color_keyframes_t\(t)") { (colorKeyframes(), t, [:]) } }
        + [1.0, 2.0, 3.0].map { t in LayersGoldenScene(name: "seed_path_color_group_t\(t)") { (pathColorGroup(), t, [:]) } }
        + [0.125, 0.25].map { t in LayersGoldenScene(name: "seed_clock_hands_t\(t)") { (clockHands(), t, [:]) } }
        + [
            LayersGoldenScene(name: "contents_gravity") { (gravities(), 0, [:]) },
            LayersGoldenScene(name: "shadows") { (shadows(), 0, [:]) },
            LayersGoldenScene(name: "masks_and_rounded_clips") { (masks(), 0, [:]) },
            LayersGoldenScene(name: "nested_group_opacity") { (opacity(), 0, [:]) },
            LayersGoldenScene(name: "zposition_perspective") { (perspective(), 0, [:]) },
            LayersGoldenScene(name: "transform_layer_cube") { (cube(), 0, [:]) },
            LayersGoldenScene(name: "replicator") { (replicator(), 0, [:]) },
            LayersGoldenScene(name: "shapes_and_gradients") { (shapes(), 0, [:]) },
        ]
        + [0.25, 0.5, 0.75].map { q in LayersGoldenScene(name: "transitions_q\(q)") { transitions(at: q) } }

    static let red = rgb(1, 0, 0), green = rgb(0, 0.6, 0), blue = rgb(0, 0, 1)

    /// CATransition types × subtypes at progress q (spec §5.2): a 4×4 grid, rows fade, moveIn, push, reveal,
    /// columns fromRight, fromLeft, fromTop, fromBottom. Each cell clips a panel whose before-state is red with
    /// a white bar and whose after-state is blue with a yellow dot; the before-state is handed over as
    /// transitionSources (overriding the engine's own capture). Linear timing, duration 1: progress = time.
    static func transitions(at q: Double) -> (scene: LayersScene, time: Double, sources: [Int: LayerTreeSnapshot]) {
        let scene = LayersScene(width: 4 * 60, height: 4 * 60)
        var panels: [(CALayer, CALayer, CATransitionType, CATransitionSubtype)] = []
        for (row, type) in [CATransitionType.fade, .moveIn, .push, .reveal].enumerated() {
            for (column, subtype) in [CATransitionSubtype.fromRight, .fromLeft, .fromTop, .fromBottom].enumerated() {
                let cell = scene.add(CALayer()) {
                    $0.frame = CGRect(x: Double(column) * 60 + 5, y: Double(row) * 60 + 5, width: 50, height: 50)
                    $0.masksToBounds = true
                    $0.backgroundColor = rgb(0.8, 0.8, 0.8)
                }
                let panel = scene.add(CALayer(), to: cell) {
                    $0.name = "panel \(row) \(column)"
                    $0.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
                    $0.backgroundColor = red
                }
                let mark = scene.add(CALayer(), to: panel) {
                    $0.frame = CGRect(x: 5, y: 20, width: 40, height: 10)
                    $0.backgroundColor = CGColor.white
                }
                panels.append((panel, mark, type, subtype))
            }
        }
        let before = scene.context.snapshot(of: scene.root, atMediaTime: 0)
        scene.run {
            for (panel, mark, type, subtype) in panels {
                let transition = CATransition()
                transition.type = type
                transition.subtype = subtype
                transition.duration = 1
                panel.add(transition, forKey: nil)
                CATransaction.setDisableActions(true)
                panel.backgroundColor = blue
                mark.frame = CGRect(x: 30, y: 5, width: 15, height: 15)
                mark.cornerRadius = 7.5
                mark.backgroundColor = rgb(1, 0.9, 0)
            }
            CATransaction.flush()
        }
        var sources: [Int: LayerTreeSnapshot] = [:]
        for layer in before.layers where layer.name?.hasPrefix("panel") == true { sources[layer.layerID] = before }
        return (scene, q, sources)
    }
}
