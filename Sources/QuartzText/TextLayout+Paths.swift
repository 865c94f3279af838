// A layout's ink: its glyphs grouped per colour, and as fill paths, each glyph's cached outline (font units,
// y up) scaled by size/unitsPerEm, flipped to y down and moved to its place. One path per colour, in the order
// colours first appear, so a single-colour text is one fill of the non-zero winding rule (TrueType and CFF
// outlines are non-zero); underlines follow as fills of their own (TextUnderlines.swift).
import Foundation
import QuartzMath
import QuartzRaster

extension TextLayout {
    /// What a layout draws: its coloured glyphs per colour (layout space, y down), in the order colours first
    /// appear, and its underlines as rectangles filled per colour.
    package struct Ink {
        package var glyphRuns: [(color: CGColor, glyphs: [PlacedGlyph])] = []
        package var underlines: [(color: CGColor, path: PathGeometry)] = []
    }

    /// The glyphs and underlines to draw. Glyphs without a colour or an outline, or wholly outside
    /// `visibleRect` (when given), are left out.
    package func ink(visibleRect: CGRect? = nil) -> Ink {
        var order: [CGColor] = []
        var runs: [CGColor: [PlacedGlyph]] = [:]
        var underlineOrder: [CGColor] = []
        var underlines: [CGColor: PathGeometry] = [:]
        for line in lines {
            if let visibleRect {
                let top = line.baselineY - line.ascent * 1.5
                let bottom = line.baselineY + line.descent * 1.5 + line.ascent * 0.5
                if bottom < Double(visibleRect.minY) || top > Double(visibleRect.maxY) { continue }
            }
            for glyph in line.glyphs {
                guard let color = glyph.color, glyph.size > 0 else { continue }
                if let visibleRect {
                    // Ink stays within a few ems of the pen in any sane font.
                    let reach = glyph.size * 2
                    if glyph.x + reach < Double(visibleRect.minX) || glyph.x - reach > Double(visibleRect.maxX) { continue }
                }
                guard !glyph.face.outlineBox(ofGlyph: glyph.glyph).isNull else { continue }
                if runs[color] == nil {
                    order.append(color)
                    runs[color] = []
                }
                runs[color]!.append(glyph)
            }
            let visible = line.originX..<(line.originX + line.width)
            for (color, rect) in TextUnderlines.rectangles(of: line.glyphs, baselineY: line.baselineY, visibleX: visible) {
                if underlines[color] == nil {
                    underlineOrder.append(color)
                    underlines[color] = PathGeometry()
                }
                underlines[color]!.append(CGPath(rect: rect).geometry)
            }
        }
        return Ink(glyphRuns: order.map { ($0, runs[$0]!) }, underlines: underlineOrder.map { ($0, underlines[$0]!) })
    }

    /// The glyph outlines to fill, per colour, then the underlines. Underlines are their own fills: a
    /// rectangle wound against a glyph's contours would cancel it where they overlap under the non-zero rule.
    package func fillPaths(visibleRect: CGRect? = nil) -> [(color: CGColor, path: PathGeometry)] {
        let ink = ink(visibleRect: visibleRect)
        return ink.glyphRuns.map { ($0.color, Self.outlinePath(of: $0.glyphs)) } + ink.underlines
    }

    /// The glyphs' outlines (font units, y up) scaled by size/unitsPerEm, flipped to y down and moved to
    /// their places, as one path.
    package static func outlinePath(of glyphs: [PlacedGlyph]) -> PathGeometry {
        var path = PathGeometry()
        for glyph in glyphs {
            path.append(glyph.face.outline(ofGlyph: glyph.glyph), transform: glyph.placement)
        }
        return path
    }
}

extension PlacedGlyph {
    /// Font units (y up) → layout space (y down): scale by size/unitsPerEm, flip, move to the pen.
    package var placement: CGAffineTransform {
        let scale = size / face.unitsPerEm
        return CGAffineTransform(a: scale, b: 0, c: 0, d: -scale, tx: x, ty: y)
    }
}
