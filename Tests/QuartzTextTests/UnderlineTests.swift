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

    @Test("the style word's low byte says whether a line is drawn: none draws nothing; single, thick and double draw one line", arguments: [
        (0, false), (NSUnderlineStyle.single.rawValue, true), (NSUnderlineStyle.thick.rawValue, true),
        (NSUnderlineStyle.double.rawValue, true), (0x100, false),
    ])
    func styles(raw: Int, draws: Bool) {
        let context = TextContexts.make(width: 64, height: 64)
        context.textPosition = CGPoint(x: 4, y: 30)
        CTLineDraw(CTLineCreateWithAttributedString(Self.underlined("  ", size: 64, style: NSNumber(value: raw))), context)
        #expect(TextContexts.alphaRows(context).joined().contains { $0 > 0 } == draws)
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
}
