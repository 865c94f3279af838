// CALayer's value properties with Apple's names and types. Every setter goes through
// `setModelValue`, so equal values are ignored and changes run their action (spec §6.3).
import Foundation

/// Apple's `CACornerMask`: which corners `cornerRadius` rounds (raw values as Apple's).
public struct CACornerMask: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
}

/// Apple's `CALayerContentsGravity` names (raw strings as Apple's constants).
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let center = CALayerContentsGravity(rawValue: "center")
    public static let top = CALayerContentsGravity(rawValue: "top")
    public static let bottom = CALayerContentsGravity(rawValue: "bottom")
    public static let left = CALayerContentsGravity(rawValue: "left")
    public static let right = CALayerContentsGravity(rawValue: "right")
    public static let topLeft = CALayerContentsGravity(rawValue: "topLeft")
    public static let topRight = CALayerContentsGravity(rawValue: "topRight")
    public static let bottomLeft = CALayerContentsGravity(rawValue: "bottomLeft")
    public static let bottomRight = CALayerContentsGravity(rawValue: "bottomRight")
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
}

/// Apple's `CALayerContentsFilter` names (raw strings as Apple's constants `kCAFilterLinear`,
/// `kCAFilterNearest`, `kCAFilterTrilinear`): how `contents` are sampled when scaled.
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Linear interpolation (Apple's default for both filters).
    public static let linear = CALayerContentsFilter(rawValue: "linear")
    /// Nearest neighbour: the texel containing the sample point.
    public static let nearest = CALayerContentsFilter(rawValue: "nearest")
    /// Linear with mipmaps when minifying (Apple: "trilinear minification filter").
    public static let trilinear = CALayerContentsFilter(rawValue: "trilinear")
}

extension CALayer {
    // MARK: Geometry (spec §9.2)

    /// The layer's bounds in its own coordinate space. Animatable. Default `.zero`.
    public var bounds: CGRect {
        get { modelValues.bounds }
        set {
            guard newValue.origin.x.isFinite, newValue.origin.y.isFinite, newValue.width.isFinite, newValue.height.isFinite
            else { return }
            setModelValue(\.bounds, newValue, forKey: "bounds")
        }
    }

    /// Where the anchor point sits in the superlayer's coordinate space. Animatable. Default `.zero`.
    public var position: CGPoint {
        get { modelValues.position }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite else { return }
            setModelValue(\.position, newValue, forKey: "position")
        }
    }

    /// The z component of the position. Animatable. Default 0.
    public var zPosition: CGFloat {
        get { CGFloat(modelValues.zPosition) }
        set { setFiniteScalar(\.zPosition, Double(newValue), forKey: "zPosition") }
    }

    /// The anchor point in unit coordinates of the bounds. Animatable. Default (0.5, 0.5).
    public var anchorPoint: CGPoint {
        get { modelValues.anchorPoint }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite else { return }
            setModelValue(\.anchorPoint, newValue, forKey: "anchorPoint")
        }
    }

    /// The z component of the anchor point. Animatable. Default 0.
    public var anchorPointZ: CGFloat {
        get { CGFloat(modelValues.anchorPointZ) }
        set { setFiniteScalar(\.anchorPointZ, Double(newValue), forKey: "anchorPointZ") }
    }

    /// Whether the layer's geometry is flipped vertically relative to its superlayer. Default false.
    public var isGeometryFlipped: Bool {
        get { modelValues.isGeometryFlipped }
        set { setModelValue(\.isGeometryFlipped, newValue, forKey: "geometryFlipped") }
    }

    // MARK: Visibility and appearance

    /// Animatable. Default false.
    public var isHidden: Bool {
        get { modelValues.isHidden }
        set { setModelValue(\.isHidden, newValue, forKey: "hidden") }
    }

    /// Whether the back face is drawn. Not implicitly animated (CAPG-Animatable). Default true.
    public var isDoubleSided: Bool {
        get { modelValues.isDoubleSided }
        set { setModelValue(\.isDoubleSided, newValue, forKey: "doubleSided") }
    }

    /// Animatable. Default false.
    public var masksToBounds: Bool {
        get { modelValues.masksToBounds }
        set { setModelValue(\.masksToBounds, newValue, forKey: "masksToBounds") }
    }

    /// Animatable, in [0, 1] (values outside are stored; the renderer clamps). Default 1.
    public var opacity: Float {
        get { Float(modelValues.opacity) }
        set { setFiniteScalar(\.opacity, Double(newValue), forKey: "opacity") }
    }

    /// A hint that the layer is fully opaque. Default false.
    public var isOpaque: Bool {
        get { modelValues.isOpaque }
        set { setModelValue(\.isOpaque, newValue, forKey: "opaque") }
    }

    /// Whether opacity applies to the composited subtree as a group. Default true (Apple's macOS default).
    public var allowsGroupOpacity: Bool {
        get { modelValues.allowsGroupOpacity }
        set { setModelValue(\.allowsGroupOpacity, newValue, forKey: "allowsGroupOpacity") }
    }

    /// Default false.
    public var allowsEdgeAntialiasing: Bool {
        get { modelValues.allowsEdgeAntialiasing }
        set { setModelValue(\.allowsEdgeAntialiasing, newValue, forKey: "allowsEdgeAntialiasing") }
    }

    /// Animatable. Default 0.
    public var cornerRadius: CGFloat {
        get { CGFloat(modelValues.cornerRadius) }
        set { setFiniteScalar(\.cornerRadius, Double(newValue), forKey: "cornerRadius") }
    }

    /// Which corners `cornerRadius` rounds. Default all four.
    public var maskedCorners: CACornerMask {
        get { CACornerMask(rawValue: modelValues.maskedCornersRawValue) }
        set { setModelValue(\.maskedCornersRawValue, newValue.rawValue, forKey: "maskedCorners") }
    }

    /// Animatable. Default 0.
    public var borderWidth: CGFloat {
        get { CGFloat(modelValues.borderWidth) }
        set { setFiniteScalar(\.borderWidth, Double(newValue), forKey: "borderWidth") }
    }

    /// Animatable. Default 0.
    public var shadowOpacity: Float {
        get { Float(modelValues.shadowOpacity) }
        set { setFiniteScalar(\.shadowOpacity, Double(newValue), forKey: "shadowOpacity") }
    }

    /// Animatable. Default (0, −3).
    public var shadowOffset: CGSize {
        get { modelValues.shadowOffset }
        set {
            guard newValue.width.isFinite, newValue.height.isFinite else { return }
            setModelValue(\.shadowOffset, newValue, forKey: "shadowOffset")
        }
    }

    /// Animatable. Default 3.
    public var shadowRadius: CGFloat {
        get { CGFloat(modelValues.shadowRadius) }
        set { setFiniteScalar(\.shadowRadius, Double(newValue), forKey: "shadowRadius") }
    }

    // MARK: Contents placement

    /// The part of `contents` shown, in unit coordinates. Animatable. Default (0, 0, 1, 1).
    public var contentsRect: CGRect {
        get { modelValues.contentsRect }
        set { setFiniteRect(\.contentsRect, newValue, forKey: "contentsRect") }
    }

    /// The stretchable centre of `contents`, in unit coordinates. Animatable. Default (0, 0, 1, 1).
    public var contentsCenter: CGRect {
        get { modelValues.contentsCenter }
        set { setFiniteRect(\.contentsCenter, newValue, forKey: "contentsCenter") }
    }

    /// Pixels of backing store per point. Animatable. Default 1.
    public var contentsScale: CGFloat {
        get { CGFloat(modelValues.contentsScale) }
        set { setFiniteScalar(\.contentsScale, Double(newValue), forKey: "contentsScale") }
    }

    /// How `contents` is placed in the bounds. Default `.resize`.
    public var contentsGravity: CALayerContentsGravity {
        get { CALayerContentsGravity(rawValue: modelValues.contentsGravityName) }
        set { setModelValue(\.contentsGravityName, newValue.rawValue, forKey: "contentsGravity") }
    }

    /// Animatable. Default 1.
    public var rasterizationScale: CGFloat {
        get { CGFloat(modelValues.rasterizationScale) }
        set { setFiniteScalar(\.rasterizationScale, Double(newValue), forKey: "rasterizationScale") }
    }

    /// Animatable. Default false.
    public var shouldRasterize: Bool {
        get { modelValues.shouldRasterize }
        set { setModelValue(\.shouldRasterize, newValue, forKey: "shouldRasterize") }
    }

    /// Apple: "The filter used when increasing the size of the content." Default `.linear`.
    public var magnificationFilter: CALayerContentsFilter {
        get { CALayerContentsFilter(rawValue: modelValues.magnificationFilterName) }
        set { setModelValue(\.magnificationFilterName, newValue.rawValue, forKey: "magnificationFilter") }
    }

    /// Apple: "The filter used when reducing the size of the content." Default `.linear`.
    public var minificationFilter: CALayerContentsFilter {
        get { CALayerContentsFilter(rawValue: modelValues.minificationFilterName) }
        set { setModelValue(\.minificationFilterName, newValue.rawValue, forKey: "minificationFilter") }
    }

    /// Apple: "The bias factor used by the minification filter to determine the levels of detail."
    /// Animatable. Default 0.
    public var minificationFilterBias: Float {
        get { Float(modelValues.minificationFilterBias) }
        set { setFiniteScalar(\.minificationFilterBias, Double(newValue), forKey: "minificationFilterBias") }
    }

    // MARK: Helpers

    /// Non-finite scalars (NaN, ±∞) are ignored rather than stored: they would poison every matrix.
    func setFiniteScalar(_ path: WritableKeyPath<LayerProperties, Double>, _ value: Double, forKey key: String) {
        guard value.isFinite else { return }
        setModelValue(path, value, forKey: key)
    }

    func setFiniteRect(_ path: WritableKeyPath<LayerProperties, CGRect>, _ rect: CGRect, forKey key: String) {
        guard rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite else { return }
        setModelValue(path, rect, forKey: key)
    }
}
