// Core Text's line: an attributed string shaped into one line of positioned glyphs (no wrapping, mandatory
// breaks included as glyphs, as CTLineCreateWithAttributedString keeps the whole string on one line).
// Space: glyph x from the line's origin, y down from the baseline, points; drawing maps them into Core
// Graphics' y-up text space at the context's text position.
import Foundation
import QuartzMath
import QuartzRaster

/// Apple: "A line of text."
public final class CTLine: Sendable, CustomStringConvertible {
    /// Glyphs in visual order; x from the line's origin, y down from the baseline.
    package let glyphs: [PlacedGlyph]
    /// The typographic width (every glyph's advance, trailing spaces included) and the largest ascent,
    /// descent and leading of the line's runs, points.
    package let width: Double
    package let ascent: Double
    package let descent: Double
    package let leading: Double
    /// Width of the trailing whitespace, points.
    package let trailingWhitespaceWidth: Double
    /// The UTF-16 range of the attributed string the line shows.
    package let stringRange: CFRange
    /// Whether the trailing spaces hang (a frame's wrapped line): they are then not underlined.
    package let hangsTrailingWhitespace: Bool

    package init(glyphs: [PlacedGlyph], width: Double, ascent: Double, descent: Double, leading: Double,
                 trailingWhitespaceWidth: Double, stringRange: CFRange, hangsTrailingWhitespace: Bool = false) {
        self.hangsTrailingWhitespace = hangsTrailingWhitespace
        self.glyphs = glyphs
        self.width = width
        self.ascent = ascent
        self.descent = descent
        self.leading = leading
        self.trailingWhitespaceWidth = trailingWhitespaceWidth
        self.stringRange = stringRange
    }

    /// The line of `text`, all of it shaped as one line.
    package convenience init(text: StyledText, stringRange: CFRange) {
        let shaped = TextShaper.shape(text)
        let metrics = TextLayout.metrics(of: text)
        var trailing = 0.0
        var index = text.count
        while index > 0, LineBreaker.isSpace(text.scalars[index - 1]) {
            index -= 1
            trailing += shaped.scalarAdvances[index]
        }
        self.init(glyphs: shaped.glyphs, width: shaped.totalAdvance, ascent: metrics.ascent, descent: metrics.descent,
                  leading: metrics.leading, trailingWhitespaceWidth: trailing, stringRange: stringRange)
    }

    public var description: String { "CTLine(\(glyphs.count) glyphs, width \(width))" }

    /// Core Text's defaults for runs without attributes (Helvetica 12 in black); nil only when no font is
    /// installed at all.
    package static var defaultStyle: TextRunStyle? {
        guard let face = try? FontLibrary.shared.face(named: TextAttributes.defaultFontName).0 else { return nil }
        return TextRunStyle(face: face, size: TextAttributes.defaultSize, color: .black)
    }

    /// The style runs of `string` start from: Core Text's defaults, unless every run names its font as a
    /// CTFont or CGFont, when Helvetica is never needed (and never looked up, so no substitution is reported).
    package static func fallbackStyle(for string: NSAttributedString) -> TextRunStyle? {
        var face: FontFace?
        var everyRunHasFont = true
        string.enumerateAttribute(.font, in: NSRange(location: 0, length: string.length)) { value, _, stop in
            if let ctFont = value as? CTFont { face = face ?? ctFont.cgFont.face }
            else if let cgFont = value as? CGFont { face = face ?? cgFont.face }
            else {
                everyRunHasFont = false
                stop.pointee = true
            }
        }
        if everyRunHasFont, let face { return TextRunStyle(face: face, size: TextAttributes.defaultSize, color: .black) }
        return defaultStyle
    }
}

/// Apple: `CTLineCreateWithAttributedString(_:)`: the whole string as one line, each run in its attributes'
/// font (`.font` / kCTFontAttributeName), colour (`.foregroundColor` / kCTForegroundColorAttributeName) and
/// kern, runs without them in Helvetica 12 and black. With no font installed at all the line is empty.
public func CTLineCreateWithAttributedString(_ attributedString: CFAttributedString) -> CTLine {
    let range = CFRange(location: 0, length: attributedString.length)
    guard let fallback = CTLine.fallbackStyle(for: attributedString) else {
        return CTLine(glyphs: [], width: 0, ascent: 0, descent: 0, leading: 0, trailingWhitespaceWidth: 0, stringRange: range)
    }
    return CTLine(text: TextAttributes.styledText(attributedString, fallback: fallback), stringRange: range)
}

/// Apple: `CTLineGetTypographicBounds(_:_:_:_:)`: returns the typographic width and writes the ascent,
/// descent (positive) and leading where the pointers are non-nil.
public func CTLineGetTypographicBounds(
    _ line: CTLine, _ ascent: UnsafeMutablePointer<CGFloat>?, _ descent: UnsafeMutablePointer<CGFloat>?,
    _ leading: UnsafeMutablePointer<CGFloat>?
) -> Double {
    ascent?.pointee = CGFloat(line.ascent)
    descent?.pointee = CGFloat(line.descent)
    leading?.pointee = CGFloat(line.leading)
    return line.width
}

/// Apple: `CTLineGetGlyphCount(_:)`.
public func CTLineGetGlyphCount(_ line: CTLine) -> CFIndex { line.glyphs.count }

/// Apple: `CTLineGetStringRange(_:)`: the UTF-16 range of the attributed string the line was made from.
public func CTLineGetStringRange(_ line: CTLine) -> CFRange { line.stringRange }

/// Apple: `CTLineGetTrailingWhitespaceWidth(_:)`.
public func CTLineGetTrailingWhitespaceWidth(_ line: CTLine) -> Double { line.trailingWhitespaceWidth }

/// Apple: `CTLineDraw(_:_:)`: draws the line with its origin at the context's text position, through the
/// text matrix and the CTM, in the context's text drawing mode, each run in its own font, size and colour.
/// The text position does not move. Apple: "This call can leave the graphics context in any state"; here
/// the fill colour, font and font size are left as they were, and only a clip drawing mode changes the
/// context (its clip).
public func CTLineDraw(_ line: CTLine, _ context: CGContext) {
    let visible = line.hangsTrailingWhitespace ? 0..<(line.width - line.trailingWhitespaceWidth) : nil
    context.drawGlyphs(line.glyphs, lineOrigin: .zero, underlinedX: visible)
}

extension CGContext {
    /// Paints placed glyphs (x right, y down from the baseline, points) with the baseline origin at
    /// `lineOrigin` in text space, grouped into one run per face, size and colour.
    /// `underlinedX` limits underlines to glyphs whose origin lies in it (TextUnderlines).
    package func drawGlyphs(_ glyphs: [PlacedGlyph], lineOrigin: CGPoint, underlinedX: Range<Double>? = nil) {
        var runs: [(fillColor: PremultipliedRGBA8?, deviceGeometry: PathGeometry)] = []
        var start = 0
        while start < glyphs.count {
            let first = glyphs[start]
            var end = start + 1
            while end < glyphs.count, glyphs[end].face === first.face, glyphs[end].size == first.size,
                  glyphs[end].color == first.color { end += 1 }
            if let color = first.color, first.size > 0 {
                let placements = glyphs[start..<end].lazy.map { glyph in
                    (glyph.glyph, CGPoint(x: lineOrigin.x + glyph.x, y: lineOrigin.y - glyph.y))
                }
                if let geometry = glyphOutlinesInDeviceSpace(face: first.face, size: first.size, placements: placements) {
                    runs.append((color.premultipliedRGBA8, geometry))
                }
            }
            start = end
        }
        // Underlines in text space: the line's y-down rectangles flipped about the baseline.
        let textToDevice = textMatrix.concatenating(ctm)
        var underlines: [(fillColor: PremultipliedRGBA8?, deviceGeometry: PathGeometry)] = []
        for (color, rect) in TextUnderlines.rectangles(of: glyphs, baselineY: 0, visibleX: underlinedX) {
            let textRect = CGRect(x: lineOrigin.x + rect.minX, y: lineOrigin.y - rect.maxY, width: rect.width, height: rect.height)
            underlines.append((color.premultipliedRGBA8, CGPath(rect: textRect).geometry.applying(textToDevice)))
        }
        paintGlyphOutlines(runs, decorations: underlines)
    }
}
