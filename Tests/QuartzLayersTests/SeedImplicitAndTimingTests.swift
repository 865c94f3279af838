// Seeds 001 (implicit animations), 002 (manual scrubbing), 003 (animation tips) and 004 (advanced timing)
// ported with layers and explicit times.
import Foundation
import QuartzMath
import QuartzRaster
import Testing

@testable import QuartzLayers

@Suite("Seeds 001–004: implicit animations and timing")
struct SeedImplicitAndTimingTests {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// 001 "Transactions" + "Completion Blocks": setAnimationDuration(2) gives the implicit colour change
    /// 2 s; the completion block rotates the layer by 45° once the colour animation has finished.
    @Test func transactionDurationAndCompletionBlock() throws {
        let scene = EngineScene()
        let colorLayer = scene.addLayer {
            $0.position = CGPoint(x: 200, y: 200)
            $0.bounds = CGRect(x: 0, y: 0, width: 150, height: 150)
            $0.backgroundColor = Self.red
        }
        scene.run {
            CATransaction.begin()
            CATransaction.setAnimationDuration(2.0)
            CATransaction.setCompletionBlock {
                var transform = colorLayer.affineTransform()
                transform = transform.rotated(by: CGFloat.pi / 4)
                colorLayer.setAffineTransform(transform)
            }
            colorLayer.backgroundColor = Self.blue
            CATransaction.commit()
        }
        #expect(colorLayer.animation(forKey: "backgroundColor")?.duration == 2)
        scene.advance(to: 1.0)
        #expect(CATransform3DIsIdentity(colorLayer.transform))
        scene.advance(to: 2.0)
        let angle = try #require(colorLayer.transform.value(forTransformKeyPath: "rotation.z"))
        #expect(close(angle, Double.pi / 4, 1e-12))
        // The rotation itself animates implicitly (the completion block runs in its own implicit transaction).
        #expect(colorLayer.animationKeys() == ["transform"])
    }

    /// 001 "Layer Actions": a push transition from the left in `actions["backgroundColor"]` replaces the
    /// basic animation; disableActions suppresses it.
    @Test func pushTransitionAsAction() throws {
        let scene = EngineScene()
        let colorLayer = scene.addLayer {
            $0.bounds = CGRect(x: 0, y: 0, width: 150, height: 150)
            $0.backgroundColor = Self.red
        }
        let transition = CATransition()
        transition.type = .push
        transition.subtype = .fromLeft
        colorLayer.actions = ["backgroundColor": transition]
        scene.run {
            CATransaction.begin()
            CATransaction.setAnimationDuration(2.0)
            colorLayer.backgroundColor = Self.blue
            CATransaction.commit()
        }
        #expect(colorLayer.animationKeys() == [kCATransition])
        let attached = try #require(colorLayer.animation(forKey: kCATransition) as? CATransition)
        #expect(attached !== transition && attached.duration == 2 && attached.subtype == .fromLeft)
        let state = try #require(scene.presented(colorLayer, at: 0.5)?.transition)
        #expect(state.type == .push && state.subtype == .fromLeft && close(state.progress, 0.25))
        // The new colour is presented at once (the transition draws the change).
        #expect(scene.presented(colorLayer, at: 0.5)?.backgroundColor == Self.blue)
        scene.advance(to: 3)
        scene.run {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            colorLayer.backgroundColor = Self.red
            CATransaction.commit()
        }
        #expect(colorLayer.animationKeys() == nil)
    }

    /// 001: a view-backing layer's delegate returns NSNull outside animation blocks (no animation) and a
    /// CABasicAnimation inside (spec §6.2, LOCKWOOD-176 log "Before: <null> / After: <CABasicAnimation>").
    @Test func delegateReturningNullDisablesImplicitAnimation() {
        final class ViewLike: CALayerDelegate {
            var insideAnimationBlock = false
            func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
                insideAnimationBlock ? CABasicAnimation(keyPath: event) : NSNull()
            }
        }
        let scene = EngineScene()
        let view = ViewLike()
        let layer = scene.addLayer { $0.backgroundColor = Self.red }
        layer.delegate = view
        #expect(layer.action(forKey: "backgroundColor") == nil)
        scene.run { layer.backgroundColor = Self.blue }
        #expect(layer.animationKeys() == nil)
        view.insideAnimationBlock = true
        #expect(layer.action(forKey: "backgroundColor") is CABasicAnimation)
        scene.run { layer.backgroundColor = Self.red }
        #expect(layer.animationKeys() == ["backgroundColor"])
    }

    /// 001 "Presentation Versus Model": presentation() is nil before the first commit, model() of the
    /// presentation is the layer; during a 4 s move the presentation is hit at its on-screen place while
    /// the model is already at the target.
    @Test func presentationVersusModelAndHitTesting() throws {
        let scene = EngineScene()
        let colorLayer = scene.run { () -> CALayer in
            let layer = CALayer()
            layer.position = CGPoint(x: 100, y: 100)
            layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            return layer
        }
        #expect(colorLayer.presentation() == nil)
        #expect(colorLayer.model() === colorLayer)
        scene.run {
            scene.root.addSublayer(colorLayer)
            CATransaction.flush()
        }
        let presentation = try #require(colorLayer.presentation())
        #expect(presentation !== colorLayer && presentation.model() === colorLayer)
        #expect(presentation.position == CGPoint(x: 100, y: 100))
        scene.run {
            CATransaction.begin()
            CATransaction.setAnimationDuration(4.0)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            colorLayer.position = CGPoint(x: 300, y: 100)
            CATransaction.commit()
        }
        scene.advance(to: 2)
        let moving = try #require(colorLayer.presentation())
        #expect(moving.position == CGPoint(x: 200, y: 100))
        #expect(colorLayer.position == CGPoint(x: 300, y: 100))
        // Hit testing a tap at (190, 100) in root space: the presentation tree finds the layer, the
        // model tree does not (the model already sits at 250…350) — RONN-Hit, spec §10.2.
        let tap = CGPoint(x: 190, y: 100)
        let rootPresentation = try #require(scene.root.presentation())
        #expect(rootPresentation.hitTest(tap)?.model() === colorLayer)
        #expect(scene.root.hitTest(tap) === scene.root)
        #expect(scene.root.hitTest(CGPoint(x: 290, y: 100)) === colorLayer)
        // Presentation copies never run actions and do not change the model.
        moving.position = .zero
        #expect(colorLayer.position == CGPoint(x: 300, y: 100) && moving.animationKeys() == nil)
    }

    /// 002 (listing 9.4): the door is paused with speed 0 and scrubbed through `timeOffset`; the swing is
    /// `transform.rotation.y` to −π/2 about anchorPoint (0, 0.5) under a parent m34 = −1/500.
    @Test func doorScrubbingWithSpeedZero() throws {
        let scene = EngineScene(rootBounds: CGRect(x: 0, y: 0, width: 300, height: 300))
        let doorLayer = scene.addLayer {
            $0.frame = CGRect(x: 0, y: 0, width: 128, height: 256)
            $0.position = CGPoint(x: 150 - 64, y: 150)
            $0.anchorPoint = CGPoint(x: 0, y: 0.5)
        }
        scene.run {
            // The container is a view's layer in the seed: its changes do not animate implicitly.
            CATransaction.setDisableActions(true)
            var perspective = CATransform3DIdentity
            perspective.m34 = -1.0 / 500.0
            scene.root.sublayerTransform = perspective
            doorLayer.speed = 0.0
            let animation = CABasicAnimation()
            animation.keyPath = "transform.rotation.y"
            animation.toValue = -Double.pi / 2
            animation.duration = 1.0
            doorLayer.add(animation, forKey: nil)
            CATransaction.flush()
        }
        func angle(at time: Double) throws -> Double {
            let snapshot = try #require(scene.presented(doorLayer, at: time))
            return try #require(snapshot.transform.value(forTransformKeyPath: "rotation.y"))
        }
        #expect(close(try angle(at: 5), 0, 1e-12))  // paused at the first frame
        for offset in [0.25, 0.5, 0.999] {
            scene.run { doorLayer.timeOffset = offset }
            scene.advance(to: scene.clock.time + 1)
            #expect(close(try angle(at: scene.clock.time), -Double.pi / 2 * offset, 1e-9), "offset \(offset)")
            #expect(close(try angle(at: scene.clock.time + 10), -Double.pi / 2 * offset, 1e-9))
        }
        // The hinge (left edge) stays put; a negative y rotation brings the free edge toward the viewer
        // (w < 1), so it is drawn taller than the hinge (spec §9.4: "The layer's right edge comes toward the
        // viewer (w < 1, enlarged)").
        let world = try #require(scene.presented(doorLayer, at: scene.clock.time)).worldTransform
        let hinge = try #require(world.projectedPoint(CGPoint(x: 0, y: 128)))
        #expect(close(hinge, CGPoint(x: 86, y: 150), 1e-9))
        let freeTop = world.applied(to: SIMD4(128, 0, 0, 1)), hingeTop = world.applied(to: SIMD4(0, 0, 0, 1))
        #expect(freeTop.w < 1 && close(hingeTop.w, 1, 1e-12))
        #expect(abs(freeTop.y / freeTop.w - 150) > abs(hingeTop.y / hingeTop.w - 150))
    }

    /// 003 tip 1: an ordered endless cycle made with groups — the black layer scales up (1 s), waits while
    /// the orange one turns (3 s), scales back; waits are the groups' extra duration.
    @Test func orderedEndlessCycleWithGroups() throws {
        let scaleAnimationDuration = 1.0, rotateAnimationDuration = 3.0
        let scene = EngineScene()
        let black = scene.addLayer { $0.bounds = CGRect(x: 0, y: 0, width: 50, height: 50) }
        let orange = scene.addLayer { $0.bounds = CGRect(x: 0, y: 0, width: 50, height: 50) }
        scene.run {
            let rotateAnimation = CABasicAnimation(keyPath: "transform.rotation")
            rotateAnimation.fromValue = -Double.pi * 2
            rotateAnimation.duration = rotateAnimationDuration
            let rotateGroup = CAAnimationGroup()
            rotateGroup.beginTime = scene.context.mediaTime + scaleAnimationDuration
            rotateGroup.duration = rotateAnimationDuration + scaleAnimationDuration * 2
            rotateGroup.repeatCount = Float.infinity
            rotateGroup.animations = [rotateAnimation]
            orange.add(rotateGroup, forKey: "rotateAnimation")

            let scaleAnimation = CABasicAnimation(keyPath: "transform.scale")
            scaleAnimation.fromValue = 1
            scaleAnimation.toValue = 0.5
            scaleAnimation.fillMode = .forwards
            scaleAnimation.isRemovedOnCompletion = false
            scaleAnimation.duration = scaleAnimationDuration
            let scaleGroup = CAAnimationGroup()
            scaleGroup.duration = scaleAnimationDuration + rotateAnimationDuration / 2.0
            scaleGroup.repeatCount = Float.infinity
            scaleGroup.autoreverses = true
            scaleGroup.animations = [scaleAnimation]
            black.add(scaleGroup, forKey: "scaleAnimation")
        }
        scene.advance(to: 0)
        func scale(_ time: Double) throws -> Double {
            let snapshot = try #require(scene.presented(black, at: time))
            return try #require(snapshot.transform.value(forTransformKeyPath: "scale.x"))
        }
        func rotation(_ time: Double) throws -> Double {
            let snapshot = try #require(scene.presented(orange, at: time))
            return try #require(snapshot.transform.value(forTransformKeyPath: "rotation.z"))
        }
        // One cycle is 5 s: scale up 0–1, hold 1–2.5 (+ mirrored 2.5–4), scale down 4–5.
        for (time, expected) in [(0.5, 0.75), (1.5, 0.5), (3.0, 0.5), (4.5, 0.75), (5.0, 1.0), (5.5, 0.75), (11.5, 0.5)] {
            #expect(close(try scale(time), expected, 1e-9), "scale at \(time)")
        }
        // The orange layer waits 1 s, turns from −2π to 0 in 3 s, waits 2 s, and repeats every 5 s.
        #expect(close(try rotation(0.5), 0, 1e-12))
        for (time, turned) in [(1.75, 0.25), (7.0, 1.0 / 3), (3.5, 5.0 / 6)] {
            let expected = -2 * Double.pi * (1 - turned)
            let read = try rotation(time)
            #expect(close(cos(read), cos(expected), 1e-9) && close(sin(read), sin(expected), 1e-9), "rotation at \(time)")
        }
        #expect(close(try rotation(4.5), 0, 1e-12))  // waiting: the rotation child has ended
    }

    /// 003 tip 2 and 004 "pausing and resuming": pause with speed 0 / timeOffset, resume with beginTime.
    @Test func pauseAndResumeLayer() throws {
        let scene = EngineScene()
        let label = scene.addLayer()
        scene.run {
            let animation = CABasicAnimation(keyPath: "zPosition")
            animation.fromValue = 0
            animation.toValue = 100
            animation.duration = 10
            label.add(animation, forKey: "count")
        }
        scene.advance(to: 0)
        scene.advance(to: 2)
        scene.run {
            let pausedTime = label.convertTime(scene.context.mediaTime, from: nil)
            label.speed = 0.0
            label.timeOffset = pausedTime
        }
        scene.advance(to: 7)
        #expect(close(Double(try #require(scene.presented(label, at: 7)).zPosition), 20, 1e-9))
        scene.run {
            let pausedTime = label.timeOffset
            label.speed = 1.0
            label.timeOffset = 0.0
            label.beginTime = 0.0
            let timeSincePause = label.convertTime(scene.context.mediaTime, from: nil) - pausedTime
            label.beginTime = timeSincePause
        }
        scene.advance(to: 7)
        #expect(close(Double(try #require(scene.presented(label, at: 7)).zPosition), 20, 1e-9))
        #expect(close(Double(try #require(scene.presented(label, at: 9)).zPosition), 40, 1e-9))
        // Saved and re-added (tip 2): animation(forKey:) returns a copy that can be added again.
        let saved = try #require(label.animation(forKey: "count"))
        scene.run {
            label.removeAllAnimations()
            label.add(saved, forKey: "count")
        }
        #expect(label.animationKeys() == ["count"])
    }

    /// 004 "beginTime": a delayed start by convertTime + 1 s; fill backwards shows the first frame early.
    @Test func beginTimeDelayWithBackwardsFill() throws {
        let scene = EngineScene()
        let plain = scene.addLayer { $0.zPosition = -1 }
        let filled = scene.addLayer { $0.zPosition = -1 }
        scene.run {
            for (layer, fill) in [(plain, CAMediaTimingFillMode.removed), (filled, .backwards)] {
                let animation = CABasicAnimation(keyPath: "zPosition")
                animation.fromValue = 10
                animation.toValue = 20
                animation.duration = 1
                animation.beginTime = layer.convertTime(scene.context.mediaTime, from: nil) + 1
                animation.fillMode = fill
                layer.add(animation, forKey: nil)
            }
        }
        scene.advance(to: 0)
        #expect(try #require(scene.presented(plain, at: 0.5)).zPosition == -1)
        #expect(try #require(scene.presented(filled, at: 0.5)).zPosition == 10)
        #expect(try #require(scene.presented(plain, at: 1.5)).zPosition == 15)
        #expect(try #require(scene.presented(filled, at: 1.5)).zPosition == 15)
    }

    /// 004 "autoreverses": repeatCount 1.0 ends on the start value, 1.5 on the end value (forwards fill).
    @Test(arguments: [(Float(1.0), 10.0), (Float(1.5), 20.0)])
    func autoreverseRepeatCounts(repeatCount: Float, finalValue: Double) throws {
        let scene = EngineScene()
        let layer = scene.addLayer { $0.zPosition = -1 }
        scene.run {
            let animation = CABasicAnimation(keyPath: "zPosition")
            animation.fromValue = 10
            animation.toValue = 20
            animation.duration = 1
            animation.autoreverses = true
            animation.repeatCount = repeatCount
            animation.fillMode = .forwards
            animation.isRemovedOnCompletion = false
            layer.add(animation, forKey: nil)
        }
        scene.advance(to: 0)
        #expect(try #require(scene.presented(layer, at: 1.5)).zPosition == 15)
        #expect(Double(try #require(scene.presented(layer, at: 10)).zPosition) == finalValue)
    }

    /// 004 "transitions on two layers": the same push transition added to two layers, one hidden, one shown.
    @Test func transitionOnTwoLayers() throws {
        let scene = EngineScene()
        let view1 = scene.addLayer(), view2 = scene.addLayer { $0.isHidden = true }
        scene.run {
            let transition = CATransition()
            transition.startProgress = 0
            transition.endProgress = 1.0
            transition.type = .push
            transition.subtype = .fromRight
            transition.duration = 1.0
            view1.add(transition, forKey: "transition")
            view2.add(transition, forKey: "transition")
            view1.isHidden = true
            view2.isHidden = false
        }
        scene.advance(to: 0)
        for layer in [view1, view2] {
            let state = try #require(scene.presented(layer, at: 0.5)?.transition)
            #expect(state.type == .push && state.subtype == .fromRight && close(state.progress, 0.5))
        }
        #expect(scene.presented(view1, at: 0.5)?.isHidden == true && scene.presented(view2, at: 0.5)?.isHidden == false)
    }
}
