// A layer's presentation properties at a local time (spec §11 step 2): the committed model values,
// then every committed animation in `animationKeys()` order, each replacing or adding (spec §2.2).
import Foundation

extension CALayer {
    /// Presentation properties and any running transition at layer-local time `localTime`.
    func presentationState(atLocalTime localTime: Double) -> (properties: LayerProperties, transition: TransitionState?) {
        var properties = committed ?? modelValues
        var transition: TransitionState?
        for entry in animationEntries where entry.isCommitted {
            entry.program?.apply(
                atParentTime: localTime, removedAfterEnd: entry.animation.isRemovedOnCompletion, to: &properties,
                transition: &transition)
        }
        return (properties, transition)
    }

    /// The current presentation value at a path (the model value for a layer never committed).
    func currentPresentationValue(at resolved: ResolvedKeyPath) -> LayerValue? {
        guard committed != nil else { return resolved.value(in: modelValues) }
        let now = localTime(atMediaTime: context.mediaTime, useModel: false)
        return resolved.value(in: presentationState(atLocalTime: now).properties)
    }
}
