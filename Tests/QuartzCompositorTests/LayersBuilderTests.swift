// The render list built from layer snapshots: Apple's per-layer order, sibling order, opacity, culling,
// masks, clips, shadows, compositing filters, transform-layer depth order, replicator instances (spec §9.5).
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzCompositor

/// A compact description of a render list: one token per item, groups in brackets.
func describe(_ nodes: [RenderNode]) -> [String] {
    nodes.map { node in
        switch node {
        case .item(let item):
            switch item.content {
            case .solid: return "solid"
            case .border: return "border"
            case .image: return "image"
            case .shapeFill: return "fill"
            case .glyphs: return "glyphs"
            case .shapeStroke: return "stroke"
            case .gradient: return "gradient"
            case .shadow: return "shadow"
            }
        case .group(let g):
            var tags: [String] = []
            if g.opacity < 1 { tags.append("opacity \(g.opacity)") }
            if g.blendMode != .normal { tags.append("blend \(g.blendMode.rawValue)") }
            if g.clip != nil { tags.append("clip") }
            if g.mask != nil { tags.append("mask") }
            if g.shadow != nil { tags.append("shadow") }
            return "group(\(tags.joined(separator: ", ")))[\(describe(g.children).joined(separator: " "))]"
        }
    }
}

/// Every item's solid colour red component, in list order (to read back sibling order).
func solidReds(_ nodes: [RenderNode]) -> [Double] {
    nodes.flatMap { node -> [Double] in
        switch node {
        case .item(let item):
            if case .solid(_, let color) = item.content { return [color.straightSRGBRGBA.x] }
            return []
        case .group(let g): return solidReds(g.children)
        }
    }
}

func items(_ nodes: [RenderNode]) -> [RenderItem] {
    nodes.flatMap { node -> [RenderItem] in
        switch node {
        case .item(let item): return [item]
        case .group(let g): return items(g.children)
        }
    }
}

@Suite struct LayersBuilderTests {
    /// Spec §9.5 order for one layer: shadow, background, contents, shape fill, stroke, sublayers, border; the
    /// layer shadow is cast from the group (no shadowPath, more than a background).
    @Test func partsComeInApplesOrder() throws {
        let scene = LayersScene(background: nil)
        let shape = scene.add(CAShapeLayer()) {
            $0.frame = CGRect(x: 10, y: 10, width: 100, height: 100)
            $0.backgroundColor = TestColors.green
            $0.contents = LayersImages.checker
            $0.path = CGPath(rect: CGRect(x: 10, y: 10, width: 50, height: 50), transform: nil)
            $0.fillColor = TestColors.red
            $0.strokeColor = TestColors.blue
            $0.lineWidth = 2
            $0.borderWidth = 3
            $0.borderColor = TestColors.black
            $0.shadowOpacity = 0.5
        }
        scene.add(CALayer(), to: shape) { $0.frame = CGRect(x: 0, y: 0, width: 10, height: 10); $0.backgroundColor = TestColors.white }
        let list = try scene.list()
        #expect(describe(list.nodes) == ["group(shadow)[solid image fill stroke solid border]"])
    }

    /// With a shadowPath the shadow is an item drawn first [A: SDK-CALayer shadowPath]; a layer that draws only
    /// an opaque background casts its rounded rect as an item too (no offscreen).
    @Test func shadowPathAndBackgroundOnlyShadowsAreItems() throws {
        let scene = LayersScene(background: nil)
        scene.add(CALayer()) {
            $0.frame = CGRect(x: 10, y: 10, width: 50, height: 50)
            $0.backgroundColor = TestColors.green
            $0.contents = LayersImages.checker
            $0.shadowOpacity = 1
            $0.shadowPath = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 50, height: 50), transform: nil)
        }
        scene.add(CALayer()) {
            $0.frame = CGRect(x: 100, y: 10, width: 50, height: 50)
            $0.backgroundColor = TestColors.green
            $0.shadowOpacity = 1
        }
        #expect(describe(try scene.list().nodes) == ["shadow", "solid", "image", "shadow", "solid"])
    }

    /// Siblings sort by zPosition, array order breaking ties [A: DOC-calayer/zposition; spec §9.5 stable sort];
    /// a sublayer draws over its superlayer whatever its zPosition [O: BNR].
    @Test func siblingsSortByZPositionStably() throws {
        let scene = LayersScene(background: nil)
        let zs: [CGFloat] = [5, -1, 5, 0, -1]
        for (i, z) in zs.enumerated() {
            scene.add(CALayer()) {
                $0.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
                $0.backgroundColor = rgb(Double(i + 1) / 10, 0, 0)
                $0.zPosition = z
            }
        }
        let parent = scene.add(CALayer()) { $0.frame = CGRect(x: 0, y: 0, width: 10, height: 10); $0.backgroundColor = rgb(0.9, 0, 0) }
        scene.add(CALayer(), to: parent) {
            $0.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            $0.backgroundColor = rgb(1, 0, 0)
            $0.zPosition = -100
        }
        let reds = solidReds(try scene.list().nodes).map { ($0 * 10).rounded() / 10 }
        #expect(reds == [0.2, 0.5, 0.4, 0.9, 1, 0.1, 0.3])
    }

    /// Hidden layers and zero opacity draw nothing, subtree included [A: SDK-CALayer hidden; spec §9.5].
    @Test func hiddenAndTransparentLayersCostNothing() throws {
        let scene = LayersScene(background: nil)
        let hidden = scene.add(CALayer()) { $0.frame = CGRect(x: 0, y: 0, width: 10, height: 10); $0.backgroundColor = TestColors.red; $0.isHidden = true }
        scene.add(CALayer(), to: hidden) { $0.frame = CGRect(x: 0, y: 0, width: 5, height: 5); $0.backgroundColor = TestColors.red }
        let clear = scene.add(CALayer()) { $0.frame = CGRect(x: 0, y: 0, width: 10, height: 10); $0.backgroundColor = TestColors.red; $0.opacity = 0 }
        scene.add(CALayer(), to: clear) { $0.frame = CGRect(x: 0, y: 0, width: 5, height: 5); $0.backgroundColor = TestColors.red }
        #expect(try scene.list().nodes.isEmpty)
    }

    /// Opacity is one group when allowsGroupOpacity (the default), else multiplied into each part and passed
    /// down to the sublayers [A: SDK-CALayer allowsGroupOpacity]. A grouped layer that draws one item (the
    /// blue sublayer) carries its opacity on the item: the same pixels without an offscreen (spec §9.5).
    @Test func groupOpacityVersusPerItemOpacity() throws {
        let scene = LayersScene(background: nil)
        let grouped = scene.add(CALayer()) { $0.frame = CGRect(x: 0, y: 0, width: 50, height: 50); $0.backgroundColor = TestColors.red; $0.opacity = 0.5 }
        scene.add(CALayer(), to: grouped) { $0.frame = CGRect(x: 0, y: 0, width: 20, height: 20); $0.backgroundColor = TestColors.blue; $0.opacity = 0.5 }
        let loose = scene.add(CALayer()) {
            $0.frame = CGRect(x: 100, y: 0, width: 50, height: 50); $0.backgroundColor = TestColors.red
            $0.opacity = 0.5; $0.allowsGroupOpacity = false
        }
        scene.add(CALayer(), to: loose) {
            $0.frame = CGRect(x: 0, y: 0, width: 20, height: 20); $0.backgroundColor = TestColors.blue
            $0.opacity = 0.5; $0.allowsGroupOpacity = false
        }
        let nodes = try scene.list().nodes
        #expect(describe(nodes) == ["group(opacity 0.5)[solid solid]", "solid", "solid"])
        #expect(items([nodes[0]]).map(\.opacity) == [1, 0.5])
        #expect(items(Array(nodes[1...])).map(\.opacity) == [0.5, 0.25])
    }

    /// isDoubleSided = false culls a layer turned away (rotated by π about y): "layers facing away from the
    /// viewer are hidden from view" [A, spec §9.5]; the double-sided one still draws, mirrored.
    @Test func singleSidedBackFacesAreCulled() throws {
        let scene = LayersScene(background: nil)
        for sided in [true, false] {
            scene.add(CALayer()) {
                $0.frame = CGRect(x: 50, y: 50, width: 50, height: 50)
                $0.backgroundColor = sided ? TestColors.red : TestColors.blue
                $0.transform = CATransform3DMakeRotation(.pi * 0.75, 0, 1, 0)
                $0.isDoubleSided = sided
            }
        }
        #expect(solidReds(try scene.list().nodes) == [1])
    }

    /// compositingFilter names map to blend modes (Core Image composite-operation names).
    @Test func compositingFilterNamesBecomeBlendModes() throws {
        #expect(LayerCompositingFilter.blendMode(named: "multiplyBlendMode") == .multiply)
        #expect(LayerCompositingFilter.blendMode(named: "CIScreenBlendMode") == .screen)
        #expect(LayerCompositingFilter.blendMode(named: "additionCompositing") == .plusLighter)
        #expect(LayerCompositingFilter.blendMode(named: "noSuchFilter") == .normal)
        #expect(LayerCompositingFilter.blendMode(named: nil) == .normal)
        let scene = LayersScene(background: nil)
        scene.add(CALayer()) {
            $0.frame = CGRect(x: 0, y: 0, width: 10, height: 10); $0.backgroundColor = TestColors.red
            $0.compositingFilter = "differenceBlendMode"
        }
        #expect(describe(try scene.list().nodes) == ["group(blend 10)[solid]"])
    }

    /// masksToBounds is a clip on the layer's group; a mask layer becomes the group's mask; an empty mask
    /// hides the layer (its alpha is zero everywhere) [A: SDK-CALayer mask].
    @Test func clipsAndMasks() throws {
        let scene = LayersScene(background: nil)
        let clipped = scene.add(CALayer()) {
            $0.frame = CGRect(x: 0, y: 0, width: 50, height: 50); $0.backgroundColor = TestColors.red
            $0.masksToBounds = true; $0.cornerRadius = 10
        }
        scene.add(CALayer(), to: clipped) { $0.frame = CGRect(x: 25, y: 25, width: 50, height: 50); $0.backgroundColor = TestColors.blue }
        let masked = scene.add(CALayer()) { $0.frame = CGRect(x: 100, y: 0, width: 50, height: 50); $0.backgroundColor = TestColors.green }
        let emptyMasked = scene.add(CALayer()) { $0.frame = CGRect(x: 100, y: 100, width: 50, height: 50); $0.backgroundColor = TestColors.green }
        scene.run {
            let mask = CAShapeLayer()
            mask.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
            mask.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 50, height: 50), transform: nil)
            masked.mask = mask
            emptyMasked.mask = CALayer()
            CATransaction.flush()
        }
        let nodes = try scene.list().nodes
        #expect(describe(nodes) == ["group(clip)[solid solid]", "group(mask)[solid]"])
        guard case .group(let g) = nodes[1], let mask = g.mask else { Issue.record("no mask group"); return }
        #expect(describe(mask) == ["fill"])
        // The mask lives in the masked layer's space: its matrix is the masked layer's.
        #expect(items(mask)[0].transform == CATransform3DMakeTranslation(100, 0, 0))
    }

    /// A CATransformLayer draws only its sublayers, in 3-D depth order (spec §9.5): three
    /// squares at zPosition 0, 50, −50 in array order paint −50, 0, 50; the transform layer's own background is
    /// not drawn [A: SDK-CATransformLayer].
    @Test func transformLayerSortsItsSublayersByDepth() throws {
        let scene = LayersScene(background: nil)
        let holder = scene.add(CATransformLayer()) {
            $0.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
            $0.backgroundColor = TestColors.black
        }
        // Turned by 90° about y, zPosition becomes x: the array order must not decide.
        for (i, z) in [0.0, 50, -50].enumerated() {
            scene.add(CALayer(), to: holder) {
                $0.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
                $0.zPosition = z
                $0.backgroundColor = rgb(Double(i + 1) / 10, 0, 0)
            }
        }
        #expect(solidReds(try scene.list().nodes).map { ($0 * 10).rounded() / 10 } == [0.3, 0.1, 0.2])
        // Rotating the holder half a turn about y reverses the depth order.
        scene.run {
            CATransaction.setDisableActions(true)
            holder.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
            CATransaction.flush()
        }
        #expect(solidReds(try scene.list().nodes).map { ($0 * 10).rounded() / 10 } == [0.2, 0.1, 0.3])
    }

    /// CAReplicatorLayer: instanceCount copies, instance k under instanceTransform applied k times about the
    /// replicator's centre, colour = instanceColor + k · offsets multiplying the source [A: SDK-CAReplicatorLayer].
    @Test func replicatorInstancesAccumulateTransformAndColour() throws {
        let scene = LayersScene(background: nil)
        let replicator = scene.add(CAReplicatorLayer()) {
            $0.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            $0.instanceCount = 4
            $0.instanceTransform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
            $0.instanceColor = rgb(1, 1, 1)
            $0.instanceGreenOffset = -0.25
            $0.instanceAlphaOffset = -0.25
        }
        scene.add(CALayer(), to: replicator) { $0.frame = CGRect(x: 45, y: 0, width: 10, height: 10); $0.backgroundColor = rgb(1, 1, 0) }
        let all = items(try scene.list().nodes)
        try #require(all.count == 4)
        for (k, item) in all.enumerated() {
            guard case .solid(_, let color) = item.content else { Issue.record("not a solid"); continue }
            let c = color.straightSRGBRGBA
            #expect(abs(c.y - (1 - 0.25 * Double(k))) < 1e-12 && abs(c.w - (1 - 0.25 * Double(k))) < 1e-12 && c.x == 1)
            // The dot's centre (5, 5) turns about the replicator centre (50, 50) by k quarter turns.
            let p = try #require(item.transform.projectedPoint(CGPoint(x: 5, y: 5)))
            let angle = Double(k) * .pi / 2
            let ex = 50 + 45 * sin(angle), ey = 50 - 45 * cos(angle)
            #expect(abs(Double(p.x) - ex) < 1e-9 && abs(Double(p.y) - ey) < 1e-9, "instance \(k)")
        }
        // Negative counts draw nothing.
        scene.run { CATransaction.setDisableActions(true); replicator.instanceCount = -3; CATransaction.flush() }
        #expect(try scene.list().nodes.isEmpty)
    }

    /// Non-finite geometry is skipped safely (no crash, nothing drawn for that layer).
    @Test func nonFiniteInputIsSkipped() throws {
        let scene = LayersScene(background: nil)
        scene.add(CALayer()) {
            $0.frame = CGRect(x: 0, y: 0, width: 10, height: 10); $0.backgroundColor = TestColors.red
            $0.shadowOpacity = 1; $0.shadowRadius = 1e30; $0.cornerRadius = 1e30
        }
        scene.add(CAReplicatorLayer()) { $0.instanceCount = Int.max; $0.frame = CGRect(x: 0, y: 0, width: 10, height: 10) }
        _ = try scene.render()
        let renderer = CARenderer(layer: scene.root, bounds: CGRect(x: 0, y: 0, width: 1e30, height: 10), context: scene.context)
        renderer.beginFrame(atTime: 0)
        renderer.render()
        #expect(renderer.bitmap == nil)
        #expect(renderer.lastError == .invalidSize(bounds: CGRect(x: 0, y: 0, width: 1e30, height: 10), scale: 1))
        let unstarted = scene.renderer()
        unstarted.render()
        #expect(unstarted.lastError == .noFrame)
    }
}
