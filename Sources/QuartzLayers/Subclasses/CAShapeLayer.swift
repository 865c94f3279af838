// CAShapeLayer (SDK-CAShapeLayer): a path filled and stroked between the contents and the sublayers.
import Foundation
import QuartzRaster

/// Apple's `CAShapeLayerFillRule` names.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// Apple's `CAShapeLayerLineCap` names.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// Apple's `CAShapeLayerLineJoin` names.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

/// Apple: a layer that draws a path.
open class CAShapeLayer: CALayer {
    override class var snapshotKind: LayerSnapshotKind { .shape }
    override class var propertyTable: [String: LayerPropertyAccessor] { LayerPropertyTable.shape }


    /// Animatable explicitly; no implicit animation ("although the path property is animatable, no
    /// implicit animation will be created"). Default nil.
    open var path: CGPath? {
        get { modelValues.shape.path }
        set { setModelValue(\.shape.path, newValue, forKey: "path") }
    }
    /// Animatable. Default opaque black.
    open var fillColor: CGColor? {
        get { modelValues.shape.fillColor }
        set { setModelValue(\.shape.fillColor, newValue, forKey: "fillColor") }
    }
    /// Default `.nonZero`.
    open var fillRule: CAShapeLayerFillRule {
        get { CAShapeLayerFillRule(rawValue: modelValues.shape.fillRuleName) }
        set { setModelValue(\.shape.fillRuleName, newValue.rawValue, forKey: "fillRule") }
    }
    /// Animatable. Default nil (no stroke).
    open var strokeColor: CGColor? {
        get { modelValues.shape.strokeColor }
        set { setModelValue(\.shape.strokeColor, newValue, forKey: "strokeColor") }
    }
    /// Animatable, in [0, 1] at render time (the raw value is kept). Default 0.
    open var strokeStart: CGFloat {
        get { CGFloat(modelValues.shape.strokeStart) }
        set { setFiniteScalar(\.shape.strokeStart, Double(newValue), forKey: "strokeStart") }
    }
    /// Animatable. Default 1.
    open var strokeEnd: CGFloat {
        get { CGFloat(modelValues.shape.strokeEnd) }
        set { setFiniteScalar(\.shape.strokeEnd, Double(newValue), forKey: "strokeEnd") }
    }
    /// Animatable. Default 1.
    open var lineWidth: CGFloat {
        get { CGFloat(modelValues.shape.lineWidth) }
        set { setFiniteScalar(\.shape.lineWidth, Double(newValue), forKey: "lineWidth") }
    }
    /// Animatable. Default 10.
    open var miterLimit: CGFloat {
        get { CGFloat(modelValues.shape.miterLimit) }
        set { setFiniteScalar(\.shape.miterLimit, Double(newValue), forKey: "miterLimit") }
    }
    /// Default `.butt`.
    open var lineCap: CAShapeLayerLineCap {
        get { CAShapeLayerLineCap(rawValue: modelValues.shape.lineCapName) }
        set { setModelValue(\.shape.lineCapName, newValue.rawValue, forKey: "lineCap") }
    }
    /// Default `.miter`.
    open var lineJoin: CAShapeLayerLineJoin {
        get { CAShapeLayerLineJoin(rawValue: modelValues.shape.lineJoinName) }
        set { setModelValue(\.shape.lineJoinName, newValue.rawValue, forKey: "lineJoin") }
    }
    /// Animatable. Default 0.
    open var lineDashPhase: CGFloat {
        get { CGFloat(modelValues.shape.lineDashPhase) }
        set { setFiniteScalar(\.shape.lineDashPhase, Double(newValue), forKey: "lineDashPhase") }
    }
    /// Dash lengths; nil or empty for a solid line. Non-finite entries make the pattern ignored.
    open var lineDashPattern: [NSNumber]? {
        get { modelValues.shape.lineDashPattern?.map { NSNumber(value: $0) } }
        set {
            let lengths = newValue?.map(\.doubleValue)
            guard lengths?.allSatisfy(\.isFinite) ?? true else { return }
            setModelValue(\.shape.lineDashPattern, lengths, forKey: "lineDashPattern")
        }
    }
}
