// Underlines: one rectangle per stretch of consecutive underlined glyphs of one face, size and colour, from
// the first glyph's origin to the end of the last one's advance. Its centre and thickness are the face's
// FreeType underline metrics (`underline_position`, "the center of the underlining stem", negative below
// the baseline; `underline_thickness`), scaled to the size; Core Text likewise takes them from the font.
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
            guard glyph.isUnderlined else { return false }
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
                  glyphs[end].size == first.size, glyphs[end].color == color { end += 1 }
            let last = glyphs[end - 1]
            let scale = first.size / first.face.unitsPerEm
            let metrics = first.face.metrics
            let thickness = Double(max(1, metrics.underlineThickness)) * scale
            let centre = baselineY - Double(metrics.underlinePosition) * scale
            let minX = min(first.x, last.x + last.advance), maxX = max(first.x, last.x + last.advance)
            if maxX > minX {
                result.append((color, CGRect(x: minX, y: centre - thickness / 2, width: maxX - minX, height: thickness)))
            }
            start = end
        }
        return result
    }
}
