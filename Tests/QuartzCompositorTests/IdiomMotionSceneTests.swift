// Motion idioms: keyframes with values boxed the Objective-C way (NSValue(cgPoint:), NSNumber,
// NSValue(caTransform3D:), NSValue(cgSize:)), paced motion along a path with auto-rotation, springs,
// groups starting at `CACurrentMediaTime() + delay` with a backwards fill, implicit animations configured
// through CATransaction, and the endless spinner made of `transform.rotation.z`.
// Evidence: CAKeyframeAnimation's reference (keyTimes per value; `paced` "keyTimes and timingFunctions
// are ignored", constant speed along the path; `rotateAuto` "objects travel tangent to the path"),
// CABasicAnimation's from/to rows (spec §2.1), CAAnimationGroup and fillMode's reference (`backwards`
// shows the first frame before beginTime), CATransaction's setAnimationDuration/setAnimationTimingFunction,
// and for springs the position.x vectors that RBBAnimation's specification compares with Apple's own
// CASpringAnimation to 0.001 (spec §8.2, fixtures/vectors/spring.json).
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster
import QuartzTestSupport
import Testing
@testable import QuartzCompositor

@Suite struct IdiomMotionSceneTests {
    /// A square following three points boxed with NSValue(cgPoint:), key times as NSNumbers.
    @Test func boxedPointKeyframesMoveTheLayer() throws {
        let scene = LayersScene()
        let square = scene.add(CALayer()) {
            $0.frame = CGRect(x: 30, y: 30, width: 20, height: 20)
            $0.backgroundColor = rgb(1, 0, 0)
        }
        scene.commit {
            let move = CAKeyframeAnimation(keyPath: "position")
            move.values = [CGPoint(x: 40, y: 40), CGPoint(x: 160, y: 40), CGPoint(x: 160, y: 160)].map { NSValue(cgPoint: $0) }
            move.keyTimes = [0, 0.25, 1].map { NSNumber(value: $0) }
            move.duration = 2
            move.fillMode = .forwards
            move.isRemovedOnCompletion = false
            square.add(move, forKey: "move")
        }
        let red = (255, 0, 0)
        // 0.25 s is halfway through the first segment; 1.25 s halfway through the second.
        let first = try scene.render(at: 0.25)
        #expect(first.failedProbes([
            IdiomProbe(100, 40, red, "first segment's midpoint"), IdiomProbe(40, 40, IdiomColor.white, "the start"),
            IdiomProbe(100 + 12, 40, IdiomColor.white, "right of the square"),
        ]) == [])
        let second = try scene.render(at: 1.25)
        #expect(second.failedProbes([
            IdiomProbe(160, 100, red, "second segment's midpoint"), IdiomProbe(160, 100 - 12, IdiomColor.white, "above the square"),
            IdiomProbe(160, 100 + 12, IdiomColor.white, "below the square"),
        ]) == [])
        let held = try scene.render(at: 5)
        #expect(held.failedProbes([IdiomProbe(160, 160, red, "the held last value")]) == [])
    }

    /// A bar moving along an L-shaped path at constant speed (paced), turned along the path (auto-rotate).
    @Test func pacedPathMotionTurnsWithTheTangent() throws {
        let scene = LayersScene()
        let bar = scene.add(CALayer()) {
            $0.bounds = CGRect(x: 0, y: 0, width: 30, height: 10)
            $0.position = CGPoint(x: 30, y: 150)
            $0.backgroundColor = rgb(0, 0, 1)
        }
        scene.commit {
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 30, y: 150))
            path.addLine(to: CGPoint(x: 170, y: 150))
            path.addLine(to: CGPoint(x: 170, y: 30))
            let follow = CAKeyframeAnimation(keyPath: "position")
            follow.path = path
            follow.calculationMode = .paced
            follow.rotationMode = .rotateAuto
            follow.duration = 2.6  // 260 pt of path: 100 pt a second
            bar.add(follow, forKey: "follow")
        }
        let blue = (0, 0, 255)
        // 1 s: 100 pt along the bottom edge, heading +x, so the bar lies along x.
        let along = try scene.render(at: 1)
        #expect(along.failedProbes([
            IdiomProbe(130, 150, blue, "bar centre"), IdiomProbe(130 + 12, 150, blue, "bar end"),
            IdiomProbe(130, 150 + 7.5, IdiomColor.white, "below the flat bar"),
        ]) == [])
        // 2 s: 60 pt up the right edge, heading −y, so the bar is turned upright.
        let up = try scene.render(at: 2)
        #expect(up.failedProbes([
            IdiomProbe(170, 90, blue, "bar centre"), IdiomProbe(170, 90 + 12, blue, "bar end below"),
            IdiomProbe(170, 90 - 12, blue, "bar end above"), IdiomProbe(170 + 8, 90, IdiomColor.white, "beside the upright bar"),
        ]) == [])
    }

    /// A spring on position.x, 100 → 200 at initial velocity 5 (Apple's defaults otherwise): the square's
    /// edges sit where Apple's CASpringAnimation puts them, frame by frame at 60 fps.
    @Test func springMovesAsApplesSpring() throws {
        let vectors = try #require(try loadFixtureJSON("vectors/spring.json") as? [String: Any])
        let frames = try #require(vectors["RBB comparison: position.x 100->200, velocity 5, 60 frames"] as? [[String: Any]])
        let scene = LayersScene(width: 320, height: 60)
        let square = scene.add(CALayer()) {
            $0.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            $0.position = CGPoint(x: 200, y: 30)
            $0.backgroundColor = rgb(1, 0.5, 0)
        }
        scene.commit {
            let spring = CASpringAnimation(keyPath: "position.x")
            spring.fromValue = NSNumber(value: 100)
            spring.toValue = NSNumber(value: 200)
            spring.initialVelocity = 5
            spring.duration = spring.settlingDuration
            square.add(spring, forKey: "spring")
        }
        let orange = IdiomColor.overWhite((1, 0.5, 0))
        for index in [6, 12, 20, 30, 45] {
            let entry = try #require(frames.first { ($0["frame"] as? NSNumber)?.intValue == index })
            let x = try #require((entry["x"] as? NSNumber)?.doubleValue)
            let frame = try scene.render(at: Double(index) / 60)
            #expect(frame.failedProbes([
                IdiomProbe(x - 10 + 2, 30, orange, "inside the left edge, frame \(index)"),
                IdiomProbe(x + 10 - 2, 30, orange, "inside the right edge, frame \(index)"),
                IdiomProbe(x - 10 - 2, 30, IdiomColor.white, "outside the left edge, frame \(index)"),
                IdiomProbe(x + 10 + 2, 30, IdiomColor.white, "outside the right edge, frame \(index)"),
            ]) == [])
        }
    }

    /// A "pop in": a group of a transform from NSValue(caTransform3D: scale ½) to identity and opacity
    /// 0.2 → 1, starting 0.5 s after `CACurrentMediaTime()`, filled backwards so the start shows at once.
    @Test func delayedGroupFillsBackwards() throws {
        let scene = LayersScene()
        let card = scene.add(CALayer()) {
            $0.frame = CGRect(x: 80, y: 80, width: 40, height: 40)
            $0.backgroundColor = rgb(1, 0.5, 0)
        }
        scene.commit {
            let grow = CABasicAnimation(keyPath: "transform")
            grow.fromValue = NSValue(caTransform3D: CATransform3DMakeScale(0.5, 0.5, 1))
            grow.toValue = NSValue(caTransform3D: CATransform3DIdentity)
            let appear = CABasicAnimation(keyPath: "opacity")
            appear.fromValue = NSNumber(value: 0.2)
            appear.toValue = NSNumber(value: 1.0)
            let group = CAAnimationGroup()
            group.animations = [grow, appear]
            group.duration = 1
            group.beginTime = CACurrentMediaTime() + 0.5
            group.fillMode = .backwards
            card.add(group, forKey: "pop")
        }
        let before = try scene.render(at: 0.25)
        #expect(before.failedProbes([
            IdiomProbe(100, 100, IdiomColor.overWhite((1, 0.5, 0), alpha: 0.2), "the backwards-filled start"),
            IdiomProbe(100 + 8, 100, IdiomColor.overWhite((1, 0.5, 0), alpha: 0.2), "inside the half-size card"),
            IdiomProbe(100 + 12, 100, IdiomColor.white, "outside the half-size card"),
        ]) == [])
        // 1 s is halfway: scale 0.75 (half size 15), opacity 0.6.
        let middle = try scene.render(at: 1)
        #expect(middle.failedProbes([
            IdiomProbe(100 + 13, 100, IdiomColor.overWhite((1, 0.5, 0), alpha: 0.6), "inside the ¾-size card"),
            IdiomProbe(100 + 17, 100, IdiomColor.white, "outside the ¾-size card"),
        ]) == [])
        let after = try scene.render(at: 2)
        #expect(after.failedProbes([IdiomProbe(100 + 18, 100, IdiomColor.overWhite((1, 0.5, 0)), "the model card")]) == [])
    }

    /// Implicit animations configured through CATransaction: one second, linear, colour and position.
    @Test func transactionDurationDrivesImplicitAnimations() throws {
        let scene = LayersScene()
        let layer = scene.add(CALayer()) {
            $0.frame = CGRect(x: 40, y: 80, width: 40, height: 40)
            $0.backgroundColor = rgb(1, 0, 0)
        }
        scene.commit {
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            layer.backgroundColor = rgb(0, 0, 1)
            layer.position = CGPoint(x: 140, y: 100)
            CATransaction.commit()
        }
        let frame = try scene.render(at: 0.5)
        let purple = (128, 0, 128)
        #expect(frame.failedProbes([
            IdiomProbe(100, 100, purple, "halfway, in colour and place"), IdiomProbe(100 + 18, 100, purple, "its right part"),
            IdiomProbe(100 + 22, 100, IdiomColor.white, "right of it"), IdiomProbe(60, 100, IdiomColor.white, "where it started"),
        ]) == [])
    }

    /// The endless spinner: `transform.rotation.z` to 2·M_PI in one second, linear, repeated forever.
    @Test func endlessRotationSpinsABar() throws {
        let scene = LayersScene()
        let bar = scene.add(CALayer()) {
            $0.bounds = CGRect(x: 0, y: 0, width: 100, height: 20)
            $0.position = CGPoint(x: 100, y: 100)
            $0.backgroundColor = rgb(0.5, 0, 1)
        }
        scene.commit {
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.toValue = NSNumber(value: M_PI * 2)
            spin.duration = 1
            spin.repeatCount = .infinity
            spin.timingFunction = CAMediaTimingFunction(name: .linear)
            bar.add(spin, forKey: "spin")
        }
        let violet = IdiomColor.overWhite((0.5, 0, 1))
        // 2.125 s: an eighth of a turn past two whole turns, the bar along the diagonal towards +x +y.
        let frame = try scene.render(at: 2.125)
        let d = 40 / 2.0.squareRoot()
        #expect(frame.failedProbes([
            IdiomProbe(100 + d, 100 + d, violet, "the turned bar's end"), IdiomProbe(100 - d, 100 - d, violet, "its other end"),
            IdiomProbe(140, 100, IdiomColor.white, "where the unturned end was"),
            IdiomProbe(100 + d, 100 - d, IdiomColor.white, "across the diagonal"),
        ]) == [])
    }
}
