// CAAnimationGroup (spec §5.1).
import Foundation

/// Apple: animations that run concurrently in the time space of the group, clipped to its active
/// interval; the children's delegates and `isRemovedOnCompletion` are ignored.
open class CAAnimationGroup: CAAnimation {
    open var animations: [CAAnimation]?

    public required init() {}

    override func copyState(from other: CAAnimation) {
        super.copyState(from: other)
        guard let other = other as? CAAnimationGroup else { return }
        animations = other.animations?.compactMap { $0.copy() as? CAAnimation }
    }
}
