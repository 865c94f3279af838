// Core Graphics text on a CGContext: the text matrix and position, the text state saved with the graphics
// state, showGlyphs(_:at:) through the text matrix and the CTM, and the eight text drawing modes.
// Images are compared with the exact-area coverage of DejaVu Sans' 'l' (a rectangle in the font) within
// 1/255 per pixel: the filler's coverage is exact, and 1 is the rounding of coverage to 8 bits.
import Foundation
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzText

@Suite struct ContextGlyphDrawingTests {
    static let sans = try! CGFont(contentsOfFile: TestFonts.sansPath)

    /// A context with DejaVu Sans at 64 points (font units / 32) and the black fill.
    func context(width: Int = 64, height: Int = 64) -> CGContext {
        let context = TextContexts.make(width: width, height: height)
        context.setFont(Self.sans)
        context.setFontSize(64)
        return context
    }

    /// The 'l' box at 64 pt placed at `origin` in user space with an identity CTM and text matrix.
    func lBox(at origin: CGPoint, scale: Double = 1.0 / 32) -> CGRect {
        let box = TextContexts.sansL.box
        return CGRect(x: origin.x + box.minX * scale, y: origin.y + box.minY * scale,
                      width: box.width * scale, height: box.height * scale)
    }

    @Test("the text matrix starts as the identity, the text position is its translation, and neither is saved with the graphics state")
    func textMatrixState() {
        // Apple, CGContextSetTextMatrix: "the text matrix is not a part of the graphics state—saving or
        // restoring the graphics state has no effect on the text matrix"; Quartz 2D Programming Guide, Text:
        // "The text position is stored in the tx and ty variables of the text matrix. When you first create a
        // graphics context, it initializes the text matrix to the identity matrix".
        let context = TextContexts.make()
        #expect(context.textMatrix == .identity)
        #expect(context.textPosition == .zero)
        context.saveGState()
        context.textMatrix = CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 5, ty: 7)
        #expect(context.textPosition == CGPoint(x: 5, y: 7))
        context.textPosition = CGPoint(x: 11, y: 13)
        context.restoreGState()
        #expect(context.textMatrix == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 11, ty: 13))
    }

    @Test("font, size, character spacing and drawing mode are saved and restored with the graphics state")
    func textStateIsGraphicsState() {
        // Quartz 2D Programming Guide, "Graphics States", Table 1-1 lists "Text: font, font size, character
        // spacing, text drawing mode" among the saved parameters.
        let context = TextContexts.make()
        #expect(context.font == nil && context.textDrawingMode == .fill && context.characterSpacing == 0)
        context.saveGState()
        context.setFont(Self.sans)
        context.setFontSize(30)
        context.setCharacterSpacing(2)
        context.setTextDrawingMode(.strokeClip)
        context.setFontSize(.nan)
        #expect(context.fontSize == 30)
        context.restoreGState()
        #expect(context.font == nil)
        #expect(context.fontSize == 12 && context.characterSpacing == 0 && context.textDrawingMode == .fill)
        #expect(CGTextDrawingMode.allCases.map(\.rawValue) == Array(0...7), "CGContext.h's kCGTextFill … kCGTextClip")
    }

    @Test("a glyph at a text-space position lands there in a y-up context, covering its outline exactly")
    func glyphAtPosition() {
        // Apple, showGlyphs(_:at:): "Points in the positions array are specified in text space, so the
        // textMatrix property defines their transformation to user space."
        let context = context()
        context.showGlyphs([TextContexts.sansL.glyph], at: [CGPoint(x: 10.25, y: 6.5)])
        let expected = TextContexts.rectangleAlpha(lBox(at: CGPoint(x: 10.25, y: 6.5)), width: 64, height: 64)
        #expect(TextContexts.maximumDifference(TextContexts.alphaRows(context), expected) <= 1)
        // The glyph stands on the baseline and grows upwards: device y 6.5 is halfway down raster row 57.
        let column = Int(lBox(at: CGPoint(x: 10.25, y: 6.5)).midX)
        #expect(TextContexts.alphaRows(context)[57][column] == 128)
        #expect(TextContexts.alphaRows(context)[58][column] == 0)
    }

    @Test("the text matrix (translation and scale) and then the CTM place the glyph")
    func textMatrixThenCTM() {
        // Apple, CGContextSetTextMatrix: Core Graphics "concatenates the text matrix with the current
        // transformation matrix".
        let context = context(width: 96, height: 64)
        context.translateBy(x: 4, y: 2)
        context.textMatrix = CGAffineTransform(a: 2, b: 0, c: 0, d: 0.5, tx: 8, ty: 3)
        context.showGlyphs([TextContexts.sansL.glyph], at: [CGPoint(x: 1, y: 2)])
        // Text point p ↦ (2 p.x + 8, 0.5 p.y + 3) ↦ + (4, 2).
        let box = TextContexts.sansL.box
        let s = 1.0 / 32
        let rect = CGRect(x: 4 + 8 + 2 * (1 + box.minX * s), y: 2 + 3 + 0.5 * (2 + box.minY * s),
                          width: 2 * box.width * s, height: 0.5 * box.height * s)
        let expected = TextContexts.rectangleAlpha(rect, width: 96, height: 64)
        #expect(TextContexts.maximumDifference(TextContexts.alphaRows(context), expected) <= 1)
    }

    @Test("text space is y up relative to the CTM: a y-down (flipped) CTM draws the glyph hanging from its baseline")
    func flippedCTM() {
        let context = context()
        context.translateBy(x: 0, y: 64)
        context.scaleBy(x: 1, y: -1)
        context.showGlyphs([TextContexts.sansL.glyph], at: [CGPoint(x: 10, y: 8)])
        let box = lBox(at: CGPoint(x: 10, y: 8))
        // Flipped user y ↦ device 64 − y: the glyph spans device y from 64 − maxY to 64 − minY.
        let device = CGRect(x: box.minX, y: 64 - box.maxY, width: box.width, height: box.height)
        #expect(TextContexts.maximumDifference(TextContexts.alphaRows(context), TextContexts.rectangleAlpha(device, width: 64, height: 64)) <= 1)
    }

    @Test("glyph positions are kept to 1/64 pixel: a 1/64 shift moves the edge coverage by 1/64 of a pixel")
    func subpixelPositions() {
        let a = context(), b = context()
        a.showGlyphs([TextContexts.sansL.glyph], at: [CGPoint(x: 10, y: 4)])
        b.showGlyphs([TextContexts.sansL.glyph], at: [CGPoint(x: 10 + 1.0 / 64, y: 4)])
        let expected = TextContexts.rectangleAlpha(lBox(at: CGPoint(x: 10 + 1.0 / 64, y: 4)), width: 64, height: 64)
        #expect(TextContexts.maximumDifference(TextContexts.alphaRows(b), expected) <= 1)
        #expect(TextContexts.alphaRows(a) != TextContexts.alphaRows(b))
    }

    @Test("several glyphs each at their own position; mismatched arrays draw the shorter count")
    func severalGlyphs() {
        let glyph = TextContexts.sansL.glyph
        let both = context(), first = context()
        both.showGlyphs([glyph, glyph], at: [CGPoint(x: 4, y: 4), CGPoint(x: 30, y: 4)])
        first.showGlyphs([glyph, glyph], at: [CGPoint(x: 4, y: 4)])
        let expectedFirst = TextContexts.rectangleAlpha(lBox(at: CGPoint(x: 4, y: 4)), width: 64, height: 64)
        let expectedSecond = TextContexts.rectangleAlpha(lBox(at: CGPoint(x: 30, y: 4)), width: 64, height: 64)
        let expectedBoth = zip(expectedFirst, expectedSecond).map { zip($0, $1).map { $0 + $1 } }
        #expect(TextContexts.maximumDifference(TextContexts.alphaRows(both), expectedBoth) <= 1)
        #expect(TextContexts.maximumDifference(TextContexts.alphaRows(first), expectedFirst) <= 1)
    }

    @Test("no font, a size ≤ 0, empty arrays or a non-finite text matrix draw nothing")
    func drawsNothing() {
        let glyph = TextContexts.sansL.glyph
        let noFont = TextContexts.make()
        noFont.showGlyphs([glyph], at: [CGPoint(x: 4, y: 4)])
        let zeroSize = context()
        zeroSize.setFontSize(0)
        zeroSize.showGlyphs([glyph], at: [CGPoint(x: 4, y: 4)])
        let empty = context()
        empty.showGlyphs([], at: [])
        let infinite = context()
        infinite.textMatrix = CGAffineTransform(a: .infinity, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        infinite.showGlyphs([glyph], at: [CGPoint(x: 4, y: 4)])
        let badGlyph = context()
        badGlyph.showGlyphs([CGGlyph.max], at: [CGPoint(x: 4, y: 4)])
        for context in [noFont, zeroSize, empty, infinite, badGlyph] {
            #expect(TextContexts.alphaRows(context).joined().allSatisfy { $0 == 0 })
        }
    }

    @Test("the current path survives text drawing")
    func pathUntouched() {
        let context = context()
        context.addRect(CGRect(x: 1, y: 1, width: 2, height: 2))
        context.showGlyphs([TextContexts.sansL.glyph], at: [CGPoint(x: 20, y: 4)])
        #expect(context.boundingBoxOfPath == CGRect(x: 1, y: 1, width: 2, height: 2))
    }

    // MARK: Drawing modes (Apple: CGTextDrawingMode's cases)

    @Test("invisible draws nothing; stroke paints the outline only, with the stroke colour and line width in user space")
    func invisibleAndStroke() {
        let invisible = context()
        invisible.setTextDrawingMode(.invisible)
        invisible.showGlyphs([TextContexts.sansL.glyph], at: [CGPoint(x: 10, y: 4)])
        #expect(TextContexts.alphaRows(invisible).joined().allSatisfy { $0 == 0 })

        let stroked = context(), filledAndStroked = context()
        for c in [stroked, filledAndStroked] {
            c.setStrokeColor(red: 1, green: 0, blue: 0, alpha: 1)
            c.setLineWidth(2)
        }
        stroked.setTextDrawingMode(.stroke)
        filledAndStroked.setTextDrawingMode(.fillStroke)
        stroked.showGlyphs([TextContexts.sansL.glyph], at: [CGPoint(x: 10, y: 4)])
        filledAndStroked.showGlyphs([TextContexts.sansL.glyph], at: [CGPoint(x: 10, y: 4)])
        // The 'l' box: x 10 + minX/32 …, y 4 … 4 + 48.625. A 2-unit pen covers 1 unit each side of the edges.
        let box = lBox(at: CGPoint(x: 10, y: 4))
        let outer = box.insetBy(dx: -1, dy: -1), inner = box.insetBy(dx: 1, dy: 1)
        let outerAlpha = TextContexts.rectangleAlpha(outer, width: 64, height: 64)
        let innerAlpha = TextContexts.rectangleAlpha(inner, width: 64, height: 64)
        let ring = zip(outerAlpha, innerAlpha).map { zip($0, $1).map { $0 - $1 } }
        #expect(TextContexts.maximumDifference(TextContexts.alphaRows(stroked), ring) <= 1)
        #expect(TextContexts.maximumDifference(TextContexts.alphaRows(filledAndStroked), outerAlpha) <= 1)
        let centre = stroked.bitmap[Int(box.midX), 64 - Int(box.midY)]
        #expect(centre.a == 0)
        #expect(contextColour(filledAndStroked, x: Int(box.midX), y: 64 - Int(box.midY)) == [0, 0, 0, 255])
        #expect(contextColour(filledAndStroked, x: Int(box.minX.rounded()), y: 64 - Int(box.midY)) == [255, 0, 0, 255])
    }

    @Test("clip intersects the clip with the glyphs without painting; fillClip paints and clips", arguments: [
        CGTextDrawingMode.clip, .fillClip,
    ])
    func clipModes(mode: CGTextDrawingMode) {
        let context = context()
        context.setTextDrawingMode(mode)
        context.showGlyphs([TextContexts.sansL.glyph], at: [CGPoint(x: 10, y: 4)])
        let box = lBox(at: CGPoint(x: 10, y: 4))
        let glyphAlpha = TextContexts.rectangleAlpha(box, width: 64, height: 64)
        if mode == .clip {
            #expect(TextContexts.alphaRows(context).joined().allSatisfy { $0 == 0 })
        } else {
            #expect(TextContexts.maximumDifference(TextContexts.alphaRows(context), glyphAlpha) <= 1)
        }
        // Filling everything afterwards paints only inside the glyph (over the glyph's own ink for fillClip).
        context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 64, height: 64))
        let clippedAlpha = mode == .clip ? glyphAlpha : glyphAlpha.map { $0.map { $0 + $0 * (255 - $0) / 255 } }
        #expect(TextContexts.maximumDifference(TextContexts.alphaRows(context), clippedAlpha) <= 1)
        #expect(context.boundingBoxOfClipPath.minY == 4)
        #expect(contextColour(context, x: Int(box.midX), y: 40) == [0, 0, 255, 255])
        #expect(contextColour(context, x: 40, y: 40) == [0, 0, 0, 0])
    }

    @Test("the glyphs of one call are one clip: two glyphs both let drawing through")
    func clipUnion() {
        let context = context()
        context.setTextDrawingMode(.clip)
        let glyph = TextContexts.sansL.glyph
        context.showGlyphs([glyph, glyph], at: [CGPoint(x: 4, y: 4), CGPoint(x: 30, y: 4)])
        context.fill(CGRect(x: 0, y: 0, width: 64, height: 64))
        let first = lBox(at: CGPoint(x: 4, y: 4)), second = lBox(at: CGPoint(x: 30, y: 4))
        #expect(context.bitmap[Int(first.midX), 32].a == 255)
        #expect(context.bitmap[Int(second.midX), 32].a == 255)
        #expect(context.bitmap[20, 32].a == 0)
    }

    @Test("the font smoothing and subpixel switches are accepted and change no pixel")
    func smoothingSwitches() {
        let plain = context(), switched = context()
        switched.setShouldSmoothFonts(false)
        switched.setAllowsFontSmoothing(false)
        switched.setShouldSubpixelPositionFonts(false)
        switched.setAllowsFontSubpixelPositioning(false)
        switched.setShouldSubpixelQuantizeFonts(false)
        switched.setAllowsFontSubpixelQuantization(false)
        for c in [plain, switched] { c.showGlyphs([TextContexts.sansL.glyph], at: [CGPoint(x: 10.3, y: 4.7)]) }
        let same = plain.bitmap == switched.bitmap
        #expect(same)
    }
}

/// R, G, B, A of the raster pixel (x, y), y down from the top row.
func contextColour(_ context: CGContext, x: Int, y: Int) -> [Int] {
    let p = context.bitmap[x, y]
    return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
}

/// Hostile input to the text state: nothing traps, hangs or draws outside what the state allows.
@Suite struct ContextGlyphRobustnessTests {
    @Test("huge and non-finite positions, sizes and line widths draw what they can and return")
    func hostileInput() {
        let glyph = TextContexts.sansL.glyph
        let context = TextContexts.make(width: 32, height: 32)
        context.setFont(ContextGlyphDrawingTests.sans)
        context.setFontSize(16_384)
        context.showGlyphs([glyph, glyph, glyph], at: [CGPoint(x: 1e300, y: 0), CGPoint(x: CGFloat.nan, y: 0), CGPoint(x: -1e6, y: -1e6)])
        context.setTextDrawingMode(.fillStroke)
        context.setLineWidth(1.7e308)
        context.setLineDash(phase: 0, lengths: [1e-9, 1e-9])
        context.showGlyphs([glyph], at: [CGPoint(x: 2, y: 2)])
        context.textMatrix = CGAffineTransform(a: 1e-300, b: 0, c: 0, d: 1e-300, tx: 0, ty: 0)
        context.showGlyphs([glyph], at: [CGPoint(x: 2, y: 2)])
        context.setFontSize(-5)
        #expect(context.fontSize == -5)
        context.showGlyphs([glyph], at: [CGPoint(x: 2, y: 2)])
        // The huge stroke covers the whole context in the stroke colour (black).
        #expect(TextContexts.alphaRows(context).joined().allSatisfy { $0 == 255 })
    }

    @Test("Core Text with hostile input: empty and huge strings, NaN sizes, infinite rectangles")
    func coreTextHostileInput() {
        let context = TextContexts.make(width: 16, height: 16)
        let nanFont = CTFontCreateWithGraphicsFont(ContextGlyphDrawingTests.sans, .nan, nil, nil)
        #expect(CTFontGetSize(nanFont) == 12)
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: String(repeating: "x", count: 10_000),
                                                                       attributes: [.font: nanFont]))
        #expect(CTLineGetGlyphCount(line) == 10_000)
        CTLineDraw(line, context)
        let setter = CTFramesetterCreateWithAttributedString(NSAttributedString(string: "a b c"))
        let infinite = CGPath(rect: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10))
        #expect(CTFrameGetLines(CTFramesetterCreateFrame(setter, CFRange(), infinite, nil)).isEmpty)
        let size = CTFramesetterSuggestFrameSizeWithConstraints(setter, CFRange(location: 3, length: 99), nil, CGSize(width: CGFloat.nan, height: -1), nil)
        #expect(size.width > 0 && size.height > 0)
    }
}
