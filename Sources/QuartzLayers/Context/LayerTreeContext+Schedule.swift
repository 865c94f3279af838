// When a layer tree next needs a frame (CARenderer.nextFrameTime): now while an animation
// is running or waiting for its commit, the begin time of the earliest delayed animation when all are
// delayed, infinity when none is attached or all have ended. Times are absolute media times; an
// animation's interval is read in its layer's time space and mapped back through the ancestors (spec §1.2).
import Foundation

extension LayerTreeContext {
    /// The earliest media time at or after `t` at which the presentation of `root`'s tree can change
    /// because of an attached animation: `t` while any animation is active at `t` (or not yet committed:
    /// it starts at the next commit), the earliest begin time of the delayed ones otherwise, and infinity
    /// when no animation is attached or every one has ended (spec §1.3 phases).
    public func nextAnimationTime(of root: CALayer, atMediaTime t: CFTimeInterval) -> CFTimeInterval {
        guard !t.isNaN else { return .infinity }
        return withLock {
            var earliest = CFTimeInterval.infinity
            var pending: [CALayer] = [root]
            var visited = 0
            // A bound on the walk keeps a malformed tree from looping (a committed tree has no cycles).
            while let layer = pending.popLast(), visited < 10_000_000 {
                visited += 1
                if !layer.animationEntries.isEmpty {
                    let local = layer.localTime(atMediaTime: t, useModel: false)
                    for entry in layer.animationEntries {
                        guard entry.isCommitted else { return t }
                        guard let state = entry.timing.evaluate(parentTime: local) else { continue }
                        switch state.phase {
                        case .active:
                            return t
                        case .before:
                            let begin = layer.mediaTime(atLocalTime: entry.timing.beginTime, useModel: false)
                            // A begin that maps to now or earlier (a paused or reversed clock) counts as now.
                            earliest = min(earliest, begin.isNaN ? earliest : max(begin, t))
                        case .after:
                            break
                        }
                    }
                }
                if let mask = layer.maskLayer { pending.append(mask) }
                pending.append(contentsOf: layer.sublayerList)
            }
            return earliest
        }
    }
}

extension CALayer {
    /// The context whose transactions record this layer's changes and whose clock it is evaluated against
    /// (the context current when the layer was made).
    public var layerTreeContext: LayerTreeContext { context }
}
