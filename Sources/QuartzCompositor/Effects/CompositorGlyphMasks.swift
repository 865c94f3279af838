// Glyph runs drawn through cached 8-bit glyph masks. Under an upright, axis-aligned transform a glyph's device
// picture depends only on its face, glyph, device scale and where its pen falls inside a pixel, so each such
// picture is rasterised once by our filler (non-zero rule, as the outline fill) and blended at whole-pixel
// offsets afterwards. Pens are rounded to 1/16 pixel on each axis: a glyph moves by at most 1/32 pixel, which
// changes an edge pixel's coverage by up to 8/255 per axis, so a pixel differs from the exact fill by at most
// about 16/255 plus rounding (17/255 measured, 1.3–3.1/255 on average over inked pixels, GlyphMaskTests);
// masks of neighbouring glyphs add (FillMaskSetCoverage.swift). Rotated, skewed, mirrored or projected text and ems
// over 256 pixels fill their outlines exactly instead. Which way a run is drawn depends only on its transform,
// and a mask only on its key, so frames are the same whatever the cache holds, the threads or the tiles.
import Foundation
import QuartzMath
import QuartzRaster
import QuartzText

enum CompositorGlyphMasks {
    /// Pen positions per pixel on each axis: 1 << phaseBits.
    static let phaseBits = 4
    static let phasesPerPixel = 1 << phaseBits
    /// The largest em, in device pixels on either axis, drawn through masks.
    static let maximumEmPixels = 256.0

    /// The run's coverage through glyph masks from `cache`, or nil when the transform or sizes do not allow
    /// masks (or nothing meets `clip`).
    static func coverage(
        of run: RenderGlyphRun, _ projection: CompositorProjection, clip: FillPixelBounds, deviceTolerance: Double,
        cache: GlyphMaskCache = .shared
    ) -> FillMaskSetCoverage? {
        guard let t = projection.affine, t.b == 0, t.c == 0, t.a > 0, t.d > 0 else { return nil }
        let a = Double(t.a), d = Double(t.d), tx = Double(t.tx), ty = Double(t.ty)
        guard a.isFinite, d.isFinite, tx.isFinite, ty.isFinite else { return nil }
        let phases = Double(phasesPerPixel)
        var placed: [FillMaskSetCoverage.Placed] = []
        placed.reserveCapacity(run.glyphs.count)
        for glyph in run.glyphs {
            let unitScale = glyph.size / glyph.face.unitsPerEm
            let scaleX = a * unitScale, scaleY = d * unitScale
            guard scaleX > 0, scaleY > 0, scaleX * glyph.face.unitsPerEm <= maximumEmPixels,
                  scaleY * glyph.face.unitsPerEm <= maximumEmPixels
            else { return nil }
            let penX = a * glyph.x + tx, penY = d * glyph.y + ty
            // Far off the frame (or not finite): the exact fill clips it.
            guard abs(penX) < 1e7, abs(penY) < 1e7 else { return nil }
            let box = glyph.face.outlineBox(ofGlyph: glyph.glyph)
            if box.isNull { continue }
            let qx = Int((penX * phases).rounded()), qy = Int((penY * phases).rounded())
            let whole = (x: qx >> phaseBits, y: qy >> phaseBits)
            let phase = (x: qx & (phasesPerPixel - 1), y: qy & (phasesPerPixel - 1))
            // Skip glyphs outside the clip before looking their masks up.
            let left = Double(whole.x) + Double(box.minX) * scaleX, right = Double(whole.x) + 1 + Double(box.maxX) * scaleX
            let top = Double(whole.y) - Double(box.maxY) * scaleY, bottom = Double(whole.y) + 1 - Double(box.minY) * scaleY
            if right < Double(clip.minX) || left > Double(clip.maxX) || bottom < Double(clip.minY) || top > Double(clip.maxY) {
                continue
            }
            let key = GlyphMaskKey(face: ObjectIdentifier(glyph.face), glyph: glyph.glyph, scaleX: scaleX.bitPattern,
                                   scaleY: scaleY.bitPattern, phaseX: UInt8(phase.x), phaseY: UInt8(phase.y),
                                   tolerance: deviceTolerance.bitPattern)
            let mask = cache.mask(for: key, face: glyph.face) {
                rasterize(glyph.face.outline(ofGlyph: glyph.glyph), scaleX: scaleX, scaleY: scaleY, phaseX: Double(phase.x) / phases,
                          phaseY: Double(phase.y) / phases, deviceTolerance: deviceTolerance)
            }
            guard let coverage = mask.coverage else { continue }
            placed.append(.init(mask: coverage, x: whole.x + mask.originX, y: whole.y + mask.originY))
        }
        return FillMaskSetCoverage(placed, clip: clip)
    }

    /// The outline (font units, y up) scaled by (scaleX, −scaleY) with its pen at (phaseX, phaseY) of pixel
    /// (0, 0), filled with the non-zero rule; the mask's top-left pixel is at (originX, originY) from that pixel.
    static func rasterize(
        _ outline: PathGeometry, scaleX: Double, scaleY: Double, phaseX: Double, phaseY: Double, deviceTolerance: Double
    ) -> GlyphMask {
        let box = outline.controlPointBounds
        let x0 = Int((Double(box.minX) * scaleX + phaseX).rounded(.down)), x1 = Int((Double(box.maxX) * scaleX + phaseX).rounded(.up))
        let y0 = Int((-Double(box.maxY) * scaleY + phaseY).rounded(.down)), y1 = Int((-Double(box.minY) * scaleY + phaseY).rounded(.up))
        let bounds = FillPixelBounds(width: max(0, x1 - x0), height: max(0, y1 - y0))
        guard !bounds.isEmpty else { return GlyphMask(coverage: nil, originX: 0, originY: 0) }
        var m = CATransform3DIdentity
        m.m11 = scaleX
        m.m22 = -scaleY
        m.m41 = phaseX - Double(x0)
        m.m42 = phaseY - Double(y0)
        let builder = CompositorCoverageBuilder(clip: bounds, tileSize: 64, deviceTolerance: deviceTolerance)
        guard let built = builder.path(outline, rule: .winding, CompositorProjection(m)) else {
            return GlyphMask(coverage: nil, originX: 0, originY: 0)
        }
        let bytes = CompositorShadows.rasterize(built.source, bounds: bounds, tileSize: 64)
        return GlyphMask(coverage: FillCoverageMask(bytes), originX: x0, originY: y0)
    }
}
