// Errors of font loading: each names the file or glyph and what is wrong, in words a user can act on.
import Foundation

/// Why a font could not be used.
public enum FontError: Error, CustomStringConvertible, Equatable, Sendable {
    /// No file at the path.
    case fileNotFound(path: String)
    /// The file exists but is not a usable outline font (not a font, truncated, damaged, bitmap-only).
    case unreadableFont(path: String, reason: String)
    /// One glyph's outline could not be read.
    case badGlyph(glyph: UInt32, reason: String)
    /// fontconfig found no font at all (no fonts installed).
    case noFontsInstalled

    public var description: String {
        switch self {
        case .fileNotFound(let path): "font file \(path) does not exist"
        case .unreadableFont(let path, let reason): "font file \(path) cannot be used: \(reason)"
        case .badGlyph(let glyph, let reason): "glyph \(glyph) cannot be read: \(reason)"
        case .noFontsInstalled: "no fonts are installed (fontconfig found none; install fonts-dejavu-core)"
        }
    }
}
