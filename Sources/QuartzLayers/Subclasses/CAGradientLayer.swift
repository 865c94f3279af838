// CAGradientLayer: a colour gradient over the layer's bounds (unit coordinates for start and end).
import Foundation
import QuartzRaster

/// Apple's `CAGradientLayerType` names.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let axial = CAGradientLayerType(rawValue: "axial")
    public static let radial = CAGradientLayerType(rawValue: "radial")
    public static let conic = CAGradientLayerType(rawValue: "conic")
}

/// Apple: a layer that draws a gradient.
open class CAGradientLayer: CALayer {
    override class var snapshotKind: LayerSnapshotKind { .gradient }
    override class var propertyTable: [String: LayerPropertyAccessor] { LayerPropertyTable.gradient }


    /// Apple: the CGColors of the stops. Animatable. Default nil. Elements that are not CGColors make
    /// the assignment ignored.
    open var colors: [Any]? {
        get { modelValues.gradient.colors }
        set {
            guard let newValue else {
                setModelValue(\.gradient.colors, nil, forKey: "colors")
                return
            }
            let colors = newValue.compactMap { $0 as? CGColor }
            guard colors.count == newValue.count else { return }
            setModelValue(\.gradient.colors, colors, forKey: "colors")
        }
    }
    /// Apple: stop locations in [0, 1]; nil spreads the stops evenly. Animatable.
    open var locations: [NSNumber]? {
        get { modelValues.gradient.locations?.map { NSNumber(value: $0) } }
        set {
            let locations = newValue?.map(\.doubleValue)
            guard locations?.allSatisfy(\.isFinite) ?? true else { return }
            setModelValue(\.gradient.locations, locations, forKey: "locations")
        }
    }
    /// Animatable. Default (0.5, 0).
    open var startPoint: CGPoint {
        get { modelValues.gradient.startPoint }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite else { return }
            setModelValue(\.gradient.startPoint, newValue, forKey: "startPoint")
        }
    }
    /// Animatable. Default (0.5, 1).
    open var endPoint: CGPoint {
        get { modelValues.gradient.endPoint }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite else { return }
            setModelValue(\.gradient.endPoint, newValue, forKey: "endPoint")
        }
    }
    /// Default `.axial`.
    open var type: CAGradientLayerType {
        get { CAGradientLayerType(rawValue: modelValues.gradient.typeName) }
        set { setModelValue(\.gradient.typeName, newValue.rawValue, forKey: "type") }
    }
}
