// Group opacity folded into a layer's single picture (spec §9.5: opacity "multiplies the result — as a group
// when allowsGroupOpacity … or per component otherwise" [A: SDK-CALayer allowsGroupOpacity]). Group and
// per-component opacity differ only where parts overlap, so a layer that draws one picture needs no offscreen:
// the builder's lists are checked for the fold (and for keeping the group where parts overlap), and each scene
// is rendered both ways (`foldsGroupOpacity` off = every group opacity through an offscreen) and compared.
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzCompositor

/// Offscreen groups in a render list (mask drawings included).
func offscreenCount(_ nodes: [RenderNode]) -> Int {
    nodes.reduce(0) { count, node in
        switch node {
        case .item: count
        case .group(let g): count + (g.needsOffscreen ? 1 : 0) + offscreenCount(g.children) + offscreenCount(g.mask ?? [])
        }
    }
}

/// The largest per-channel difference between two bitmaps of one size.
func worstChannelDifference(_ a: PremultipliedRGBA8Bitmap, _ b: PremultipliedRGBA8Bitmap) -> Int {
    guard a.width == b.width, a.height == b.height else { return .max }
    var worst = 0
    for i in a.pixels.indices {
        for shift in stride(from: 0, to: 32, by: 8) {
            let x = Int((a.pixels[i] >> UInt32(shift)) & 0xFF), y = Int((b.pixels[i] >> UInt32(shift)) & 0xFF)
            worst = max(worst, abs(x - y))
        }
    }
    return worst
}

enum OpacityFoldScenes {
    static let size = 120

    /// The production list (CARenderer) and the same snapshot with every group opacity kept as a group.
    static func lists(_ scene: LayersScene) throws -> (folded: RenderList, grouped: RenderList) {
        let renderer = scene.renderer()
        renderer.beginFrame(atTime: 0)
        defer { renderer.endFrame() }
        let folded = try renderer.renderList()
        var builder = LayerRenderListBuilder(deviceTransform: renderer.deviceTransform, rootSpace: .superlayer)
        builder.foldsGroupOpacity = false
        let grouped = builder.renderList(for: scene.context.snapshot(of: scene.root, atMediaTime: 0))
        return (folded, grouped)
    }

    static func render(_ list: RenderList) throws -> PremultipliedRGBA8Bitmap {
        try Compositor.render(list, width: size, height: size, options: CompositorOptions(threads: 1, tileSize: 64))
    }

    /// Layers that draw one picture under group opacity 0.375 (exact in Float, not a multiple of 1/255).
    static let single: [(name: String, build: @Sendable (LayersScene) -> Void)] = [
        ("full-frame background", { s in
            s.add(CALayer()) { $0.frame = CGRect(x: 0, y: 0, width: 120, height: 120); $0.backgroundColor = rgb(0.2, 0.6, 0.9); $0.opacity = 0.375 }
        }),
        ("contents image under rotation", { s in
            s.add(CALayer()) {
                $0.frame = CGRect(x: 28, y: 0, width: 64, height: 128); $0.contents = LayersImages.door
                $0.transform = CATransform3DMakeRotation(0.3, 0, 0, 1); $0.opacity = 0.375
            }
        }),
        ("rounded gradient (a clip-only group)", { s in
            s.add(CAGradientLayer()) {
                $0.frame = CGRect(x: 10, y: 10, width: 100, height: 100); $0.cornerRadius = 25
                $0.colors = [TestColors.red, TestColors.blue]; $0.opacity = 0.375
            }
        }),
        ("shape under masksToBounds", { s in
            s.add(CAShapeLayer()) {
                $0.frame = CGRect(x: 10, y: 10, width: 100, height: 100); $0.masksToBounds = true; $0.cornerRadius = 30
                $0.path = CGPath(ellipseIn: CGRect(x: -20, y: -20, width: 120, height: 120), transform: nil)
                $0.fillColor = TestColors.green; $0.opacity = 0.375
            }
        }),
        ("lone sublayer under perspective", { s in
            let parent = s.add(CALayer()) {
                $0.frame = CGRect(x: 0, y: 0, width: 120, height: 120); $0.opacity = 0.375
                var p = CATransform3DIdentity
                p.m34 = -1.0 / 300
                $0.sublayerTransform = p
            }
            s.add(CALayer(), to: parent) {
                $0.frame = CGRect(x: 20, y: 20, width: 80, height: 80); $0.backgroundColor = TestColors.blue
                $0.transform = CATransform3DMakeRotation(0.8, 0, 1, 0)
            }
        }),
        ("shadowPath shadow alone", { s in
            s.add(CALayer()) {
                $0.frame = CGRect(x: 20, y: 20, width: 70, height: 70); $0.opacity = 0.375
                $0.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 70, height: 70), transform: nil)
                $0.shadowOpacity = 1; $0.shadowRadius = 6; $0.shadowOffset = CGSize(width: 8, height: 8)
            }
        }),
    ]
}

@Suite struct LayersOpacityFoldTests {
    /// A layer drawing one item carries its group opacity on that item: no offscreen, and the group path
    /// (kept when folding is off) is the one the fold replaces.
    @Test(arguments: OpacityFoldScenes.single.indices)
    func singlePictureNeedsNoOffscreen(_ index: Int) throws {
        let scene = LayersScene(width: OpacityFoldScenes.size, height: OpacityFoldScenes.size)
        OpacityFoldScenes.single[index].build(scene)
        let (folded, grouped) = try OpacityFoldScenes.lists(scene)
        #expect(offscreenCount(folded.nodes) == 0, "\(OpacityFoldScenes.single[index].name)")
        #expect(offscreenCount(grouped.nodes) == 1, "\(OpacityFoldScenes.single[index].name)")
        #expect(items(folded.nodes).map(\.opacity) == [1, 0.375], "root background, then the folded item")
    }

    /// Folded and offscreen paths give the same pixels within ±3 per channel, the rounding the compositor does
    /// (every 8-bit product is rounded to nearest, ±½ level): the fold rounds the colour × opacity once and the
    /// coverage product once (≤ 1 level off the exact value); the group rounds the colour, the coverage product
    /// into its offscreen, the opacity byte round(0.375 · 255) = 96 and the opacity product (≤ 2 levels off), so
    /// the two can differ by 3 where coverage is partial (interior pixels of opaque colours: ≤ 2, equal alphas).
    /// Measured on these scenes: at most 1.
    @Test(arguments: OpacityFoldScenes.single.indices)
    func foldedPixelsMatchTheGroup(_ index: Int) throws {
        let scene = LayersScene(width: OpacityFoldScenes.size, height: OpacityFoldScenes.size)
        OpacityFoldScenes.single[index].build(scene)
        let (folded, grouped) = try OpacityFoldScenes.lists(scene)
        let a = try OpacityFoldScenes.render(folded), b = try OpacityFoldScenes.render(grouped)
        #expect(a.pixels.contains { $0 != a.pixels[0] } || index == 0, "the scene draws something")
        #expect(worstChannelDifference(a, b) <= 3, "\(OpacityFoldScenes.single[index].name)")
    }

    /// A full-frame layer fading out: straight (0.2, 0.6, 0.9) at 0.375 over white, per channel
    /// t·0.375 + 1·0.625 (spec §9.5 opacity multiplies the result); ±1 for the 8-bit source-over rounding.
    @Test func fullFrameFadeOnPixels() throws {
        let scene = LayersScene(width: OpacityFoldScenes.size, height: OpacityFoldScenes.size)
        OpacityFoldScenes.single[0].build(scene)
        let bitmap = try scene.render()
        let expected = over((0.2, 0.6, 0.9), alpha: 0.375, on: (1, 1, 1))
        #expect(bitmap.pixels.allSatisfy { near(PremultipliedRGBA8(packed: $0), expected) && $0 >> 24 == 255 })
    }

    /// A single picture that already has its own offscreen (a sublayer with a mask) takes the parent's
    /// opacity on that offscreen: one offscreen instead of two, opacity 0.5 × 0.75.
    @Test func opacityFoldsIntoALoneOffscreenGroup() throws {
        let scene = LayersScene(width: OpacityFoldScenes.size, height: OpacityFoldScenes.size)
        let parent = scene.add(CALayer()) { $0.frame = CGRect(x: 0, y: 0, width: 120, height: 120); $0.opacity = 0.5 }
        let child = scene.add(CALayer(), to: parent) {
            $0.frame = CGRect(x: 10, y: 10, width: 100, height: 100); $0.backgroundColor = TestColors.red; $0.opacity = 0.75
            $0.borderWidth = 10; $0.borderColor = TestColors.blue
        }
        scene.run {
            let mask = CALayer()
            mask.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
            mask.backgroundColor = TestColors.black
            child.mask = mask
        }
        let (folded, grouped) = try OpacityFoldScenes.lists(scene)
        #expect(describe(folded.nodes) == ["solid", "group(opacity 0.375, mask)[solid border]"])
        #expect(offscreenCount(grouped.nodes) == 2)
        #expect(worstChannelDifference(try OpacityFoldScenes.render(folded), try OpacityFoldScenes.render(grouped)) <= 3)
    }

    /// Where the layer's parts overlap one another, group opacity differs from per-part opacity
    /// [A: SDK-CALayer allowsGroupOpacity], so the group stays: background + border, background + sublayer,
    /// a shadow cast from the composited alpha; and a compositing filter blends the group with its backdrop.
    @Test func overlappingPartsKeepTheGroup() throws {
        let scene = LayersScene(width: OpacityFoldScenes.size, height: OpacityFoldScenes.size, background: nil)
        scene.add(CALayer()) {
            $0.frame = CGRect(x: 0, y: 0, width: 40, height: 40); $0.backgroundColor = TestColors.red
            $0.borderWidth = 4; $0.borderColor = TestColors.blue; $0.opacity = 0.5
        }
        let parent = scene.add(CALayer()) {
            $0.frame = CGRect(x: 40, y: 0, width: 40, height: 40); $0.backgroundColor = TestColors.red; $0.opacity = 0.5
        }
        scene.add(CALayer(), to: parent) { $0.frame = CGRect(x: 0, y: 0, width: 20, height: 20); $0.backgroundColor = TestColors.blue }
        let shadowed = scene.add(CALayer()) { $0.frame = CGRect(x: 80, y: 0, width: 40, height: 40); $0.opacity = 0.5; $0.shadowOpacity = 1 }
        scene.add(CALayer(), to: shadowed) { $0.frame = CGRect(x: 0, y: 0, width: 20, height: 20); $0.backgroundColor = TestColors.blue }
        scene.add(CALayer()) {
            $0.frame = CGRect(x: 0, y: 60, width: 40, height: 40); $0.backgroundColor = TestColors.red; $0.opacity = 0.5
            $0.compositingFilter = "multiplyBlendMode"
        }
        let (folded, _) = try OpacityFoldScenes.lists(scene)
        #expect(describe(folded.nodes) == [
            "group(opacity 0.5)[solid border]", "group(opacity 0.5)[solid solid]", "group(opacity 0.5, shadow)[solid]",
            "group(opacity 0.5, blend \(CGBlendMode.multiply.rawValue))[solid]",
        ])
    }

    /// allowsGroupOpacity = false: "per component" [A: SDK-CALayer allowsGroupOpacity]; every part carries the
    /// opacity, overlapping or not. The sublayer inherits the factor as its own group opacity, which would be
    /// an offscreen without the fold: it draws one item, so none is made.
    @Test func perComponentOpacityNeverNeedsAnOffscreen() throws {
        let scene = LayersScene(width: OpacityFoldScenes.size, height: OpacityFoldScenes.size, background: nil)
        let parent = scene.add(CALayer()) {
            $0.frame = CGRect(x: 0, y: 0, width: 60, height: 60); $0.backgroundColor = TestColors.red
            $0.borderWidth = 4; $0.borderColor = TestColors.blue; $0.opacity = 0.5; $0.allowsGroupOpacity = false
        }
        scene.add(CALayer(), to: parent) { $0.frame = CGRect(x: 0, y: 0, width: 20, height: 20); $0.backgroundColor = TestColors.green }
        let (folded, grouped) = try OpacityFoldScenes.lists(scene)
        #expect(describe(folded.nodes) == ["solid", "solid", "border"])
        #expect(items(folded.nodes).map(\.opacity) == [0.5, 0.5, 0.5])
        #expect(offscreenCount(folded.nodes) == 0)
        #expect(describe(grouped.nodes) == ["solid", "group(opacity 0.5)[solid]", "border"])
    }
}
