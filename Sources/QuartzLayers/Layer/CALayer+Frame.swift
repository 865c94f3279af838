// `frame`: derived from position, bounds, anchorPoint and transform (spec §9.2).
import Foundation

extension CALayer {
    /// Apple: the layer's rectangle in the superlayer's space. Not animatable; setting it sets
    /// `position` and `bounds.size` (two changes, two actions: CAPG-Animatable), keeping `bounds.origin`
    /// and `anchorPoint`, and standardising a negative size (spec §9.2).
    public var frame: CGRect {
        get { frameInSuperlayer(of: model) }
        set {
            let rect = newValue.standardized
            guard rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite else { return }
            let anchor = model.anchorPoint
            position = CGPoint(x: rect.minX + anchor.x * rect.width, y: rect.minY + anchor.y * rect.height)
            bounds = CGRect(origin: model.bounds.origin, size: rect.size)
        }
    }
}

extension CALayer {
    func frameInSuperlayer(of properties: LayerProperties) -> CGRect {
        CGRect(
            x: properties.position.x - properties.anchorPoint.x * properties.bounds.width,
            y: properties.position.y - properties.anchorPoint.y * properties.bounds.height,
            width: properties.bounds.width, height: properties.bounds.height)
    }
}
