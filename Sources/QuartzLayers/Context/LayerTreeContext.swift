// The explicit home of everything Apple keeps per process or per thread: the transaction stack,
// the media clock, the layers changed since the last commit, and the bookkeeping that fires
// animation delegates and completion blocks. No global mutable state: `LayerTreeContext.default`
// serves the usual single-threaded use, and `perform(_:)` runs code against another context, so two
// independent layer trees can be built, committed and rendered side by side.
import Foundation
import Logging

/// The state behind `CATransaction` and the media clock for one family of layer trees.
///
/// A layer belongs to the context that was current when it was created (a sublayer moves to its
/// superlayer's context when added). `CATransaction`'s class methods act on `LayerTreeContext.current`:
/// the context bound by the innermost enclosing `perform(_:)` in this task or thread, else `default`.
///
/// **The headless run-loop turn.** Apple commits an implicit transaction "when the thread's run-loop
/// next iterates". There is no run loop here, so a turn ends — the implicit transaction commits, then
/// due `animationDidStart(_:)` / `animationDidStop(_:finished:)` callbacks and completion blocks fire in
/// time order — exactly when `CATransaction.flush()` is called or when a renderer begins a frame
/// (`beginFrame()`).
///
/// Layers are not thread-safe: use a context and its layers from one thread (or task) at a time, as
/// Apple's main thread does. The context itself guards its state with a recursive lock, which is also
/// what `CATransaction.lock()` / `unlock()` take.
public final class LayerTreeContext: @unchecked Sendable {
    // Invariant: the mutable state below is read and written only with `lock` held; that is what
    // makes the `@unchecked Sendable` conformance sound.
    let lock = NSRecursiveLock()
    var transactions = TransactionStack()
    /// Layers changed since the last commit, in first-change order (the commit order). Not owned: a layer
    /// owns its context, so owning the changed layers back would keep a tree dropped before its commit
    /// alive; a changed layer nobody holds has nothing left to commit.
    var dirtyLayers: [DirtyLayer] = []
    /// Incremented by every commit; caches of presentation state compare against it.
    var commitGeneration = 0
    /// Work queued during a commit or turn (completion blocks), run once the state is consistent.
    var pendingCallbacks: [() -> Void] = []
    var isRunningCallbacks = false
    /// Animations attached and not yet finished, in attach order.
    var runningAnimations: [RunningAnimation] = []
    var animationSerial = 0
    /// Incremented by every change a snapshot reads outside the clock: commits, attached animations
    /// added or removed, names. Snapshot caches are valid only at the generation they were built at.
    var evaluationGeneration = 0
    /// Per root layer serial: the last snapshot's entries and what the next one updates them from.
    var snapshotCaches: [Int: SnapshotCache] = [:]
    /// Size of the last snapshot, to reserve the next one's storage at once.
    var lastSnapshotLayerCount = 0
    /// Animations attached that change nothing (`AnimationDiagnostic`), and how many were over the limit.
    var diagnostics: [AnimationDiagnostic] = []
    var droppedDiagnostics = 0
    /// Where diagnostics are logged as warnings; nil keeps them in `animationDiagnostics` only (renderers
    /// that rebuild the same tree every frame report once themselves).
    public var logger: Logger? {
        get { withLock { loggerStorage } }
        set { withLock { loggerStorage = newValue } }
    }
    private var loggerStorage: Logger? = Logger(label: "OpenQuartz")
    /// The media clock: what `mediaTime` (the context's `CACurrentMediaTime()`) reads.
    public let clock: any MediaClock

    /// The context used by layers and `CATransaction` outside any `perform(_:)`.
    public static let `default` = LayerTreeContext()

    @TaskLocal static var bound: LayerTreeContext?

    /// The context `CATransaction` and newly created layers use here: the innermost `perform(_:)`'s, else `default`.
    public static var current: LayerTreeContext { bound ?? .default }

    /// A context reading `clock`: the machine's monotonic clock by default; tests and offline renders
    /// pass a `ManualMediaClock` and set its time explicitly.
    public init(clock: any MediaClock = SystemMediaClock()) {
        self.clock = clock
    }

    /// Runs `body` with this context as `LayerTreeContext.current` (for layers created and
    /// `CATransaction` calls made inside it).
    public func perform<Result>(_ body: () throws -> Result) rethrows -> Result {
        try LayerTreeContext.$bound.withValue(self) { try body() }
    }

    /// The context's current media time; Apple's free function `CACurrentMediaTime()` returns this for
    /// `LayerTreeContext.current`.
    public var mediaTime: CFTimeInterval {
        let time = clock.currentMediaTime()
        return time.isFinite ? time : 0
    }

    /// Ends the headless run-loop turn as a renderer beginning a frame does: commits the implicit
    /// transaction (unless explicit ones are open) and fires the callbacks due at the clock's time.
    public func beginFrame() {
        flushTransactions()
    }

    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

extension LayerTreeContext {
    /// Invalidates snapshot caches after a change that a snapshot reads without a commit.
    func noteEvaluationInputChange() {
        withLock { evaluationGeneration &+= 1 }
    }
}
