// The immutable, Sendable value the compositor consumes: one entry per committed layer, in tree order
// (pre-order: a layer, then its mask, then its sublayers back to front), with resolved presentation
// properties at one media time and geometry matrices from QuartzMath (spec §9.2–§9.3, §11 step 2).
// Matrices are row-vector CATransform3Ds (p' = p · M) from the layer's bounds space.
import Foundation
import QuartzMath
import QuartzRaster
import QuartzText

/// The class of a snapshotted layer (what the renderer draws for it).
public enum LayerSnapshotKind: Sendable, Equatable {
    case layer, shape, gradient, transform, replicator, text
}

/// One layer's presentation state at one time.
public struct LayerSnapshot: Sendable {
    /// Stable across snapshots of the same layer (not across processes).
    public let layerID: Int
    public let kind: LayerSnapshotKind
    public let name: String?
    /// Index of the superlayer in `LayerTreeSnapshot.layers` (nil for the root and for masks).
    public let parentIndex: Int?
    /// Indices of the sublayers, back to front (array order; the renderer sorts siblings by zPosition).
    public internal(set) var sublayerIndices: [Int]
    /// Index of the mask layer, if any.
    public internal(set) var maskIndex: Int?
    /// Index of the layer this one masks, if it is a mask.
    public let maskedLayerIndex: Int?
    /// The layer's local time (spec §1.2).
    public internal(set) var localTime: CFTimeInterval
    /// Bounds space → superlayer bounds space, `M(L→S)` (spec §9.2); for a mask, into the masked layer's space.
    public internal(set) var transformToSuperlayer: CATransform3D
    /// Bounds space → the root's superlayer space, accumulated with flattening by every normal ancestor
    /// (CATransformLayers do not flatten), spec §9.3.
    public internal(set) var worldTransform: CATransform3D
    /// A transition running on this layer, if any (spec §5.2).
    public internal(set) var transition: TransitionState?
    var properties: LayerProperties
    /// `compositingFilter` when it is a name (e.g. "multiplyBlendMode"); other filter objects are not drawn.
    public let compositingFilterName: String?
    /// The `filters` OpenQuartz draws, in order (applied to the layer's picture: docs/semantics.md §9.5).
    public let filters: [LayerFilter]

    // Geometry.
    public var bounds: CGRect { properties.bounds }
    public var position: CGPoint { properties.position }
    public var zPosition: CGFloat { CGFloat(properties.zPosition) }
    public var anchorPoint: CGPoint { properties.anchorPoint }
    public var anchorPointZ: CGFloat { CGFloat(properties.anchorPointZ) }
    public var transform: CATransform3D { properties.transform }
    public var sublayerTransform: CATransform3D { properties.sublayerTransform }
    public var isGeometryFlipped: Bool { properties.isGeometryFlipped }

    // Appearance.
    public var isHidden: Bool { properties.isHidden }
    public var isDoubleSided: Bool { properties.isDoubleSided }
    public var masksToBounds: Bool { properties.masksToBounds }
    public var opacity: Double { properties.opacity }
    public var allowsGroupOpacity: Bool { properties.allowsGroupOpacity }
    public var allowsEdgeAntialiasing: Bool { properties.allowsEdgeAntialiasing }
    public var backgroundColor: CGColor? { properties.backgroundColor }
    public var cornerRadius: CGFloat { CGFloat(properties.cornerRadius) }
    public var maskedCorners: CACornerMask { CACornerMask(rawValue: properties.maskedCornersRawValue) }
    public var borderWidth: CGFloat { CGFloat(properties.borderWidth) }
    public var borderColor: CGColor? { properties.borderColor }
    public var shadowColor: CGColor? { properties.shadowColor }
    public var shadowOpacity: Double { properties.shadowOpacity }
    public var shadowOffset: CGSize { properties.shadowOffset }
    public var shadowRadius: CGFloat { CGFloat(properties.shadowRadius) }
    public var shadowPath: CGPath? { properties.shadowPath }

    // Contents.
    public var contents: CGImage? { properties.contentsImage }
    /// A running `contents` cross-fade: draw `fromImage` at `1 − fraction` under `contents` at `fraction`.
    public var contentsCrossfade: ContentsCrossfade? { properties.contentsCrossfade }
    public var contentsRect: CGRect { properties.contentsRect }
    public var contentsCenter: CGRect { properties.contentsCenter }
    public var contentsScale: CGFloat { CGFloat(properties.contentsScale) }
    public var contentsGravity: CALayerContentsGravity { CALayerContentsGravity(rawValue: properties.contentsGravityName) }
    /// The filters `contents` are sampled with when shown larger / smaller than their pixels.
    public var magnificationFilter: CALayerContentsFilter { CALayerContentsFilter(rawValue: properties.magnificationFilterName) }
    public var minificationFilter: CALayerContentsFilter { CALayerContentsFilter(rawValue: properties.minificationFilterName) }
    public var minificationFilterBias: Float { Float(properties.minificationFilterBias) }

    /// The presented value of a custom key holding a number, point, size, rect, colour or transform (animated
    /// ones interpolated), in the Swift type it was set with; nil for other keys (`CALayer+CustomKeys.swift`).
    public func customValue(forKey key: String) -> Any? {
        properties.customKeyValues[key].flatMap { $0.value.boxed(as: $0.kind) }
    }

    // CAShapeLayer.
    public var path: CGPath? { properties.shape.path }
    public var fillColor: CGColor? { properties.shape.fillColor }
    public var fillRule: CAShapeLayerFillRule { CAShapeLayerFillRule(rawValue: properties.shape.fillRuleName) }
    public var strokeColor: CGColor? { properties.shape.strokeColor }
    public var lineWidth: CGFloat { CGFloat(properties.shape.lineWidth) }
    public var miterLimit: CGFloat { CGFloat(properties.shape.miterLimit) }
    public var lineCap: CAShapeLayerLineCap { CAShapeLayerLineCap(rawValue: properties.shape.lineCapName) }
    public var lineJoin: CAShapeLayerLineJoin { CAShapeLayerLineJoin(rawValue: properties.shape.lineJoinName) }
    public var lineDashPattern: [CGFloat]? { properties.shape.lineDashPattern?.map { CGFloat($0) } }
    public var lineDashPhase: CGFloat { CGFloat(properties.shape.lineDashPhase) }
    public var strokeStart: CGFloat { CGFloat(properties.shape.strokeStart) }
    public var strokeEnd: CGFloat { CGFloat(properties.shape.strokeEnd) }

    // CAGradientLayer.
    public var gradientColors: [CGColor]? { properties.gradient.colors }
    public var gradientLocations: [CGFloat]? { properties.gradient.locations?.map { CGFloat($0) } }
    public var gradientStartPoint: CGPoint { properties.gradient.startPoint }
    public var gradientEndPoint: CGPoint { properties.gradient.endPoint }
    public var gradientType: CAGradientLayerType { CAGradientLayerType(rawValue: properties.gradient.typeName) }

    // CATextLayer.
    /// The string: a String or an NSAttributedString (nil when unset).
    public var string: Any? { properties.text.source?.original }
    package var textSource: TextSource? { properties.text.source }
    package var textFont: TextFontSpecifier { properties.text.font.specifier }
    public var fontSize: CGFloat { CGFloat(properties.text.fontSize) }
    public var foregroundColor: CGColor? { properties.text.foregroundColor }
    public var isWrapped: Bool { properties.text.isWrapped }
    public var truncationMode: CATextLayerTruncationMode { CATextLayerTruncationMode(rawValue: properties.text.truncationModeName) }
    public var alignmentMode: CATextLayerAlignmentMode { CATextLayerAlignmentMode(rawValue: properties.text.alignmentModeName) }
    public var allowsFontSubpixelQuantization: Bool { properties.text.allowsFontSubpixelQuantization }

    // CAReplicatorLayer.
    public var instanceCount: Int { properties.replicator.instanceCount }
    public var instanceTransform: CATransform3D { properties.replicator.instanceTransform }
    public var instanceDelay: CFTimeInterval { properties.replicator.instanceDelay }
    public var instanceColor: CGColor? { properties.replicator.instanceColor }
    public var instanceColorOffsets: SIMD4<Double> {
        let r = properties.replicator
        return SIMD4(r.instanceRedOffset, r.instanceGreenOffset, r.instanceBlueOffset, r.instanceAlphaOffset)
    }
    public var preservesDepth: Bool { properties.replicator.preservesDepth }
    /// For a replicator with a non-zero `instanceDelay`: element k is instance k+1's copy of the sublayers,
    /// evaluated at this layer's local time − (k+1)·instanceDelay, as a tree whose root entry is this layer
    /// (same matrices; instance 0 is the sublayers in the enclosing snapshot). The renderer applies
    /// `instanceTransform` k+1 times and the colour offsets as for undelayed instances. Empty otherwise.
    public internal(set) var replicatorInstances: [LayerTreeSnapshot] = []
}

/// A whole committed layer tree evaluated at one media time. Pure in time: evaluating the same committed
/// tree at t1, t2, t1 gives equal first and third snapshots.
public struct LayerTreeSnapshot: Sendable {
    public let mediaTime: CFTimeInterval
    /// Layers in tree order; the root is first. Empty when the root has never been committed.
    public let layers: [LayerSnapshot]

    public var root: LayerSnapshot? { layers.first }
}
