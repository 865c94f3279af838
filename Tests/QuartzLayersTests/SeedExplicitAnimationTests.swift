// Seed 000 (explicit animations, book chapter 8) ported with layers and explicit times. Each test
// names its listing; UIKit views are replaced by plain layers, timers and taps by clock steps.
import Foundation
import QuartzMath
import QuartzRaster
import Testing

@testable import QuartzLayers

@Suite("Seed 000: explicit animations")
struct SeedExplicitAnimationTests {
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)

    static func rgba(_ color: CGColor?) -> SIMD4<Double> { color?.straightSRGBRGBA ?? SIMD4(repeating: -1) }

    /// Listing 8.1: a basic animation without a model change snaps back when it ends (model vs presentation).
    @Test func snapBackAfterBasicAnimation() throws {
        let scene = EngineScene()
        let colorLayer = scene.addLayer {
            $0.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
            $0.backgroundColor = Self.blue
        }
        scene.run {
            let animation = CABasicAnimation()
            animation.keyPath = "backgroundColor"
            animation.toValue = Self.red
            colorLayer.add(animation, forKey: nil)
        }
        scene.advance(to: 0)
        // Duration 0 became the transaction default, 0.25 s (spec §1.1).
        let mid = Self.rgba(try #require(scene.presented(colorLayer, at: 0.125)).backgroundColor)
        #expect(mid == SIMD4(0.5, 0, 0.5, 1))
        scene.advance(to: 0.3)
        #expect(Self.rgba(try #require(scene.presented(colorLayer, at: 0.3)).backgroundColor) == SIMD4(0, 0, 1, 1))
        #expect(colorLayer.backgroundColor == Self.blue)
        #expect(colorLayer.animationKeys() == nil)
    }

    /// Listing 8.2: the apply-basic-animation recipe — fromValue from the presentation layer, model set in a
    /// transaction with actions disabled — ends on the new value without snapping back.
    @Test func applyBasicAnimationRecipe() throws {
        let scene = EngineScene()
        let colorLayer = scene.addLayer { $0.backgroundColor = Self.blue }
        func applyBasicAnimation(_ animation: CABasicAnimation, to layer: CALayer) {
            let source: CALayer = layer.presentation() ?? layer
            animation.fromValue = source.value(forKeyPath: animation.keyPath!)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.setValue(animation.toValue, forKeyPath: animation.keyPath!)
            CATransaction.commit()
            layer.add(animation, forKey: nil)
        }
        scene.run {
            let animation = CABasicAnimation()
            animation.keyPath = "backgroundColor"
            animation.toValue = Self.red
            applyBasicAnimation(animation, to: colorLayer)
        }
        scene.advance(to: 0)
        #expect(colorLayer.animationKeys() == nil)  // nil keys: only unnamed animations are attached
        #expect(Self.rgba(try #require(scene.presented(colorLayer, at: 0)).backgroundColor) == SIMD4(0, 0, 1, 1))
        #expect(Self.rgba(try #require(scene.presented(colorLayer, at: 0.125)).backgroundColor) == SIMD4(0.5, 0, 0.5, 1))
        scene.advance(to: 1)
        #expect(Self.rgba(try #require(scene.presented(colorLayer, at: 1)).backgroundColor) == SIMD4(1, 0, 0, 1))
        #expect(colorLayer.presentation()?.backgroundColor == Self.red)
    }

    /// Listings 8.3/8.4: animationDidStop(_:finished:) sets the final model value; animations are tagged
    /// with setValue(_:forKey:) to find their hand (clock hands with anchorPoint (0.5, 0.9)).
    @Test func clockHandsWithDelegateAndTags() throws {
        final class Clock: CAAnimationDelegate {
            var finishedFlags: [Bool] = []
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
                finishedFlags.append(flag)
                guard let hand = anim.value(forKey: "handView") as? CALayer,
                    let toValue = (anim as? CABasicAnimation)?.toValue as? CATransform3D
                else { return }
                hand.transform = toValue
            }
        }
        let scene = EngineScene()
        let clock = Clock()
        let hands = (0..<3).map { _ in
            scene.addLayer {
                $0.bounds = CGRect(x: 0, y: 0, width: 10, height: 100)
                $0.position = CGPoint(x: 200, y: 200)
                $0.anchorPoint = CGPoint(x: 0.5, y: 0.9)
            }
        }
        let angles: [CGFloat] = [CGFloat.pi / 6, CGFloat.pi / 3, CGFloat.pi / 2]
        scene.run {
            for (hand, angle) in zip(hands, angles) {
                let animation = CABasicAnimation()
                animation.keyPath = "transform"
                animation.toValue = CATransform3DMakeRotation(angle, 0, 0, 1)
                animation.duration = 0.5
                animation.delegate = clock
                animation.setValue(hand, forKey: "handView")
                hand.add(animation, forKey: nil)
            }
        }
        scene.advance(to: 0)
        // Half-way the matrix interpolation gives half the angle (single-axis rotations < 180°, spec §9.6).
        for (hand, angle) in zip(hands, angles) {
            let transform = try #require(scene.presented(hand, at: 0.25)).transform
            #expect(close(try #require(transform.value(forTransformKeyPath: "rotation.z")), Double(angle) / 2, 1e-9))
        }
        scene.advance(to: 0.5)
        #expect(clock.finishedFlags == [true, true, true])
        for (hand, angle) in zip(hands, angles) {
            #expect(hand.transform == CATransform3DMakeRotation(angle, 0, 0, 1))
            // The anchor point (0.5, 0.9) is the pivot: it stays at the position (spec §9.2).
            let world = try #require(scene.presented(hand, at: 1)).worldTransform
            let pivot = try #require(world.projectedPoint(CGPoint(x: 5, y: 90)))
            #expect(close(pivot, CGPoint(x: 200, y: 200), 1e-9))
        }
    }

    /// Listing 8.5: a keyframe animation through colours (blue, red, green, blue) over 2 s.
    @Test func colorKeyframes() throws {
        let scene = EngineScene()
        let colorLayer = scene.addLayer { $0.backgroundColor = Self.blue }
        scene.run {
            let animation = CAKeyframeAnimation()
            animation.keyPath = "backgroundColor"
            animation.duration = 2.0
            animation.values = [Self.blue, Self.red, Self.green, Self.blue]
            colorLayer.add(animation, forKey: nil)
        }
        scene.advance(to: 0)
        let expected: [(Double, SIMD4<Double>)] = [
            (1.0 / 3, SIMD4(0.5, 0, 0.5, 1)), (2.0 / 3, SIMD4(1, 0, 0, 1)), (1.0, SIMD4(0.5, 0.5, 0, 1)),
            (4.0 / 3, SIMD4(0, 1, 0, 1)), (5.0 / 3, SIMD4(0, 0.5, 0.5, 1)),
        ]
        for (time, rgba) in expected {
            let color = Self.rgba(try #require(scene.presented(colorLayer, at: time)).backgroundColor)
            for i in 0..<4 { #expect(close(color[i], rgba[i], 1e-12), "t=\(time)") }
        }
    }

    static func shipPath() -> CGMutablePath {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 150))
        path.addCurve(to: CGPoint(x: 300, y: 150), control1: CGPoint(x: 75, y: 0), control2: CGPoint(x: 225, y: 300))
        return path
    }

    /// The cubic of listing 8.6 at parameter s and its tangent.
    static func bezier(_ s: Double) -> (CGPoint, CGPoint) {
        let p = [(0.0, 150.0), (75.0, 0.0), (225.0, 300.0), (300.0, 150.0)]
        let u = 1 - s
        let point = CGPoint(
            x: u * u * u * p[0].0 + 3 * u * u * s * p[1].0 + 3 * u * s * s * p[2].0 + s * s * s * p[3].0,
            y: u * u * u * p[0].1 + 3 * u * u * s * p[1].1 + 3 * u * s * s * p[2].1 + s * s * s * p[3].1)
        let tangent = CGPoint(
            x: 3 * u * u * (p[1].0 - p[0].0) + 6 * u * s * (p[2].0 - p[1].0) + 3 * s * s * (p[3].0 - p[2].0),
            y: 3 * u * u * (p[1].1 - p[0].1) + 6 * u * s * (p[2].1 - p[1].1) + 3 * s * s * (p[3].1 - p[2].1))
        return (point, tangent)
    }

    /// Listings 8.6/8.7: the ship follows the Bézier path drawn by a CAShapeLayer; rotationMode auto turns
    /// it along the tangent (spec §3.5).
    @Test func shipOnBezierPathWithRotationAuto() throws {
        let scene = EngineScene()
        let pathLayer = scene.addLayer(CAShapeLayer()) {
            $0.path = Self.shipPath()
            $0.fillColor = CGColor.clear
            $0.strokeColor = Self.red
            $0.lineWidth = 3
        }
        let shipLayer = scene.addLayer {
            $0.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
            $0.position = CGPoint(x: 0, y: 150)
        }
        scene.run {
            let animation = CAKeyframeAnimation()
            animation.keyPath = "position"
            animation.duration = 4.0
            animation.path = Self.shipPath()
            animation.rotationMode = .rotateAuto
            shipLayer.add(animation, forKey: nil)
        }
        scene.advance(to: 0)
        #expect(try #require(scene.presented(pathLayer, at: 0)).path == Self.shipPath())
        for time in [0.4, 1.0, 2.0, 3.0, 3.6] {
            let snapshot = try #require(scene.presented(shipLayer, at: time))
            let (point, tangent) = Self.bezier(time / 4)
            #expect(close(snapshot.position, point, 1e-9), "t=\(time)")
            let angle = try #require(snapshot.transform.value(forTransformKeyPath: "rotation.z"))
            #expect(close(angle, atan2(Double(tangent.y), Double(tangent.x)), 1e-9), "t=\(time)")
        }
        // After the 4 s the animation is removed: back at the model position, unrotated.
        scene.advance(to: 4.5)
        let end = try #require(scene.presented(shipLayer, at: 4.5))
        #expect(end.position == CGPoint(x: 0, y: 150) && CATransform3DIsIdentity(end.transform))
    }

    /// Listings 8.8/8.9: a `transform` toValue of a 360° rotation does nothing (the matrices are equal), while
    /// `transform.rotation` with byValue 2π turns once (spec §4.1).
    @Test func fullTurnMatrixVersusVirtualKeyPath() throws {
        let scene = EngineScene()
        let matrixShip = scene.addLayer { $0.frame = CGRect(x: 0, y: 0, width: 128, height: 128) }
        let pathShip = scene.addLayer { $0.frame = CGRect(x: 0, y: 0, width: 128, height: 128) }
        scene.run {
            let matrix = CABasicAnimation()
            matrix.keyPath = "transform"
            matrix.duration = 2.0
            matrix.toValue = CATransform3DMakeRotation(CGFloat(Double.pi * 2), 0, 0, 1)
            matrixShip.add(matrix, forKey: nil)
            let virtual = CABasicAnimation()
            virtual.keyPath = "transform.rotation"
            virtual.duration = 2.0
            virtual.byValue = CGFloat(Double.pi * 2)
            pathShip.add(virtual, forKey: nil)
        }
        scene.advance(to: 0)
        for (time, angle) in [(0.5, Double.pi / 2), (1.0, Double.pi), (1.5, -Double.pi / 2)] {
            let still = try #require(scene.presented(matrixShip, at: time)).transform
            #expect(close(try #require(still.value(forTransformKeyPath: "rotation.z")), 0, 1e-9))
            let turning = try #require(scene.presented(pathShip, at: time)).transform
            let read = try #require(turning.value(forTransformKeyPath: "rotation.z"))
            // atan2 reads in (−π, π]: compare on the circle.
            #expect(close(cos(read), cos(angle), 1e-9) && close(sin(read), sin(angle), 1e-9), "t=\(time)")
        }
    }

    /// Listing 8.10: a group of the path keyframe animation and a colour animation over 4 s; children
    /// without a duration span the group (spec §5.1).
    @Test func groupOfPathAndColor() throws {
        let scene = EngineScene()
        let colorLayer = scene.addLayer {
            $0.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
            $0.position = CGPoint(x: 0, y: 150)
            $0.backgroundColor = Self.green
        }
        scene.run {
            let animation1 = CAKeyframeAnimation()
            animation1.keyPath = "position"
            animation1.path = Self.shipPath()
            animation1.rotationMode = .rotateAuto
            let animation2 = CABasicAnimation()
            animation2.keyPath = "backgroundColor"
            animation2.toValue = Self.red
            let groupAnimation = CAAnimationGroup()
            groupAnimation.animations = [animation1, animation2]
            groupAnimation.duration = 4.0
            colorLayer.add(groupAnimation, forKey: nil)
        }
        scene.advance(to: 0)
        let snapshot = try #require(scene.presented(colorLayer, at: 2))
        #expect(close(snapshot.position, Self.bezier(0.5).0, 1e-9))
        #expect(Self.rgba(snapshot.backgroundColor) == SIMD4(0.5, 0.5, 0, 1))
    }

    /// Listing 8.15: start/stop a rotation with removeAnimation(forKey:); the delegate sees finished == false.
    @Test func startAndStopWithRemoveAnimation() throws {
        let scene = EngineScene()
        let shipLayer = scene.addLayer { $0.frame = CGRect(x: 0, y: 0, width: 128, height: 128) }
        let log = AnimationLog()
        scene.run {
            let animation = CABasicAnimation()
            animation.keyPath = "transform.rotation"
            animation.duration = 2.0
            animation.byValue = CGFloat(Double.pi * 2)
            animation.delegate = log
            animation.setValue("rotate", forKey: "tag")
            shipLayer.add(animation, forKey: "rotateAnimation")
        }
        scene.advance(to: 0.5)
        #expect(shipLayer.animationKeys() == ["rotateAnimation"])
        scene.run { shipLayer.removeAnimation(forKey: "rotateAnimation") }
        scene.advance(to: 0.6)
        #expect(log.events == ["start rotate", "stop rotate false"])
        #expect(shipLayer.animationKeys() == nil)
        #expect(CATransform3DIsIdentity(try #require(scene.presented(shipLayer, at: 0.6)).transform))
    }

    /// Transitions are always stored under "transition" (SDK-CALayer) and report their progress.
    @Test func transitionOnContentsChange() throws {
        let scene = EngineScene()
        let imageLayer = scene.addLayer()
        scene.run {
            let transition = CATransition()
            transition.type = .fade
            transition.duration = 1
            imageLayer.add(transition, forKey: nil)
            imageLayer.contents = CGImage(bitmap: PremultipliedRGBA8Bitmap(width: 2, height: 2))
        }
        scene.advance(to: 0)
        // The contents change also runs its own implicit animation (a plain layer, not a view's layer).
        #expect(imageLayer.animationKeys() == [kCATransition, "contents"])
        let state = try #require(scene.presented(imageLayer, at: 0.25)?.transition)
        #expect(state.type == .fade && close(state.progress, 0.25))
        #expect(scene.presented(imageLayer, at: 1.5)?.transition == nil)
    }
}

@Suite("Contents cross-fade")
struct ContentsCrossfadeTests {
    /// The implicit `contents` animation cross-dissolves the two images (spec §2.4, LOCKWOOD-207).
    @Test func implicitContentsChangeCrossfades() throws {
        let scene = EngineScene()
        let first = CGImage(bitmap: PremultipliedRGBA8Bitmap(width: 1, height: 1))
        let second = CGImage(bitmap: PremultipliedRGBA8Bitmap(width: 2, height: 2))
        let layer = scene.addLayer { $0.contents = first }
        scene.run {
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            layer.contents = second
        }
        scene.advance(to: 0)
        let mid = try #require(scene.presented(layer, at: 0.125))
        #expect(mid.contents === second)
        let fade = try #require(mid.contentsCrossfade)
        #expect(fade.fromImage === first && close(fade.fraction, 0.5))
        #expect(try #require(scene.presented(layer, at: 1)).contentsCrossfade == nil)
    }
}
