// Shared helpers for the layer-rendering tests: a layer tree on its own context and manual clock, rendered
// by CARenderer; golden comparison under fixtures/golden/layers/ (OPENQUARTZ_UPDATE_GOLDENS=1 rewrites them,
// then review them by eye).
import Foundation
import QuartzLayers
import QuartzMath
import QuartzPNG
import QuartzRaster
import Testing
@testable import QuartzCompositor

/// A white root of `width` × `height` on its own context; the clock stays at 0 unless a test moves it.
final class LayersScene {
    let clock = ManualMediaClock(time: 0)
    let context: LayerTreeContext
    let root: CALayer
    let width: Int, height: Int

    init(width: Int = 200, height: Int = 200, background: CGColor? = TestColors.white) {
        self.width = width
        self.height = height
        context = LayerTreeContext(clock: clock)
        root = context.perform { CALayer() }
        context.perform {
            root.bounds = CGRect(x: 0, y: 0, width: width, height: height)
            root.position = CGPoint(x: Double(width) / 2, y: Double(height) / 2)
            root.backgroundColor = background
            CATransaction.flush()
        }
    }

    func run<Result>(_ body: () throws -> Result) rethrows -> Result { try context.perform(body) }

    /// `layer` configured without implicit animations and added to `parent` (the root by default).
    @discardableResult
    func add<Layer: CALayer>(_ layer: Layer, to parent: CALayer? = nil, _ configure: (Layer) -> Void = { _ in }) -> Layer {
        run {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            configure(layer)
            (parent ?? root).addSublayer(layer)
            CATransaction.commit()
        }
        return layer
    }

    func renderer(threads: Int = 1, tileSize: Int = 64, scale: Double = 1) -> CARenderer {
        CARenderer(layer: root, bounds: CGRect(x: 0, y: 0, width: width, height: height), scale: scale,
                   options: CompositorOptions(threads: threads, tileSize: tileSize), context: context)
    }

    func render(at time: Double = 0, threads: Int = 1, tileSize: Int = 64) throws -> PremultipliedRGBA8Bitmap {
        try renderer(threads: threads, tileSize: tileSize).renderFrame(atTime: time)
    }

    func list(at time: Double = 0) throws -> RenderList {
        let r = renderer()
        r.beginFrame(atTime: time)
        defer { r.endFrame() }
        return try r.renderList()
    }
}

enum LayersGolden {
    static func path(_ name: String) -> String { GoldenImage.path(folder: "layers", name) }

    /// Compares `bitmap` with fixtures/golden/layers/`name`.png (tolerance and updating: `GoldenImage`).
    static func check(_ bitmap: PremultipliedRGBA8Bitmap, _ name: String) throws {
        try GoldenImage.check(bitmap, folder: "layers", name)
    }
}

/// Test images: a ship (a blue arrow pointing +x on transparent), a door (wood panel with a frame and a knob),
/// a 20×20 image of four 10×10 quadrants (red, green / blue, yellow) (for gravity and contentsRect).
enum LayersImages {
    static let ship: CGImage = makeImage(width: 64, height: 64) { x, y in
        // Triangle (8, 12), (56, 32), (8, 52): inside when left of both slanted edges.
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        let upper = (py - 12) * 48 - (px - 8) * 20 >= 0
        let lower = (52 - py) * 48 - (px - 8) * 20 >= 0
        return px >= 8 && upper && lower ? opaqueBlue : .transparent
    }

    static let door: CGImage = makeImage(width: 64, height: 128) { x, y in
        if x < 4 || x >= 60 || y < 4 || y >= 124 { return PremultipliedRGBA8(r: 90, g: 50, b: 20, a: 255) }
        if (x - 50) * (x - 50) + (y - 64) * (y - 64) <= 16 { return PremultipliedRGBA8(r: 230, g: 200, b: 40, a: 255) }
        return PremultipliedRGBA8(r: 170, g: 110, b: 60, a: 255)
    }

    static let checker: CGImage = makeImage(width: 20, height: 20) { x, y in
        let palette = [opaqueRed, opaqueGreen, opaqueBlue, PremultipliedRGBA8(r: 255, g: 200, b: 0, a: 255)]
        return palette[(x / 10) + 2 * (y / 10)]
    }
}

/// Straight sRGB colours.
func rgb(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> CGColor {
    CGColor(red: r, green: g, blue: b, alpha: a)
}

/// The expected premultiplied pixel of straight colour `top` with alpha `alpha` over opaque `bottom`, rounded
/// per channel as the compositor's 8-bit source-over: used with a ±1 tolerance (one rounding of the alpha).
func over(_ top: (Double, Double, Double), alpha: Double, on bottom: (Double, Double, Double)) -> (Int, Int, Int) {
    func ch(_ t: Double, _ b: Double) -> Int { Int(((t * alpha + b * (1 - alpha)) * 255).rounded()) }
    return (ch(top.0, bottom.0), ch(top.1, bottom.1), ch(top.2, bottom.2))
}

func channels(_ p: PremultipliedRGBA8) -> (Int, Int, Int) { (Int(p.r), Int(p.g), Int(p.b)) }

func near(_ p: PremultipliedRGBA8, _ e: (Int, Int, Int), _ tolerance: Int = 1) -> Bool {
    abs(Int(p.r) - e.0) <= tolerance && abs(Int(p.g) - e.1) <= tolerance && abs(Int(p.b) - e.2) <= tolerance
}
