// Core Text's framesetter and frames: wrapping into a path's rectangle, lines stacked from the top in
// Core Graphics' y-up space, lines that do not fit left out, CTFrameDraw, and the suggested frame size.
import Foundation
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzText

@Suite struct CoreTextFrameTests {
    static func string(_ text: String, size: CGFloat = 20) -> NSAttributedString {
        NSAttributedString(string: text, attributes: [.font: CoreTextLineTests.font(size)])
    }

    static var lineHeight: Double {
        let m = TestFonts.sans.metrics
        return Double(m.ascender - m.descender + m.lineGap) * 20 / 2048
    }

    static var ascent: Double { Double(TestFonts.sans.metrics.ascender) * 20 / 2048 }

    func origins(_ frame: CTFrame) -> [CGPoint] {
        var points = [CGPoint](repeating: .zero, count: CTFrameGetLines(frame).count)
        CTFrameGetLineOrigins(frame, CFRange(location: 0, length: 0), &points)
        return points
    }

    @Test("lines wrap at spaces and stack from the top of the rectangle: the first baseline one ascent below it, y up")
    func linesFromTop() throws {
        // Apple, CTFrameGetLineOrigins(_:_:_:): each point is "the origin of the corresponding line … relative
        // to the origin of the path's bounding box"; Core Graphics' space, y up.
        let setter = CTFramesetterCreateWithAttributedString(Self.string("lll lll lll"))
        let rect = CGRect(x: 5, y: 7, width: 30, height: 100)
        let frame = CTFramesetterCreateFrame(setter, CFRange(location: 0, length: 0), CGPath(rect: rect), nil)
        let lines = CTFrameGetLines(frame)
        try #require(lines.count == 3)
        #expect(lines.map(CTLineGetStringRange) == [CFRange(location: 0, length: 4), CFRange(location: 4, length: 4), CFRange(location: 8, length: 3)])
        let points = origins(frame)
        #expect(points[0] == CGPoint(x: 0, y: 100 - Self.ascent))
        #expect(points[1] == CGPoint(x: 0, y: 100 - Self.ascent - Self.lineHeight))
        #expect(points[2] == CGPoint(x: 0, y: 100 - Self.ascent - 2 * Self.lineHeight))
        #expect(CTFrameGetVisibleStringRange(frame) == CFRange(location: 0, length: 11))
        // A wrapped line keeps its hanging space: counted in its typographic width, reported as trailing.
        let l = CoreTextLineTests.advance(of: "l", size: 20), space = CoreTextLineTests.advance(of: " ", size: 20)
        #expect(CTLineGetTypographicBounds(lines[0], nil, nil, nil) == 3 * l + space)
        #expect(CTLineGetTrailingWhitespaceWidth(lines[0]) == space)
        #expect(CTLineGetTrailingWhitespaceWidth(lines[2]) == 0)
    }

    @Test("a line that would cross the bottom of the rectangle ends the frame")
    func linesThatDoNotFit() {
        let setter = CTFramesetterCreateWithAttributedString(Self.string("lll lll lll"))
        // Room for two lines: the second's descent ends at 2 · lineHeight − leading.
        let rect = CGRect(x: 0, y: 0, width: 30, height: 2 * Self.lineHeight)
        let frame = CTFramesetterCreateFrame(setter, CFRange(location: 0, length: 0), CGPath(rect: rect), nil)
        #expect(CTFrameGetLines(frame).count == 2)
        #expect(CTFrameGetVisibleStringRange(frame) == CFRange(location: 0, length: 8))
        let tooShort = CTFramesetterCreateFrame(setter, CFRange(location: 0, length: 0),
                                                CGPath(rect: CGRect(x: 0, y: 0, width: 30, height: 5)), nil)
        #expect(CTFrameGetLines(tooShort).isEmpty)
    }

    @Test("mandatory breaks end lines and belong to the line they end; a string range selects part of the string")
    func breaksAndRanges() {
        let setter = CTFramesetterCreateWithAttributedString(Self.string("ab\r\ncd\nef"))
        let rect = CGPath(rect: CGRect(x: 0, y: 0, width: 500, height: 500))
        let frame = CTFramesetterCreateFrame(setter, CFRange(location: 0, length: 0), rect, nil)
        #expect(CTFrameGetLines(frame).map(CTLineGetStringRange) == [
            CFRange(location: 0, length: 4), CFRange(location: 4, length: 3), CFRange(location: 7, length: 2),
        ])
        let part = CTFramesetterCreateFrame(setter, CFRange(location: 4, length: 3), rect, nil)
        #expect(CTFrameGetLines(part).map(CTLineGetStringRange) == [CFRange(location: 4, length: 3)])
        let outside = CTFramesetterCreateFrame(setter, CFRange(location: 50, length: 3), rect, nil)
        #expect(CTFrameGetLines(outside).isEmpty)
        let negative = CTFramesetterCreateFrame(setter, CFRange(location: -1, length: 3), rect, nil)
        #expect(CTFrameGetLines(negative).isEmpty)
        let empty = CTFramesetterCreateFrame(setter, CFRange(location: 0, length: 0), CGPath(rect: .zero), nil)
        #expect(CTFrameGetLines(empty).isEmpty)
    }

    @Test("CTFrameDraw draws each line as CTLineDraw does at the rectangle's origin plus the line origin")
    func frameDraw() {
        let setter = CTFramesetterCreateWithAttributedString(Self.string("Hag lll gh"))
        let rect = CGRect(x: 6, y: 4, width: 50, height: 90)
        let frame = CTFramesetterCreateFrame(setter, CFRange(location: 0, length: 0), CGPath(rect: rect), nil)
        let viaFrame = TextContexts.make(width: 64, height: 100), viaLines = TextContexts.make(width: 64, height: 100)
        CTFrameDraw(frame, viaFrame)
        for (line, origin) in zip(CTFrameGetLines(frame), origins(frame)) {
            viaLines.textPosition = CGPoint(x: rect.minX + origin.x, y: rect.minY + origin.y)
            CTLineDraw(line, viaLines)
        }
        let same = viaFrame.bitmap == viaLines.bitmap
        #expect(same)
        #expect(viaFrame.textPosition == .zero)
        // The first line's ink is in the top part of the context (raster rows above its baseline).
        let baselineRow = 100 - Int(rect.minY + origins(frame)[0].y)
        let rows = TextContexts.alphaRows(viaFrame)
        #expect(rows[baselineRow - 5].contains { $0 > 0 })
        #expect(rows[..<(baselineRow - 16)].joined().allSatisfy { $0 == 0 })
    }

    @Test("the suggested size is the widest line by the height of the lines, and the fit range what fits")
    func suggestedSize() {
        let setter = CTFramesetterCreateWithAttributedString(Self.string("lll lll lll"))
        var fit = CFRange()
        let unconstrained = CTFramesetterSuggestFrameSizeWithConstraints(
            setter, CFRange(location: 0, length: 0), nil, CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude), &fit)
        let l = CoreTextLineTests.advance(of: "l", size: 20), space = CoreTextLineTests.advance(of: " ", size: 20)
        #expect(unconstrained == CGSize(width: 9 * l + 2 * space, height: Self.lineHeight))
        #expect(fit == CFRange(location: 0, length: 11))
        let narrow = CTFramesetterSuggestFrameSizeWithConstraints(
            setter, CFRange(location: 0, length: 0), nil, CGSize(width: 30, height: CGFloat.greatestFiniteMagnitude), &fit)
        #expect(narrow == CGSize(width: 3 * l, height: 3 * Self.lineHeight))
        let short = CTFramesetterSuggestFrameSizeWithConstraints(
            setter, CFRange(location: 0, length: 0), nil, CGSize(width: 30, height: 2 * Self.lineHeight), &fit)
        #expect(short == CGSize(width: 3 * l, height: 2 * Self.lineHeight))
        #expect(fit == CFRange(location: 0, length: 8))
    }
}

/// Paragraph alignment in frames: Apple applies a paragraph style to whole paragraphs
/// [doc: nsattributedstring/key/paragraphstyle], and Core Text's framesetter places each line of a centred,
/// right-aligned or justified paragraph in the frame's width. The style of a paragraph's first character
/// decides.
@Suite struct CoreTextParagraphStyleTests {
    static func styled(_ text: String, _ alignments: [(Range<Int>, NSTextAlignment)]) -> NSAttributedString {
        let string = NSMutableAttributedString(string: text, attributes: [.font: CoreTextLineTests.font(20)])
        for (range, alignment) in alignments {
            let style = NSMutableParagraphStyle()
            style.alignment = alignment
            string.addAttribute(.paragraphStyle, value: style, range: NSRange(location: range.lowerBound, length: range.count))
        }
        return string
    }

    func frame(_ string: NSAttributedString, width: CGFloat = 200) -> CTFrame {
        CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(string), CFRange(location: 0, length: 0),
                                 CGPath(rect: CGRect(x: 0, y: 0, width: width, height: 300)), nil)
    }

    func originsX(_ frame: CTFrame) -> [Double] {
        var points = [CGPoint](repeating: .zero, count: CTFrameGetLines(frame).count)
        CTFrameGetLineOrigins(frame, CFRange(location: 0, length: 0), &points)
        return points.map { Double($0.x) }
    }

    @Test func eachParagraphIsPlacedByItsOwnAlignment() throws {
        let l = CoreTextLineTests.advance(of: "l", size: 20)
        // Four paragraphs: left, centred, right, and one without a style (natural: left for Latin).
        let string = Self.styled("ll\nll\nll\nll", [(0..<3, .left), (3..<6, .center), (6..<9, .right)])
        let x = originsX(frame(string))
        try #require(x.count == 4)
        #expect(x[0] == 0)
        #expect(abs(x[1] - (200 - 2 * l) / 2) < 1e-9)
        #expect(abs(x[2] - (200 - 2 * l)) < 1e-9)
        #expect(x[3] == 0)
    }

    @Test func aParagraphTakesTheStyleOfItsFirstCharacter() throws {
        let l = CoreTextLineTests.advance(of: "l", size: 20)
        // The style covers only the second character of the first paragraph: it does not apply.
        let string = Self.styled("ll\nll", [(1..<2, .right), (3..<4, .center)])
        let x = originsX(frame(string))
        try #require(x.count == 2)
        #expect(x[0] == 0)
        #expect(abs(x[1] - (200 - 2 * l) / 2) < 1e-9)
    }

    @Test func centredWrappedLinesAreEachCentred() throws {
        let l = CoreTextLineTests.advance(of: "l", size: 20), space = CoreTextLineTests.advance(of: " ", size: 20)
        let string = Self.styled("lll lll l", [(0..<9, .center)])
        let width = 3.5 * l + space  // room for one "lll " per line
        let lines = CTFrameGetLines(frame(string, width: CGFloat(width)))
        let x = originsX(frame(string, width: CGFloat(width)))
        try #require(lines.count == 3)
        // Trailing spaces hang: the visible "lll" is what is centred.
        #expect(abs(x[0] - (width - 3 * l) / 2) < 1e-9)
        #expect(abs(x[1] - (width - 3 * l) / 2) < 1e-9)
        #expect(abs(x[2] - (width - l) / 2) < 1e-9)
    }

    /// Core Text's own paragraph style, made from settings, is read the same way; a setting of the wrong
    /// size is ignored.
    @Test func coreTextParagraphStylesAlign() throws {
        var right = CTTextAlignment.right
        let style = withUnsafePointer(to: &right) { pointer in
            var setting = CTParagraphStyleSetting(spec: .alignment, valueSize: MemoryLayout<CTTextAlignment>.size, value: UnsafeRawPointer(pointer))
            return CTParagraphStyleCreate(&setting, 1)
        }
        var center = CTTextAlignment.center
        let ignored = withUnsafePointer(to: &center) { pointer in
            var setting = CTParagraphStyleSetting(spec: .alignment, valueSize: 4, value: UnsafeRawPointer(pointer))
            return CTParagraphStyleCreate(&setting, 1)
        }
        let l = CoreTextLineTests.advance(of: "l", size: 20)
        let string = NSMutableAttributedString(string: "ll\nll", attributes: [.font: CoreTextLineTests.font(20)])
        string.addAttribute(NSAttributedString.Key(kCTParagraphStyleAttributeName), value: style, range: NSRange(location: 0, length: 3))
        string.addAttribute(.paragraphStyle, value: ignored, range: NSRange(location: 3, length: 2))
        let x = originsX(frame(string))
        try #require(x.count == 2)
        #expect(abs(x[0] - (200 - 2 * l)) < 1e-9)
        #expect(x[1] == 0)
        #expect(CTParagraphStyleCreate(nil, 0).alignment == .natural)
    }
}
