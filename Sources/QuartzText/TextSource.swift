// A text layer's string as the layer model stores it: the caller's String or an immutable copy of the
// NSAttributedString, plus the layouts made from it. Layouts are a pure function of (string, font, size,
// colour, options), so the cache changes no pixel; it only saves reshaping the same text every frame.
import Foundation
import QuartzRaster

/// What a CATextLayer's `font` names.
package enum TextFontSpecifier: Sendable, Hashable, CustomStringConvertible {
    case name(String)
    case graphicsFont(CGFont)

    /// The face; nil only when no font is installed at all.
    package func resolve(in library: FontLibrary = .shared) -> (FontFace, FontResolution)? {
        switch self {
        case .name(let name): return try? library.face(named: name)
        case .graphicsFont(let font): return (font.face, font.resolution)
        }
    }

    package var description: String {
        switch self {
        case .name(let name): name
        case .graphicsFont(let font): font.resolution.requested
        }
    }
}

/// The string of a text layer with a small cache of its layouts.
package final class TextSource: @unchecked Sendable, Equatable {
    /// What `string` returns: the String, or the stored immutable NSAttributedString copy.
    // Invariant: `original` is a String or an NSAttributedString copy nobody else holds mutably, so reading
    // it from any thread is safe; `layouts` is only touched while `lock` is held.
    package let original: Any
    private let lock = NSLock()
    private var layouts: [(key: LayoutKey, layout: TextLayout)] = []
    private static let cachedLayoutCount = 4

    package init(string: String) { original = string }
    package init(attributed: NSAttributedString) { original = attributed.copy() as? NSAttributedString ?? attributed }

    package var plainString: String? { original as? String }
    package var attributedString: NSAttributedString? { original as? NSAttributedString }
    package var characterCount: Int {
        if let plain = plainString { return plain.utf16.count }
        return attributedString?.length ?? 0
    }

    struct LayoutKey: Hashable {
        var font: TextFontSpecifier
        var fontSize: Double
        var color: CGColor?
        var options: TextLayoutOptions
    }

    /// The layout of this string with the layer's font, size and colour (used for plain strings and for
    /// attributed runs without attributes of their own; Core Text's Helvetica 12 in black otherwise).
    package func layout(font: TextFontSpecifier, fontSize: Double, color: CGColor?, options: TextLayoutOptions) -> TextLayout? {
        let key = LayoutKey(font: font, fontSize: TextLimits.fontSize(fontSize), color: color, options: options)
        if let hit = lock.withLock({ layouts.first { $0.key == key }?.layout }) { return hit }
        let make = { () -> TextLayout? in
            guard let text = self.styledText(font: font, fontSize: key.fontSize, color: color) else { return nil }
            return TextLayout(text: text, options: options)
        }
        // Plain strings share layouts across layers (TextLayoutCache); attributed strings keep their own.
        let made = plainString.map { TextLayoutCache.shared.layout(of: $0, key: key, make: make) } ?? make()
        guard let layout = made else { return nil }
        lock.withLock {
            layouts.removeAll { $0.key == key }
            layouts.insert((key, layout), at: 0)
            if layouts.count > Self.cachedLayoutCount { layouts.removeLast() }
        }
        return layout
    }

    /// The styled text the layout starts from; nil only when no font is installed at all.
    package func styledText(font: TextFontSpecifier, fontSize: Double, color: CGColor?) -> StyledText? {
        if let attributed = attributedString {
            guard let face = try? FontLibrary.shared.face(named: TextAttributes.defaultFontName).0 else { return nil }
            let fallback = TextRunStyle(face: face, size: TextAttributes.defaultSize, color: .black)
            return TextAttributes.styledText(attributed, fallback: fallback)
        }
        guard let face = font.resolve()?.0 else { return nil }
        return StyledText(plainString ?? "", style: TextRunStyle(face: face, size: fontSize, color: color))
    }

    package static func == (lhs: TextSource, rhs: TextSource) -> Bool {
        if lhs === rhs { return true }
        if let a = lhs.plainString, let b = rhs.plainString { return a == b }
        if let a = lhs.attributedString, let b = rhs.attributedString { return a.isEqual(b) }
        return false
    }
}
