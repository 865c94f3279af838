// Core Graphics' font object: a face found by name (Apple's names mapped, see FontLibrary) or read from a
// file. `CFTypeRef` is Apple's "any Core Foundation object"; on Linux any class instance, so both
// `"Helvetica" as CFTypeRef` (an NSString) and a CGFont can be a CATextLayer's font.
import Foundation
import QuartzRaster

/// Apple's `CFTypeRef`: any object.
public typealias CFTypeRef = AnyObject

/// Apple: "A set of character glyphs and layout information for drawing text."
public final class CGFont: Sendable, Hashable, CustomStringConvertible {
    package let face: FontFace
    /// What the font was found by and what it resolved to.
    public let resolution: FontResolution

    /// Apple: creates a font by PostScript or full name. Names of Apple's fonts resolve to installed
    /// stand-ins (reported once); nil only when no font is installed at all.
    public init?(_ name: CFString) {
        guard let found = try? FontLibrary.shared.face(named: name) else { return nil }
        face = found.0
        resolution = found.1
    }

    /// The font in the file at `path` (first face). An OpenQuartz extension: Apple reads files through
    /// `CGDataProvider`; this names the file in its error.
    public init(contentsOfFile path: String) throws(FontError) {
        let found = try FontLibrary.shared.face(atPath: path)
        face = found.0
        resolution = found.1
    }

    package init(face: FontFace, resolution: FontResolution) {
        self.face = face
        self.resolution = resolution
    }

    /// Apple: the PostScript name.
    public var postScriptName: CFString? { face.postScriptName.isEmpty ? nil : face.postScriptName }
    /// Apple: the full name (family and style).
    public var fullName: CFString? { "\(face.familyName) \(face.styleName)" }
    /// Apple: glyph space units per em.
    public var unitsPerEm: Int32 { Int32(face.metrics.unitsPerEm) }
    /// Apple: ascent, descent (negative) and leading in glyph space units.
    public var ascent: Int32 { Int32(face.metrics.ascender) }
    public var descent: Int32 { Int32(face.metrics.descender) }
    public var leading: Int32 { Int32(face.metrics.lineGap) }
    /// Apple: the number of glyphs.
    public var numberOfGlyphs: Int { face.metrics.glyphCount }

    public var description: String { "CGFont(\(resolution))" }
    public static func == (lhs: CGFont, rhs: CGFont) -> Bool { lhs.face === rhs.face }
    public func hash(into hasher: inout Hasher) { hasher.combine(face) }
}
