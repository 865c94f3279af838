// Underlines: one rectangle per stretch of consecutive underlined glyphs of one face, size, colour and style,
// from the first glyph's origin to the end of the last one's advance. Its centre and thickness are the face's
// FreeType underline metrics (`underline_position`, "the center of the underlining stem", negative below
// the baseline; `underline_thickness`), scaled to the size; Core Text likewise takes them from the font. A
// thick underline is twice as thick about the same centre; a double underline is two lines of the single
// thickness, the second one two thicknesses below the first, leaving one thickness between them (Apple does
// not document either geometry; the double line is spaced as browsers draw CSS's double text decoration).
// Spaces that hang at the end of a wrapped line are not underlined (TextKit's rule; Core Text's frames are not
// documented). Space: x right, y down from the line's top (the glyphs' own y), points.
import Foundation
import QuartzMath
import QuartzRaster

package enum TextUnderlines {
    /// The underline rectangles of glyphs on the baseline `baselineY` (y down), in the glyphs' colour. With
    /// `visibleX`, glyphs whose origin lies outside it (a wrapped line's hanging spaces) are not underlined.
    package static func rectangles(of glyphs: [PlacedGlyph], baselineY: Double, visibleX: Range<Double>? = nil)
        -> [(color: CGColor, rect: CGRect)]
    {
        var result: [(color: CGColor, rect: CGRect)] = []
        func drawn(_ glyph: PlacedGlyph) -> Bool {
            guard glyph.underline != .none else { return false }
            guard let visibleX else { return true }
            return glyph.x >= visibleX.lowerBound - 1e-9 && glyph.x < visibleX.upperBound - 1e-9
        }
        var start = 0
        while start < glyphs.count {
            let first = glyphs[start]
            guard drawn(first), let color = first.color, first.size > 0 else {
                start += 1
                continue
            }
            var end = start + 1
            while end < glyphs.count, drawn(glyphs[end]), glyphs[end].face === first.face,
                  glyphs[end].size == first.size, glyphs[end].color == color, glyphs[end].underline == first.underline {
                end += 1
            }
            let last = glyphs[end - 1]
            let scale = first.size / first.face.unitsPerEm
            let metrics = first.face.metrics
            let thickness = Double(max(1, metrics.underlineThickness)) * scale
            let centre = baselineY - Double(metrics.underlinePosition) * scale
            let minX = min(first.x, last.x + last.advance), maxX = max(first.x, last.x + last.advance)
            if maxX > minX {
                let line = { (centre: Double, thickness: Double) in
                    (color: color, rect: CGRect(x: minX, y: centre - thickness / 2, width: maxX - minX, height: thickness))
                }
                switch first.underline {
                case .none: break
                case .single: result.append(line(centre, thickness))
                case .thick: result.append(line(centre, 2 * thickness))
                case .double: result += [line(centre, thickness), line(centre + 2 * thickness, thickness)]
                }
            }
            start = end
        }
        return result
    }
}

/// The line of an underline: Apple's line-style values (`NSUnderlineStyle`'s low byte).
package enum TextUnderlineStyle: Int, Sendable, Hashable {
    case none = 0, single = 1, thick = 2, double = 9

    /// The style for a low byte of Apple's style word: an unknown non-zero value draws single.
    package init(lineStyle: Int) {
        self = TextUnderlineStyle(rawValue: lineStyle) ?? (lineStyle == 0 ? .none : .single)
    }
}
