// Apple's action protocol, NSNull as the "stop searching" action, and the layer delegate protocol.
import Foundation
import QuartzRaster

/// Apple: an object that responds to an event on a layer (a property change, `onOrderIn`, …).
/// `CAAnimation` runs by adding itself to the layer under the event's key (spec §6.3).
public protocol CAAction {
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

/// Apple's `NSNull (CAActionAdditions)`: returning `NSNull()` from a lookup step stops the search with
/// no action (spec §6.2, [A: SDK-CALayer]). Running it does nothing.
extension NSNull: CAAction {
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

/// Apple's `kCAOnOrderIn` / `kCAOnOrderOut` / `kCATransition` event keys (spec §5.3, §5.2).
public let kCAOnOrderIn: String = "onOrderIn"
public let kCAOnOrderOut: String = "onOrderOut"
public let kCATransition: String = "transition"

/// Apple's layer delegate. Every method is optional in Apple's API; here each has a default that
/// behaves as "not implemented": `display(_:)` falls back to drawing, `action(for:forKey:)` returns nil
/// (continue the search), `draw(_:in:)`, `layoutSublayers(of:)` and `layerWillDraw(_:)` do nothing.
/// Apple's protocol refines `NSObjectProtocol`; ours only requires a class.
public protocol CALayerDelegate: AnyObject {
    /// Supplies the layer's contents instead of drawing (called by `CALayer.display()`).
    func display(_ layer: CALayer)
    /// Called before the layer draws.
    func layerWillDraw(_ layer: CALayer)
    /// Draws the layer's content (called by `CALayer.draw(in:)`), in the layer's bounds space, y down.
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Lays out the layer's sublayers (called by `CALayer.layoutSublayers()`).
    func layoutSublayers(of layer: CALayer)
    /// The first step of the action search (spec §6.2): an action, `NSNull()` to stop, or nil to continue.
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)?
}

extension CALayerDelegate {
    public func display(_ layer: CALayer) { layer.displayByDrawing() }
    public func layerWillDraw(_ layer: CALayer) {}
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    public func layoutSublayers(of layer: CALayer) {}
    public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { nil }
}
