import Benchmark
import Foundation
import OpenQuartz

/// Engine evaluation cost (issue 3): a committed tree of N layers (the root, N/10 groups of ten), every
/// layer but the root running three endless animations (position, opacity, transform.rotation.z),
/// evaluated into a `LayerTreeSnapshot` at a new media time per iteration, single-threaded.
let engineBenchmarks: @Sendable () -> Void = {
    for (label, count) in [("100", 100), ("1k", 1_000), ("10k", 10_000)] {
        Benchmark(
            "engine/evaluate \(label) layers",
            configuration: .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3), maxIterations: 2_000)
        ) { benchmark, scene in
            for _ in benchmark.scaledIterations {
                scene.time += 1.0 / 60
                blackHole(scene.context.snapshot(of: scene.root, atMediaTime: scene.time))
            }
        } setup: {
            EngineBenchmarkScene(layerCount: count)
        }
    }
}

/// The animated tree the evaluation benchmarks run on, committed once at media time 0.
final class EngineBenchmarkScene: @unchecked Sendable {
    // Invariant: used by one benchmark at a time (the benchmark runner runs them sequentially).
    let context = LayerTreeContext(clock: ManualMediaClock(time: 0))
    let root: CALayer
    var time = 0.0

    init(layerCount: Int) {
        let context = self.context
        root = context.perform { CALayer() }
        context.perform {
            root.bounds = CGRect(x: 0, y: 0, width: 1920, height: 1080)
            var made = 1
            var group: CALayer?
            while made < layerCount {
                let layer = CALayer()
                layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
                layer.position = CGPoint(x: Double(made % 48) * 40, y: Double(made / 48 % 36) * 30)
                layer.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: Double(made % 10) / 10, alpha: 1)
                if made % 10 == 1 {
                    root.addSublayer(layer)
                    group = layer
                } else {
                    group?.addSublayer(layer)
                }
                let move = CABasicAnimation(keyPath: "position")
                move.fromValue = CGPoint(x: 0, y: 0)
                move.toValue = CGPoint(x: 400, y: 300)
                let fade = CABasicAnimation(keyPath: "opacity")
                fade.fromValue = 1.0
                fade.toValue = 0.2
                let spin = CABasicAnimation(keyPath: "transform.rotation.z")
                spin.fromValue = 0.0
                spin.toValue = 2 * Double.pi
                for (key, animation) in [("move", move), ("fade", fade), ("spin", spin)] {
                    animation.duration = 2 + Double(made % 7) / 10
                    animation.repeatCount = .infinity
                    animation.autoreverses = key == "move"
                    layer.add(animation, forKey: key)
                }
                made += 1
            }
            CATransaction.flush()
        }
    }
}
