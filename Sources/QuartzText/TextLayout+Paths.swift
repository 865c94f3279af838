// A layout's glyphs as fill paths: each glyph's cached outline (font units, y up) scaled by size/unitsPerEm,
// flipped to y down and moved to its place. One path per colour, in the order colours first appear, so a
// single-colour text is one fill of the non-zero winding rule (TrueType and CFF outlines are non-zero); underlines
// follow as fills of their own (TextUnderlines.swift).
import Foundation
import QuartzMath
import QuartzRaster

extension TextLayout {
    /// The glyph outlines to fill, per colour. Glyphs without a colour, or wholly outside `visibleRect`
    /// (when given), add nothing.
    package func fillPaths(visibleRect: CGRect? = nil) -> [(color: CGColor, path: PathGeometry)] {
        var order: [CGColor] = []
        var paths: [CGColor: PathGeometry] = [:]
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
                let outline = glyph.face.outline(ofGlyph: glyph.glyph)
                guard !outline.isEmpty else { continue }
                let scale = glyph.size / glyph.face.unitsPerEm
                let placement = CGAffineTransform(a: scale, b: 0, c: 0, d: -scale, tx: glyph.x, ty: glyph.y)
                if paths[color] == nil {
                    order.append(color)
                    paths[color] = PathGeometry()
                }
                paths[color]!.append(outline, transform: placement)
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
        // Underlines are their own fills: a rectangle wound against a glyph's contours would cancel it where
        // they overlap under the non-zero rule.
        return order.map { ($0, paths[$0]!) } + underlineOrder.map { ($0, underlines[$0]!) }
    }
}
