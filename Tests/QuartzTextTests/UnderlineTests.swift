// Underlines (NSUnderline / kCTUnderlineStyleAttributeName): where the font's metrics put them, drawn by
// CTLineDraw and laid out for CATextLayer's fills. Underlined spaces have no ink of their own, so the image
// is the underline rectangle alone, compared with its exact-area coverage within 1/255 per pixel.
import Foundation
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzText

@Suite struct UnderlineTests {
    static func underlined(_ string: String, size: CGFloat, style: Any = NSNumber(value: 1)) -> NSAttributedString {
        NSAttributedString(string: string, attributes: [.font: CoreTextLineTests.font(size), .underlineStyle: style])
    }

    /// The underline's centre (y up from the baseline, negative below) and thickness at `size`, from FreeType's
    /// `underline_position` ("the center of the underlining stem") and `underline_thickness`.
    static func metrics(size: Double) -> (centre: Double, thickness: Double) {
        let m = TestFonts.sans.metrics
        return (Double(m.underlinePosition) * size / 2048, Double(m.underlineThickness) * size / 2048)
    }

    @Test("CTLineDraw underlines the run from its origin to its advance, centred on the font's underline position below the baseline")
    func drawnUnderline() {
        // Apple, kCTUnderlineStyleAttributeName: "Set a value of something other than kCTUnderlineStyleNone
        // to draw an underline"; the position and thickness are the font's (FreeType's post-table metrics).
        let context = TextContexts.make(width: 64, height: 64)
        context.textPosition = CGPoint(x: 4.5, y: 30)
        CTLineDraw(CTLineCreateWithAttributedString(Self.underlined("  ", size: 64)), context)
        let (centre, thickness) = Self.metrics(size: 64)
        #expect(centre < 0 && thickness > 0)
        let width = 2 * CoreTextLineTests.advance(of: " ", size: 64)
        let rect = CGRect(x: 4.5, y: 30 + centre - thickness / 2, width: width, height: thickness)
        #expect(TextContexts.maximumDifference(TextContexts.alphaRows(context), TextContexts.rectangleAlpha(rect, width: 64, height: 64)) <= 1)
    }

    @Test("the style word's low byte says whether a line is drawn: none draws nothing; single, thick and double draw", arguments: [
        (0, false), (NSUnderlineStyle.single.rawValue, true), (NSUnderlineStyle.thick.rawValue, true),
        (NSUnderlineStyle.double.rawValue, true), (0x100, false),
    ])
    func styles(raw: Int, draws: Bool) {
        let context = TextContexts.make(width: 64, height: 64)
        context.textPosition = CGPoint(x: 4, y: 30)
        CTLineDraw(CTLineCreateWithAttributedString(Self.underlined("  ", size: 64, style: NSNumber(value: raw))), context)
        #expect(TextContexts.alphaRows(context).joined().contains { $0 > 0 } == draws)
    }

    /// Thick: twice the thickness about the same centre. Double: two lines of the single thickness, the second
    /// two thicknesses below the first (docs/semantics.md §13; Apple does not document the geometry). The
    /// pattern and by-word flags keep the line style of the low byte.
    @Test("thick and double underlines", arguments: [
        NSUnderlineStyle.thick.rawValue, NSUnderlineStyle.double.rawValue, NSUnderlineStyle.double.rawValue | 0x8000,
    ])
    func thickAndDouble(raw: Int) {
        let context = TextContexts.make(width: 64, height: 64)
        context.textPosition = CGPoint(x: 4.5, y: 30)
        CTLineDraw(CTLineCreateWithAttributedString(Self.underlined("  ", size: 64, style: NSNumber(value: raw))), context)
        let (centre, thickness) = Self.metrics(size: 64)
        let width = 2 * CoreTextLineTests.advance(of: " ", size: 64)
        var expected: [[Int]]
        if raw & 0xFF == NSUnderlineStyle.thick.rawValue {
            let rect = CGRect(x: 4.5, y: 30 + centre - thickness, width: width, height: 2 * thickness)
            expected = TextContexts.rectangleAlpha(rect, width: 64, height: 64)
        } else {
            // y up here: the second line is two thicknesses lower.
            let upper = TextContexts.rectangleAlpha(CGRect(x: 4.5, y: 30 + centre - thickness / 2, width: width, height: thickness), width: 64, height: 64)
            let lower = TextContexts.rectangleAlpha(CGRect(x: 4.5, y: 30 + centre - 2.5 * thickness, width: width, height: thickness), width: 64, height: 64)
            expected = zip(upper, lower).map { zip($0, $1).map { min(255, $0 + $1) } }
        }
        #expect(TextContexts.maximumDifference(TextContexts.alphaRows(context), expected) <= 1)
        let run = CTLineGetGlyphRuns(CTLineCreateWithAttributedString(Self.underlined("  ", size: 64, style: NSNumber(value: raw))))
        #expect((CTRunGetAttributes(run[0])[.underlineStyle] as? NSNumber)?.intValue == raw & 0xFF)
    }

    @Test("a text layer's fills carry the underline as its own fill, after the glyphs, y down from the line's baseline")
    func layoutFills() {
        let fallback = TestFonts.style(size: 20)
        let text = TextAttributes.styledText(Self.underlined("ll", size: 20), fallback: fallback)
        let layout = TextLayout(text: text, options: TextLayoutOptions(width: .infinity, height: .infinity))
        let fills = layout.fillPaths()
        #expect(fills.count == 2)
        let (centre, thickness) = Self.metrics(size: 20)
        let baseline = layout.lines[0].baselineY
        let expected = CGRect(x: 0, y: baseline - centre - thickness / 2, width: 2 * CoreTextLineTests.advance(of: "l", size: 20),
                              height: thickness)
        #expect(fills[1].path.tightBounds == expected)
        #expect(fills[0].color == .black && fills[1].color == .black)
    }

    @Test("a descender crossing the underline stays filled (the glyph and the underline are separate fills)")
    func crossingDescender() {
        let context = TextContexts.make(width: 64, height: 64)
        context.textPosition = CGPoint(x: 2, y: 30)
        CTLineDraw(CTLineCreateWithAttributedString(Self.underlined("|", size: 64)), context)
        // DejaVu's '|' runs from well above the baseline to well below the underline: where they cross, the
        // pixel is fully covered.
        let face = TestFonts.sans
        let bar = face.outline(ofGlyph: face.native.glyph(for: "|")).tightBounds
        let (centre, _) = Self.metrics(size: 64)
        let x = Int(2 + bar.midX / 32), row = 64 - Int((30 + centre).rounded())
        #expect(bar.minY / 32 < centre - 2)
        #expect(context.bitmap[x, row].a == 255)
    }

    @Test("the spaces hanging at the end of a wrapped line are not underlined, in frames and in layer layouts")
    func hangingSpacesNotUnderlined() throws {
        // TextKit leaves a wrapped line's trailing whitespace without underline; Core Text's frames are not
        // documented, so the same rule is used.
        let string = Self.underlined("ll ll", size: 20)
        let l = CoreTextLineTests.advance(of: "l", size: 20)
        let fallback = TestFonts.style(size: 20)
        let layout = TextLayout(text: TextAttributes.styledText(string, fallback: fallback),
                                options: TextLayoutOptions(width: 3 * l, height: .infinity, isWrapped: true))
        try #require(layout.lines.count == 2)
        let underlineBoxes = layout.fillPaths()[1].path
        #expect(abs(Double(underlineBoxes.tightBounds.width) - 2 * l) < 1e-9)
        let setter = CTFramesetterCreateWithAttributedString(string)
        let frame = CTFramesetterCreateFrame(setter, CFRange(), CGPath(rect: CGRect(x: 0, y: 0, width: 3 * l, height: 64)), nil)
        let first = try #require(CTFrameGetLines(frame).first)
        let context = TextContexts.make(width: 64, height: 64)
        context.textPosition = CGPoint(x: 0, y: 30)
        CTLineDraw(first, context)
        let (centre, _) = Self.metrics(size: 20)
        let row = TextContexts.alphaRows(context)[64 - Int((30 + centre).rounded(.down)) - 1]
        let inked = row.indices.filter { row[$0] > 0 }
        #expect(inked.last == Int((2 * l).rounded(.up)) - 1, "the underline stops at the end of the ink, not after the space")
        // A line made on its own keeps its trailing space underlined (nothing hangs there).
        #expect(CTLineGetTypographicBounds(CTLineCreateWithAttributedString(Self.underlined("ll ", size: 20)), nil, nil, nil) > 2 * l)
    }
}
