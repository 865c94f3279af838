// Clipping: intersection, save/restore, fill rules, anti-aliased edges, image masks, bounding boxes.
// Sources: Apple CGContext docs: clip(using:) / clip(to:) ("sets the clipping path to the intersection of
// the current clipping path with …"; "resets the context's current path"), clip(to:mask:) (a DeviceGray
// image's samples: white paints, black masks), resetClip(), boundingBoxOfClipPath; Quartz 2D Programming
// Guide, "Graphics States" (the clipping area is part of the graphics state).
import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

@Suite("Context clip")
struct ContextClipTests {
    static func fillAll(_ c: CGContext) {
        c.setFillColor(red: 0, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: c.width, height: c.height))
    }

    @Test func clipsIntersectAndRestore() {
        let c = contextMake(width: 6, height: 1)
        c.saveGState()
        c.clip(to: CGRect(x: 1, y: 0, width: 3, height: 1))
        c.clip(to: CGRect(x: 2, y: 0, width: 3, height: 1))
        Self.fillAll(c)
        #expect(contextAlphaRows(c)[0] == [0, 0, 255, 255, 0, 0])
        c.restoreGState()
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 6, height: 1))
        #expect(c.bitmap.pixels.allSatisfy { $0 == contextOpaqueRed })
    }

    @Test func clipToRectsIsAUnion() {
        let c = contextMake(width: 6, height: 1)
        c.clip(to: [CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 4, y: 0, width: 2, height: 1)])
        Self.fillAll(c)
        #expect(contextAlphaRows(c)[0] == [255, 0, 0, 0, 255, 255])
    }

    @Test func pathClipUsesTheRuleAndClearsThePath() {
        let c = contextMake(width: 6, height: 6)
        c.addRect(CGRect(x: 0, y: 0, width: 6, height: 6))
        c.addRect(CGRect(x: 2, y: 2, width: 2, height: 2))
        c.clip(using: .evenOdd)
        #expect(c.isPathEmpty)
        Self.fillAll(c)
        #expect(contextPixel(c, 2, 2).a == 0 && contextPixel(c, 0, 0).a == 255)
        // An empty path clips everything away.
        let d = contextMake(width: 2, height: 2)
        d.clip()
        Self.fillAll(d)
        #expect(d.bitmap.pixels.allSatisfy { $0 == 0 })
        #expect(d.boundingBoxOfClipPath.isNull)
    }

    @Test func clipEdgesAreAntialiasedAndMultiply() {
        let c = contextMake(width: 4, height: 1)
        c.clip(to: CGRect(x: 0, y: 0, width: 2.5, height: 1))
        c.clip(to: CGRect(x: 0, y: 0, width: 4, height: 0.5))
        Self.fillAll(c)
        // Column 2 keeps 128 of the first clip, times 128 of the second: round(128 · 128 / 255) = 64.
        #expect(contextAlphaRows(c)[0] == [128, 128, 64, 0])
    }

    @Test func clipWithoutAntialiasingSnapsAtPixelCentres() {
        let c = contextMake(width: 4, height: 1)
        c.setShouldAntialias(false)
        c.clip(to: CGRect(x: 0.4, y: 0, width: 2.2, height: 1))  // [0.4, 2.6]: centres 0.5, 1.5, 2.5 inside
        Self.fillAll(c)
        #expect(contextAlphaRows(c)[0] == [255, 255, 255, 0])
    }

    @Test func boundingBoxOfClipPathIsInUserSpace() {
        let c = contextMake(width: 10, height: 8)
        #expect(c.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 10, height: 8))
        c.saveGState()
        c.clip(to: CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(c.boundingBoxOfClipPath == CGRect(x: 1, y: 2, width: 3, height: 4))
        c.scaleBy(x: 2, y: 2)
        #expect(c.boundingBoxOfClipPath == CGRect(x: 0.5, y: 1, width: 1.5, height: 2))
        c.restoreGState()
        #expect(c.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 10, height: 8))
        c.clip(to: CGRect(x: 1, y: 2, width: 3, height: 4))
        c.resetClip()
        #expect(c.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 10, height: 8))
        Self.fillAll(c)
        #expect(c.bitmap.pixels.allSatisfy { $0 == contextOpaqueBlack })
    }

    @Test func opaqueMaskImageClipsByLuminance() {
        // White, mid grey (128), black: the clip lets 255, 128 and 0 through; outside the rect nothing.
        let mask = contextImage([[contextOpaqueWhite, 0xFF80_8080, contextOpaqueBlack]])
        let c = contextMake(width: 5, height: 1)
        c.clip(to: CGRect(x: 1, y: 0, width: 3, height: 1), mask: mask)
        Self.fillAll(c)
        #expect(contextAlphaRows(c)[0] == [0, 255, 128, 0, 0])
    }

    @Test func translucentMaskImageClipsByAlpha() {
        let mask = contextImage([[0x4000_0000, 0xC0C0_C0C0]])
        let c = contextMake(width: 2, height: 1)
        c.clip(to: CGRect(x: 0, y: 0, width: 2, height: 1), mask: mask)
        Self.fillAll(c)
        #expect(contextAlphaRows(c)[0] == [0x40, 0xC0])
    }

    @Test func maskImageIsUprightInTheRect() {
        // A 1 × 2 mask, white on top: in y-up user space its top row lies at the rect's maxY, i.e. the upper
        // raster row.
        let mask = contextImage([[contextOpaqueWhite], [contextOpaqueBlack]])
        let c = contextMake(width: 1, height: 2)
        c.clip(to: CGRect(x: 0, y: 0, width: 1, height: 2), mask: mask)
        Self.fillAll(c)
        #expect(contextAlphaRows(c) == [[255], [0]])
    }

    @Test func gradientsAreClipped() {
        let c = contextMake(width: 4, height: 1)
        c.clip(to: CGRect(x: 1, y: 0, width: 2, height: 1))
        let gradient = CGGradient(colorsSpace: nil, colors: [.black, .black], locations: nil)!
        c.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: 4, y: 0), options: [])
        #expect(contextAlphaRows(c)[0] == [0, 255, 255, 0])
    }
}
