// Absolute media time (spec §1.2 item 1): Apple's `CACurrentMediaTime()` is mach_absolute_time() in
// seconds — monotonic, not counting sleep. A headless engine needs it injectable, so the engine
// reads time through `MediaClock`; `ManualMediaClock` renders any frame at any time, and
// `SystemMediaClock` follows the machine. No global mutable state is involved.
import Dispatch
import Foundation
import Synchronization

/// A source of absolute media time in seconds.
public protocol MediaClock: Sendable {
    /// The current absolute media time, in seconds.
    func currentMediaTime() -> CFTimeInterval
}

/// The machine's monotonic clock (CLOCK_MONOTONIC through Dispatch on Linux: it does not advance
/// during suspend, like Apple's mach_absolute_time()). Stateless, so any number of copies agree.
public struct SystemMediaClock: MediaClock {
    public init() {}

    public func currentMediaTime() -> CFTimeInterval {
        Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000_000
    }
}

/// A clock that only moves when told to: for tests, offline rendering and scrubbing. Shared by
/// reference so that everything holding it sees the same time; thread-safe.
public final class ManualMediaClock: MediaClock {
    private let storedTime: Mutex<CFTimeInterval>

    /// A clock reading `time` (0 by default). A non-finite `time` starts the clock at 0 instead.
    public init(time: CFTimeInterval = 0) {
        storedTime = Mutex(time.isFinite ? time : 0)
    }

    /// The time this clock reports. Setting a non-finite value is ignored, so the clock never
    /// reports NaN or infinity.
    public var time: CFTimeInterval {
        get { storedTime.withLock { $0 } }
        set {
            guard newValue.isFinite else { return }
            storedTime.withLock { $0 = newValue }
        }
    }

    /// Moves the clock by `seconds` (which may be negative, to scrub backwards). A step that is
    /// not finite, or that would make the time non-finite, is ignored.
    public func advance(by seconds: CFTimeInterval) {
        storedTime.withLock { current in
            let next = current + seconds
            if next.isFinite { current = next }
        }
    }

    public func currentMediaTime() -> CFTimeInterval { time }
}

/// Apple's free function: the current absolute media time of the current layer-tree context
/// (`LayerTreeContext.current`: the one bound by `perform(_:)`, else `.default`). That context's clock is the
/// machine's monotonic clock unless a `ManualMediaClock` was given, so code ported from Apple
/// (`beginTime = CACurrentMediaTime() + 1`) follows the clock that offline renders and tests set.
public func CACurrentMediaTime() -> CFTimeInterval {
    LayerTreeContext.current.mediaTime
}
