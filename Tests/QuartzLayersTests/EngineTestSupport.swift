// A layer tree on its own context and manual clock, for tests that advance time explicitly.
import Foundation
import QuartzMath
import Testing

@testable import QuartzLayers

/// One scene: a context with a manual clock starting at 0 and a committed root layer.
final class EngineScene {
    let clock = ManualMediaClock(time: 0)
    let context: LayerTreeContext
    let root: CALayer

    init(rootBounds: CGRect = CGRect(x: 0, y: 0, width: 400, height: 400)) {
        context = LayerTreeContext(clock: clock)
        root = context.perform { CALayer() }
        context.perform {
            root.bounds = rootBounds
            root.position = CGPoint(x: rootBounds.midX, y: rootBounds.midY)
            CATransaction.flush()
        }
    }

    /// Runs `body` with this scene's context current.
    func run<Result>(_ body: () throws -> Result) rethrows -> Result {
        try context.perform(body)
    }

    /// Moves the clock to `time` and ends a run-loop turn (commit + due callbacks).
    func advance(to time: Double) {
        clock.time = time
        context.perform { CATransaction.flush() }
    }

    /// A new layer added to the root and committed.
    func addLayer(configure: (CALayer) -> Void = { _ in }) -> CALayer {
        addLayer(CALayer(), configure: configure)
    }

    /// `layer`, configured, added to the root and committed.
    func addLayer<Layer: CALayer>(_ layer: Layer, configure: (Layer) -> Void = { _ in }) -> Layer {
        run {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            configure(layer)
            root.addSublayer(layer)
            CATransaction.commit()
        }
        return layer
    }

    /// The presentation snapshot of `layer` at media time `time` (without running a turn).
    func presented(_ layer: CALayer, at time: Double) -> LayerSnapshot? {
        context.snapshot(of: root, atMediaTime: time).layers.first { $0.layerID == layer.layerSerial }
    }
}

/// Records delegate callbacks in order.
final class AnimationLog: CAAnimationDelegate {
    var events: [String] = []
    var stops: [(CAAnimation, Bool)] = []
    func animationDidStart(_ anim: CAAnimation) {
        events.append("start \(anim.value(forKey: "tag") as? String ?? "?")")
    }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        events.append("stop \(anim.value(forKey: "tag") as? String ?? "?") \(flag)")
        stops.append((anim, flag))
    }
}

/// |a − b| ≤ tolerance.
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

func close(_ a: CGPoint, _ b: CGPoint, _ tolerance: Double = 1e-9) -> Bool {
    close(Double(a.x), Double(b.x), tolerance) && close(Double(a.y), Double(b.y), tolerance)
}
