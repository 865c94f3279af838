// Core Graphics' glyph drawing on a context: `setFont(_:)` and `showGlyphs(_:at:)`. A glyph's outline
// (font units, y up) is scaled by fontSize / unitsPerEm, moved to its position in text space, then mapped by
// the text matrix into user space and by the CTM into device space (Apple, showGlyphs(_:at:): "Points in
// the positions array are specified in text space, so the textMatrix property defines their transformation
// to user space"; CGContextSetTextMatrix: Core Graphics "concatenates the text matrix with the current
// transformation matrix"). Text space is y up like user space, so a fresh bitmap context draws upright text.
import Foundation
import QuartzMath
import QuartzRaster

extension CGContext {
    /// Apple: `setFont(_:)`, part of the graphics state.
    public func setFont(_ font: CGFont) { textFont = font }

    /// The font `setFont(_:)` set, nil before (our accessor).
    public var font: CGFont? { textFont as? CGFont }

    /// Apple: `showGlyphs(_:at:)`: each glyph at the text-space position of the same index, in the font and
    /// size of the graphics state, painted by the text drawing mode. With arrays of different lengths the
    /// first min(glyphs.count, positions.count) pairs are drawn [Apple's Swift signature takes two arrays
    /// and says only that each position belongs to the glyph "at the corresponding index"]. Without a font,
    /// with a size ≤ 0 or a non-finite text matrix nothing is drawn. The text position does not move.
    public func showGlyphs(_ glyphs: [CGGlyph], at positions: [CGPoint]) {
        guard let font, fontSize > 0 else { return }
        let count = min(glyphs.count, positions.count)
        guard count > 0 else { return }
        let geometry = glyphOutlinesInDeviceSpace(
            face: font.face, size: Double(fontSize), placements: (0..<count).lazy.map { (UInt32(glyphs[$0]), positions[$0]) })
        guard let geometry else { return }
        paintGlyphOutlines([(fillColor: nil, deviceGeometry: geometry)])
    }

    /// The outlines of `placements` (glyph, text-space position) of `face` at `size` in device space; nil
    /// when the text rendering transform is not finite.
    func glyphOutlinesInDeviceSpace(
        face: FontFace, size: Double, placements: some Sequence<(UInt32, CGPoint)>
    ) -> PathGeometry? {
        let textToDevice = textMatrix.concatenating(ctm)
        let scale = size / face.unitsPerEm
        let parts = [textToDevice.a, textToDevice.b, textToDevice.c, textToDevice.d, textToDevice.tx, textToDevice.ty]
        guard scale > 0, scale.isFinite, parts.allSatisfy({ $0.isFinite }) else { return nil }
        var geometry = PathGeometry()
        for (glyph, position) in placements {
            guard position.x.isFinite, position.y.isFinite else { continue }
            let outline = face.outline(ofGlyph: glyph)
            if outline.isEmpty { continue }
            let placement = CGAffineTransform(a: scale, b: 0, c: 0, d: scale, tx: position.x, ty: position.y)
            geometry.append(outline, transform: placement.concatenating(textToDevice))
        }
        return geometry
    }
}
