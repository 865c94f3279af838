// Animation lifecycle bookkeeping (spec §1.4, §6.1, §11 step 3): which attached animations are running,
// and, at each turn, the `animationDidStart(_:)` / `animationDidStop(_:finished:)` callbacks and removals
// that are due at the clock's time — in time order, once each. Cost is proportional to the running
// animations.
import Foundation

/// A running animation and the layer it is attached to. The layer is not owned: a layer owns its context,
/// so a context owning its animated layers would keep every tree alive that ever ran an animation. A layer
/// that is freed takes its animations with it; they stop unfinished at the next turn (Apple,
/// `animationDidStop(_:finished:)`: the flag is true only "if the animation reached the end of its
/// duration without being removed").
struct RunningAnimation {
    weak var layer: CALayer?
    let entry: AttachedAnimation
}

extension LayerTreeContext {
    func nextAnimationSerial() -> Int {
        animationSerial &+= 1
        return animationSerial
    }

    /// Registers a newly added animation and lets the open completion blocks track it (spec §6.1 rule 1).
    func track(_ entry: AttachedAnimation, on layer: CALayer) {
        withLock {
            for group in transactions.openCompletionGroups {
                group.pendingAnimationCount += 1
                entry.completionGroups.append(group)
            }
            runningAnimations.append(RunningAnimation(layer: layer, entry: entry))
        }
    }

    /// Ends an animation: queues its stop callback (unless already sent) and releases its completion blocks.
    func untrack(_ entry: AttachedAnimation, finished: Bool) {
        withLock {
            runningAnimations.removeAll { $0.entry === entry }
            finish(entry, finished: finished)
        }
    }

    private func finish(_ entry: AttachedAnimation, finished: Bool) {
        guard !entry.didStop else { return }
        entry.didStop = true
        let animation = entry.animation
        if let delegate = animation.delegate {
            pendingCallbacks.append { delegate.animationDidStop(animation, finished: finished) }
        }
        for group in entry.completionGroups {
            group.pendingAnimationCount -= 1
            fireIfDue(group)
        }
        entry.completionGroups.removeAll()
    }

    /// Queues the start/stop callbacks due at media time `time` in time order and removes finished
    /// animations whose `isRemovedOnCompletion` is set. Called with `lock` held, at the end of a turn.
    func processAnimationEvents(upTo time: Double) {
        struct Event {
            let time: Double
            let serial: Int
            let isStop: Bool
            let running: RunningAnimation
        }
        var events: [Event] = []
        var hasFreedLayers = false
        for running in runningAnimations where !running.entry.didStop {
            guard let layer = running.layer else {
                finish(running.entry, finished: false)
                hasFreedLayers = true
                continue
            }
            guard running.entry.isCommitted else { continue }
            let entry = running.entry
            let localNow = layer.localTime(atMediaTime: time, useModel: false)
            let elapsed = entry.timing.elapsedTime(fromParentTime: localNow)
            guard !elapsed.isNaN else { continue }
            let activeDuration = entry.timing.activeDuration
            // Event times in absolute time only order the callbacks; a paused chain has none, so "now".
            func absolute(_ localTime: Double) -> Double {
                let value = layer.mediaTime(atLocalTime: localTime, useModel: false)
                return value.isFinite && value <= time ? value : time
            }
            let speed = Double(entry.timing.speed)
            if !entry.didStart && elapsed >= 0 {
                events.append(Event(time: absolute(entry.timing.beginTime), serial: entry.serial, isStop: false, running: running))
            }
            if elapsed >= activeDuration {
                let endLocal = speed != 0 ? entry.timing.beginTime + activeDuration / speed : time
                events.append(Event(time: absolute(endLocal), serial: entry.serial, isStop: true, running: running))
            }
        }
        events.sort { a, b in
            if a.time != b.time { return a.time < b.time }
            if a.serial != b.serial { return a.serial < b.serial }
            return !a.isStop && b.isStop
        }
        for event in events {
            let entry = event.running.entry
            if event.isStop {
                if !entry.didStart {
                    entry.didStart = true
                    queueStart(entry)
                }
                finish(entry, finished: true)
                if entry.animation.isRemovedOnCompletion {
                    event.running.layer?.animationEntries.removeAll { $0 === entry }
                }
            } else if !entry.didStart {
                entry.didStart = true
                queueStart(entry)
            }
        }
        // One pass, not one search per finished animation (thousands may end in the same turn).
        if hasFreedLayers || events.contains(where: \.isStop) { runningAnimations.removeAll { $0.entry.didStop } }
    }

    private func queueStart(_ entry: AttachedAnimation) {
        let animation = entry.animation
        if let delegate = animation.delegate {
            pendingCallbacks.append { delegate.animationDidStart(animation) }
        }
    }
}
