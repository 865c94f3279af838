// Display and layout hooks run at commit, layout before display (spec §11 step 1); drawing goes through
// the raster core's CGContext into `contents`.
import Foundation
import QuartzMath
import QuartzRaster
import Testing

@testable import QuartzLayers

/// Fills its left half red (layer bounds space, y down).
final class HalfRedLayer: CALayer {
    var drawCount = 0
    override func draw(in ctx: CGContext) {
        drawCount += 1
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width / 2, height: bounds.height / 4))
    }
}

final class LayoutRecorder: CALayerDelegate {
    var log: [String] = []
    func layoutSublayers(of layer: CALayer) {
        log.append("layout")
        layer.sublayers?.first?.frame = layer.bounds.insetBy(dx: 10, dy: 10)
    }
    func display(_ layer: CALayer) { log.append("display") }
}

@Suite("Display and layout")
struct DisplayAndLayoutTests {
    /// setNeedsDisplay draws at the next commit through draw(in:) into a bitmap of bounds × contentsScale
    /// pixels whose top-left quarter-strip is red (y down, as on iOS).
    @Test func drawInContextFillsContents() throws {
        let scene = EngineScene()
        let layer = scene.addLayer(HalfRedLayer()) {
            $0.bounds = CGRect(x: 0, y: 0, width: 8, height: 4)
            $0.contentsScale = 2
        }
        scene.run { layer.setNeedsDisplay() }
        #expect(layer.needsDisplay() && layer.drawCount == 0)
        scene.advance(to: 0)
        #expect(!layer.needsDisplay() && layer.drawCount == 1)
        let image = try #require(layer.contents as? CGImage)
        #expect(image.width == 16 && image.height == 8)
        let pixels = image.bitmap.pixels
        #expect(pixels[0] == 0xFF00_00FF)  // top-left: opaque red (0xAABBGGRR)
        #expect(pixels[1 * 16 + 7] == 0xFF00_00FF)  // row 1 of the 2-pixel red strip, last red column
        #expect(pixels[1 * 16 + 8] == 0)  // right half untouched
        #expect(pixels[2 * 16] == 0)  // below the strip
        #expect(try #require(scene.presented(layer, at: 0)).contents === image)
        // needsDisplayOnBoundsChange redraws after a bounds change; displayIfNeeded draws at once.
        scene.run {
            layer.needsDisplayOnBoundsChange = true
            CATransaction.setDisableActions(true)
            layer.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        }
        scene.advance(to: 1)
        #expect(layer.drawCount == 2 && (layer.contents as? CGImage)?.width == 8)
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        #expect(layer.drawCount == 3)
    }

    /// Layout runs before display at commit; the delegate's display(_:) replaces drawing (SDK-CALayer).
    @Test func layoutBeforeDisplayAtCommit() {
        let scene = EngineScene()
        let recorder = LayoutRecorder()
        let container = scene.addLayer()
        let child = CALayer()
        scene.run {
            container.delegate = recorder
            container.addSublayer(child)
            CATransaction.setDisableActions(true)
            container.bounds = CGRect(x: 0, y: 0, width: 100, height: 60)  // a bounds change needs layout
            container.setNeedsDisplay()
        }
        #expect(recorder.log.isEmpty && container.needsLayout())
        scene.advance(to: 0)
        #expect(recorder.log == ["layout", "display"])
        #expect(child.frame == CGRect(x: 10, y: 10, width: 80, height: 40))
        #expect(scene.presented(child, at: 0)?.bounds.size == CGSize(width: 80, height: 40))
        container.setNeedsLayout()
        container.layoutIfNeeded()
        #expect(recorder.log == ["layout", "display", "layout"] && !container.needsLayout())
    }
}
