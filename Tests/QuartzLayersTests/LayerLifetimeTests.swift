// A layer tree that nothing references any more is freed, with its context, whatever it ran: animations
// that never end, replicators, layers redrawn while they animate, transitions. A renderer that builds a
// tree per frame depends on it; so does any program that drops a layer mid-animation.
//
// Apple: a layer is a reference-counted object; `add(_:forKey:)` copies the animation into the layer, so an
// animation lives as long as the layer it is attached to ("Core Animation Programming Guide": animations
// that are not removed on completion stay "until the layer is destroyed", as the seed chapter 8 repeats).
// `animationDidStop(_:finished:)`: the animation "may have ended because it has completed its active
// duration or because it has been removed from the layer it is attached to. `flag` is true if the animation
// reached the end of its duration without being removed."
import Foundation
import QuartzMath
import QuartzRaster
import Testing

@testable import QuartzLayers

/// A layer redrawn while its custom key animates (`needsDisplay(forKey:)`).
final class MeterLayer: CALayer {
    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    override func draw(in ctx: CGContext) {
        let progress = value(forKey: "progress") as? Double ?? 0
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height))
    }
}

@Suite struct LayerLifetimeTests {
    /// Weak references to what one built tree allocated.
    struct Built {
        weak var context: LayerTreeContext?
        weak var root: CALayer?
        var layers: [Weak] = []
    }

    struct Weak {
        weak var layer: CALayer?
    }

    /// An infinitely repeating animation of `keyPath`.
    static func forever(_ keyPath: String, from: Any, to: Any) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = 1
        animation.repeatCount = .infinity
        animation.autoreverses = true
        return animation
    }

    /// A tree of every kind that keeps state between snapshots, built, committed and snapshotted twice (so
    /// the second snapshot updates the first in place), then dropped.
    static func buildAndDrop(log: AnimationLog? = nil) -> Built {
        let clock = ManualMediaClock(time: 0)
        var context: LayerTreeContext? = LayerTreeContext(clock: clock)
        var built = Built()
        built.context = context
        context!.perform {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
            for i in 0..<20 {
                let layer = CALayer()
                layer.frame = CGRect(x: Double(i * 10), y: 0, width: 8, height: 8)
                let move = forever("position.x", from: Double(i * 10), to: Double(i * 10 + 50))
                move.delegate = log
                layer.add(move, forKey: "move")
                layer.add(forever("opacity", from: 0.2, to: 1.0), forKey: "fade")
                root.addSublayer(layer)
                built.layers.append(Weak(layer: layer))
            }
            let replicator = CAReplicatorLayer()
            replicator.instanceCount = 4
            replicator.instanceDelay = 0.1
            let dot = CALayer()
            dot.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
            dot.add(forever("transform.scale", from: 0.5, to: 1.0), forKey: "pulse")
            replicator.addSublayer(dot)
            root.addSublayer(replicator)
            let redrawn = MeterLayer()
            redrawn.bounds = CGRect(x: 0, y: 0, width: 20, height: 4)
            redrawn.add(forever("progress", from: 0.0, to: 1.0), forKey: "progress")
            root.addSublayer(redrawn)
            let fading = CALayer()
            fading.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            root.addSublayer(fading)
            built.layers += [Weak(layer: replicator), Weak(layer: dot), Weak(layer: redrawn), Weak(layer: fading)]
            CATransaction.flush()
            clock.time = 0.25
            let transition = CATransition()
            transition.duration = 10
            fading.add(transition, forKey: "transition")
            fading.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            CATransaction.flush()
            clock.time = 0.5
            context!.beginFrame()
            let first = context!.snapshot(of: root)
            #expect(first.layers.count >= 25)
            clock.time = 0.75
            let second = context!.snapshot(of: root)
            #expect(second.layers.count == first.layers.count)
            built.root = root
        }
        context = nil
        return built
    }

    @Test func aDroppedAnimatedTreeIsFreedWithItsContext() {
        let built = Self.buildAndDrop()
        #expect(built.root == nil, "the root outlived every reference to it")
        #expect(built.context == nil, "the context outlived every layer of its tree")
        let alive = built.layers.filter { $0.layer != nil }.count
        #expect(alive == 0, "\(alive) of \(built.layers.count) layers outlived every reference to them")
    }

    /// The delegate is not a way to keep the tree alive: animations hold their delegate (Apple: "The delegate
    /// object is retained by the receiver"), not the layer they are attached to.
    @Test func aDelegateDoesNotKeepTheTreeAlive() {
        let log = AnimationLog()
        let built = Self.buildAndDrop(log: log)
        #expect(built.root == nil && built.context == nil)
        #expect(built.layers.allSatisfy { $0.layer == nil })
    }

    /// A layer freed while its animations run takes them with it; in a context that goes on, they stop
    /// unfinished at the next turn and release the completion block waiting for them.
    @Test func animationsOfAFreedLayerStopUnfinished() {
        let clock = ManualMediaClock(time: 0)
        let context = LayerTreeContext(clock: clock)
        let log = AnimationLog()
        var completed = false
        weak var freed: CALayer?
        context.perform {
            let root = CALayer()
            var layer: CALayer? = CALayer()
            root.addSublayer(layer!)
            CATransaction.flush()
            CATransaction.begin()
            CATransaction.setCompletionBlock { completed = true }
            let move = Self.forever("position.x", from: 0.0, to: 10.0)
            move.setValue("move", forKey: "tag")
            move.delegate = log
            layer!.add(move, forKey: "move")
            CATransaction.commit()
            CATransaction.flush()
            clock.time = 0.5
            context.beginFrame()
            #expect(log.events == ["start move"])
            freed = layer
            // The open transaction holds a changed layer until it commits, as Apple's does.
            layer!.removeFromSuperlayer()
            CATransaction.flush()
            layer = nil
            #expect(freed == nil, "the context kept a layer nothing else references")
            clock.time = 1
            context.beginFrame()
            #expect(log.events == ["start move", "stop move false"])
            #expect(completed, "the completion block waited for an animation whose layer is gone")
            clock.time = 2
            context.beginFrame()
            #expect(log.events.count == 2, "a stopped animation reported twice: \(log.events)")
            _ = root
        }
    }

    /// A tree dropped with its changes still uncommitted (built, never flushed) is freed with its context:
    /// the open transaction does not own the layers it waits to commit.
    @Test func aTreeDroppedBeforeItsCommitIsFreed() {
        weak var freedContext: LayerTreeContext?
        weak var freedRoot: CALayer?
        weak var freedChild: CALayer?
        do {
            let context = LayerTreeContext(clock: ManualMediaClock(time: 0))
            freedContext = context
            context.perform {
                let root = CALayer()
                let child = CALayer()
                root.addSublayer(child)
                child.opacity = 0.5
                child.add(Self.forever("opacity", from: 0.0, to: 1.0), forKey: "fade")
                freedRoot = root
                freedChild = child
            }
            #expect(context.dirtyLayers.count == 2)
        }
        #expect(freedRoot == nil && freedChild == nil, "the open transaction kept uncommitted layers alive")
        #expect(freedContext == nil, "the context outlived every layer of its tree")
    }
}
