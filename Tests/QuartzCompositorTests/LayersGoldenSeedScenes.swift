// The seed listings as golden scenes (seed 000: ship on its path, colour keyframes, path + colour group, clock
// hands; seed 002: the door), ported from the engine's seed tests with views replaced by plain layers.
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster
@testable import QuartzCompositor

extension LayersGoldenScenes {
    /// Seed 000 listings 8.6/8.7: the ship follows the cubic drawn by a red CAShapeLayer, rotationMode auto.
    static func ship() -> LayersScene {
        let scene = LayersScene(width: 300, height: 300)
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 150))
        path.addCurve(to: CGPoint(x: 300, y: 150), control1: CGPoint(x: 75, y: 0), control2: CGPoint(x: 225, y: 300))
        scene.add(CAShapeLayer()) {
            $0.path = path
            $0.fillColor = CGColor.clear
            $0.strokeColor = red
            $0.lineWidth = 3
        }
        let shipLayer = scene.add(CALayer()) {
            $0.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
            $0.position = CGPoint(x: 0, y: 150)
            $0.contents = LayersImages.ship
        }
        scene.run {
            let animation = CAKeyframeAnimation()
            animation.keyPath = "position"
            animation.duration = 4
            animation.path = path
            animation.rotationMode = .rotateAuto
            shipLayer.add(animation, forKey: nil)
        }
        return scene
    }

    /// Seed 002: the door (anchorPoint (0, 0.5)) paused with speed 0 and scrubbed by timeOffset, swinging
    /// `transform.rotation.y` to −π/2 under the container's m34 = −1/500.
    static func door(offset: Double) -> LayersScene {
        let scene = LayersScene(width: 300, height: 300)
        let doorLayer = scene.add(CALayer()) {
            $0.frame = CGRect(x: 0, y: 0, width: 128, height: 256)
            $0.position = CGPoint(x: 150 - 64, y: 150)
            $0.anchorPoint = CGPoint(x: 0, y: 0.5)
            $0.contents = LayersImages.door
        }
        scene.run {
            CATransaction.setDisableActions(true)
            var perspective = CATransform3DIdentity
            perspective.m34 = -1.0 / 500
            scene.root.sublayerTransform = perspective
            doorLayer.speed = 0
            let animation = CABasicAnimation()
            animation.keyPath = "transform.rotation.y"
            animation.toValue = -Double.pi / 2
            animation.duration = 1
            doorLayer.add(animation, forKey: nil)
            CATransaction.flush()
            doorLayer.timeOffset = offset
            CATransaction.flush()
        }
        return scene
    }

    /// Seed 000 listing 8.5: keyframes blue → red → green → blue over 2 s on a layer's backgroundColor.
    static func colorKeyframes() -> LayersScene {
        let scene = LayersScene(width: 120, height: 120)
        let colorLayer = scene.add(CALayer()) {
            $0.frame = CGRect(x: 10, y: 10, width: 100, height: 100)
            $0.backgroundColor = blue
        }
        scene.run {
            let animation = CAKeyframeAnimation()
            animation.keyPath = "backgroundColor"
            animation.duration = 2
            animation.values = [blue, red, green, blue]
            colorLayer.add(animation, forKey: nil)
        }
        return scene
    }

    /// Seed 000 listing 8.10: a group of the path keyframe animation (rotation auto) and a colour animation.
    static func pathColorGroup() -> LayersScene {
        let scene = LayersScene(width: 300, height: 300)
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 150))
        path.addCurve(to: CGPoint(x: 300, y: 150), control1: CGPoint(x: 75, y: 0), control2: CGPoint(x: 225, y: 300))
        scene.add(CAShapeLayer()) { $0.path = path; $0.fillColor = nil; $0.strokeColor = red; $0.lineWidth = 3 }
        let colorLayer = scene.add(CALayer()) {
            $0.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
            $0.position = CGPoint(x: 0, y: 150)
            $0.backgroundColor = green
        }
        scene.run {
            let move = CAKeyframeAnimation()
            move.keyPath = "position"
            move.path = path
            move.rotationMode = .rotateAuto
            let color = CABasicAnimation()
            color.keyPath = "backgroundColor"
            color.toValue = red
            let group = CAAnimationGroup()
            group.animations = [move, color]
            group.duration = 4
            colorLayer.add(group, forKey: nil)
        }
        return scene
    }

    /// Seed 000 listings 8.3/8.4: three clock hands (anchorPoint (0.5, 0.9)) turning to 30°, 60° and 90° over
    /// 0.5 s on a round face.
    static func clockHands() -> LayersScene {
        let scene = LayersScene(width: 240, height: 240)
        scene.add(CALayer()) {
            $0.frame = CGRect(x: 10, y: 10, width: 220, height: 220)
            $0.cornerRadius = 110
            $0.backgroundColor = rgb(0.9, 0.9, 0.95)
            $0.borderWidth = 4
            $0.borderColor = rgb(0.2, 0.2, 0.3)
        }
        let specs: [(CGFloat, CGFloat, CGColor)] = [(8, 70, rgb(0.1, 0.1, 0.1)), (6, 95, rgb(0.2, 0.2, 0.6)), (2, 100, red)]
        let angles: [CGFloat] = [.pi / 6, .pi / 3, .pi / 2]
        for ((width, length, color), angle) in zip(specs, angles) {
            let hand = scene.add(CALayer()) {
                $0.bounds = CGRect(x: 0, y: 0, width: width, height: length)
                $0.position = CGPoint(x: 120, y: 120)
                $0.anchorPoint = CGPoint(x: 0.5, y: 0.9)
                $0.backgroundColor = color
            }
            scene.run {
                let animation = CABasicAnimation()
                animation.keyPath = "transform"
                animation.toValue = CATransform3DMakeRotation(angle, 0, 0, 1)
                animation.duration = 0.5
                hand.add(animation, forKey: nil)
            }
        }
        return scene
    }

}
