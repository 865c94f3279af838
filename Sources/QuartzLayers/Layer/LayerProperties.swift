// Every stored layer property as one value type: the model state a CALayer holds, the committed state,
// and (after animations are applied) the presentation state a snapshot carries.
// Geometry is in the layer's own bounds space, y down as on iOS (spec §0.1). Scalars are Double
// internally; the CALayer surface converts to Apple's declared types (Float for opacity, CGFloat, …).
import Foundation
import QuartzMath
import QuartzRaster
import QuartzText

/// The `CAMediaTiming` fields of a layer (spec §1.1 defaults).
struct LayerTimingProperties: Sendable, Equatable {
    var beginTime: Double = 0
    var duration: Double = 0
    var speed: Float = 1
    var timeOffset: Double = 0
    var repeatCount: Float = 0
    var repeatDuration: Double = 0
    var autoreverses = false
    var fillModeName = "removed"
}

/// CAShapeLayer's stored properties (defaults from SDK-CAShapeLayer, spec §6.5).
struct ShapeLayerProperties: Sendable, Equatable {
    var fillRuleName = "non-zero"
    var lineCapName = "butt"
    var lineJoinName = "miter"
    var lineWidth: Double = 1
    var miterLimit: Double = 10
    var lineDashPhase: Double = 0
    var lineDashPattern: [Double]? = nil
    var strokeStart: Double = 0
    var strokeEnd: Double = 1
    var path: CGPath? = nil
    var fillColor: CGColor? = CGColor.black
    var strokeColor: CGColor? = nil
}

/// CAGradientLayer's stored properties (defaults from Apple's CAGradientLayer reference).
struct GradientLayerProperties: Sendable, Equatable {
    var locations: [Double]? = nil
    var startPoint = CGPoint(x: 0.5, y: 0)
    var endPoint = CGPoint(x: 0.5, y: 1)
    var typeName = "axial"
    var colors: [CGColor]? = nil
}

/// CAReplicatorLayer's stored properties (defaults from Apple's CAReplicatorLayer reference).
struct ReplicatorLayerProperties: Sendable, Equatable {
    var instanceCount: Int = 1
    var instanceDelay: Double = 0
    var instanceRedOffset: Double = 0
    var instanceGreenOffset: Double = 0
    var instanceBlueOffset: Double = 0
    var instanceAlphaOffset: Double = 0
    var preservesDepth = false
    var instanceTransform = CATransform3DIdentity
    var instanceColor: CGColor? = CGColor.white
}

/// What a CATextLayer's `font` was set to: kept as given so the getter returns it.
enum TextLayerFontValue: Sendable, Equatable {
    case name(String)
    case graphicsFont(CGFont)
    case coreTextFont(CTFont)

    var specifier: TextFontSpecifier {
        switch self {
        case .name(let name): .name(name)
        case .graphicsFont(let font): .graphicsFont(font)
        case .coreTextFont(let font): .graphicsFont(font.cgFont)
        }
    }
}

/// CATextLayer's stored properties (defaults from Apple's CATextLayer reference: font Helvetica, fontSize 36,
/// foregroundColor opaque white, not wrapped, truncation none, alignment natural).
struct TextLayerProperties: Sendable, Equatable {
    var source: TextSource? = nil
    var font: TextLayerFontValue = .name("Helvetica")
    var fontSize: Double = 36
    var foregroundColor: CGColor? = CGColor.white
    var isWrapped = false
    var truncationModeName = "none"
    var alignmentModeName = "natural"
    var allowsFontSubpixelQuantization = false
}

/// A `contents` animation in flight: the renderer draws `fromImage` with opacity `1 − fraction` and the
/// presented `contents` with opacity `fraction` (spec §2.4: "cross-dissolve of the two images").
public struct ContentsCrossfade: Sendable {
    public let fromImage: CGImage?
    public let fraction: Double
}

/// A layer's two transforms (spec §9.2), out of line: most layers keep both at the identity.
struct LayerTransformProperties: Sendable {
    var transform = CATransform3DIdentity
    var sublayerTransform = CATransform3DIdentity
}

/// The appearance a plain coloured layer does not use: border, shadow, corner mask, contents placement and
/// filters, rasterization (spec §6.5 defaults).
struct LayerDecorationProperties: Sendable {
    var allowsEdgeAntialiasing = false
    var maskedCornersRawValue: UInt = 15
    var borderWidth: Double = 0
    var shadowOpacity: Double = 0
    var shadowOffset = CGSize(width: 0, height: -3)
    var shadowRadius: Double = 3
    var borderColor: CGColor? = CGColor.black
    var shadowColor: CGColor? = CGColor.black
    var shadowPath: CGPath? = nil
    var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsScale: Double = 1
    var contentsGravityName = "resize"
    var rasterizationScale: Double = 1
    var shouldRasterize = false
    var minificationFilterBias: Double = 0
    /// `CALayerContentsFilter` raw names; Apple's defaults are both linear.
    var magnificationFilterName = "linear"
    var minificationFilterName = "linear"
}

/// The complete property state of one layer.
struct LayerProperties: Sendable {
    // Geometry (spec §9.2).
    var bounds = CGRect.zero
    var position = CGPoint.zero
    var zPosition: Double = 0
    var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    var anchorPointZ: Double = 0
    var isGeometryFlipped = false

    // Visibility and appearance (spec §6.5 defaults).
    var isHidden = false
    var isDoubleSided = true
    var masksToBounds = false
    var opacity: Double = 1
    var isOpaque = false
    var allowsGroupOpacity = true
    var cornerRadius: Double = 0
    var backgroundColor: CGColor? = nil
    /// `contents` when it is a CGImage (the only kind of contents the renderer draws).
    var contentsImage: CGImage? = nil
    /// Set while a `contents` animation cross-fades from an earlier image (presentation state only).
    var contentsCrossfade: ContentsCrossfade? = nil

    var timing = LayerTimingProperties()
    /// Custom keys with interpolatable values (`CALayer+CustomKeys.swift`); empty for most layers.
    var customKeyValues: [String: CustomKeyValue] = [:]

    // Transforms and decoration live behind copy-on-write boxes too (shared defaults until written): with
    // them out of line a layer's properties take about a third of the bytes, which is what a tree of
    // 100,000 layers and its per-frame snapshots pay for every layer. LayerProperties+Decoration.swift has
    // the accessors.
    var transformStorage = LayerProperties.defaultTransforms
    var decorationStorage = LayerProperties.defaultDecoration

    // The subclass parts live behind copy-on-write boxes: most layers never touch them, and keeping them
    // out of line makes every per-frame copy of this struct about 400 bytes smaller.
    var shapeStorage = LayerProperties.defaultShape
    var gradientStorage = LayerProperties.defaultGradient
    var replicatorStorage = LayerProperties.defaultReplicator
    var textStorage = LayerProperties.defaultText

    var shape: ShapeLayerProperties {
        get { shapeStorage.value }
        _modify { yield &shapeStorage.value }
    }
    var gradient: GradientLayerProperties {
        get { gradientStorage.value }
        _modify { yield &gradientStorage.value }
    }
    var replicator: ReplicatorLayerProperties {
        get { replicatorStorage.value }
        _modify { yield &replicatorStorage.value }
    }
    var text: TextLayerProperties {
        get { textStorage.value }
        _modify { yield &textStorage.value }
    }

    // Shared defaults: a fresh layer allocates no box until a subclass property is written.
    static let defaultTransforms = CopyOnWriteValue(LayerTransformProperties())
    static let defaultDecoration = CopyOnWriteValue(LayerDecorationProperties())
    static let defaultShape = CopyOnWriteValue(ShapeLayerProperties())
    static let defaultGradient = CopyOnWriteValue(GradientLayerProperties())
    static let defaultReplicator = CopyOnWriteValue(ReplicatorLayerProperties())
    static let defaultText = CopyOnWriteValue(TextLayerProperties())
}

/// A value stored out of line with copy-on-write: copies share one box until one of them is written.
struct CopyOnWriteValue<Value: Sendable>: Sendable {
    // Invariant: the box is only mutated while uniquely referenced (checked in `value`'s modify accessor),
    // so sharing is never observable and the box's `var` is never written concurrently with a read;
    // that is what makes the `@unchecked Sendable` below sound.
    final class Box: @unchecked Sendable {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    private var box: Box

    init(_ value: Value) {
        box = Box(value)
    }

    var value: Value {
        get { box.value }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
            yield &box.value
        }
    }
}
