// Core Text's lines: CTLineCreateWithAttributedString, typographic bounds, glyph count and string range,
// and CTLineDraw at the context's text position (compared with showGlyphs and with the exact coverage of
// DejaVu Sans' 'l', within 1/255 per pixel: the rounding of exact coverage to 8 bits).
import Foundation
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzText

@Suite struct CoreTextLineTests {
    static let sans = try! CGFont(contentsOfFile: TestFonts.sansPath)

    static func font(_ size: CGFloat) -> CTFont { CTFontCreateWithGraphicsFont(sans, size, nil, nil) }

    static func line(_ string: String, size: CGFloat = 20, color: CGColor? = nil) -> CTLine {
        var attributes: [NSAttributedString.Key: Any] = [.font: font(size)]
        if let color { attributes[.foregroundColor] = color }
        return CTLineCreateWithAttributedString(NSAttributedString(string: string, attributes: attributes))
    }

    /// HarfBuzz's advance at `size` points: hmtx units scaled to 26.6 with rounding (hb_font_t's em_scale,
    /// "(v * scale + upem / 2) / upem"), in points.
    static func advance(of scalar: Unicode.Scalar, size: Double) -> Double {
        let face = TestFonts.sans
        let units = face.native.advance(ofGlyph: face.native.glyph(for: scalar))
        let scale = Int((size * 64).rounded()), upem = Int(face.unitsPerEm)
        return Double((units * scale + upem / 2) / upem) / 64
    }

    @Test("typographic bounds: the sum of the advances, and the font's hhea ascent, descent and line gap in points")
    func typographicBounds() {
        // Apple, CTLineGetTypographicBounds(_:_:_:_:): returns "The typographic width of the line" and
        // writes the ascent, descent and leading.
        var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = -1
        let width = CTLineGetTypographicBounds(Self.line("lll", size: 20), &ascent, &descent, &leading)
        #expect(width == 3 * Self.advance(of: "l", size: 20))
        #expect((width * 64).rounded() == width * 64, "positions are kept in 1/64 point")
        let metrics = TestFonts.sans.metrics
        #expect(ascent == CGFloat(Double(metrics.ascender) * 20 / 2048))
        #expect(descent == CGFloat(Double(-metrics.descender) * 20 / 2048))
        #expect(leading == CGFloat(Double(metrics.lineGap) * 20 / 2048))
        #expect(CTLineGetTypographicBounds(Self.line("lll"), nil, nil, nil) == width)
    }

    @Test("glyph count, string range in UTF-16 units, trailing whitespace")
    func counts() {
        let line = Self.line("ab😀 ")
        #expect(CTLineGetGlyphCount(line) == 4)
        #expect(CTLineGetStringRange(line) == CFRange(location: 0, length: 5))
        #expect(CTLineGetTrailingWhitespaceWidth(line) == Self.advance(of: " ", size: 20))
        let empty = CTLineCreateWithAttributedString(NSAttributedString(string: ""))
        #expect(CTLineGetGlyphCount(empty) == 0)
        #expect(CTLineGetTypographicBounds(empty, nil, nil, nil) == 0)
    }

    @Test("runs without attributes take Core Text's Helvetica 12")
    func defaultAttributes() {
        var ascent: CGFloat = 0
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: "x"))
        _ = CTLineGetTypographicBounds(line, &ascent, nil, nil)
        let face = try! FontLibrary.shared.face(named: "Helvetica").0
        #expect(ascent == CGFloat(face.ascent(atSize: 12)))
        #expect(line.glyphs.first?.size == 12)
    }

    @Test("CTLineDraw puts the line's origin at the text position: glyphs at the pen positions, y up")
    func drawAtTextPosition() {
        // Apple, CTLineDraw(_:_:): the line "could be drawn run-by-run by getting the glyph runs, getting the
        // glyphs out of them, and calling a function such as CGContextShowGlyphsAtPositions".
        let context = TextContexts.make(width: 64, height: 64)
        context.textPosition = CGPoint(x: 8.5, y: 6.25)
        CTLineDraw(Self.line("ll", size: 64), context)
        let step = Self.advance(of: "l", size: 64)
        let box = TextContexts.sansL.box
        let s = 1.0 / 32
        var expected = [[Int]](repeating: [Int](repeating: 0, count: 64), count: 64)
        for origin in [8.5, 8.5 + step] {
            let rect = CGRect(x: origin + box.minX * s, y: 6.25, width: box.width * s, height: box.height * s)
            let one = TextContexts.rectangleAlpha(rect, width: 64, height: 64)
            expected = zip(expected, one).map { zip($0, $1).map { $0 + $1 } }
        }
        #expect(TextContexts.maximumDifference(TextContexts.alphaRows(context), expected) <= 1)
        #expect(context.textPosition == CGPoint(x: 8.5, y: 6.25), "drawing advances nothing")
    }

    @Test("CTLineDraw draws what showGlyphs draws for the same glyphs at the same positions, through the text matrix and CTM")
    func sameAsShowGlyphs() {
        let line = Self.line("Hag", size: 24)
        let viaLine = TextContexts.make(width: 96, height: 48), viaGlyphs = TextContexts.make(width: 96, height: 48)
        for context in [viaLine, viaGlyphs] {
            context.translateBy(x: 3, y: 2)
            context.rotate(by: 0.1)
            context.textMatrix = CGAffineTransform(a: 1.5, b: 0, c: 0.2, d: 1, tx: 10, ty: 12)
        }
        CTLineDraw(line, viaLine)
        viaGlyphs.setFont(Self.sans)
        viaGlyphs.setFontSize(24)
        viaGlyphs.showGlyphs(line.glyphs.map { CGGlyph($0.glyph) },
                             at: line.glyphs.map { CGPoint(x: $0.x, y: -$0.y) })
        let same = viaLine.bitmap == viaGlyphs.bitmap
        #expect(same)
        #expect(viaLine.bitmap.pixels.contains { $0 != 0 })
    }

    @Test("each run draws in its foreground colour; the context's fill colour and font are left as they were")
    func runColours() {
        let string = NSMutableAttributedString(string: "ll", attributes: [.font: Self.font(64)])
        string.addAttribute(.foregroundColor, value: CGColor(red: 1, green: 0, blue: 0, alpha: 1), range: NSRange(location: 0, length: 1))
        string.addAttribute(.foregroundColor, value: CGColor(red: 0, green: 0, blue: 1, alpha: 1), range: NSRange(location: 1, length: 1))
        let context = TextContexts.make(width: 64, height: 64)
        context.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
        context.textPosition = CGPoint(x: 4, y: 4)
        CTLineDraw(CTLineCreateWithAttributedString(string), context)
        let box = TextContexts.sansL.box
        let firstX = Int(4 + box.midX / 32), secondX = Int(4 + Self.advance(of: "l", size: 64) + box.midX / 32)
        #expect(contextColour(context, x: firstX, y: 30) == [255, 0, 0, 255])
        #expect(contextColour(context, x: secondX, y: 30) == [0, 0, 255, 255])
        #expect(context.font == nil)
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(contextColour(context, x: 0, y: 63) == [0, 255, 0, 255])
    }

    @Test("CTLineDraw follows the text drawing mode: clip makes the line's glyphs the clip")
    func drawingMode() {
        let context = TextContexts.make(width: 64, height: 64)
        context.setTextDrawingMode(.clip)
        context.textPosition = CGPoint(x: 4, y: 4)
        CTLineDraw(Self.line("l", size: 64), context)
        #expect(TextContexts.alphaRows(context).joined().allSatisfy { $0 == 0 })
        context.fill(CGRect(x: 0, y: 0, width: 64, height: 64))
        let box = TextContexts.sansL.box
        let rect = CGRect(x: 4 + box.minX / 32, y: 4, width: box.width / 32, height: box.height / 32)
        #expect(TextContexts.maximumDifference(TextContexts.alphaRows(context), TextContexts.rectangleAlpha(rect, width: 64, height: 64)) <= 1)
    }

    @Test("CTFontGetGlyphsForCharacters maps UTF-16 through the character map; a surrogate pair's second slot is 0")
    func glyphsForCharacters() {
        let font = Self.font(20)
        let units: [UniChar] = Array("l😀".utf16)
        var glyphs = [CGGlyph](repeating: 9, count: units.count)
        let allMapped = CTFontGetGlyphsForCharacters(font, units, &glyphs, units.count)
        #expect(glyphs[0] == CGGlyph(TestFonts.sans.native.glyph(for: "l")))
        #expect(glyphs[2] == 0)
        #expect(allMapped == (glyphs[1] != 0))
        var advances = [CGSize](repeating: .zero, count: 1)
        let total = CTFontGetAdvancesForGlyphs(font, .horizontal, [glyphs[0]], &advances, 1)
        #expect(total == Double(TestFonts.sans.native.advance(ofGlyph: UInt32(glyphs[0]))) * 20 / 2048)
        #expect(advances[0].width == CGFloat(total))
    }
}
