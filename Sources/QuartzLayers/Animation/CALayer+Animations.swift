// Adding, finding and removing animations (SDK-CALayer, spec §1.4, §1.5, §2.2) and the built-in implicit
// animation (spec §6.4).
import Foundation

extension CALayer {
    /// The body of `add(_:forKey:)`.
    func addAnimationDefault(_ anim: CAAnimation, forKey key: String?) {
        guard !isPresentationCopy else { return }
        let copy = anim.copy() as? CAAnimation ?? anim
        if !(copy.duration > 0) {
            copy.duration = context.transactionAnimationDuration
        }
        if copy.timingFunction == nil, let function = context.transactionTimingFunction {
            copy.timingFunction = function
        }
        let storageKey = copy is CATransition ? kCATransition : key
        if let storageKey, let index = animationEntries.firstIndex(where: { $0.key == storageKey }) {
            detachAnimation(at: index)
        }
        var problems: [(CAAnimation, AnimationProgramError)] = []
        let compiled = AnimationProgram.compile(
            copy, table: evaluationTable(for: copy), presentationValue: { [self] in currentPresentationValue(at: $0) },
            problems: &problems)
        var program: AnimationProgram?
        switch compiled {
        case .success(let built): program = built
        case .failure(let error): problems.insert((copy, error), at: 0)
        }
        for (animation, error) in problems {
            let member = animation === copy ? "" : "a group member: "
            context.report(AnimationDiagnostic(
                layerName: name, key: storageKey, keyPath: (animation as? CAPropertyAnimation)?.keyPath,
                message: member + error.description, stillAnimates: error.stillAnimates))
        }
        let entry = context.withLock {
            AttachedAnimation(
                key: storageKey, animation: copy, program: program, timing: copy.timingNode,
                serial: context.nextAnimationSerial())
        }
        animationEntries.append(entry)
        context.track(entry, on: self)
        noteStructuralChange()
    }

    /// Apple: the attached animation for `key` (the copy; do not mutate it).
    public func animation(forKey key: String) -> CAAnimation? {
        animationEntries.first { $0.key == key }?.animation
    }

    /// Apple: the keys of the attached animations in application order; nil when there are none.
    public func animationKeys() -> [String]? {
        let keys = animationEntries.compactMap(\.key)
        return keys.isEmpty ? nil : keys
    }

    /// The body of `removeAnimation(forKey:)`.
    func removeAnimationDefault(forKey key: String) {
        guard let index = animationEntries.firstIndex(where: { $0.key == key }) else { return }
        detachAnimation(at: index)
    }

    /// The body of `removeAllAnimations()`.
    func removeAllAnimationsDefault() {
        while !animationEntries.isEmpty { detachAnimation(at: 0) }
    }

    /// Removes an entry as not finished: the stop callback is queued for the next turn (spec §1.4) and
    /// completion blocks count it as ended (spec §6.1 rule 2).
    func detachAnimation(at index: Int) {
        let entry = animationEntries.remove(at: index)
        context.untrack(entry, finished: false)
        noteStructuralChange()
    }

    /// Core Animation's built-in implicit animation (spec §6.4): a CABasicAnimation from the current
    /// presentation value (toward the new model value, `U`), with the transaction's duration and timing
    /// function, `.default` otherwise. Only for animatable properties of layers that have been committed.
    func builtInImplicitAction(forKey key: String) -> (any CAAction)? {
        guard committed != nil, !isPresentationCopy, let accessor = type(of: self).propertyTable[key],
            accessor.hasImplicitAnimation
        else { return nil }
        let animation = CABasicAnimation(keyPath: key)
        let resolved = ResolvedKeyPath(keyPath: key, propertyKey: key, accessor: accessor, fields: [], kind: accessor.kind)
        animation.fromValue = currentPresentationValue(at: resolved)?.boxed(as: accessor.kind)
        animation.timingFunction = context.transactionTimingFunction ?? CAMediaTimingFunction(name: .default)
        return animation
    }

    /// Fixes the begin time of animations added since the last commit (spec §1.5): 0 becomes the commit
    /// time converted into this layer's time space; all animations of one commit share it.
    func commitPendingAnimations(atMediaTime commitTime: Double) {
        var localCommitTime: Double?
        for entry in animationEntries where !entry.isCommitted {
            if entry.timing.beginTime == 0 {
                if localCommitTime == nil { localCommitTime = localTime(atMediaTime: commitTime, useModel: true) }
                entry.timing.beginTime = localCommitTime ?? commitTime
                entry.program = entry.program.map { $0.withTiming(entry.timing) }
                entry.animation.beginTime = entry.timing.beginTime
            }
            entry.isCommitted = true
        }
    }
}

extension LayerTreeContext {
    /// The transaction's `animationTimingFunction`, if set.
    var transactionTimingFunction: CAMediaTimingFunction? {
        transactionValue(forKey: kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction
    }
}
