// Core Text's glyph runs: split by font and attributes, glyphs and positions that redraw the line through
// showGlyphs(_:at:), advances and bounds that add up to the line's.
import Foundation
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzText

@Suite struct CoreTextRunTests {
    static func twoColourLine() -> CTLine {
        let string = NSMutableAttributedString(string: "Hag lo", attributes: [.font: CoreTextLineTests.font(24)])
        string.addAttribute(.foregroundColor, value: CGColor(red: 1, green: 0, blue: 0, alpha: 1), range: NSRange(location: 0, length: 3))
        return CTLineCreateWithAttributedString(string)
    }

    @Test("a line splits into runs where the attributes change; the runs' glyphs are the line's")
    func runs() {
        let line = Self.twoColourLine()
        let runs = CTLineGetGlyphRuns(line)
        #expect(runs.count == 2)
        #expect(runs.map(CTRunGetGlyphCount) == [3, 3])
        #expect(runs.reduce(0) { $0 + CTRunGetTypographicBounds($1, CFRange(), nil, nil, nil) } == CTLineGetTypographicBounds(line, nil, nil, nil))
        #expect((CTRunGetAttributes(runs[0])[.foregroundColor] as? CGColor) == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect((CTRunGetAttributes(runs[1])[.foregroundColor] as? CGColor) == .black)
        #expect((CTRunGetAttributes(runs[0])[.font] as? CTFont).map(CTFontGetSize) == 24)
    }

    @Test("drawing each run with showGlyphs at its positions, in its font and colour, draws what CTLineDraw draws")
    func redrawWithShowGlyphs() {
        // Apple, CTLineDraw(_:_:): the line "could be drawn run-by-run by getting the glyph runs, getting the
        // glyphs out of them, and calling a function such as CGContextShowGlyphsAtPositions".
        let line = Self.twoColourLine()
        let viaLine = TextContexts.make(width: 96, height: 40), viaRuns = TextContexts.make(width: 96, height: 40)
        for context in [viaLine, viaRuns] { context.textPosition = CGPoint(x: 3.25, y: 12.5) }
        CTLineDraw(line, viaLine)
        for run in CTLineGetGlyphRuns(line) {
            let count = CTRunGetGlyphCount(run)
            var glyphs = [CGGlyph](repeating: 0, count: count)
            var positions = [CGPoint](repeating: .zero, count: count)
            CTRunGetGlyphs(run, CFRange(), &glyphs)
            CTRunGetPositions(run, CFRange(), &positions)
            let attributes = CTRunGetAttributes(run)
            let font = attributes[.font] as! CTFont
            viaRuns.setFont(CTFontCopyGraphicsFont(font, nil))
            viaRuns.setFontSize(CTFontGetSize(font))
            viaRuns.setFillColor(attributes[.foregroundColor] as! CGColor)
            viaRuns.showGlyphs(glyphs, at: positions)
        }
        let same = viaLine.bitmap == viaRuns.bitmap
        #expect(same)
    }

    @Test("ranges: length 0 runs to the end, out-of-range requests copy nothing; CTRunDraw draws a part")
    func ranges() {
        let run = CTLineGetGlyphRuns(Self.twoColourLine())[0]
        var advances = [CGSize](repeating: CGSize(width: -1, height: -1), count: 3)
        CTRunGetAdvances(run, CFRange(location: 1, length: 0), &advances)
        #expect(advances[0].width > 0 && advances[1].width > 0 && advances[2].width == -1)
        CTRunGetAdvances(run, CFRange(location: 9, length: 1), &advances)
        #expect(advances[2].width == -1)
        let context = TextContexts.make(width: 40, height: 40)
        context.textPosition = CGPoint(x: 2, y: 10)
        CTRunDraw(run, context, CFRange(location: 0, length: 1))
        let part = TextContexts.make(width: 40, height: 40)
        part.textPosition = CGPoint(x: 2, y: 10)
        CTRunDraw(run, part, CFRange(location: 5, length: 1))
        #expect(TextContexts.alphaRows(context).joined().contains { $0 > 0 })
        #expect(TextContexts.alphaRows(part).joined().allSatisfy { $0 == 0 })
    }
}
