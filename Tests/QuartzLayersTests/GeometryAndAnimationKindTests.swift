// Snapshot geometry (spec §9.2–§9.3 vectors), point conversion [V: GS-tests conversion.m], springs,
// value functions and CAAnimation copy/KVC semantics.
import Foundation
import QuartzMath
import QuartzRaster
import Testing

@testable import QuartzLayers
import QuartzTestSupport

@Suite("Geometry, conversion and animation kinds")
struct GeometryAndAnimationKindTests {
    /// transforms.json "flattening" (spec §9.3): a normal layer flattens its subtree, a CATransformLayer
    /// keeps the leaf's zPosition under the root's perspective. Vectors have 6 decimals (these are exact).
    @Test(arguments: [false, true])
    func flatteningVector(middleIsTransformLayer: Bool) throws {
        let vectors = try #require(try loadFixtureJSON("vectors/transforms.json") as? [String: Any])
        let flattening = try #require(vectors["flattening"] as? [String: Any])
        let key = middleIsTransformLayer
            ? "leaf corners, mid is CATransformLayer (zPosition 100 magnified)"
            : "leaf corners, mid is CALayer (flattened, zPosition ignored for size)"
        let corners = try #require(flattening[key] as? [[Double]])
        let scene = EngineScene(rootBounds: CGRect(x: 0, y: 0, width: 400, height: 400))
        let middle = middleIsTransformLayer ? CATransformLayer() : CALayer()
        let leaf = CALayer()
        scene.run {
            // The root is committed: without this its perspective would animate in implicitly (spec §6.4).
            CATransaction.setDisableActions(true)
            var perspective = CATransform3DIdentity
            perspective.m34 = -1.0 / 500
            scene.root.sublayerTransform = perspective
            middle.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
            middle.position = CGPoint(x: 200, y: 200)
            leaf.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            leaf.position = CGPoint(x: 100, y: 100)
            leaf.zPosition = 100
            middle.addSublayer(leaf)
            scene.root.addSublayer(middle)
            CATransaction.flush()
        }
        let snapshot = scene.context.snapshot(of: scene.root, atMediaTime: 0)
        #expect(snapshot.layers.count == 3)
        #expect(snapshot.layers[1].kind == (middleIsTransformLayer ? .transform : .layer))
        #expect(snapshot.layers[0].sublayerIndices == [1] && snapshot.layers[1].sublayerIndices == [2])
        let world = snapshot.layers[2].worldTransform
        let topLeft = try #require(world.projectedPoint(CGPoint(x: 0, y: 0)))
        let bottomRight = try #require(world.projectedPoint(CGPoint(x: 100, y: 100)))
        #expect(close(topLeft, CGPoint(x: corners[0][0], y: corners[0][1]), 1e-9))
        #expect(close(bottomRight, CGPoint(x: corners[1][0], y: corners[1][1]), 1e-9))
    }

    /// transforms.json "layer_conversions" [V: GS-tests conversion.m, spec §9.2]: parent 200×200 at (100,100).
    @Test func layerConversionVectors() throws {
        let vectors = try #require(try loadFixtureJSON("vectors/transforms.json") as? [String: Any])
        let rows = try #require(vectors["layer_conversions"] as? [[String: Any]])
        func apple(_ name: String) throws -> [Double] {
            try #require(rows.first { $0["case"] as? String == name }?["apple"] as? [Double])
        }
        func setup(parentSublayer: CATransform3D = CATransform3DIdentity, child size: Double, at position: CGPoint,
                   transform: CATransform3D = CATransform3DIdentity) -> (CALayer, CALayer) {
            let parent = CALayer(), child = CALayer()
            parent.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
            parent.position = CGPoint(x: 100, y: 100)
            parent.sublayerTransform = parentSublayer
            child.bounds = CGRect(x: 0, y: 0, width: size, height: size)
            child.position = position
            child.transform = transform
            parent.addSublayer(child)
            return (parent, child)
        }
        func point(_ values: [Double]) -> CGPoint { CGPoint(x: values[0], y: values[1]) }
        var (parent, child) = setup(child: 50, at: CGPoint(x: 100, y: 50))
        #expect(close(child.convert(CGPoint.zero, to: parent), point(try apple("child (0,0) -> parent"))))
        #expect(close(parent.convert(CGPoint.zero, from: child), point(try apple("child (0,0) -> parent"))))
        (parent, child) = setup(child: 50, at: CGPoint(x: 100, y: 50), transform: CATransform3DMakeScale(2, 2, 1))
        #expect(close(child.convert(CGPoint.zero, to: parent), point(try apple("scaled child (0,0) -> parent"))))
        (parent, child) = setup(
            parentSublayer: CATransform3DMakeScale(2, 2, 1), child: 50, at: CGPoint(x: 100, y: 50),
            transform: CATransform3DMakeTranslation(5, 6, 0))
        #expect(close(child.convert(CGPoint.zero, to: parent), point(try apple("parent sublayerTransform scale2 + child translate(5,6)"))))
        (parent, child) = setup(parentSublayer: CATransform3DMakeTranslation(10, 20, 0), child: 50, at: CGPoint(x: 100, y: 50))
        #expect(close(child.convert(CGPoint.zero, to: parent), point(try apple("parent sublayerTransform translate(10,20)"))))
        (parent, child) = setup(child: 100, at: CGPoint(x: 100, y: 100), transform: CATransform3DMakeRotation(.pi / 4, 0, 0, 1))
        let box = child.convert(CGRect(x: 0, y: 0, width: 100, height: 100), to: parent)
        let expected = try apple("rotated 45deg child: bounding box of bounds in parent")
        for (got, want) in zip([box.minX, box.minY, box.width, box.height], expected) {
            #expect(close(Double(got), want, 5e-7))  // 6-decimal vector
        }
        // Layers in different trees convert through their roots' own positions (spec §9.2):
        // u1 at (25,25) → u2 at (500,500) gives (−475, −475).
        let u1 = CALayer(), u2 = CALayer()
        u1.position = CGPoint(x: 25, y: 25)
        u2.position = CGPoint(x: 500, y: 500)
        #expect(close(u1.convert(CGPoint.zero, to: u2), CGPoint(x: -475, y: -475)))
    }

    /// CASpringAnimation through a layer (spec §8.4 RBB scenario: position.x 100 → 200, velocity 5).
    @Test func springThroughLayer() throws {
        let frames: [(Int, Double)] = [(0, 100), (6, 160.7053), (12, 205.9065), (18, 219.0976), (30, 203.0619), (54, 199.9337)]
        let scene = EngineScene()
        let layer = scene.addLayer { $0.position = CGPoint(x: 100, y: 0) }
        let spring = CASpringAnimation(keyPath: "position.x")
        spring.fromValue = 100
        spring.toValue = 200
        spring.initialVelocity = 5
        spring.duration = spring.settlingDuration
        #expect(abs(spring.settlingDuration - 1.4473) < 0.1)  // spec §8.3 (±0.1 s)
        scene.run { layer.add(spring, forKey: nil) }
        scene.advance(to: 0)
        for (frame, value) in frames {
            let x = Double(try #require(scene.presented(layer, at: Double(frame) / 60)).position.x)
            #expect(close(x, value, 1e-3), "frame \(frame)")  // the RBB comparison tolerance (spec §8.2)
        }
        let perceptual = CASpringAnimation(perceptualDuration: 0.5, bounce: 0)
        #expect(close(Double(perceptual.stiffness), pow(2 * Double.pi / 0.5, 2), 1e-9))
        #expect(close(Double(perceptual.damping), 4 * Double.pi / 0.5, 1e-9))
        #expect(perceptual.perceptualDuration == 0.5 && perceptual.bounce == 0)
    }

    /// A value function turns interpolated numbers into the matrix (spec §4.2; Apple's group example
    /// animates `transform` with `.scale` from [1,1,1] to [3,3,3]).
    @Test func valueFunctionScale() throws {
        #expect(CAValueFunction(name: CAValueFunctionName(rawValue: "bogus")) == nil)
        let scene = EngineScene()
        let layer = scene.addLayer()
        scene.run {
            let animation = CABasicAnimation(keyPath: "transform")
            animation.valueFunction = CAValueFunction(name: .scale)
            animation.fromValue = [1, 1, 1]
            animation.toValue = [3, 3, 3]
            animation.duration = 1
            layer.add(animation, forKey: nil)
            let rotate = CABasicAnimation(keyPath: "sublayerTransform")
            rotate.valueFunction = CAValueFunction(name: .rotateZ)
            rotate.fromValue = 0
            rotate.toValue = 3 * Double.pi / 2  // beyond 180°: numbers, not matrices, are interpolated
            rotate.duration = 1
            layer.add(rotate, forKey: nil)
        }
        scene.advance(to: 0)
        let snapshot = try #require(scene.presented(layer, at: 0.5))
        #expect(snapshot.transform == CATransform3DMakeScale(2, 2, 2))
        #expect(snapshot.sublayerTransform == CATransform3DMakeRotation(CGFloat(3 * Double.pi / 4), 0, 0, 1))
    }

    /// add(_:forKey:) copies: later changes to the original do not affect the attached one (spec §1.5);
    /// arbitrary keys tag animations; the copy keeps the original's class.
    @Test func animationsAreCopiedWhenAdded() throws {
        let scene = EngineScene()
        let layer = scene.addLayer()
        let animation = CAKeyframeAnimation(keyPath: "opacity")
        animation.values = [0, 1]
        animation.setValue("tag", forKey: "name")
        animation.setValue(2.0, forKey: "duration")
        #expect(animation.duration == 2 && animation.value(forKey: "name") as? String == "tag")
        scene.run { layer.add(animation, forKey: "fade") }
        animation.values = [1, 0]
        animation.duration = 9
        let attached = try #require(layer.animation(forKey: "fade") as? CAKeyframeAnimation)
        #expect(attached !== animation)
        #expect((attached.values as? [Int]) == [0, 1] && attached.duration == 2)
        #expect(attached.value(forKey: "name") as? String == "tag")
    }

    /// Bad animation input is skipped safely: unknown key paths, mismatched value types, NaN times.
    @Test func badAnimationInputIsHarmless() throws {
        let scene = EngineScene()
        let layer = scene.addLayer { $0.zPosition = 3 }
        scene.run {
            let unknown = CABasicAnimation(keyPath: "noSuchProperty.x")
            unknown.toValue = 1
            layer.add(unknown, forKey: "a")
            let mismatch = CABasicAnimation(keyPath: "zPosition")
            mismatch.toValue = "not a number"
            layer.add(mismatch, forKey: "b")
            let nanTiming = CABasicAnimation(keyPath: "zPosition")
            nanTiming.toValue = 10
            nanTiming.beginTime = .nan
            layer.add(nanTiming, forKey: "c")
            let huge = CABasicAnimation(keyPath: "zPosition")
            huge.toValue = 1e30
            huge.repeatCount = .infinity
            huge.isCumulative = true
            huge.duration = 1e-30
            layer.add(huge, forKey: "d")
        }
        scene.advance(to: 0)
        #expect(layer.animationKeys() == ["a", "b", "c", "d"])
        let snapshot = try #require(scene.presented(layer, at: 1e30))
        #expect(snapshot.zPosition.isFinite || snapshot.zPosition.isInfinite)
        scene.advance(to: 1e30)
    }
}
