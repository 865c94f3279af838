// Core Text's attribute names for NSAttributedString runs (the values of Apple's kCT…AttributeName
// constants; Foundation on Linux has no AppKit/UIKit keys, so `.font` and `.foregroundColor` are added with
// the same strings), and how a run's attributes become a style.
import Foundation
import QuartzRaster

/// Apple: a CTFont (a CGFont or a font name are accepted too).
public let kCTFontAttributeName: CFString = "NSFont"
/// Apple: a CGColor.
public let kCTForegroundColorAttributeName: CFString = "CTForegroundColor"
/// Apple: a number of points added after each character.
public let kCTKernAttributeName: CFString = "NSKern"
/// Apple: a number holding a CTUnderlineStyle / NSUnderlineStyle.
public let kCTUnderlineStyleAttributeName: CFString = "NSUnderline"

/// AppKit's and UIKit's `NSUnderlineStyle` (Core Text's `CTUnderlineStyle` has the same values). The line
/// styles single, thick and double are drawn (TextUnderlines.swift); the patterns (dot, dash, …) and by-word
/// flags draw the line solid under every glyph.
public struct NSUnderlineStyle: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let single = NSUnderlineStyle(rawValue: 0x01)
    public static let thick = NSUnderlineStyle(rawValue: 0x02)
    public static let double = NSUnderlineStyle(rawValue: 0x09)
}

extension NSAttributedString.Key {
    /// AppKit's and UIKit's `.font` ("NSFont", the same as kCTFontAttributeName).
    public static let font = NSAttributedString.Key("NSFont")
    /// AppKit's and UIKit's `.foregroundColor` ("NSColor"); a CGColor here.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// AppKit's and UIKit's `.kern` ("NSKern").
    public static let kern = NSAttributedString.Key("NSKern")
    /// AppKit's and UIKit's `.underlineStyle` ("NSUnderline", the same as kCTUnderlineStyleAttributeName).
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    /// Core Text's foreground colour key ("CTForegroundColor").
    public static let ctForegroundColor = NSAttributedString.Key(kCTForegroundColorAttributeName)
}

package enum TextAttributes {
    /// Core Text's defaults for a run without attributes: Helvetica 12 in opaque black.
    package static let defaultFontName = "Helvetica"
    package static let defaultSize: Double = 12

    /// The style of a run from its attributes; missing ones take `fallback`'s.
    package static func style(from attributes: [NSAttributedString.Key: Any], fallback: TextRunStyle) -> TextRunStyle {
        var style = fallback
        if let value = attributes[.font] {
            if let ctFont = value as? CTFont {
                style.face = ctFont.cgFont.face
                style.size = TextLimits.fontSize(Double(ctFont.size))
            } else if let cgFont = value as? CGFont {
                style.face = cgFont.face
            } else if let name = value as? String, let face = try? FontLibrary.shared.face(named: name).0 {
                style.face = face
            }
        }
        if let color = (attributes[.ctForegroundColor] ?? attributes[.foregroundColor]) as? CGColor {
            style.color = color
        }
        if let kern = attributes[.kern] {
            let number = (kern as? NSNumber)?.doubleValue ?? (kern as? Double) ?? (kern as? CGFloat).map(Double.init) ?? 0
            style.kern = number.isFinite ? number : 0
        }
        if let underline = attributes[.underlineStyle] {
            // Apple's style word: the low byte is the line style (none 0, single 1, thick 2, double 9).
            let raw = (underline as? NSNumber)?.intValue ?? (underline as? Int) ?? (underline as? NSUnderlineStyle)?.rawValue ?? 0
            style.underline = TextUnderlineStyle(lineStyle: raw & 0xFF)
        }
        return style
    }

    /// Styled text from an attributed string, runs in UTF-16 offsets as NSAttributedString keeps them.
    package static func styledText(_ attributed: NSAttributedString, fallback: TextRunStyle) -> StyledText {
        var runs: [(Range<Int>, TextRunStyle)] = []
        let length = attributed.length
        attributed.enumerateAttributes(in: NSRange(location: 0, length: length)) { attributes, range, _ in
            runs.append((range.location..<(range.location + range.length), style(from: attributes, fallback: fallback)))
        }
        return StyledText(attributed.string, utf16Runs: runs, defaultStyle: fallback)
    }
}
