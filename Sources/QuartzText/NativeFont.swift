// The only file of QuartzText that touches C pointers: a safe wrapper over TextShim's font handle.
// Outline coordinates are font units, y up; shaping positions are 26.6 fixed point of the requested scale.
import Foundation
import QuartzRaster
import TextShim

/// Face metrics in font units (hhea ascender/descender/line gap; descender negative, as in the file).
package struct FontUnitsMetrics: Sendable, Equatable {
    package var unitsPerEm: Int
    package var ascender: Int
    package var descender: Int
    package var lineGap: Int
    package var underlinePosition: Int
    package var underlineThickness: Int
    package var glyphCount: Int
    package var isBold: Bool
    package var isItalic: Bool
}

/// One glyph from HarfBuzz, positions in 26.6 fixed point (1/64 of a point at the shaping scale).
package struct ShapedGlyph: Sendable, Equatable {
    package var glyph: UInt32
    /// Index of the first scalar of the glyph's cluster in the shaped text.
    package var cluster: Int
    package var xAdvance: Int32
    package var yAdvance: Int32
    package var xOffset: Int32
    package var yOffset: Int32
}

/// A FreeType + HarfBuzz face behind a lock: FreeType faces are not thread-safe, so every call on the
/// handle holds it. The handle is created once and closed when the last reference goes.
package final class NativeFont: @unchecked Sendable {
    // Invariant: `handle` is non-nil for the object's whole life and only used while `lock` is held,
    // which is what makes the `@unchecked Sendable` sound.
    private let handle: OpaquePointer
    private let lock = NSLock()
    package let metrics: FontUnitsMetrics
    package let familyName: String
    package let styleName: String
    package let postScriptName: String

    /// Opens face `index` of the file at `path`; the error names the file and what is wrong with it.
    package init(path: String, index: Int = 0) throws(FontError) {
        guard FileManager.default.fileExists(atPath: path) else { throw .fileNotFound(path: path) }
        var font: OpaquePointer?
        var message = [CChar](repeating: 0, count: 256)
        let status = oq_font_open(path, Int32(clamping: index), &font, &message, message.count)
        guard status == 0, let font else {
            throw .unreadableFont(path: path, reason: String(nulTerminated: message))
        }
        handle = font
        var raw = oq_font_metrics()
        oq_font_get_metrics(font, &raw)
        metrics = FontUnitsMetrics(
            unitsPerEm: Int(raw.units_per_em), ascender: Int(raw.ascender), descender: Int(raw.descender),
            lineGap: Int(raw.line_gap), underlinePosition: Int(raw.underline_position),
            underlineThickness: Int(raw.underline_thickness), glyphCount: Int(raw.glyph_count),
            isBold: raw.is_bold != 0, isItalic: raw.is_italic != 0)
        familyName = String(cString: oq_font_family_name(font))
        styleName = String(cString: oq_font_style_name(font))
        postScriptName = String(cString: oq_font_postscript_name(font))
    }

    deinit { oq_font_close(handle) }

    /// The glyph for a scalar in the face's character map, 0 (.notdef) when it has none.
    package func glyph(for scalar: Unicode.Scalar) -> UInt32 {
        lock.withLock { oq_font_glyph_index(handle, scalar.value) }
    }

    /// The nominal (hmtx) advance in font units.
    package func advance(ofGlyph glyph: UInt32) -> Int {
        lock.withLock { Int(oq_font_glyph_advance(handle, glyph)) }
    }

    /// The glyph's outline in font units, y up, quadratic and cubic segments as in the file.
    package func outline(ofGlyph glyph: UInt32) throws(FontError) -> PathGeometry {
        var raw = oq_outline()
        var message = [CChar](repeating: 0, count: 128)
        let status = lock.withLock { oq_font_glyph_outline(handle, glyph, &raw, &message, message.count) }
        guard status == 0 else { throw .badGlyph(glyph: glyph, reason: String(nulTerminated: message)) }
        defer { oq_outline_free(&raw) }
        var path = PathGeometry()
        guard raw.verb_count > 0, let verbs = raw.verbs, let coordinates = raw.coordinates else { return path }
        // Invariant (textshim.h): `verbs` holds verb_count entries and `coordinates` 2·point_count, and the
        // verbs consume exactly point_count points; the guard below keeps a damaged count from reading past.
        var p = 0
        func point() -> CGPoint {
            defer { p += 1 }
            return CGPoint(x: Double(coordinates[2 * p]), y: Double(coordinates[2 * p + 1]))
        }
        for v in 0..<raw.verb_count {
            let verb = Int32(verbs[v])
            let needed = verb == Int32(OQ_VERB_CUBIC) ? 3 : verb == Int32(OQ_VERB_QUAD) ? 2 : verb == Int32(OQ_VERB_CLOSE) ? 0 : 1
            guard p + needed <= raw.point_count else { break }
            switch verb {
            case Int32(OQ_VERB_MOVE): path.move(to: point())
            case Int32(OQ_VERB_LINE): path.addLine(to: point())
            case Int32(OQ_VERB_QUAD):
                let control = point()
                path.addQuadCurve(to: point(), control: control)
            case Int32(OQ_VERB_CUBIC):
                let c1 = point()
                let c2 = point()
                path.addCurve(to: point(), control1: c1, control2: c2)
            default: path.closeSubpath()
            }
        }
        return path
    }

    /// Shapes `range` of `scalars` (the rest is context) with HarfBuzz at `scale` (26.6). `direction` nil
    /// guesses direction, script and language from the text (hb_buffer_guess_segment_properties).
    /// Returns the glyphs in visual order and whether the run is right to left.
    package func shape(
        _ scalars: [UInt32], range: Range<Int>, scale: Int32, rightToLeft: Bool?, kerning: Bool = true, ligatures: Bool = true
    ) -> (glyphs: [ShapedGlyph], rightToLeft: Bool) {
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= scalars.count else { return ([], false) }
        var raw: UnsafeMutablePointer<oq_shaped_glyph>?
        var count = 0
        var direction: Int32 = 1
        let hint: Int32 = rightToLeft.map { $0 ? 2 : 1 } ?? 0
        let status = lock.withLock {
            scalars.withUnsafeBufferPointer { text in
                oq_font_shape(handle, text.baseAddress, text.count, range.lowerBound, range.count, scale, hint,
                              kerning ? 1 : 0, ligatures ? 1 : 0, &raw, &count, &direction)
            }
        }
        guard status == 0, let raw else { return ([], direction == 2) }
        defer { oq_shaped_free(raw) }
        // Invariant: on success `raw` holds `count` glyphs (textshim.h).
        let glyphs = (0..<count).map { i in
            let g = raw[i]
            return ShapedGlyph(glyph: g.glyph, cluster: Int(g.cluster), xAdvance: g.x_advance, yAdvance: g.y_advance,
                               xOffset: g.x_offset, yOffset: g.y_offset)
        }
        return (glyphs, direction == 2)
    }
}

/// HarfBuzz's Unicode script data.
package enum UnicodeScript {
    /// The ISO 15924 tag of a scalar's script packed big-endian ('Latn', 'Arab'; 'Zyyy' common, 'Zinh' inherited).
    package static func tag(of scalar: Unicode.Scalar) -> UInt32 { oq_unicode_script(scalar.value) }
    package static func isRightToLeft(_ tag: UInt32) -> Bool { oq_script_is_right_to_left(tag) != 0 }
    package static let common: UInt32 = 0x5A79_7979  // 'Zyyy'
    package static let inherited: UInt32 = 0x5A69_6E68  // 'Zinh'
    package static let unknown: UInt32 = 0x5A7A_7A7A  // 'Zzzz'
}

/// fontconfig's best match for a family name, weight and slant.
package enum FontconfigMatch {
    package struct Match: Sendable, Equatable {
        package var path: String
        package var index: Int
        package var family: String
    }

    private static let lock = NSLock()

    package static func match(family: String, bold: Bool, italic: Bool) -> Match? {
        var path = [CChar](repeating: 0, count: 4096)
        var familyName = [CChar](repeating: 0, count: 512)
        var index: Int32 = 0
        // fontconfig's default configuration is loaded lazily on first use; one caller at a time.
        let status = lock.withLock {
            oq_fontconfig_match(family, bold ? 1 : 0, italic ? 1 : 0, &path, path.count, &index, &familyName, familyName.count)
        }
        guard status == 0 else { return nil }
        return Match(path: String(nulTerminated: path), index: Int(index), family: String(nulTerminated: familyName))
    }

    /// The first face in fontconfig's order of preference for the request whose character set has `scalar`.
    package static func match(family: String, bold: Bool, italic: Bool, covering scalar: Unicode.Scalar) -> Match? {
        var path = [CChar](repeating: 0, count: 4096)
        var familyName = [CChar](repeating: 0, count: 512)
        var index: Int32 = 0
        let status = lock.withLock {
            oq_fontconfig_match_covering(family, bold ? 1 : 0, italic ? 1 : 0, scalar.value, &path, path.count, &index,
                                         &familyName, familyName.count)
        }
        guard status == 0 else { return nil }
        return Match(path: String(nulTerminated: path), index: Int(index), family: String(nulTerminated: familyName))
    }
}

extension String {
    /// The UTF-8 text of a C buffer up to its first NUL.
    init(nulTerminated buffer: [CChar]) {
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        self = String(decoding: bytes, as: UTF8.self)
    }
}
