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
