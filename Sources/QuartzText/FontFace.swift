// One opened font face: its names, metrics in font units and points, its glyph outline cache, and the
// native handle that shapes and decodes. Faces are shared by every layer and thread that uses the file.
import Foundation
import QuartzRaster

/// An opened outline face. Immutable apart from its outline cache, so it is shared freely.
package final class FontFace: Sendable, Hashable, CustomStringConvertible {
    package let path: String
    package let index: Int
    package let native: NativeFont
    package let outlines = GlyphOutlineCache()

    package init(path: String, index: Int = 0) throws(FontError) {
        self.path = path
        self.index = index
        native = try NativeFont(path: path, index: index)
    }

    package var familyName: String { native.familyName }
    package var styleName: String { native.styleName }
    package var postScriptName: String { native.postScriptName }
    package var metrics: FontUnitsMetrics { native.metrics }
    package var unitsPerEm: Double { Double(max(1, native.metrics.unitsPerEm)) }

    /// Ascent above the baseline at `size` points (hhea ascender).
    package func ascent(atSize size: Double) -> Double { Double(metrics.ascender) * size / unitsPerEm }
    /// Descent below the baseline at `size` points, positive (−hhea descender).
    package func descent(atSize size: Double) -> Double { Double(-metrics.descender) * size / unitsPerEm }
    /// Leading (hhea line gap) at `size` points.
    package func leading(atSize size: Double) -> Double { Double(metrics.lineGap) * size / unitsPerEm }

    /// The glyph's outline in font units (y up), cached. A glyph whose outline cannot be read draws nothing.
    package func outline(ofGlyph glyph: UInt32) -> PathGeometry {
        outlines.outline(ofGlyph: glyph) { (try? native.outline(ofGlyph: glyph)) ?? PathGeometry() }
    }

    /// The outline's control-point box in font units (null when the glyph draws nothing), cached.
    package func outlineBox(ofGlyph glyph: UInt32) -> CGRect {
        outlines.box(ofGlyph: glyph) { (try? native.outline(ofGlyph: glyph)) ?? PathGeometry() }
    }

    /// Whether the face maps every scalar of `scalars` to a glyph other than .notdef.
    package func covers(_ scalar: Unicode.Scalar) -> Bool { native.glyph(for: scalar) != 0 }

    package var description: String { "\(familyName) \(styleName) (\(path))" }

    package static func == (lhs: FontFace, rhs: FontFace) -> Bool { lhs === rhs }
    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
