// An animation attached to a layer: the copy made by `add(_:forKey:)`, its key, its compiled program,
// and the bookkeeping for delegate callbacks and completion blocks (spec §1.4, §6.1, §11 step 3).
import Foundation

final class AttachedAnimation {
    let key: String?
    /// The copy `animation(forKey:)` returns (its delegate receives the callbacks, spec §1.4).
    let animation: CAAnimation
    /// Nil when the animation cannot change a property (see `AnimationProgramError`); timing callbacks
    /// still run from `timing`.
    var program: AnimationProgram?
    var timing: MediaTimingNode
    /// Set when a commit has fixed the begin time; only committed animations contribute.
    var isCommitted = false
    var didStart = false
    var didStop = false
    /// Completion blocks waiting for this animation.
    var completionGroups: [CompletionGroup] = []
    /// Attach order within the context: the tie-break that keeps callback order deterministic.
    let serial: Int

    init(key: String?, animation: CAAnimation, program: AnimationProgram?, timing: MediaTimingNode, serial: Int) {
        self.key = key
        self.animation = animation
        self.program = program
        self.timing = timing
        self.serial = serial
    }
}
