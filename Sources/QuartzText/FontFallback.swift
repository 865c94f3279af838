// Which scalars never need a glyph of their own, so a face that lacks them needs no stand-in: controls,
// format characters that shaping consumes (joiners, marks of direction, the byte-order mark) and variation
// selectors. Every other scalar a face does not map is drawn from a fallback face (FontLibrary).
import Foundation

package enum FontFallback {
    package static func needsNoGlyph(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x00...0x1F, 0x7F...0x9F: true  // C0 and C1 controls (tabs and breaks included)
        case 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2064, 0xFEFF: true  // zero widths, joiners, marks, embeddings
        case 0xFE00...0xFE0F, 0xE0100...0xE01EF: true  // variation selectors
        default: false
        }
    }
}
