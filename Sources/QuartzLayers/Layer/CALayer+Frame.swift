// `frame`: derived from position, bounds, anchorPoint and transform (spec §9.2).
import Foundation
import QuartzMath

extension CALayer {
    /// Apple: the layer's rectangle in the superlayer's space. Not animatable; setting it sets
    /// `position` and `bounds.size` (two changes, two actions: CAPG-Animatable), keeping `bounds.origin`
    /// and `anchorPoint`, and standardising a negative size (spec §9.2).
    public var frame: CGRect {
        get { frameInSuperlayer(of: modelValues) }
        set {
            let rect = newValue.standardized
            guard rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite else { return }
            let anchor = modelValues.anchorPoint
            position = CGPoint(x: rect.minX + anchor.x * rect.width, y: rect.minY + anchor.y * rect.height)
            bounds = CGRect(origin: modelValues.bounds.origin, size: rect.size)
        }
    }
}

extension CALayer {
    /// The geometry inputs of QuartzMath's layer matrices for a property state.
    static func geometry(of properties: LayerProperties) -> LayerGeometry {
        LayerGeometry(
            bounds: properties.bounds, position: properties.position, zPosition: CGFloat(properties.zPosition),
            anchorPoint: properties.anchorPoint, anchorPointZ: CGFloat(properties.anchorPointZ),
            transform: properties.transform, sublayerTransform: properties.sublayerTransform)
    }

    /// The frame for a property state: the bounding box of the transformed bounds (spec §9.2).
    func frameInSuperlayer(of properties: LayerProperties) -> CGRect {
        CALayer.geometry(of: properties).frame
    }
}
