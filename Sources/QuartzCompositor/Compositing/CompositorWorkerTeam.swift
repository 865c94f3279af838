// Persistent helper threads for the compositor's parallel phases (prepare, tiles), kept across frames by
// a CompositorSurfacePool so a phase does not pay a thread wake-up (tens of µs) each time it starts.
//
// Between phases a helper spins on the phase counter for at most `spinNanoseconds`, then sleeps on a
// condition: the two phases of a frame and the next frame's first phase usually start within that time,
// and a renderer left idle costs at most one spin per helper before every helper sleeps. Which thread runs
// which work item never changes a pixel (the callers hand out items from a shared counter, as with
// DispatchQueue.concurrentPerform).
import Foundation
import Synchronization

/// A caller plus `helperCount` threads that run one job at a time. Used by one frame at a time (`claim`).
final class CompositorWorkerTeam: @unchecked Sendable {
    // Invariant (for @unchecked Sendable): every stored property is immutable or atomic.
    let helperCount: Int
    private let state: CompositorTeamState
    private let busy = Atomic<Bool>(false)

    /// Starts `helpers` (≥ 1) threads, asleep until the first job.
    init(helpers: Int) {
        helperCount = max(1, helpers)
        state = CompositorTeamState(helpers: helperCount)
        for participant in 1...helperCount {
            let state = self.state
            let thread = Thread { state.helperLoop(participant: participant) }
            thread.name = "OpenQuartz compositor \(participant)"
            thread.start()
        }
    }

    /// The helpers leave their loops (they hold only the shared state, never the team).
    deinit { state.stop() }

    /// Takes the team for one frame; false while another frame holds it (that frame then uses Dispatch).
    func claim() -> Bool {
        busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
    }

    func release() { busy.store(false, ordering: .releasing) }

    /// Helpers asleep on the condition right now (tests: an idle team must stop spinning).
    var sleepingHelpers: Int { state.sleepingHelpers }

    /// Runs `body(participant)` on the caller (participant 0) and on every helper (1…helperCount); returns
    /// when all have returned. Only the thread that claimed the team calls this.
    func run(_ body: (Int) -> Void) {
        withoutActuallyEscaping(body) { job in state.run(job) }
    }
}

/// What the caller and the helpers share.
final class CompositorTeamState: @unchecked Sendable {
    // Invariants (for @unchecked Sendable): `job` is written by the caller only while no helper runs it
    // (before publishing a generation, after `pending` reached 0) and read by helpers only in between, both
    // ordered by the generation and pending atomics; `sleepers`, `callerWaiting` and `stopping` are accessed
    // only with `condition` locked.
    private var job: ((Int) -> Void)?
    private let generation = Atomic<Int>(0)
    private let pending = Atomic<Int>(0)
    private let condition = NSCondition()
    private var sleepers = 0
    private var callerWaiting = false
    private var stopping = false
    let helpers: Int

    /// How long a waiting thread polls before it sleeps: longer than the serial gaps of a frame (binning,
    /// the next frame's planning), far shorter than any idle period worth saving CPU in.
    static let spinNanoseconds: UInt64 = 100_000

    init(helpers: Int) { self.helpers = helpers }

    func run(_ body: @escaping (Int) -> Void) {
        job = body
        pending.store(helpers, ordering: .relaxed)
        condition.lock()
        // Published under the lock, so a helper deciding to sleep either sees it or is woken.
        generation.wrappingAdd(1, ordering: .releasing)
        if sleepers > 0 { condition.broadcast() }
        condition.unlock()
        body(0)
        if !Self.spin(until: { pending.load(ordering: .acquiring) == 0 }) {
            condition.lock()
            callerWaiting = true
            while pending.load(ordering: .acquiring) != 0 { condition.wait() }
            callerWaiting = false
            condition.unlock()
        }
        job = nil
    }

    func helperLoop(participant: Int) {
        var seen = 0
        while true {
            if !Self.spin(until: { generation.load(ordering: .acquiring) != seen }) {
                condition.lock()
                while generation.load(ordering: .acquiring) == seen && !stopping {
                    sleepers += 1
                    condition.wait()
                    sleepers -= 1
                }
                let stop = stopping
                condition.unlock()
                if stop { return }
            }
            seen = generation.load(ordering: .acquiring)
            job?(participant)
            if pending.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
                condition.lock()
                if callerWaiting { condition.broadcast() }
                condition.unlock()
            }
        }
    }

    var sleepingHelpers: Int {
        condition.lock()
        defer { condition.unlock() }
        return sleepers
    }

    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
    }

    /// Polls `done` for at most `spinNanoseconds`; true when it became true. Every 64 polls the thread yields,
    /// so on a machine with more runnable threads than cores the thread being waited for (often this
    /// process's other one) gets the core instead of the poller.
    @inline(__always)
    static func spin(until done: () -> Bool) -> Bool {
        if done() { return true }
        let start = DispatchTime.now().uptimeNanoseconds
        while true {
            for _ in 0..<64 where done() { return true }
            if DispatchTime.now().uptimeNanoseconds &- start > spinNanoseconds { return done() }
            sched_yield()
        }
    }
}
