// Line layout in a box, as CATextLayer lays out its string: paragraphs split at mandatory breaks, lines
// wrapped at UAX #14 opportunities (LineBreaker) when wrapping is on, truncated with "…" (U+2026) when a
// truncation mode is set, aligned, and stacked from the top: the first baseline sits one ascent below the
// top of the box [A: DOC-catextlayer "The first line is aligned to the top of the layer"], each next one
// a descent, a leading and its own ascent further down (Core Text's line spacing).
// Space: the box's own coordinates, origin top-left, y down, points.
import Foundation
import QuartzRaster

/// How lines are aligned in the box (CATextLayerAlignmentMode's cases).
package enum TextAlignment: Sendable, Hashable {
    /// Left for left-to-right paragraphs, right for right-to-left ones.
    case natural, left, right, center
    /// Lines but the last of each paragraph stretched to the width at their spaces.
    case justified
}

/// Where text that does not fit is cut (CATextLayerTruncationMode's cases).
package enum TextTruncation: Sendable, Hashable {
    case none, start, middle, end
}

/// The inputs of one layout besides the text.
package struct TextLayoutOptions: Sendable, Hashable {
    /// The box; a width of `.infinity` lays out without a limit (preferredFrameSize).
    package var width: Double
    package var height: Double
    package var isWrapped: Bool
    package var truncation: TextTruncation
    package var alignment: TextAlignment
    /// Alignments of the first paragraphs (split at mandatory breaks), in order; later ones take `alignment`.
    package var paragraphAlignments: [TextAlignment] = []
    /// Glyph origins rounded to multiples of this many points (allowsFontSubpixelQuantization); nil keeps
    /// HarfBuzz's 1/64-point positions.
    package var quantum: Double?

    package init(width: Double, height: Double, isWrapped: Bool = false, truncation: TextTruncation = .none,
                 alignment: TextAlignment = .natural, quantum: Double? = nil) {
        self.width = width.isNaN ? 0 : max(0, width)
        self.height = height.isNaN ? 0 : max(0, height)
        self.isWrapped = isWrapped
        self.truncation = truncation
        self.alignment = alignment
        self.quantum = quantum
    }
}

/// One laid-out line.
package struct TextLine: Sendable {
    /// What the line shows, "…" included when truncated.
    package var text: String
    /// Glyphs with box coordinates (x from the box's left, y the baseline, down).
    package var glyphs: [PlacedGlyph]
    /// Width of the line without trailing spaces, points.
    package var width: Double
    /// The x where the line's visible part starts, and its baseline's y.
    package var originX: Double
    package var baselineY: Double
    package var ascent: Double
    package var descent: Double
    package var leading: Double
}

/// Text laid out in a box.
package struct TextLayout: Sendable {
    package var lines: [TextLine]
    /// The widest line and the height from the top to the last line's descent plus leading.
    package var size: CGSize

    package init(text: StyledText, options: TextLayoutOptions) {
        var lines: [TextLine] = []
        let paragraphs = LineBreaker.paragraphs(in: text.scalars)
        var pieces: [(text: StyledText, endsParagraph: Bool, isRightToLeft: Bool, alignment: TextAlignment)] = []
        let wrapWidth = options.isWrapped && options.width > 0 ? options.width : Double.infinity
        for (number, paragraph) in paragraphs.enumerated() {
            let piece = text.slice(paragraph)
            let shaped = TextShaper.shape(piece)
            let ranges = wrapWidth.isFinite ? Self.wrap(piece, advances: shaped.scalarAdvances, width: wrapWidth) : [0..<piece.count]
            let alignment = number < options.paragraphAlignments.count ? options.paragraphAlignments[number] : options.alignment
            for (index, range) in ranges.enumerated() {
                pieces.append((piece.slice(range), index == ranges.count - 1, shaped.isRightToLeft, alignment))
            }
        }
        // Truncation: every too-wide line when not wrapping; with wrapping, the last line that fits in the
        // height takes the rest of the text and is truncated [undocumented: Apple documents only "how the
        // string is truncated to fit within the receiver's bounds"; this is what Core Text's framesetter does
        // with a truncation token on the last line].
        var baseline = 0.0
        var previousBottom = 0.0
        for (index, piece) in pieces.enumerated() {
            var content = piece.text
            var isLast = index == pieces.count - 1
            let metrics = Self.metrics(of: content)
            let nextBaseline = index == 0 ? metrics.ascent : previousBottom + metrics.ascent
            if options.truncation != .none, options.width > 0, options.width.isFinite {
                let overflowsHeight = options.isWrapped && index > 0 && index + 1 < pieces.count
                    && Self.wouldOverflow(pieces[index + 1].text, after: nextBaseline + metrics.descent + metrics.leading, height: options.height)
                if overflowsHeight {
                    content = StyledText.joined(pieces[index...].map(\.text).enumerated().flatMap { offset, p in
                        offset == 0 ? [p] : [Self.space(like: p), p]
                    })
                    isLast = true
                }
                content = Truncator.truncate(content, toWidth: options.width, mode: options.truncation, quantum: options.quantum)
            }
            baseline = nextBaseline
            var lineOptions = options
            lineOptions.alignment = piece.alignment
            var line = Self.place(content, baseline: baseline, metrics: metrics, options: lineOptions,
                                  isLastOfParagraph: piece.endsParagraph || isLast, paragraphIsRightToLeft: piece.isRightToLeft)
            line.baselineY = baseline
            lines.append(line)
            previousBottom = baseline + metrics.descent + metrics.leading
            if isLast { break }
        }
        self.lines = lines
        let width = lines.map(\.width).max() ?? 0
        size = CGSize(width: width, height: lines.isEmpty ? 0 : previousBottom)
    }

    /// Greedy wrapping: lines end at the last opportunity that fits, trailing spaces hanging; a cluster run
    /// wider than the line breaks between grapheme clusters (at least one per line).
    static func wrap(_ text: StyledText, advances: [Double], width: Double) -> [Range<Int>] {
        let n = text.count
        guard n > 0 else { return [0..<0] }
        let breaks = LineBreaker.opportunities(in: text)
        var ranges: [Range<Int>] = []
        var start = 0
        while start < n {
            var x = 0.0
            var lastBreak: Int?
            var end = start
            var i = start
            var inkWidth = 0.0
            while i < n {
                if i > start, breaks[i] { lastBreak = i }
                x += advances[i]
                if !LineBreaker.isSpace(text.scalars[i]) { inkWidth = x }
                if inkWidth > width + 1e-9, i > start {
                    break
                }
                i += 1
                end = i
            }
            if end >= n {
                ranges.append(start..<n)
                break
            }
            var cut: Int
            if let lastBreak, lastBreak > start {
                cut = lastBreak
            } else {
                // Emergency break: the last grapheme start that fits, at least one cluster.
                cut = end
                while cut > start + 1, !text.isGraphemeStart[cut] { cut -= 1 }
                if cut <= start { cut = start + 1 }
                while cut < n, !text.isGraphemeStart[cut] { cut += 1 }
            }
            ranges.append(start..<cut)
            start = cut
        }
        return ranges
    }

    /// The largest ascent, descent and leading of the faces the line is drawn in: its runs' faces and the
    /// fallback faces that draw what they lack (of its style when empty). Core Text measures a line by its
    /// runs, and a substituted font makes a run of its own [undocumented: `CTLineGetTypographicBounds` gives
    /// "the typographic ascent of the line"; `CTRunGetAttributes` names the substituted font of such a run].
    static func metrics(of text: StyledText) -> (ascent: Double, descent: Double, leading: Double) {
        var ascent = 0.0, descent = 0.0, leading = 0.0
        let styles = text.count == 0 ? text.runs.map(\.style) : TextShaper.items(of: text).map(\.style)
        for style in styles {
            let face = style.face
            let size = style.size
            ascent = max(ascent, face.ascent(atSize: size))
            descent = max(descent, face.descent(atSize: size))
            leading = max(leading, face.leading(atSize: size))
        }
        return (ascent, descent, leading)
    }

    static func wouldOverflow(_ next: StyledText, after top: Double, height: Double) -> Bool {
        let m = metrics(of: next)
        return top + m.ascent + m.descent > height + 1e-9
    }

    static func space(like text: StyledText) -> StyledText {
        StyledText(" ", style: text.style(at: 0))
    }

    /// Shapes a line, measures it without its trailing spaces and places it by the alignment.
    static func place(
        _ content: StyledText, baseline: Double, metrics: (ascent: Double, descent: Double, leading: Double),
        options: TextLayoutOptions, isLastOfParagraph: Bool, paragraphIsRightToLeft: Bool
    ) -> TextLine {
        var shaped = TextShaper.shape(content, quantum: nil)
        // Trailing spaces (logical end) hang outside the line: they take no width and do not move it.
        var trailingStart = content.count
        while trailingStart > 0, LineBreaker.isSpace(content.scalars[trailingStart - 1]) { trailingStart -= 1 }
        let hanging = shaped.glyphs.filter { $0.cluster >= trailingStart }
        let width = shaped.totalAdvance - hanging.reduce(0) { $0 + $1.advance }
        // In a right-to-left line the hanging spaces come first visually: the visible part starts after them.
        let firstVisible = shaped.glyphs.firstIndex { $0.cluster < trailingStart }
        let leadingHang = shaped.glyphs[..<(firstVisible ?? shaped.glyphs.count)].reduce(0) { $0 + $1.advance }
        let boxWidth = options.width.isFinite ? options.width : width
        var alignment = options.alignment
        if alignment == .natural || (alignment == .justified && (isLastOfParagraph || !options.isWrapped)) {
            alignment = paragraphIsRightToLeft ? .right : .left
        }
        let originX: Double
        switch alignment {
        case .right: originX = boxWidth - width
        case .center: originX = (boxWidth - width) / 2
        default: originX = 0
        }
        if alignment == .justified {
            // Extra space shared by the spaces inside the visible part [undocumented: Core Text's
            // justification also stretches inter-glyph spacing; spaces only are the predictable subset].
            let spaces = shaped.glyphs.indices.filter {
                shaped.glyphs[$0].cluster < trailingStart && LineBreaker.isSpace(content.scalars[shaped.glyphs[$0].cluster])
            }
            if !spaces.isEmpty, boxWidth > width {
                let extra = (boxWidth - width) / Double(spaces.count)
                var shift = 0.0
                var spaceSet = Set(spaces)
                for i in shaped.glyphs.indices {
                    shaped.glyphs[i].x += shift
                    if spaceSet.remove(i) != nil { shift += extra }
                }
            }
        }
        var glyphs = shaped.glyphs
        for i in glyphs.indices {
            var x = glyphs[i].x + originX - leadingHang
            if let quantum = options.quantum, quantum > 0 { x = (x / quantum).rounded() * quantum }
            glyphs[i].x = x
            glyphs[i].y += baseline
        }
        return TextLine(text: content.string(), glyphs: glyphs, width: width, originX: originX, baselineY: baseline,
                        ascent: metrics.ascent, descent: metrics.descent, leading: metrics.leading)
    }
}
