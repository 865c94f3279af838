// Layer trees rendered through CARenderer and render(in:), checked on pixels against analytic values:
// spec §9.3–9.4 corner vectors, nested group opacity, masks, rounded masksToBounds, transitions.
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzCompositor

@Suite struct LayersPixelTests {
    /// Spec §9.4 companion vector (−π/4): a 100×100 layer at (150, 150), anchorPoint (0, 0.5), rotated about y
    /// under a 300×300 root with sublayerTransform.m34 = −1/500 lands on (150, 100), (232.3578, 91.7642),
    /// (232.3578, 208.2358), (150, 200); the 400×400 root moves the vanishing point: (150, 100),
    /// (224.1221, 83.5284), (224.1221, 200), (150, 200). Alpha must be the quad's exact area per pixel;
    /// tolerance 2: the spec gives 4 decimals and the filler rounds coverage to 8 bits (as the compositor's own
    /// perspective tests).
    @Test(arguments: [300, 400])
    func perspectiveCornerVectorsOnPixels(rootSize: Int) throws {
        let scene = LayersScene(width: rootSize, height: rootSize, background: nil)
        scene.run {
            var perspective = CATransform3DIdentity
            perspective.m34 = -1.0 / 500
            CATransaction.setDisableActions(true)
            scene.root.sublayerTransform = perspective
            CATransaction.flush()
        }
        scene.add(CALayer()) {
            $0.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            $0.position = CGPoint(x: 150, y: 150)
            $0.anchorPoint = CGPoint(x: 0, y: 0.5)
            $0.transform = CATransform3DMakeRotation(-.pi / 4, 0, 1, 0)
            $0.backgroundColor = TestColors.red
        }
        let quad: [SIMD2<Double>] = rootSize == 300
            ? [SIMD2(150, 100), SIMD2(232.3578, 91.7642), SIMD2(232.3578, 208.2358), SIMD2(150, 200)]
            : [SIMD2(150, 100), SIMD2(224.1221, 83.5284), SIMD2(224.1221, 200), SIMD2(150, 200)]
        let bitmap = try scene.render()
        #expect(maximumAlphaError(bitmap, polygon: quad) <= 2)
        #expect(bitmap[200, 150] == opaqueRed)
    }

    /// Spec §9.3 flattening vector: root 400×400 with m34 = −1/500, a 200×200 middle layer centred, a 100×100
    /// leaf at (100, 100) with zPosition 100. A CALayer middle flattens the leaf's z away: (150, 150)–(250, 250);
    /// a CATransformLayer middle keeps it: (137.5, 137.5)–(262.5, 262.5). Tolerance as above.
    @Test(arguments: [false, true])
    func flatteningVectorOnPixels(middleIsTransformLayer: Bool) throws {
        let scene = LayersScene(width: 400, height: 400, background: nil)
        scene.run {
            var perspective = CATransform3DIdentity
            perspective.m34 = -1.0 / 500
            CATransaction.setDisableActions(true)
            scene.root.sublayerTransform = perspective
            CATransaction.flush()
        }
        let middle = scene.add(middleIsTransformLayer ? CATransformLayer() : CALayer()) {
            $0.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
            $0.position = CGPoint(x: 200, y: 200)
        }
        scene.add(CALayer(), to: middle) {
            $0.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            $0.position = CGPoint(x: 100, y: 100)
            $0.zPosition = 100
            $0.backgroundColor = TestColors.green
        }
        let (lo, hi) = middleIsTransformLayer ? (137.5, 262.5) : (150.0, 250.0)
        let bitmap = try scene.render()
        #expect(maximumAlphaError(bitmap, polygon: [SIMD2(lo, lo), SIMD2(hi, lo), SIMD2(hi, hi), SIMD2(lo, hi)]) <= 2)
    }

    /// Group opacity composites the layer and its sublayers first [A: SDK-CALayer allowsGroupOpacity]:
    /// blue at 0.5 over red gives (0.5, 0, 0.5), then 0.5 over white: (0.75, 0.5, 0.75). Without group opacity
    /// each part carries it: red at 0.5 over white (1, 0.5, 0.5), blue at 0.25 over that (0.75, 0.375, 0.625).
    /// ±1: one 8-bit rounding per composite.
    @Test func nestedGroupOpacityOnPixels() throws {
        let scene = LayersScene(width: 100, height: 50)
        for (x, grouped) in [(0.0, true), (50.0, false)] {
            let outer = scene.add(CALayer()) {
                $0.frame = CGRect(x: x, y: 0, width: 50, height: 50); $0.backgroundColor = TestColors.red
                $0.opacity = 0.5; $0.allowsGroupOpacity = grouped
            }
            scene.add(CALayer(), to: outer) {
                $0.frame = CGRect(x: 0, y: 25, width: 50, height: 25); $0.backgroundColor = TestColors.blue
                $0.opacity = 0.5; $0.allowsGroupOpacity = grouped
            }
        }
        let b = try scene.render()
        #expect(near(b[25, 10], (255, 128, 128)))
        #expect(near(b[25, 40], (191, 128, 191)))
        #expect(near(b[75, 10], (255, 128, 128)))
        #expect(near(b[75, 40], (191, 96, 159)))
    }

    /// A mask's alpha multiplies the layer [A: SDK-CALayer mask]: a half-transparent mask halves the layer, an
    /// ellipse mask keeps the centre and drops the corners; masksToBounds with cornerRadius 20 clips a sublayer
    /// to the rounded bounds [A: DOC-calayer/masksToBounds].
    @Test func masksAndRoundedClipsOnPixels() throws {
        let scene = LayersScene(width: 150, height: 50)
        let half = scene.add(CALayer()) { $0.frame = CGRect(x: 0, y: 0, width: 50, height: 50); $0.backgroundColor = TestColors.blue }
        let oval = scene.add(CALayer()) { $0.frame = CGRect(x: 50, y: 0, width: 50, height: 50); $0.backgroundColor = TestColors.blue }
        let clipped = scene.add(CALayer()) {
            $0.frame = CGRect(x: 100, y: 0, width: 50, height: 50); $0.masksToBounds = true; $0.cornerRadius = 20
        }
        scene.add(CALayer(), to: clipped) { $0.frame = CGRect(x: -10, y: -10, width: 70, height: 70); $0.backgroundColor = TestColors.blue }
        scene.run {
            CATransaction.setDisableActions(true)
            let halfMask = CALayer()
            halfMask.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
            halfMask.backgroundColor = rgb(0, 0, 0, 0.5)
            half.mask = halfMask
            let ovalMask = CAShapeLayer()
            ovalMask.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
            ovalMask.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 50, height: 50), transform: nil)
            oval.mask = ovalMask
            CATransaction.flush()
        }
        let b = try scene.render()
        #expect(near(b[25, 25], over((0, 0, 1), alpha: 0.5, on: (1, 1, 1))))
        #expect(b[75, 25] == opaqueBlue && b[51, 1] == opaqueWhite)
        #expect(b[125, 25] == opaqueBlue && b[125, 1] == opaqueBlue && b[101, 1] == opaqueWhite && b[148, 48] == opaqueWhite)
    }

    /// render(in:) draws in the layer's own space through the context's CTM (Core Graphics device space is
    /// y-up): with the usual flip it matches CARenderer byte for byte; without it the picture is upside down.
    @Test func renderInContextFollowsTheCTM() throws {
        let scene = LayersScene(width: 60, height: 40)
        scene.add(CALayer()) { $0.frame = CGRect(x: 5, y: 5, width: 20, height: 10); $0.backgroundColor = TestColors.red }
        scene.add(CALayer()) {
            $0.frame = CGRect(x: 30, y: 10, width: 20, height: 20); $0.backgroundColor = TestColors.blue
            $0.transform = CATransform3DMakeRotation(0.4, 1, 1, 0)
        }
        let reference = try scene.render()
        func drawn(flipped: Bool) throws -> PremultipliedRGBA8Bitmap {
            let ctx = try #require(CGContext(data: nil, width: 60, height: 40, bitsPerComponent: 8, bytesPerRow: 0,
                                             space: CGColorSpace(name: CGColorSpace.sRGB)!,
                                             bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
            if flipped {
                ctx.translateBy(x: 0, y: 40)
                ctx.scaleBy(x: 1, y: -1)
            }
            scene.run { scene.root.render(in: ctx) }
            return try #require(ctx.makeImage()).bitmap
        }
        #expect(try drawn(flipped: true) == reference)
        let upsideDown = try drawn(flipped: false)
        #expect(upsideDown[10, 40 - 1 - 10] == opaqueRed && upsideDown[10, 10] == opaqueWhite)
    }

    /// Apple declares `render(in:)` an overridable method of CALayer ("Renders the layer and its sublayers into
    /// the specified context"): a subclass's override runs when the layer is asked through a `CALayer`
    /// reference, and `super.render(in:)` draws the tree under what the override adds.
    @Test func renderInContextCanBeOverridden() throws {
        final class BadgedLayer: CALayer {
            var renderCount = 0
            override func render(in ctx: CGContext) {
                renderCount += 1
                super.render(in: ctx)
                ctx.setFillColor(TestColors.blue)
                ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
            }
        }
        let scene = LayersScene(width: 40, height: 40)
        let badged = BadgedLayer()
        scene.run {
            CATransaction.setDisableActions(true)
            badged.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            badged.backgroundColor = TestColors.red
            scene.root.addSublayer(badged)
            CATransaction.flush()
        }
        let ctx = try #require(CGContext(data: nil, width: 40, height: 40, bitsPerComponent: 8, bytesPerRow: 0,
                                         space: CGColorSpace(name: CGColorSpace.sRGB)!,
                                         bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        let asked: CALayer = badged
        scene.run { asked.render(in: ctx) }
        let b = try #require(ctx.makeImage()).bitmap
        #expect(badged.renderCount == 1)
        // Device space is y-up: the override's 10×10 square is the bottom-left corner of the raster.
        #expect(b[5, 34] == opaqueBlue && b[5, 5] == opaqueRed && b[30, 34] == opaqueRed)
    }

    /// The layer model finds the compositor's renderer by its mangled type name; a rename must update both.
    @Test func layerModelFindsTheCompositorRenderer() {
        #expect(_mangledTypeName(CALayerContextRenderer.self) == LayerContextRendering.compositorRendererName)
        #expect(LayerContextRendering.renderer == CALayerContextRenderer.self)
    }

    /// A CATransition composes the before and after appearance at the engine's progress (spec §5.2): fade at
    /// q = 0.5 mixes red and blue; push fromRight moves the old content left by W·q and brings the new one
    /// from the right. The before-state is passed explicitly as `transitionSources` (overriding the engine's capture).
    @Test(arguments: ["fade", "push", "moveIn", "reveal"])
    func transitionsComposeBeforeAndAfter(type: String) throws {
        let scene = LayersScene(width: 100, height: 50)
        let panel = scene.add(CALayer()) { $0.name = "panel"; $0.frame = CGRect(x: 25, y: 0, width: 50, height: 50); $0.backgroundColor = TestColors.red }
        let before = scene.context.snapshot(of: scene.root, atMediaTime: 0)
        scene.run {
            let transition = CATransition()
            transition.type = CATransitionType(rawValue: type)
            transition.subtype = .fromRight
            transition.duration = 1
            panel.add(transition, forKey: nil)
            CATransaction.setDisableActions(true)
            panel.backgroundColor = TestColors.blue
            CATransaction.flush()
        }
        let renderer = scene.renderer()
        renderer.beginFrame(atTime: 0.5)
        var builder = LayerRenderListBuilder(deviceTransform: renderer.deviceTransform)
        let id = try #require(before.layers.first { $0.name == "panel" }?.layerID)
        builder.transitionSources = [id: before]
        let list = builder.renderList(for: scene.context.snapshot(of: scene.root, atMediaTime: 0.5))
        renderer.endFrame()
        let b = try Compositor.render(list, width: 100, height: 50, options: CompositorOptions(threads: 1))
        switch type {
        case "fade":
            // A cross-dissolve: red·(1 − q) + blue·q, opaque, so the white backdrop does not show.
            #expect(near(b[50, 25], (128, 0, 128), 2))
        case "push":
            // Old red moved by −W·q to 0…50, new blue by +W·(1 − q) to 50…100.
            #expect(b[10, 25] == opaqueRed && b[45, 25] == opaqueRed && b[55, 25] == opaqueBlue && b[95, 25] == opaqueBlue)
        case "moveIn":
            // Old stays at 25…75, new over it from 50 to 100.
            #expect(b[30, 25] == opaqueRed && b[60, 25] == opaqueBlue && b[90, 25] == opaqueBlue)
        default:
            // reveal: old slides out left over the new, which stays.
            #expect(b[10, 25] == opaqueRed && b[30, 25] == opaqueRed && b[60, 25] == opaqueBlue && b[80, 25] == opaqueWhite)
        }
    }

    /// The engine captures the before-state at commit (spec §5.2), so a fade at q = 0.5 is the mix of the old
    /// red and the new blue, half each; the white root does not show through an opaque mix.
    @Test func fadeCrossDissolvesFromTheCapturedBeforeState() throws {
        let scene = LayersScene(width: 40, height: 40)
        let panel = scene.add(CALayer()) { $0.frame = CGRect(x: 0, y: 0, width: 40, height: 40); $0.backgroundColor = TestColors.red }
        scene.run {
            let transition = CATransition()
            transition.duration = 1
            panel.add(transition, forKey: nil)
            CATransaction.setDisableActions(true)
            panel.backgroundColor = TestColors.blue
        }
        let b = try scene.render(at: 0.5)
        #expect(near(b[20, 20], (128, 0, 128)), "\(b[20, 20])")
        #expect(try scene.render(at: 1.5)[20, 20] == opaqueBlue)
    }
}
