// Paragraph alignment for attributed strings laid out in frames: UIKit's and AppKit's `NSParagraphStyle`
// (`.paragraphStyle` runs) and Core Text's `CTParagraphStyle` (`kCTParagraphStyleAttributeName` runs), which
// Foundation on Linux does not have. A paragraph takes the style of its first character, as Apple's text
// system applies paragraph attributes [doc: nsattributedstring/key/paragraphstyle: "applies to entire
// paragraphs"]. Alignment is what is applied; a style's other settings are not offered.
import Foundation
import QuartzRaster

/// UIKit's and AppKit's text alignment. Raw values are UIKit's (AppKit swaps right and center); code that
/// uses the cases is unaffected.
public enum NSTextAlignment: Int, Sendable, Hashable {
    case left = 0, center = 1, right = 2, justified = 3, natural = 4
}

/// Apple: "The paragraph or ruler attributes for an attributed string." Here: its alignment. Equal styles
/// compare equal, as Apple's do; not an NSObject, because Foundation on Linux can fail comparing NSObject
/// attribute values of neighbouring runs.
open class NSParagraphStyle: NSCopying, Hashable, @unchecked Sendable {
    /// Apple: "The text alignment of the receiver." Natural by default.
    open fileprivate(set) var alignment: NSTextAlignment = .natural

    /// Apple: "Returns the default paragraph style."
    open class var `default`: NSParagraphStyle { NSParagraphStyle() }

    public init() {}

    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSParagraphStyle()
        copy.alignment = alignment
        return copy
    }

    open func copy() -> Any { copy(with: nil) }

    open func mutableCopy(with zone: NSZone? = nil) -> Any {
        let copy = NSMutableParagraphStyle()
        copy.alignment = alignment
        return copy
    }

    open func mutableCopy() -> Any { mutableCopy(with: nil) }

    public static func == (a: NSParagraphStyle, b: NSParagraphStyle) -> Bool { a.alignment == b.alignment }

    public func hash(into hasher: inout Hasher) { hasher.combine(alignment) }
}

/// Apple: "An object for changing the values of the subattributes in a paragraph style attribute."
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    override open var alignment: NSTextAlignment {
        get { super.alignment }
        set { super.alignment = newValue }
    }
}

extension NSAttributedString.Key {
    /// UIKit's and AppKit's `.paragraphStyle` ("NSParagraphStyle", the same as kCTParagraphStyleAttributeName).
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
}

/// Apple: a CTParagraphStyle.
public let kCTParagraphStyleAttributeName: CFString = "NSParagraphStyle"

/// Core Text's alignment, with Core Text's raw values.
public enum CTTextAlignment: UInt8, Sendable, Hashable {
    case left = 0, right = 1, center = 2, justified = 3, natural = 4
}

/// Core Text's paragraph style settings; alignment is the one applied.
public enum CTParagraphStyleSpecifier: UInt32, Sendable, Hashable {
    case alignment = 0
}

/// Apple: one setting of `CTParagraphStyleCreate(_:_:)`: a specifier, the size of its value and a pointer to it.
public struct CTParagraphStyleSetting {
    public var spec: CTParagraphStyleSpecifier
    public var valueSize: Int
    public var value: UnsafeRawPointer

    public init(spec: CTParagraphStyleSpecifier, valueSize: Int, value: UnsafeRawPointer) {
        self.spec = spec
        self.valueSize = valueSize
        self.value = value
    }
}

/// Apple: "Represents a paragraph or ruler attribute in an attributed string." Equal styles compare equal.
public final class CTParagraphStyle: Sendable, Hashable {
    package let alignment: CTTextAlignment

    package init(alignment: CTTextAlignment) {
        self.alignment = alignment
    }

    public static func == (a: CTParagraphStyle, b: CTParagraphStyle) -> Bool { a.alignment == b.alignment }

    public func hash(into hasher: inout Hasher) { hasher.combine(alignment) }
}

/// Apple: `CTParagraphStyleCreate(_:_:)`. A setting whose size does not match its specifier's value, or whose
/// value is not a known alignment, is ignored.
public func CTParagraphStyleCreate(_ settings: UnsafePointer<CTParagraphStyleSetting>?, _ settingCount: Int) -> CTParagraphStyle {
    var alignment = CTTextAlignment.natural
    if let settings {
        for index in 0..<max(0, settingCount) {
            let setting = settings[index]
            guard setting.spec == .alignment, setting.valueSize == MemoryLayout<CTTextAlignment>.size,
                  let value = CTTextAlignment(rawValue: setting.value.load(as: UInt8.self)) else { continue }
            alignment = value
        }
    }
    return CTParagraphStyle(alignment: alignment)
}

extension TextAttributes {
    /// The alignment a `.paragraphStyle` value asks for (an NSParagraphStyle or a CTParagraphStyle), nil
    /// for anything else.
    package static func alignment(ofParagraphStyle value: Any?) -> TextAlignment? {
        if let style = value as? NSParagraphStyle {
            switch style.alignment {
            case .left: return .left
            case .center: return .center
            case .right: return .right
            case .justified: return .justified
            case .natural: return .natural
            }
        }
        if let style = value as? CTParagraphStyle {
            switch style.alignment {
            case .left: return .left
            case .center: return .center
            case .right: return .right
            case .justified: return .justified
            case .natural: return .natural
            }
        }
        return nil
    }

    /// The alignment of each paragraph of `attributed` (split at mandatory breaks as LineBreaker.paragraphs
    /// splits them, an empty one after a final break included), from the paragraph style of its first
    /// character; `.natural` where there is none.
    package static func paragraphAlignments(_ attributed: NSAttributedString) -> [TextAlignment] {
        let units = Array(attributed.string.utf16)
        var alignments: [TextAlignment] = []
        var start = 0
        while true {
            let value = start < units.count ? attributed.attribute(.paragraphStyle, at: start, effectiveRange: nil) : nil
            alignments.append(alignment(ofParagraphStyle: value) ?? .natural)
            guard let end = (start..<units.count).first(where: { LineBreaker.isMandatoryBreak(UInt32(units[$0])) }) else { break }
            start = end + (units[end] == 0x0D && end + 1 < units.count && units[end + 1] == 0x0A ? 2 : 1)
        }
        return alignments
    }
}
