// Text ready for layout: Unicode scalars (UTF-32, what HarfBuzz clusters index), the style of each run
// and where grapheme clusters start. Built from a String or from attributed runs given in UTF-16 offsets
// (NSAttributedString's), never splitting a scalar.
import Foundation
import QuartzRaster

/// The style of one run of text.
package struct TextRunStyle: Sendable, Equatable {
    package var face: FontFace
    /// Points; already clamped to [0, `TextLimits.maximumFontSize`].
    package var size: Double
    /// nil draws nothing (the run still takes space).
    package var color: CGColor?
    /// Extra advance after each grapheme cluster, points (NSKern / kCTKernAttributeName).
    package var kern: Double
    /// The run's underline (NSUnderline / kCTUnderlineStyleAttributeName).
    package var underline: TextUnderlineStyle

    package init(face: FontFace, size: Double, color: CGColor?, kern: Double = 0, underline: TextUnderlineStyle = .none) {
        self.underline = underline
        self.face = face
        self.size = TextLimits.fontSize(size)
        self.color = color
        self.kern = kern.isFinite ? kern : 0
    }
}

/// Bounds on what one layout takes on, so that no input allocates without limit.
package enum TextLimits {
    /// Larger sizes draw at this size (its 26.6 scale stays far inside Int32).
    package static let maximumFontSize: Double = 16_384
    /// Scalars beyond this many are not laid out (a 10 MB string costs about as much as 256 Ki scalars).
    package static let maximumScalarCount = 262_144

    /// NaN and negative sizes draw nothing (0); huge ones are clamped.
    package static func fontSize(_ size: Double) -> Double {
        guard size.isFinite else { return size == .infinity ? maximumFontSize : 0 }
        return min(max(size, 0), maximumFontSize)
    }
}

/// Scalars, style runs covering them, and grapheme-cluster starts.
package struct StyledText: Sendable {
    package private(set) var scalars: [UInt32] = []
    /// `isGraphemeStart[i]`: a grapheme cluster begins at scalar i (UAX #29, from Swift's `Character`s).
    package private(set) var isGraphemeStart: [Bool] = []
    /// Runs in order, covering `0..<scalars.count` without gaps.
    package private(set) var runs: [(range: Range<Int>, style: TextRunStyle)] = []
    /// True when the input was longer than `TextLimits.maximumScalarCount` and was cut.
    package private(set) var wasCut = false

    package var count: Int { scalars.count }

    /// Plain text in one style.
    package init(_ string: String, style: TextRunStyle) {
        self.init(string, utf16Runs: [(0..<Int.max, style)], defaultStyle: style)
    }

    /// Attributed text: `utf16Runs` are UTF-16 ranges (NSAttributedString's); text outside every run takes
    /// `defaultStyle`. A run boundary inside a surrogate pair moves to the pair's start.
    package init(_ string: String, utf16Runs: [(Range<Int>, TextRunStyle)], defaultStyle: TextRunStyle) {
        var scalarStarts: [Int] = []  // UTF-16 offset of each scalar
        var utf16 = 0
        for character in string {
            var first = true
            for scalar in character.unicodeScalars {
                if scalars.count >= TextLimits.maximumScalarCount {
                    wasCut = true
                    break
                }
                scalars.append(scalar.value)
                isGraphemeStart.append(first)
                scalarStarts.append(utf16)
                first = false
                utf16 += scalar.utf16.count
            }
            if wasCut { break }
        }
        // Style per scalar from the UTF-16 runs, then merged into runs.
        var current: (start: Int, style: TextRunStyle)?
        var runIndex = 0
        let sortedRuns = utf16Runs.sorted { $0.0.lowerBound < $1.0.lowerBound }
        for i in 0..<scalars.count {
            let offset = scalarStarts[i]
            while runIndex < sortedRuns.count, sortedRuns[runIndex].0.upperBound <= offset { runIndex += 1 }
            let style = runIndex < sortedRuns.count && sortedRuns[runIndex].0.contains(offset)
                ? sortedRuns[runIndex].1 : defaultStyle
            if let open = current {
                if open.style != style {
                    runs.append((open.start..<i, open.style))
                    current = (i, style)
                }
            } else {
                current = (i, style)
            }
        }
        if let open = current { runs.append((open.start..<scalars.count, open.style)) }
        if runs.isEmpty { runs = [(0..<0, defaultStyle)] }
    }

    /// A piece of this text (scalars and styles copied); `range` must lie on grapheme starts.
    package func slice(_ range: Range<Int>) -> StyledText {
        var piece = StyledText()
        piece.scalars = Array(scalars[range])
        piece.isGraphemeStart = Array(isGraphemeStart[range])
        for run in runs {
            let lower = max(run.range.lowerBound, range.lowerBound)
            let upper = min(run.range.upperBound, range.upperBound)
            if lower < upper { piece.runs.append(((lower - range.lowerBound)..<(upper - range.lowerBound), run.style)) }
        }
        if piece.runs.isEmpty { piece.runs = [(0..<0, style(at: range.lowerBound))] }
        return piece
    }

    /// Text joined from pieces (used for truncated lines).
    package static func joined(_ pieces: [StyledText]) -> StyledText {
        var text = StyledText()
        for piece in pieces {
            let base = text.scalars.count
            text.scalars += piece.scalars
            text.isGraphemeStart += piece.isGraphemeStart
            for run in piece.runs where !run.range.isEmpty {
                let range = (run.range.lowerBound + base)..<(run.range.upperBound + base)
                if let last = text.runs.last, last.style == run.style, last.range.upperBound == range.lowerBound {
                    text.runs[text.runs.count - 1].range = last.range.lowerBound..<range.upperBound
                } else {
                    text.runs.append((range, run.style))
                }
            }
        }
        if text.runs.isEmpty, let first = pieces.first?.runs.first { text.runs = [(0..<0, first.style)] }
        return text
    }

    private init() {}

    /// The style of the scalar at `index` (the last run's past the end).
    package func style(at index: Int) -> TextRunStyle {
        for run in runs where run.range.contains(index) { return run.style }
        return runs.last!.style
    }

    /// The text as a String.
    package func string(_ range: Range<Int>? = nil) -> String {
        var out = String.UnicodeScalarView()
        for value in scalars[range ?? 0..<scalars.count] {
            out.append(Unicode.Scalar(value) ?? "\u{FFFD}")
        }
        return String(out)
    }
}
