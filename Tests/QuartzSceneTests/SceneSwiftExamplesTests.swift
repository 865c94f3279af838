// The Swift examples matching the scene files: each builds the seed's tree with the engine's API (as the
// seed listings do) and must present exactly what the scene file builds, property by property, at
// several times. Keeping them here keeps the examples compiled.
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster
import Testing

@testable import QuartzScene

/// A Swift-built tree on its own manual clock, evaluated like Scene.tree(atTime:).
final class SwiftExample {
    let clock = ManualMediaClock(time: 0)
    let context: LayerTreeContext
    let root: CALayer

    /// Builds the root (name "root", bounds from the size) and, with actions disabled, the layers.
    init(width: CGFloat, height: CGFloat, build: (CALayer) -> Void) {
        context = LayerTreeContext(clock: clock)
        root = context.perform { CALayer() }
        context.perform {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            root.name = "root"
            build(root)
            root.bounds = CGRect(x: 0, y: 0, width: width, height: height)
            root.position = CGPoint(x: width / 2, y: height / 2)
            CATransaction.commit()
            CATransaction.flush()
        }
    }

    /// Runs `body` as a scripted change at `time` (its own transaction, then the turn ends).
    func script(at time: Double, _ body: () -> Void) {
        clock.time = time
        context.perform {
            CATransaction.begin()
            body()
            CATransaction.commit()
            CATransaction.flush()
        }
    }

    func snapshot(at time: Double) -> LayerTreeSnapshot {
        clock.time = time
        context.beginFrame()
        return context.snapshot(of: root, atMediaTime: time)
    }
}

@Suite("Swift examples equal the scene files")
struct SceneSwiftExamplesTests {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// Compares the scene's tree with the Swift example's at each time (the example is advanced in order;
    /// the scene evaluates each time directly).
    func expectEqual(_ file: String, _ example: SwiftExample, times: [Double], scripts: [(Double, () -> Void)] = []) throws {
        let scene = try loadFixtureScene(file)
        var pending = scripts
        for time in times {
            while let next = pending.first, next.0 <= time {
                example.script(at: next.0, next.1)
                pending.removeFirst()
            }
            let expected = example.snapshot(at: time)
            let actual = scene.tree(atTime: time).snapshot()
            #expect(actual.layers.count == expected.layers.count)
            #expect(differences(actual, expected).isEmpty, "\(file) at \(time): \(differences(actual, expected))")
        }
    }

    /// Listings 8.6/8.7: the ship on the Bézier path with rotationMode auto, and its red path.
    @Test func shipOnPath() throws {
        let example = SwiftExample(width: 400, height: 400) { root in
            let shipPath = CGMutablePath()
            shipPath.move(to: CGPoint(x: 0, y: 150))
            shipPath.addCurve(to: CGPoint(x: 300, y: 150), control1: CGPoint(x: 75, y: 0), control2: CGPoint(x: 225, y: 300))
            let pathLayer = CAShapeLayer()
            pathLayer.name = "shipPath"
            pathLayer.path = shipPath
            pathLayer.fillColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0)
            pathLayer.strokeColor = Self.red
            pathLayer.lineWidth = 3
            root.addSublayer(pathLayer)
            let shipLayer = CALayer()
            shipLayer.name = "ship"
            shipLayer.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
            shipLayer.position = CGPoint(x: 0, y: 150)
            shipLayer.backgroundColor = CGColor(red: 0x33 / 255.0, green: 0x66 / 255.0, blue: 0xCC / 255.0, alpha: 1)
            root.addSublayer(shipLayer)
            let animation = CAKeyframeAnimation()
            animation.keyPath = "position"
            animation.duration = 4.0
            animation.path = shipPath
            animation.rotationMode = .rotateAuto
            shipLayer.add(animation, forKey: nil)
        }
        try expectEqual("ship-on-path.json", example, times: [0, 0.5, 1.7, 3.9, 4.5])
    }

    /// 002 listing 9.4: the door in perspective, paused with speed 0 and scrubbed through timeOffset.
    @Test func doorScrubbing() throws {
        var door: CALayer?
        let example = SwiftExample(width: 300, height: 300) { root in
            var perspective = CATransform3DIdentity
            perspective.m34 = -1.0 / 500.0
            root.sublayerTransform = perspective
            let doorLayer = CALayer()
            doorLayer.name = "door"
            doorLayer.frame = CGRect(x: 0, y: 0, width: 128, height: 256)
            doorLayer.position = CGPoint(x: 150 - 64, y: 150)
            doorLayer.anchorPoint = CGPoint(x: 0, y: 0.5)
            doorLayer.backgroundColor = CGColor(red: 0x99 / 255.0, green: 0x66 / 255.0, blue: 0x33 / 255.0, alpha: 1)
            doorLayer.speed = 0
            root.addSublayer(doorLayer)
            let animation = CABasicAnimation()
            animation.keyPath = "transform.rotation.y"
            animation.toValue = -Double.pi / 2
            animation.duration = 1.0
            doorLayer.add(animation, forKey: nil)
            door = doorLayer
        }
        try expectEqual("door-scrubbing.json", example, times: [0.5, 1, 1.5, 2.5, 3.5], scripts: [
            (1, { door?.timeOffset = 0.25 }), (2, { door?.timeOffset = 0.5 }), (3, { door?.timeOffset = 0.999 }),
        ])
    }

    /// 003 tip 1: the ordered endless cycle (scale group autoreversing, rotation group delayed 1 s).
    @Test func orderedCycle() throws {
        let example = SwiftExample(width: 200, height: 100) { root in
            let black = CALayer(), orange = CALayer()
            black.name = "black"
            black.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
            black.position = CGPoint(x: 50, y: 50)
            black.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            orange.name = "orange"
            orange.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
            orange.position = CGPoint(x: 150, y: 50)
            orange.backgroundColor = CGColor(red: 1, green: 0x99 / 255.0, blue: 0, alpha: 1)
            root.addSublayer(black)
            root.addSublayer(orange)
            let scaleAnimation = CABasicAnimation(keyPath: "transform.scale")
            scaleAnimation.fromValue = 1
            scaleAnimation.toValue = 0.5
            scaleAnimation.fillMode = .forwards
            scaleAnimation.isRemovedOnCompletion = false
            scaleAnimation.duration = 1
            let scaleGroup = CAAnimationGroup()
            scaleGroup.duration = 2.5
            scaleGroup.repeatCount = .infinity
            scaleGroup.autoreverses = true
            scaleGroup.animations = [scaleAnimation]
            black.add(scaleGroup, forKey: "scaleAnimation")
            let rotateAnimation = CABasicAnimation(keyPath: "transform.rotation")
            rotateAnimation.fromValue = -Double.pi * 2
            rotateAnimation.duration = 3
            let rotateGroup = CAAnimationGroup()
            rotateGroup.beginTime = 1
            rotateGroup.duration = 5
            rotateGroup.repeatCount = .infinity
            rotateGroup.animations = [rotateAnimation]
            orange.add(rotateGroup, forKey: "rotateAnimation")
        }
        try expectEqual("ordered-cycle.json", example, times: [0.5, 1.75, 3.5, 4.5, 7, 11.5])
    }

    /// 001: an implicit animation from a change inside a transaction with a 2 s duration.
    @Test func implicitTransaction() throws {
        var colorLayer: CALayer?
        let example = SwiftExample(width: 300, height: 300) { root in
            let layer = CALayer()
            layer.name = "colorLayer"
            layer.bounds = CGRect(x: 0, y: 0, width: 150, height: 150)
            layer.position = CGPoint(x: 150, y: 150)
            layer.backgroundColor = Self.red
            root.addSublayer(layer)
            colorLayer = layer
        }
        try expectEqual("implicit-transaction.json", example, times: [0.5, 1.5, 2.25, 3.5], scripts: [
            (1, {
                CATransaction.setAnimationDuration(2)
                CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
                colorLayer?.backgroundColor = Self.blue
            }),
        ])
    }

    /// 001 layer actions: a push transition from the left as the backgroundColor action.
    @Test func pushAction() throws {
        var colorLayer: CALayer?
        let example = SwiftExample(width: 300, height: 300) { root in
            let layer = CALayer()
            layer.name = "colorLayer"
            layer.bounds = CGRect(x: 0, y: 0, width: 150, height: 150)
            layer.position = CGPoint(x: 150, y: 150)
            layer.backgroundColor = Self.red
            let transition = CATransition()
            transition.type = .push
            transition.subtype = .fromLeft
            layer.actions = ["backgroundColor": transition]
            root.addSublayer(layer)
            colorLayer = layer
        }
        try expectEqual("push-action.json", example, times: [0.5, 1.5, 2.5, 3.5], scripts: [
            (1, {
                CATransaction.setAnimationDuration(2)
                colorLayer?.backgroundColor = Self.blue
            }),
        ])
    }
}
