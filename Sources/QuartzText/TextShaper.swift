// Shaping a piece of text into positioned glyphs with HarfBuzz: the text is split into items of one style
// and one script (common and inherited scalars join their neighbours), each item shaped on its own with
// direction, script and language guessed from its text (hb_buffer_guess_segment_properties). Items are
// placed left to right, or right to left when the paragraph's first strong script is right to left (a
// simplified UAX #9: no embedding levels, numbers inside right-to-left text follow the item).
// Units: HarfBuzz works at scale = size · 64 (26.6); positions here are points, y down from the baseline.
import Foundation
import QuartzRaster

/// A glyph placed on a line.
package struct PlacedGlyph: Sendable, Equatable {
    package var face: FontFace
    package var glyph: UInt32
    /// Pen position plus HarfBuzz's offset, points from the line's start; y down from the baseline.
    package var x: Double
    package var y: Double
    /// The advance HarfBuzz gave (plus kern), points.
    package var advance: Double
    package var size: Double
    package var color: CGColor?
    /// The glyph's run's underline.
    package var underline: TextUnderlineStyle = .none
    /// Index of the first scalar of the glyph's cluster in the shaped text.
    package var cluster: Int
}

/// Shaped text: glyphs in visual order and each scalar's share of the advance.
package struct ShapedText: Sendable {
    package var glyphs: [PlacedGlyph] = []
    /// Advance of each scalar in logical order (a cluster's advance is on its first scalar).
    package var scalarAdvances: [Double] = []
    package var totalAdvance: Double = 0
    package var isRightToLeft = false
}

package enum TextShaper {
    /// Shapes all of `text`. `quantum` (points) rounds glyph origins to a device-pixel grid when set.
    package static func shape(_ text: StyledText, quantum: Double? = nil) -> ShapedText {
        var result = ShapedText()
        result.scalarAdvances = [Double](repeating: 0, count: text.count)
        guard text.count > 0 else { return result }
        let items = self.items(of: text)
        result.isRightToLeft = baseIsRightToLeft(text)
        var pen = 0.0
        let ordered = result.isRightToLeft ? items.reversed() : items
        for item in ordered {
            let style = item.style
            guard style.size > 0 else { continue }
            let scale = Int32((style.size * 64).rounded())
            let shaped = style.face.native.shape(text.scalars, range: item.range, scale: scale, rightToLeft: nil)
            let glyphs = shaped.glyphs
            for (index, g) in glyphs.enumerated() {
                let endsCluster = index + 1 == glyphs.count || glyphs[index + 1].cluster != g.cluster
                let advance = Double(g.xAdvance) / 64 + (endsCluster ? style.kern : 0)
                var x = pen + Double(g.xOffset) / 64
                if let quantum, quantum > 0 { x = (x / quantum).rounded() * quantum }
                result.glyphs.append(PlacedGlyph(
                    face: style.face, glyph: g.glyph, x: x, y: -Double(g.yOffset) / 64, advance: advance,
                    size: style.size, color: style.color, underline: style.underline, cluster: g.cluster))
                if g.cluster >= 0, g.cluster < text.count { result.scalarAdvances[g.cluster] += advance }
                pen += advance
            }
        }
        result.totalAdvance = pen
        return result
    }

    /// Items: maximal ranges of one style run, one script and one face: a grapheme cluster whose first
    /// scalar the run's face does not map takes the first installed face that does (FontLibrary's fallback),
    /// as Core Text substitutes fonts for characters a font lacks.
    static func items(of text: StyledText, library: FontLibrary = .shared) -> [(range: Range<Int>, style: TextRunStyle)] {
        var items: [(range: Range<Int>, style: TextRunStyle)] = []
        for run in text.runs where !run.range.isEmpty {
            var scripts = run.range.map { UnicodeScript.tag(of: Unicode.Scalar(text.scalars[$0]) ?? "\u{FFFD}") }
            // Common and inherited scalars take the script before them, or the first real one after.
            let isNeutral = { (tag: UInt32) in
                tag == UnicodeScript.common || tag == UnicodeScript.inherited || tag == UnicodeScript.unknown
            }
            var last = scripts.first { !isNeutral($0) } ?? UnicodeScript.common
            for i in scripts.indices {
                if isNeutral(scripts[i]) { scripts[i] = last } else { last = scripts[i] }
            }
            // The face of each scalar: the run's, or a fallback for a cluster the run's face cannot show.
            var faces: [FontFace] = []
            faces.reserveCapacity(run.range.count)
            var clusterFace = run.style.face
            for i in run.range {
                if text.isGraphemeStart[i] {
                    let scalar = text.scalars[i]
                    clusterFace = run.style.face
                    if !FontFallback.needsNoGlyph(scalar), let value = Unicode.Scalar(scalar), !run.style.face.covers(value),
                       let fallback = library.fallbackFace(for: value, like: run.style.face) {
                        clusterFace = fallback
                    }
                }
                faces.append(clusterFace)
            }
            var start = run.range.lowerBound
            for i in 1..<max(scripts.count, 1) where scripts[i] != scripts[i - 1] || faces[i] !== faces[i - 1] {
                let split = run.range.lowerBound + i
                items.append((start..<split, style(run.style, face: faces[start - run.range.lowerBound])))
                start = split
            }
            items.append((start..<run.range.upperBound, style(run.style, face: faces[start - run.range.lowerBound])))
        }
        return items
    }

    static func style(_ style: TextRunStyle, face: FontFace) -> TextRunStyle {
        var copy = style
        copy.face = face
        return copy
    }

    /// True when the first scalar with a strong script is in a right-to-left script.
    static func baseIsRightToLeft(_ text: StyledText) -> Bool {
        for value in text.scalars {
            let tag = UnicodeScript.tag(of: Unicode.Scalar(value) ?? " ")
            if tag == UnicodeScript.common || tag == UnicodeScript.inherited || tag == UnicodeScript.unknown { continue }
            return UnicodeScript.isRightToLeft(tag)
        }
        return false
    }
}
