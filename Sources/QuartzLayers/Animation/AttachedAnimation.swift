// An animation attached to a layer: the copy made by `add(_:forKey:)`, its key, and the values
// resolved at commit (begin time in the layer's time space).
import Foundation

struct AttachedAnimation {
    var key: String?
}

extension CALayer {
    /// Fixes the begin time of animations added since the last commit (spec §1.5).
    func commitPendingAnimations(atMediaTime commitTime: Double) {}

    /// Core Animation's built-in implicit animation for a property change (spec §6.4).
    func builtInImplicitAction(forKey key: String) -> (any CAAction)? { nil }
}

extension LayerTreeContext {
    /// Fires animation start/stop callbacks due at or before `time`, in time order (spec §11 step 3).
    func processAnimationEvents(upTo time: Double) {}
}
