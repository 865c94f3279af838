// CARenderer's frame protocol (beginFrame commits the implicit transaction and fixes the time; frames are pure
// in time), scale, nextFrameTime, geometryFlipped, and replicator depth.
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzCompositor

@Suite struct LayersRendererTests {
    /// A frame is a pure function of the committed tree and t: t1, t2, t1 gives equal first and third frames.
    @Test func framesArePureInTime() throws {
        let scene = LayersGoldenScenes.ship()
        let first = try scene.render(at: 0.4), second = try scene.render(at: 2), third = try scene.render(at: 0.4)
        #expect(first == third)
        #expect(first != second)
    }

    /// beginFrame(atTime:) ends the run-loop turn: a change made in the implicit transaction is committed
    /// (spec §6.1 "committed automatically when the thread's run-loop next iterates") and shows once its
    /// implicit animation (0.25 s from the commit at clock time 0, spec §6.4) is over.
    @Test func beginFrameCommitsTheImplicitTransaction() throws {
        let scene = LayersScene(width: 20, height: 20)
        scene.run { scene.root.backgroundColor = TestColors.red }
        let uncommitted = scene.context.snapshot(of: scene.root, atMediaTime: 1)
        #expect(uncommitted.root?.backgroundColor?.straightSRGBRGBA == SIMD4(1, 1, 1, 1))
        let frame = try scene.render(at: 1)
        #expect(frame[10, 10] == opaqueRed)
        // Half-way through the implicit animation the colour is between white and red.
        let middle = try scene.render(at: 0.125)
        #expect(middle[10, 10].r == 255 && middle[10, 10].g > 0 && middle[10, 10].g < 255)
    }

    /// scale maps points to pixels; bounds.origin is the image's top-left corner.
    @Test func scaleAndBoundsOrigin() throws {
        let scene = LayersScene(width: 50, height: 40, background: nil)
        scene.add(CALayer()) { $0.frame = CGRect(x: 10, y: 10, width: 20, height: 10); $0.backgroundColor = TestColors.blue }
        let renderer = CARenderer(layer: scene.root, bounds: CGRect(x: 5, y: 0, width: 50, height: 40), scale: 2,
                                  options: CompositorOptions(threads: 1), context: scene.context)
        let b = try renderer.renderFrame(atTime: 0)
        #expect(b.width == 100 && b.height == 80)
        #expect(b[10, 20] == opaqueBlue && b[49, 39] == opaqueBlue && b[50, 40] == .transparent && b[9, 20] == .transparent)
        #expect(renderer.image?.width == 100)
    }

    /// nextFrameTime: the frame's time while an animation is attached, infinity when nothing animates
    /// [A: SDK-CARenderer "If infinite, no update needs to be scheduled yet"].
    @Test func nextFrameTimeFollowsAttachedAnimations() throws {
        let scene = LayersScene(width: 10, height: 10)
        let renderer = scene.renderer()
        renderer.beginFrame(atTime: 0.5)
        #expect(renderer.nextFrameTime() == .infinity)
        renderer.endFrame()
        let layer = scene.add(CALayer()) { $0.frame = CGRect(x: 0, y: 0, width: 5, height: 5) }
        scene.run {
            let animation = CABasicAnimation(keyPath: "opacity")
            animation.fromValue = 0
            animation.duration = 2
            layer.add(animation, forKey: "fade")
        }
        renderer.beginFrame(atTime: 0.5)
        #expect(renderer.nextFrameTime() == 0.5)
        renderer.endFrame()
    }

    /// geometryFlipped mirrors the sublayers' geometry vertically, not the layer's own content
    /// [A: DOC-calayer/isgeometryflipped]; sublayer contents stay upright (contentsAreFlipped compensates).
    @Test func geometryFlippedMirrorsSublayerGeometryOnly() throws {
        let scene = LayersScene(width: 100, height: 100)
        let parent = scene.add(CALayer()) { $0.frame = CGRect(x: 0, y: 0, width: 100, height: 100); $0.isGeometryFlipped = true }
        scene.add(CALayer(), to: parent) { $0.frame = CGRect(x: 0, y: 0, width: 20, height: 20); $0.backgroundColor = TestColors.red }
        scene.add(CALayer(), to: parent) { $0.frame = CGRect(x: 50, y: 0, width: 20, height: 20); $0.contents = LayersImages.checker }
        let b = try scene.render()
        #expect(b[10, 90] == opaqueRed && b[10, 10] == opaqueWhite)
        // The checker's top-left quadrant (red) is still at the top-left of its layer, now at y 80…100.
        #expect(b[54, 84] == opaqueRed && b[65, 84] == opaqueGreen && b[54, 95] == opaqueBlue)
    }

    /// preservesDepth: replicator instances keep their z and are depth-sorted like a CATransformLayer's
    /// sublayers; otherwise they paint in instance order [A: SDK-CAReplicatorLayer].
    @Test(arguments: [false, true])
    func replicatorDepth(preservesDepth: Bool) throws {
        let scene = LayersScene(width: 100, height: 100, background: nil)
        let replicator = scene.add(CAReplicatorLayer()) {
            $0.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            $0.instanceCount = 4
            $0.instanceTransform = CATransform3DMakeTranslation(5, 0, -10)
            $0.instanceRedOffset = -0.25
            $0.preservesDepth = preservesDepth
        }
        scene.add(CALayer(), to: replicator) { $0.frame = CGRect(x: 10, y: 10, width: 50, height: 50); $0.backgroundColor = TestColors.red }
        let reds = solidReds(try scene.list().nodes)
        #expect(reds == (preservesDepth ? [0.25, 0.5, 0.75, 1] : [1, 0.75, 0.5, 0.25]))
    }

    /// instanceColor multiplies the source, images included [A: SDK-CAReplicatorLayer "the color used to multiply
    /// the source object"]: red (255, 0, 0) × (0.5, 1, 1) → (128, 0, 0); yellow (255, 200, 0) → (128, 200, 0).
    @Test func replicatorColourMultipliesContents() throws {
        let scene = LayersScene(width: 40, height: 40)
        let replicator = scene.add(CAReplicatorLayer()) {
            $0.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            $0.instanceColor = rgb(0.5, 1, 1)
        }
        scene.add(CALayer(), to: replicator) { $0.frame = CGRect(x: 0, y: 0, width: 20, height: 20); $0.contents = LayersImages.checker }
        let b = try scene.render()
        #expect(near(b[5, 5], (128, 0, 0)) && near(b[15, 15], (128, 200, 0)) && b[30, 30] == opaqueWhite)
    }

    /// A CATransformLayer's opacity is "applied to each sublayer individually" [A: SDK-CATransformLayer]:
    /// two overlapping opaque squares under opacity 0.5 show the lower one through the upper one.
    @Test func transformLayerOpacityIsPerSublayer() throws {
        let scene = LayersScene(width: 60, height: 40)
        let holder = scene.add(CATransformLayer()) { $0.frame = CGRect(x: 0, y: 0, width: 60, height: 40); $0.opacity = 0.5 }
        scene.add(CALayer(), to: holder) { $0.frame = CGRect(x: 0, y: 0, width: 40, height: 40); $0.backgroundColor = TestColors.red }
        scene.add(CALayer(), to: holder) { $0.frame = CGRect(x: 20, y: 0, width: 40, height: 40); $0.backgroundColor = TestColors.blue }
        let b = try scene.render()
        let red = over((1, 0, 0), alpha: 0.5, on: (1, 1, 1))
        #expect(near(b[10, 20], red))
        #expect(near(b[30, 20], over((0, 0, 1), alpha: 0.5, on: (Double(red.0) / 255, Double(red.1) / 255, Double(red.2) / 255))))
    }
}
