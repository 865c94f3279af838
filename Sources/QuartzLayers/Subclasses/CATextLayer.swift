// CATextLayer [A: DOC-catextlayer]: a plain or attributed string laid out in the bounds (first line at the
// top) and drawn as glyph outlines by the compositor, so it stays sharp under any transform.
import Foundation
import QuartzRaster
import QuartzText

/// Apple's `CATextLayerTruncationMode` names (raw strings as Apple's `kCATruncation…` constants).
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let none = CATextLayerTruncationMode(rawValue: "none")
    public static let start = CATextLayerTruncationMode(rawValue: "start")
    public static let middle = CATextLayerTruncationMode(rawValue: "middle")
    public static let end = CATextLayerTruncationMode(rawValue: "end")
}

/// Apple's `CATextLayerAlignmentMode` names (raw strings as Apple's `kCAAlignment…` constants).
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}

/// Apple: "A layer that provides simple text layout and rendering of plain or attributed strings."
open class CATextLayer: CALayer {
    override class var snapshotKind: LayerSnapshotKind { .text }
    override class var propertyTable: [String: LayerPropertyAccessor] { LayerPropertyTable.text }

    /// Apple: "The text to be rendered by the receiver": a String (NSString) or an NSAttributedString
    /// (copied, as Apple's `copy` property). Default nil. Other values are ignored.
    open var string: Any? {
        get { modelValues.text.source?.original }
        set {
            let source: TextSource?
            switch newValue {
            case nil: source = nil
            case let attributed as NSAttributedString: source = TextSource(attributed: attributed)
            case let string as String: source = TextSource(string: string)
            default: return
            }
            setModelValue(\.text.source, source, forKey: "string")
        }
    }

    /// Apple: "The font used to render the receiver's text": a font name (String), a CGFont or a CTFont.
    /// Default Helvetica (its installed stand-in). A CGFont's or CTFont's own size is ignored: `fontSize`
    /// governs [A: DOC-catextlayer/font note]. Used only when `string` is not attributed. Other values
    /// are ignored.
    open var font: CFTypeRef? {
        get {
            switch modelValues.text.font {
            case .name(let name): return name as NSString
            case .graphicsFont(let font): return font
            case .coreTextFont(let font): return font
            }
        }
        set {
            let value: TextLayerFontValue
            switch newValue {
            case nil: value = .name("Helvetica")
            case let font as CGFont: value = .graphicsFont(font)
            case let font as CTFont: value = .coreTextFont(font)
            case let name as String: value = .name(name)
            default: return
            }
            setModelValue(\.text.font, value, forKey: "font")
        }
    }

    /// Apple: "The font size used to render the receiver's text. Animatable." Default 36. Non-finite values
    /// are ignored; negative ones draw nothing; sizes above 16384 points draw at 16384.
    open var fontSize: CGFloat {
        get { CGFloat(modelValues.text.fontSize) }
        set { setFiniteScalar(\.text.fontSize, Double(newValue), forKey: "fontSize") }
    }

    /// Apple: "The color used to render the receiver's text. Animatable." Default opaque white.
    open var foregroundColor: CGColor? {
        get { modelValues.text.foregroundColor }
        set { setModelValue(\.text.foregroundColor, newValue, forKey: "foregroundColor") }
    }

    /// Apple: "Determines whether the text is wrapped to fit within the receiver's bounds." Default false.
    open var isWrapped: Bool {
        get { modelValues.text.isWrapped }
        set { setModelValue(\.text.isWrapped, newValue, forKey: "wrapped") }
    }

    /// Apple: "Determines how the string is truncated to fit within the receiver's bounds." Default none.
    open var truncationMode: CATextLayerTruncationMode {
        get { CATextLayerTruncationMode(rawValue: modelValues.text.truncationModeName) }
        set { setModelValue(\.text.truncationModeName, newValue.rawValue, forKey: "truncationMode") }
    }

    /// Apple: "Determines how individual lines of text are horizontally aligned within the receiver's
    /// bounds." Default natural.
    open var alignmentMode: CATextLayerAlignmentMode {
        get { CATextLayerAlignmentMode(rawValue: modelValues.text.alignmentModeName) }
        set { setModelValue(\.text.alignmentModeName, newValue.rawValue, forKey: "alignmentMode") }
    }

    /// Apple: whether glyph positions may be quantized to device pixels. Default false. When true, glyph
    /// origins are rounded to multiples of 1 / contentsScale points.
    open var allowsFontSubpixelQuantization: Bool {
        get { modelValues.text.allowsFontSubpixelQuantization }
        set { setModelValue(\.text.allowsFontSubpixelQuantization, newValue, forKey: "allowsFontSubpixelQuantization") }
    }

    /// The size the text needs: its widest line by the height of its lines, wrapped at the bounds' width
    /// when `isWrapped` (and the width is positive) [undocumented: Apple says only that CALayer's
    /// implementation returns the bounds' size; CATextLayer's answer on Apple's platforms measures the text,
    /// as this does]. Zero for no string.
    open override func preferredFrameSize() -> CGSize {
        let width = isWrapped && bounds.width > 0 ? Double(bounds.width) : .infinity
        guard let layout = TextLayerLayout.layout(of: modelValues, width: width, height: .infinity) else { return .zero }
        return layout.size
    }
}

/// The layout of a text layer's properties, shared by `preferredFrameSize()` and the compositor.
package enum TextLayerLayout {
    static func layout(of properties: LayerProperties, width: Double, height: Double) -> TextLayout? {
        let text = properties.text
        guard let source = text.source else { return nil }
        let scale = properties.contentsScale > 0 && properties.contentsScale.isFinite ? properties.contentsScale : 1
        let options = TextLayoutOptions(
            width: width, height: height, isWrapped: text.isWrapped, truncation: truncation(text.truncationModeName),
            alignment: alignment(text.alignmentModeName), quantum: text.allowsFontSubpixelQuantization ? 1 / scale : nil)
        return source.layout(font: text.font.specifier, fontSize: text.fontSize, color: text.foregroundColor, options: options)
    }

    /// The layout a snapshot draws: in the layer's bounds (origin at the bounds' top-left corner).
    package static func layout(of snapshot: LayerSnapshot) -> TextLayout? {
        layout(of: snapshot.properties, width: Double(snapshot.bounds.width), height: Double(snapshot.bounds.height))
    }

    static func truncation(_ name: String) -> TextTruncation {
        switch name {
        case "start": .start
        case "middle": .middle
        case "end": .end
        default: .none
        }
    }

    static func alignment(_ name: String) -> TextAlignment {
        switch name {
        case "left": .left
        case "right": .right
        case "center": .center
        case "justified": .justified
        default: .natural
        }
    }
}
