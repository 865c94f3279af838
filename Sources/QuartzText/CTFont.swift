// The part of Core Text's font object that layer code passes around: a CGFont at a size.
// `CTFontCreateWithName` and `CTFontGetSize` with Apple's signatures.
import Foundation
import QuartzMath
import QuartzRaster

/// Apple: "An object that represents a font": a face and a point size.
public final class CTFont: Sendable, Hashable, CustomStringConvertible {
    public let cgFont: CGFont
    public let size: CGFloat

    package init(cgFont: CGFont, size: CGFloat) {
        self.cgFont = cgFont
        self.size = size.isFinite && size > 0 ? size : 12
    }

    public var description: String { "CTFont(\(cgFont.resolution), \(size) pt)" }
    public static func == (lhs: CTFont, rhs: CTFont) -> Bool { lhs.cgFont == rhs.cgFont && lhs.size == rhs.size }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(cgFont)
        hasher.combine(size)
    }
}

/// Apple: a font by name at `size` points (0 or a non-finite size means Core Text's default 12). The
/// matrix is accepted and ignored. Never nil for an unknown name: Core Text substitutes, and so does this
/// (reported once through `FontLibrary.shared.logger`); it traps only when no font is installed at all.
public func CTFontCreateWithName(_ name: CFString, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?) -> CTFont {
    guard let font = CGFont(name) else {
        preconditionFailure(FontError.noFontsInstalled.description)
    }
    return CTFont(cgFont: font, size: size)
}

/// Apple: a font from a CGFont at `size` points.
public func CTFontCreateWithGraphicsFont(_ graphicsFont: CGFont, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?, _ attributes: AnyObject?) -> CTFont {
    CTFont(cgFont: graphicsFont, size: size)
}

/// Apple: the font's point size.
public func CTFontGetSize(_ font: CTFont) -> CGFloat { font.size }
/// Apple: the font's ascent, descent (positive) and leading in points.
public func CTFontGetAscent(_ font: CTFont) -> CGFloat { CGFloat(font.cgFont.face.ascent(atSize: Double(font.size))) }
public func CTFontGetDescent(_ font: CTFont) -> CGFloat { CGFloat(font.cgFont.face.descent(atSize: Double(font.size))) }
public func CTFontGetLeading(_ font: CTFont) -> CGFloat { CGFloat(font.cgFont.face.leading(atSize: Double(font.size))) }

/// Apple: `CTFontCopyGraphicsFont(_:_:)`: the font's CGFont.
public func CTFontCopyGraphicsFont(_ font: CTFont, _ attributes: UnsafeMutablePointer<AnyObject?>?) -> CGFont { font.cgFont }

/// Apple: `CTFontGetGlyphsForCharacters(_:_:_:_:)`: the glyph of each of `count` UTF-16 units from the
/// font's character map. A surrogate pair's glyph goes to the first unit and 0 to the second, as Apple
/// documents for non-BMP characters; unmapped characters get glyph 0. Returns whether every character
/// was mapped. A count ≤ 0 maps nothing and returns false.
public func CTFontGetGlyphsForCharacters(
    _ font: CTFont, _ characters: UnsafePointer<UniChar>, _ glyphs: UnsafeMutablePointer<CGGlyph>, _ count: CFIndex
) -> Bool {
    guard count > 0 else { return false }
    var allMapped = true
    var i = 0
    while i < count {
        let unit = characters[i]
        var scalar = Unicode.Scalar(unit)
        var width = 1
        if UTF16.isLeadSurrogate(unit), i + 1 < count, UTF16.isTrailSurrogate(characters[i + 1]) {
            scalar = Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(characters[i + 1]) - 0xDC00))
            width = 2
        }
        let glyph = scalar.map { font.cgFont.face.native.glyph(for: $0) } ?? 0
        // CGGlyph is 16 bits, as in every TrueType and CFF font.
        glyphs[i] = CGGlyph(truncatingIfNeeded: glyph)
        if width == 2 { glyphs[i + 1] = 0 }
        if glyph == 0 { allMapped = false }
        i += width
    }
    return allMapped
}

/// Apple: `CTFontGetAdvancesForGlyphs(_:_:_:_:_:)` for the horizontal orientation: each glyph's nominal
/// advance in points (hmtx, unscaled by hinting) written to `advances` when non-nil; returns their sum.
public func CTFontGetAdvancesForGlyphs(
    _ font: CTFont, _ orientation: CTFontOrientation, _ glyphs: UnsafePointer<CGGlyph>,
    _ advances: UnsafeMutablePointer<CGSize>?, _ count: CFIndex
) -> Double {
    var total = 0.0
    let scale = Double(font.size) / font.cgFont.face.unitsPerEm
    for i in 0..<max(0, count) {
        let advance = Double(font.cgFont.face.native.advance(ofGlyph: UInt32(glyphs[i]))) * scale
        advances?[i] = CGSize(width: advance, height: 0)
        total += advance
    }
    return total
}

/// Apple's `CTFontOrientation`; only horizontal metrics exist here, so every case reads them.
public enum CTFontOrientation: UInt32, Sendable {
    case `default` = 0, horizontal = 1, vertical = 2
}
