// Apple's font names as Core Text code writes them ("Helvetica", "Helvetica-Bold", "Menlo-Regular",
// ".SFUI-Semibold", "SF Pro Text") split into a family, a weight and a slant, and the installed families
// that stand in for the families Linux does not have.
import Foundation

/// A font request: family, bold, italic.
package struct FontRequest: Sendable, Hashable {
    package var family: String
    package var bold: Bool
    package var italic: Bool

    /// Parses a PostScript-style name: the part after the last "-" is a style when it is one of the known
    /// style words ("Bold", "BoldItalic", "Oblique", "Semibold", "Regular", "Roman", "MT", …), so
    /// "Helvetica-BoldOblique" is Helvetica bold italic and "Arial-BoldMT" Arial bold.
    package init(name: String) {
        var family = name.trimmingCharacters(in: .whitespaces)
        var style = ""
        if let dash = family.lastIndex(of: "-"), dash != family.startIndex {
            let suffix = String(family[family.index(after: dash)...])
            if Self.isStyle(suffix) {
                style = suffix
                family = String(family[..<dash])
            }
        }
        let lower = style.lowercased()
        // Family names that carry a style word ("Arial Bold", "Helvetica Neue Italic").
        var words = family.split(separator: " ").map(String.init)
        var familyStyle = ""
        while let last = words.last, words.count > 1, Self.styleWords.contains(last.lowercased()) {
            familyStyle = last.lowercased() + familyStyle
            words.removeLast()
        }
        if !familyStyle.isEmpty { family = words.joined(separator: " ") }
        let all = lower + familyStyle
        self.family = family
        bold = ["bold", "semibold", "demibold", "heavy", "black", "extrabold", "ultrabold"].contains { all.contains($0) }
        italic = all.contains("italic") || all.contains("oblique")
    }

    package init(family: String, bold: Bool, italic: Bool) {
        self.family = family
        self.bold = bold
        self.italic = italic
    }

    static let styleWords: Set<String> = [
        "regular", "roman", "book", "normal", "medium", "light", "thin", "ultralight", "bold", "semibold",
        "demibold", "heavy", "black", "extrabold", "ultrabold", "italic", "oblique", "bolditalic",
        "boldoblique", "mt", "psmt", "boldmt", "italicmt", "bolditalicmt", "condensed",
    ]

    static func isStyle(_ suffix: String) -> Bool {
        let lower = suffix.lowercased()
        if styleWords.contains(lower) { return true }
        // Compounds such as "SemiboldItalic", "BoldObliqueMT".
        var rest = Substring(lower)
        while !rest.isEmpty {
            guard let word = styleWords.sorted(by: { $0.count > $1.count }).first(where: { rest.hasPrefix($0) }) else { return false }
            rest = rest.dropFirst(word.count)
        }
        return true
    }
}

/// The kinds of face Apple's families belong to, each with installed families that stand in for them,
/// metric-compatible ones first (Liberation and the Chrome OS core fonts match Helvetica/Arial,
/// Times New Roman and Courier New advance for advance).
package enum FontCategory: Sendable {
    case sans, serif, monospace

    package var substitutes: [String] {
        switch self {
        case .sans: ["Liberation Sans", "Arimo", "Nimbus Sans", "Noto Sans", "DejaVu Sans"]
        case .serif: ["Liberation Serif", "Tinos", "Nimbus Roman", "Noto Serif", "DejaVu Serif"]
        case .monospace: ["Liberation Mono", "Cousine", "Nimbus Mono PS", "Noto Sans Mono", "DejaVu Sans Mono"]
        }
    }

    /// fontconfig's generic family for the category.
    package var generic: String {
        switch self {
        case .sans: "sans-serif"
        case .serif: "serif"
        case .monospace: "monospace"
        }
    }

    /// The category of one of Apple's family names; nil for a family Apple does not ship.
    package static func of(appleFamily family: String) -> FontCategory? {
        let key = family.lowercased().replacingOccurrences(of: " ", with: "")
        if key.hasPrefix(".sf") || key.hasPrefix(".applesystem") {
            return key.contains("mono") ? .monospace : .sans
        }
        if key.hasPrefix("sfmono") { return .monospace }
        if key.hasPrefix("sfpro") || key.hasPrefix("sanfrancisco") || key.hasPrefix("sfcompact") { return .sans }
        if monospacePrefixes.contains(where: { key.hasPrefix($0) }) { return .monospace }
        if serifPrefixes.contains(where: { key.hasPrefix($0) }) { return .serif }
        if sansPrefixes.contains(where: { key.hasPrefix($0) }) { return .sans }
        return nil
    }

    private static let sansPrefixes = [
        "helvetica", "arial", "system", "avenir", "verdana", "lucidagrande", "geneva", "tahoma", "trebuchet",
        "gillsans", "futura", "optima",
    ]
    private static let serifPrefixes = ["times", "georgia", "palatino", "baskerville", "newyork", "didot", "hoefler", "cochin", "charter"]
    private static let monospacePrefixes = ["menlo", "monaco", "courier", "andalemono", "consolas"]
}
