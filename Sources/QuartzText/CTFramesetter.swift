// Core Text's framesetter: an attributed string wrapped into the rectangle of a path with TextLayout (UAX #14
// opportunities, greedy, trailing spaces hanging; §13.2 of docs/semantics.md), lines stacked from the top and
// aligned by each paragraph's style (ParagraphStyle.swift).
// Lines are kept while they fit: a line whose descent would cross the bottom of the rectangle ends the frame
// [undocumented: Core Text's frames stop at the first line that does not fit the path].
import Foundation
import QuartzMath
import QuartzRaster

/// Apple: "An opaque type used to generate text frames."
public final class CTFramesetter: Sendable {
    /// An immutable copy of the string.
    // Invariant: `attributedString` is a private copy nobody mutates, so reading it from any thread is safe.
    nonisolated(unsafe) package let attributedString: NSAttributedString

    package init(attributedString: NSAttributedString) {
        self.attributedString = attributedString.copy() as? NSAttributedString ?? attributedString
    }

    /// The lines of `range` (UTF-16, Core Text's reading: length 0 = to the end) wrapped at `width` and kept
    /// while they fit in `height`: each line's glyphs relative to its origin, its origin from the top-left of
    /// the box (y down to the baseline) and the box height the kept lines take.
    package func lines(in range: CFRange, width: Double, height: Double)
        -> (lines: [(line: CTLine, originX: Double, baselineY: Double)], usedHeight: Double, visible: CFRange)
    {
        let string = attributedString
        guard let units = range.resolved(inLength: string.length), let fallback = CTLine.fallbackStyle(for: string) else {
            return ([], 0, CFRange(location: max(0, range.location), length: 0))
        }
        let piece = string.attributedSubstring(from: NSRange(location: units.lowerBound, length: units.count))
        let text = TextAttributes.styledText(piece, fallback: fallback)
        var options = TextLayoutOptions(width: width, height: .infinity, isWrapped: true)
        options.paragraphAlignments = TextAttributes.paragraphAlignments(piece)
        let layout = TextLayout(text: text, options: options)
        let utf16 = Array(piece.string.utf16)
        var offset = 0
        var kept: [(line: CTLine, originX: Double, baselineY: Double)] = []
        var usedHeight = 0.0
        for line in layout.lines {
            guard line.baselineY + line.descent <= height + 1e-9 else { break }
            // A string ending in a mandatory break has no empty line after it.
            if line.text.isEmpty, offset == utf16.count, !kept.isEmpty { break }
            // The line's UTF-16 range: its text, then the mandatory break that ended it (CR LF counts as one).
            var length = line.text.utf16.count
            let breakStart = offset + length
            if breakStart < utf16.count, LineBreaker.isMandatoryBreak(UInt32(utf16[breakStart])) {
                length += utf16[breakStart] == 0x0D && breakStart + 1 < utf16.count && utf16[breakStart + 1] == 0x0A ? 2 : 1
            }
            let glyphs = line.glyphs.map { glyph -> PlacedGlyph in
                var moved = glyph
                moved.x -= line.originX
                moved.y -= line.baselineY
                return moved
            }
            // The typographic width counts the hanging spaces, as a CTLine's does; line.width does not.
            let total = line.glyphs.reduce(0) { $0 + $1.advance }
            let ctLine = CTLine(
                glyphs: glyphs, width: total, ascent: line.ascent, descent: line.descent, leading: line.leading,
                trailingWhitespaceWidth: max(0, total - line.width),
                stringRange: CFRange(location: units.lowerBound + offset, length: length), hangsTrailingWhitespace: true)
            kept.append((ctLine, line.originX, line.baselineY))
            offset += length
            usedHeight = line.baselineY + line.descent + line.leading
        }
        return (kept, usedHeight, CFRange(location: units.lowerBound, length: offset))
    }
}

/// Apple: `CTFramesetterCreateWithAttributedString(_:)`; the string is copied.
public func CTFramesetterCreateWithAttributedString(_ attributedString: CFAttributedString) -> CTFramesetter {
    CTFramesetter(attributedString: attributedString)
}

/// Apple: `CTFramesetterCreateFrame(_:_:_:_:)`: the text of `stringRange` (length 0: to the end of the
/// string) laid out in `path`'s bounding box, which is the frame for rectangles (other shapes are laid out
/// in their bounding box). Frame attributes are accepted and ignored.
public func CTFramesetterCreateFrame(
    _ framesetter: CTFramesetter, _ stringRange: CFRange, _ path: CGPath, _ frameAttributes: CFDictionary?
) -> CTFrame {
    let box = path.boundingBox
    guard !box.isNull, box.width.isFinite, box.height.isFinite, box.width > 0, box.height > 0 else {
        return CTFrame(box: box.isNull ? .zero : box, lines: [], visibleRange: CFRange(location: max(0, stringRange.location), length: 0))
    }
    let laid = framesetter.lines(in: stringRange, width: Double(box.width), height: Double(box.height))
    // Core Text's line origins: from the box's bottom-left corner, y up to each baseline.
    let lines = laid.lines.map { (line: $0.line, origin: CGPoint(x: $0.originX, y: Double(box.height) - $0.baselineY)) }
    return CTFrame(box: box, lines: lines, visibleRange: laid.visible)
}

/// Apple: `CTFramesetterSuggestFrameSizeWithConstraints(_:_:_:_:_:)`: the size the text of `stringRange`
/// needs: the widest line (trailing spaces left out) by the height of the lines that fit, wrapped at `constraints.width`. A width or
/// height ≤ 0, infinite or `CGFloat.greatestFiniteMagnitude` means "unconstrained" [undocumented: Apple's
/// examples pass greatestFiniteMagnitude for the free dimension]. `fitRange` receives the UTF-16 range that fits.
public func CTFramesetterSuggestFrameSizeWithConstraints(
    _ framesetter: CTFramesetter, _ stringRange: CFRange, _ frameAttributes: CFDictionary?, _ constraints: CGSize,
    _ fitRange: UnsafeMutablePointer<CFRange>?
) -> CGSize {
    func limit(_ value: CGFloat) -> Double {
        value.isFinite && value > 0 && value < .greatestFiniteMagnitude ? Double(value) : .infinity
    }
    let laid = framesetter.lines(in: stringRange, width: limit(constraints.width), height: limit(constraints.height))
    fitRange?.pointee = laid.visible
    let width = laid.lines.map { $0.line.width - $0.line.trailingWhitespaceWidth }.max() ?? 0
    return CGSize(width: width, height: laid.usedHeight)
}
