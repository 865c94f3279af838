// The incremental snapshot: a snapshot updated in place from the previous one must equal a full
// build of the same committed tree at the same time, bit for bit, and must be rebuilt after any change a
// snapshot reads (spec §11 step 2: presentation = committed model values + running animations at t).
import Foundation
import QuartzMath
import QuartzRaster
import Testing

@testable import QuartzLayers

@Suite("Incremental snapshots")
struct SnapshotIncrementalTests {
    /// A tree exercising every kind of per-frame work: plain, additive, keyframe, group and transform-field
    /// animations, a mask, a sublayerTransform, a CATransformLayer, a layer with its own timing, and a
    /// static layer under an animated one.
    func makeScene() -> (EngineScene, [CALayer]) {
        let scene = EngineScene()
        var layers: [CALayer] = []
        let mover = scene.addLayer { layer in
            layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
            layer.position = CGPoint(x: 50, y: 60)
            layer.sublayerTransform = CATransform3DMakeScale(1.5, 1.5, 1)
        }
        let child = CALayer()
        let still = CALayer()
        let depth = CATransformLayer()
        let mask = CALayer()
        scene.run {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            child.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            child.position = CGPoint(x: 5, y: 5)
            child.speed = 2
            child.timeOffset = 0.25
            still.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
            still.position = CGPoint(x: 30, y: 3)
            mask.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            depth.transform = CATransform3DMakeRotation(0.3, 0, 1, 0)
            mover.addSublayer(child)
            child.addSublayer(still)
            mover.addSublayer(depth)
            depth.addSublayer(CALayer())
            mover.mask = mask
            CATransaction.commit()

            let move = CABasicAnimation(keyPath: "position")
            move.fromValue = CGPoint(x: 0, y: 0)
            move.toValue = CGPoint(x: 100, y: 50)
            move.duration = 2
            move.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            mover.add(move, forKey: "move")
            let nudge = CABasicAnimation(keyPath: "position.x")
            nudge.byValue = 7.0
            nudge.isAdditive = true
            nudge.duration = 1
            nudge.repeatCount = .infinity
            mover.add(nudge, forKey: "nudge")
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.fromValue = 0.0
            spin.toValue = Double.pi
            spin.duration = 1.5
            child.add(spin, forKey: "spin")
            let fade = CAKeyframeAnimation(keyPath: "opacity")
            fade.values = [1.0, 0.2, 0.8]
            fade.duration = 1
            fade.repeatCount = 3
            fade.autoreverses = true
            child.add(fade, forKey: "fade")
            let group = CAAnimationGroup()
            let grow = CABasicAnimation(keyPath: "bounds.size.width")
            grow.toValue = 30.0
            let tint = CABasicAnimation(keyPath: "backgroundColor")
            tint.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            tint.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            group.animations = [grow, tint]
            group.duration = 3
            mask.add(group, forKey: "group")
            let tilt = CABasicAnimation(keyPath: "transform.rotation.x")
            tilt.toValue = 1.0
            tilt.duration = 2
            depth.add(tilt, forKey: "tilt")
            CATransaction.flush()
        }
        // Only channel animations (fixed endpoints of opacity, position, one transform field), one eased,
        // one autoreversing, one removed after its end, over a scaled sublayer transform with a sublayer.
        let plain = scene.addLayer { layer in
            layer.bounds = CGRect(x: 0, y: 0, width: 12, height: 6)
            layer.sublayerTransform = CATransform3DMakeScale(2, 1, 1)
            layer.addSublayer(CALayer())
        }
        scene.run {
            let slide = CABasicAnimation(keyPath: "position")
            slide.fromValue = CGPoint(x: 3, y: 4)
            slide.toValue = CGPoint(x: 90, y: -20)
            slide.duration = 0.9
            slide.repeatCount = 2
            slide.autoreverses = true
            slide.timingFunction = CAMediaTimingFunction(name: .easeOut)
            plain.add(slide, forKey: "slide")
            let dim = CABasicAnimation(keyPath: "opacity")
            dim.fromValue = 0.9
            dim.toValue = 0.1
            dim.duration = 1.2
            plain.add(dim, forKey: "dim")
            let zoom = CABasicAnimation(keyPath: "transform.scale")
            zoom.fromValue = 1.0
            zoom.toValue = 3.0
            zoom.duration = 2
            zoom.fillMode = .forwards
            zoom.isRemovedOnCompletion = false
            plain.add(zoom, forKey: "zoom")
            CATransaction.flush()
        }
        layers = [mover, child, still, depth, mask, plain]
        return (scene, layers)
    }

    /// Every per-time field of two snapshots, compared exactly.
    func expectIdentical(_ a: LayerTreeSnapshot, _ b: LayerTreeSnapshot) {
        #expect(a.layers.count == b.layers.count)
        for (x, y) in zip(a.layers, b.layers) {
            #expect(x.layerID == y.layerID)
            #expect(x.localTime == y.localTime)
            #expect(x.transformToSuperlayer == y.transformToSuperlayer)
            #expect(x.worldTransform == y.worldTransform)
            #expect(x.transition == y.transition)
            #expect(x.position == y.position && x.bounds == y.bounds && x.opacity == y.opacity)
            #expect(x.transform == y.transform && x.sublayerTransform == y.sublayerTransform)
            #expect(x.backgroundColor?.straightSRGBRGBA == y.backgroundColor?.straightSRGBRGBA)
            #expect(x.sublayerIndices == y.sublayerIndices && x.maskIndex == y.maskIndex)
        }
    }

    /// A snapshot updated from the previous one equals a full build at the same time (the full build is
    /// forced by invalidating the cache, as any change does).
    @Test func updatedSnapshotEqualsFullBuild() throws {
        let (scene, _) = makeScene()
        var previous = scene.context.snapshot(of: scene.root, atMediaTime: 0.1)
        for time in [0.3, 0.77, 1.6, 2.4, 5.0, 0.05] {
            let updated = scene.context.snapshot(of: scene.root, atMediaTime: time)
            scene.context.noteEvaluationInputChange()
            let full = scene.context.snapshot(of: scene.root, atMediaTime: time)
            expectIdentical(updated, full)
            #expect(updated.layers.count == 9)
            previous = updated
        }
        // The channel-only layer took the inline channel path, the others the program path.
        let cache = try #require(scene.context.snapshotCaches[scene.root.layerSerial])
        #expect(cache.channelLayers.count == 1 && cache.animated.count == 4)
        #expect(previous.mediaTime == 0.05)
    }

    /// Snapshots are pure in time (LayerTreeSnapshot's contract): t1, t2, t1 gives equal first and third
    /// snapshots, also when the second and third are updates in place.
    @Test func pureInTime() {
        let (scene, _) = makeScene()
        let first = scene.context.snapshot(of: scene.root, atMediaTime: 0.6)
        let second = scene.context.snapshot(of: scene.root, atMediaTime: 1.9)
        let third = scene.context.snapshot(of: scene.root, atMediaTime: 0.6)
        expectIdentical(first, third)
        #expect(first.layers[1].position != second.layers[1].position)
    }

    /// Holding on to earlier snapshots is allowed: an update never writes into a snapshot handed out.
    @Test func earlierSnapshotsStayIntact() {
        let (scene, layers) = makeScene()
        let early = scene.context.snapshot(of: scene.root, atMediaTime: 0.5)
        let earlyPosition = early.layers.first { $0.layerID == layers[0].layerSerial }?.position
        _ = scene.context.snapshot(of: scene.root, atMediaTime: 1.5)
        #expect(early.layers.first { $0.layerID == layers[0].layerSerial }?.position == earlyPosition)
        #expect(early.mediaTime == 0.5)
    }

    /// An animation that has not begun contributes nothing (spec §1.3, fill mode removed): after an update at
    /// an active time, an earlier time shows the committed value again (the written properties are reset).
    @Test func propertiesResetBeforeAnimationBegins() {
        let scene = EngineScene()
        let layer = scene.addLayer { $0.position = CGPoint(x: 10, y: 20) }
        scene.run {
            let move = CABasicAnimation(keyPath: "position")
            move.fromValue = CGPoint(x: 100, y: 100)
            move.toValue = CGPoint(x: 200, y: 100)
            move.beginTime = 1
            move.duration = 1
            layer.add(move, forKey: "move")
            CATransaction.flush()
        }
        #expect(scene.presented(layer, at: 1.5)?.position == CGPoint(x: 150, y: 100))
        #expect(scene.presented(layer, at: 0.5)?.position == CGPoint(x: 10, y: 20))
        #expect(scene.presented(layer, at: 2.5)?.position == CGPoint(x: 10, y: 20))
    }

    /// Changes a snapshot reads without the clock invalidate the kept state: a name (read live, as before),
    /// a removed animation (it stops contributing at once, SDK-CALayer removeAnimation), a commit.
    @Test func changesInvalidateTheKeptState() {
        let scene = EngineScene()
        let layer = scene.addLayer { $0.opacity = 1 }
        scene.run {
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0.0
            fade.toValue = 1.0
            fade.duration = 10
            layer.add(fade, forKey: "fade")
            CATransaction.flush()
        }
        #expect(close(scene.presented(layer, at: 5)?.opacity ?? -1, 0.5))
        layer.name = "renamed"
        #expect(scene.presented(layer, at: 5)?.name == "renamed")
        layer.removeAnimation(forKey: "fade")
        #expect(scene.presented(layer, at: 5)?.opacity == 1)
        scene.run {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.opacity = 0.25
            CATransaction.commit()
        }
        // Still uncommitted: the name and removal above opened the implicit transaction (spec §6.1).
        #expect(scene.presented(layer, at: 5)?.opacity == 1)
        scene.run { CATransaction.flush() }
        #expect(scene.presented(layer, at: 5)?.opacity == 0.25)
    }

    /// Transform key paths on an identity underlying transform are built directly; they must agree with the
    /// general decomposition path (spec §4.1) to rounding.
    @Test(arguments: TransformKeyPath.allCases)
    func identityFieldMatchesDecomposition(field: TransformKeyPath) throws {
        let value: LayerValue = field == .translation ? .size(CGSize(width: 3.5, height: -2)) : .number(0.7)
        let input: TransformKeyPathValue = field == .translation ? .size(CGSize(width: 3.5, height: -2)) : .number(0.7)
        let direct = try #require(field.matrixReplacingIdentityComponent(with: value))
        let general = try CATransform3DIdentity.setting(input, for: field)
        for (row, expected) in zip([direct.row1, direct.row2, direct.row3, direct.row4],
                                   [general.row1, general.row2, general.row3, general.row4]) {
            for lane in 0..<4 { #expect(abs(row[lane] - expected[lane]) <= 1e-15) }
        }
        // A value of the wrong kind or a non-finite number writes nothing, as on the general path.
        #expect(field.matrixReplacingIdentityComponent(with: .number(.nan)) == nil)
        #expect(field.matrixReplacingIdentityComponent(with: .bool(true)) == nil)
    }
}
