// Transparency layers: group opacity, state reset and restore, bounded layers, shadows of the group.
// Sources: Apple CGContext docs: beginTransparencyLayer(auxiliaryInfo:) ("all subsequent drawing operations
// … are composited into a fully transparent backdrop"; at the end "the result is composited into the
// context using the global alpha and shadow state of the context … respects the clipping region"),
// beginTransparencyLayer(in:auxiliaryInfo:) (content bounded by the rect); Quartz 2D Programming Guide,
// "Transparency Layers" (inside a layer alpha is 1, shadow off, blend mode normal).
import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

@Suite("Context transparency layers")
struct ContextLayerTests {
    static func overlappingSquares(_ c: CGContext) {
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 3, height: 1))
        c.fill(CGRect(x: 2, y: 0, width: 3, height: 1))
    }

    @Test func groupAlphaAppliesOnceToTheWholeGroup() {
        let ungrouped = contextMake(width: 5, height: 1)
        ungrouped.setAlpha(0.5)
        Self.overlappingSquares(ungrouped)
        // Two 50 % layers of red stack to 75 % where they overlap.
        #expect(contextAlphaRows(ungrouped)[0] == [128, 128, 192, 128, 128])
        let grouped = contextMake(width: 5, height: 1)
        grouped.setAlpha(0.5)
        grouped.beginTransparencyLayer(auxiliaryInfo: nil)
        Self.overlappingSquares(grouped)
        grouped.endTransparencyLayer()
        #expect(contextAlphaRows(grouped)[0] == [128, 128, 128, 128, 128])
    }

    @Test func stateIsResetInsideAndRestoredAfter() {
        let c = contextMake(width: 4, height: 1)
        c.setAlpha(0.5)
        c.setBlendMode(.multiply)
        c.beginTransparencyLayer(auxiliaryInfo: nil)
        // Inside: alpha 1 and normal blending, so this paints opaque blue into the layer.
        c.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        c.saveGState()  // left unbalanced on purpose: the end restores past it
        c.translateBy(x: 1, y: 0)
        c.endTransparencyLayer()
        #expect(c.ctm == .identity)
        // Composited with alpha 0.5 and multiply onto transparent: multiply over nothing is the source.
        #expect(contextBytes(contextPixel(c, 0, 0)) == [0, 0, 128, 128])
        // The fill colour set inside the layer is gone: the saved one (black) is back.
        c.setAlpha(1)
        c.setBlendMode(.normal)
        c.fill(CGRect(x: 3, y: 0, width: 1, height: 1))
        #expect(contextPixel(c, 3, 0).packed == contextOpaqueBlack)
    }

    @Test func restoreInsideALayerCannotPopTheLayersState() {
        let c = contextMake(width: 2, height: 1)
        c.setAlpha(0.5)
        c.beginTransparencyLayer(auxiliaryInfo: nil)
        c.restoreGState()  // ignored: it would pop the state the layer saved
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        c.endTransparencyLayer()
        #expect(contextBytes(contextPixel(c, 0, 0)) == [0, 0, 0, 128])
        c.endTransparencyLayer()  // unbalanced: ignored
    }

    @Test func boundedLayerKeepsOnlyItsRect() {
        let c = contextMake(width: 6, height: 1)
        c.beginTransparencyLayer(in: CGRect(x: 1, y: 0, width: 3, height: 1), auxiliaryInfo: nil)
        c.fill(CGRect(x: 0, y: 0, width: 6, height: 1))
        c.endTransparencyLayer()
        #expect(contextAlphaRows(c)[0] == [0, 255, 255, 255, 0, 0])
    }

    @Test func theGroupCastsOneShadow() {
        // Two overlapping squares in a layer with a hard 50 % shadow: the shadow is uniform (one shape), not
        // darker where the squares overlap.
        let c = contextMake(width: 5, height: 3)
        c.setShadow(offset: CGSize(width: 0, height: -1), blur: 0, color: CGColor(red: 0, green: 0, blue: 0, alpha: 0.5))
        c.beginTransparencyLayer(auxiliaryInfo: nil)
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 2, width: 3, height: 1))
        c.fill(CGRect(x: 2, y: 2, width: 3, height: 1))
        c.endTransparencyLayer()
        #expect(contextAlphaRows(c)[1] == [128, 128, 128, 128, 128])
        #expect(contextAlphaRows(c)[0] == [255, 255, 255, 255, 255])
    }

    @Test func layersNest() {
        let c = contextMake(width: 2, height: 1)
        c.setAlpha(0.5)
        c.beginTransparencyLayer(auxiliaryInfo: nil)
        c.setAlpha(0.5)
        c.beginTransparencyLayer(auxiliaryInfo: nil)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        c.endTransparencyLayer()
        c.endTransparencyLayer()
        // 255 → 128 (inner group alpha) → 64 (outer group alpha).
        #expect(contextAlphaRows(c)[0] == [64, 0])
    }
}
