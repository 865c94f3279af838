// Implicit animations, transactions with animations, lifecycle callbacks and completion blocks
// (spec §6.1, §6.4, §1.4, §11 step 3).
import Foundation
import QuartzMath
import QuartzRaster
import Testing

@testable import QuartzLayers

@Suite("Implicit animations and lifecycle")
struct ImplicitAnimationTests {
    /// The built-in action: a CABasicAnimation under the property name, from the presentation value,
    /// transaction duration, `.default` timing function (spec §6.4, CAPG-Animatable Table B-2).
    @Test func builtInImplicitAnimation() throws {
        let scene = EngineScene()
        let layer = scene.addLayer { $0.position = CGPoint(x: 0, y: 0) }
        scene.run { layer.position = CGPoint(x: 100, y: 0) }
        #expect(layer.animationKeys() == ["position"])
        let animation = try #require(layer.animation(forKey: "position") as? CABasicAnimation)
        #expect(animation.keyPath == "position")
        #expect(animation.fromValue as? CGPoint == .zero)
        #expect(animation.toValue == nil)
        #expect(animation.duration == 0.25)
        #expect(animation.timingFunction == CAMediaTimingFunction(name: .default))
        scene.advance(to: 0)
        // Presentation at half time follows the default curve: 0.802403 at x = 0.5 (spec §7.2 table).
        let half = try #require(scene.presented(layer, at: 0.125))
        #expect(close(Double(half.position.x), 80.2403, 1e-2))
        #expect(try #require(scene.presented(layer, at: 0.3)).position == CGPoint(x: 100, y: 0))
    }

    /// No implicit animation for a layer never committed, for disabled actions, for equal values, for
    /// `doubleSided` and for CAShapeLayer.path (spec §6.4).
    @Test func noImplicitAnimationCases() {
        let scene = EngineScene()
        scene.run {
            let fresh = CALayer()
            fresh.position = CGPoint(x: 5, y: 5)
            #expect(fresh.animationKeys() == nil)
            CATransaction.flush()
        }
        let layer = scene.addLayer()
        let shape = scene.addLayer(CAShapeLayer())
        scene.run {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.opacity = 0.5
            CATransaction.commit()
            layer.isDoubleSided = false
            layer.zPosition = 0
            shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: .identity)
        }
        #expect(layer.committed != nil && shape.committed != nil)
        #expect(layer.animationKeys() == nil)
        #expect(shape.animationKeys() == nil)
        scene.run { shape.strokeEnd = 0.5 }
        #expect(shape.animationKeys() == ["strokeEnd"])
    }

    /// Nested transactions carry their own durations (seed 004, Apple's listing with
    /// kCATransactionAnimationDuration 2.0 outside and 5.0 inside) [A: SDK-CATransaction nesting].
    @Test func nestedTransactionDurations() throws {
        let scene = EngineScene()
        let layer = scene.addLayer { $0.position = CGPoint(x: 50, y: 50) }
        scene.run {
            CATransaction.begin()
            CATransaction.setValue(Float(2.0), forKey: kCATransactionAnimationDuration)
            layer.position = CGPoint(x: 0, y: 0)
            CATransaction.begin()
            CATransaction.setValue(Float(5.0), forKey: kCATransactionAnimationDuration)
            layer.zPosition = 200
            layer.opacity = 0
            CATransaction.commit()
            CATransaction.commit()
        }
        #expect(layer.animation(forKey: "position")?.duration == 2)
        #expect(layer.animation(forKey: "zPosition")?.duration == 5)
        #expect(layer.animation(forKey: "opacity")?.duration == 5)
        // Committed together at time 0: every begin time is the commit time (spec §1.5).
        #expect(layer.animation(forKey: "position")?.beginTime == 0)
        let snapshot = try #require(scene.presented(layer, at: 2.5))
        #expect(snapshot.position == .zero)
        #expect(snapshot.zPosition > 0 && snapshot.zPosition < 200)
    }

    /// A retarget mid-flight replaces the running implicit animation (finished == false) and starts from
    /// the on-screen value (spec §6.4).
    @Test func retargetStartsFromPresentation() throws {
        let scene = EngineScene()
        let layer = scene.addLayer { $0.zPosition = 0 }
        let log = AnimationLog()
        scene.run {
            CATransaction.setAnimationDuration(1)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            layer.zPosition = 100
        }
        layer.animation(forKey: "zPosition")?.delegate = log
        scene.advance(to: 0)  // the turn commits the animation at media time 0
        scene.advance(to: 0.5)
        scene.run {
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            CATransaction.setAnimationDuration(1)
            layer.zPosition = 0
        }
        let retarget = try #require(layer.animation(forKey: "zPosition") as? CABasicAnimation)
        #expect(close(Double(try #require(retarget.fromValue as? CGFloat)), 50, 1e-9))
        scene.advance(to: 0.5)
        #expect(log.events == ["start ?", "stop ? false"])
        // The retarget was committed at 0.5: half-way through its second at 1.0.
        #expect(close(Double(try #require(scene.presented(layer, at: 1.0)).zPosition), 25, 1e-9))
    }

    /// Delegate callbacks fire at turns, in time order, once each; finished animations are removed
    /// (spec §1.4, §11 step 3).
    @Test func delegateCallbacksInTimeOrder() {
        let scene = EngineScene()
        let layer = scene.addLayer()
        let log = AnimationLog()
        scene.run {
            for (tag, begin, duration) in [("late", 0.5, 0.25), ("early", 0.0, 1.0)] {
                let animation = CABasicAnimation(keyPath: "opacity")
                animation.fromValue = 0.0
                animation.toValue = 1.0
                animation.beginTime = begin == 0 ? 0 : begin
                animation.duration = duration
                animation.delegate = log
                animation.setValue(tag, forKey: "tag")
                layer.add(animation, forKey: tag)
            }
        }
        #expect(log.events.isEmpty)
        scene.advance(to: 0.1)
        #expect(log.events == ["start early"])
        scene.advance(to: 2)
        #expect(log.events == ["start early", "start late", "stop late true", "stop early true"])
        #expect(layer.animationKeys() == nil)
        scene.advance(to: 3)
        #expect(log.events.count == 4)
    }

    /// Completion block: runs once all animations added after it end (spec §6.1 rule 1), not before.
    @Test func completionBlockWaitsForAnimations() {
        let scene = EngineScene()
        let layer = scene.addLayer()
        var completed: [Double] = []
        scene.run {
            CATransaction.begin()
            CATransaction.setAnimationDuration(1.0)
            CATransaction.setCompletionBlock { completed.append(scene.clock.time) }
            layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            CATransaction.commit()
        }
        #expect(completed.isEmpty)
        scene.advance(to: 0.5)
        #expect(completed.isEmpty)
        scene.advance(to: 1.0)
        #expect(completed == [1.0])
        scene.advance(to: 2.0)
        #expect(completed == [1.0])
    }

    /// Removing a tracked animation counts as ended (spec §6.1 rule 2); removal reports finished == false.
    @Test func removalEndsTrackedAnimation() {
        let scene = EngineScene()
        let layer = scene.addLayer()
        let log = AnimationLog()
        var completed = 0
        scene.run {
            CATransaction.begin()
            CATransaction.setCompletionBlock { completed += 1 }
            let animation = CABasicAnimation(keyPath: "opacity")
            animation.toValue = 0.0
            animation.duration = 10
            animation.delegate = log
            animation.setValue("spin", forKey: "tag")
            layer.add(animation, forKey: "spin")
            CATransaction.commit()
        }
        scene.advance(to: 1)
        #expect(completed == 0)
        scene.run { layer.removeAnimation(forKey: "spin") }
        scene.advance(to: 1.5)
        #expect(completed == 1)
        #expect(log.events == ["start spin", "stop spin false"])
    }

    /// Evaluation is pure in time: t1, t2, t1 gives the same first and third snapshot.
    @Test func snapshotsArePureInTime() throws {
        let scene = EngineScene()
        let layer = scene.addLayer()
        scene.run {
            let animation = CABasicAnimation(keyPath: "position")
            animation.fromValue = CGPoint(x: 0, y: 0)
            animation.toValue = CGPoint(x: 100, y: 40)
            animation.duration = 2
            layer.add(animation, forKey: nil)
            CATransaction.flush()
        }
        let first = try #require(scene.presented(layer, at: 0.5))
        let second = try #require(scene.presented(layer, at: 1.5))
        let third = try #require(scene.presented(layer, at: 0.5))
        #expect(first.position == third.position && first.worldTransform == third.worldTransform)
        #expect(first.position == CGPoint(x: 25, y: 10) && second.position == CGPoint(x: 75, y: 30))
    }

    /// Two independent trees on two contexts render side by side on two threads, each on its own clock.
    @Test func independentTreesSideBySide() async throws {
        let a = EngineScene(), b = EngineScene()
        let layerA = a.addLayer(), layerB = b.addLayer()
        for (scene, layer, target) in [(a, layerA, 100.0), (b, layerB, 200.0)] {
            scene.run {
                let animation = CABasicAnimation(keyPath: "zPosition")
                animation.toValue = target
                animation.duration = 1
                layer.add(animation, forKey: nil)
                CATransaction.flush()
            }
        }
        a.clock.time = 0.5
        b.clock.time = 0.25
        let snapshotA = a.context.snapshot(of: a.root), snapshotB = b.context.snapshot(of: b.root)
        let (zA, zB) = await withTaskGroup(of: (Int, Double).self) { group in
            group.addTask { (0, Double(snapshotA.layers[1].zPosition)) }
            group.addTask { (1, Double(snapshotB.layers[1].zPosition)) }
            var values = [0.0, 0.0]
            for await (index, value) in group { values[index] = value }
            return (values[0], values[1])
        }
        #expect(zA == 50 && zB == 50)
    }
}

