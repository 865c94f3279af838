// Offscreen surface buffers, reused within a frame and across frames.
//
// Numbers: buffers hold premultiplied RGBA8 pixels (UInt32, 0xAABBGGRR); sizes are in pixels, byte counts are
// 4 per pixel. A buffer is handed out whole to one surface at a time and comes back as soon as that surface
// has been composited into its parent, so siblings reuse it. Every surface writes all of its pixels before
// any is read (its first tile pass starts each tile transparent), so which buffer a surface gets, and what
// that buffer held before, never changes a pixel.
import Foundation

/// One pooled buffer. Invariant: `pointer` addresses `capacity` initialised pixels, owned by the pool and
/// used by at most one surface between `acquire` and `recycle`.
struct CompositorSurfaceBuffer: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<UInt32>
    let capacity: Int
}

/// What a pool has done since it was made or its statistics were reset (for tests and reports).
struct CompositorMemoryStatistics: Sendable, Equatable {
    /// Buffers allocated and their bytes.
    var allocationCount = 0
    var allocatedBytes = 0
    /// Bytes of surface buffers handed out at the same time, now and at the most.
    var liveBytes = 0
    var peakLiveBytes = 0
    /// Bytes of blurred item shadow masks alive at the same time, at the most, and in all.
    var peakShadowMaskBytes = 0
    var totalShadowMaskBytes = 0
}

/// Offscreen buffers for the compositor. Keep one and pass it to every `Compositor.render` call of a
/// sequence of frames (as `CARenderer` does) so later frames allocate nothing; without one, each call uses
/// a pool of its own. A pool may be shared by concurrent renders (hand-outs are locked, once per surface).
public final class CompositorSurfacePool: @unchecked Sendable {
    // Invariant: every field below is read and written only with `lock` held.
    private let lock = NSLock()
    private var free: [CompositorSurfaceBuffer] = []
    private var freeBytes = 0
    private var limit: Int?
    private var lastFrameBytes = 0
    private var statistics = CompositorMemoryStatistics()
    /// Idle per-worker tile scratches (a few KB each; at most `maximumIdleScratches`).
    private var scratches: [CompositorTileScratch] = []
    private static let maximumIdleScratches = 64
    /// Wide box shadows' sample grids, kept from frame to frame (locked on their own).
    let shadowGrids = CompositorShadowGrids()
    /// Helper threads for multi-threaded frames, made on first use and kept with the pool.
    private var team: CompositorWorkerTeam?

    /// A pool that keeps at most `maximumRetainedBytes` of idle buffers after a frame; nil keeps two frames'
    /// worth of the last frame rendered with it.
    public init(maximumRetainedBytes: Int? = nil) {
        limit = maximumRetainedBytes.map { max(0, $0) }
    }

    deinit {
        for b in free { b.pointer.deallocate() }
    }

    /// The idle bytes kept after a frame (nil: two frames' worth of the last frame). Setting it trims now.
    public var maximumRetainedBytes: Int? {
        get { lock.withLock { limit } }
        set {
            lock.withLock {
                limit = newValue.map { max(0, $0) }
                trimLocked()
            }
        }
    }

    /// Bytes of idle buffers held for the next frame.
    public var retainedBytes: Int { lock.withLock { freeBytes } }

    /// Frees every idle buffer now (buffers in use by a running render are kept until it returns them).
    public func releaseUnusedBuffers() {
        lock.withLock {
            for b in free { b.pointer.deallocate() }
            free = []
            freeBytes = 0
            scratches = []
        }
        shadowGrids.removeAll()
    }

    // MARK: Internal

    var memoryStatistics: CompositorMemoryStatistics { lock.withLock { statistics } }

    func resetStatistics() { lock.withLock { statistics = CompositorMemoryStatistics() } }

    /// The smallest idle buffer of at least `pixels` pixels, or a new one. A miss first frees idle buffers
    /// too small for it while idle and live bytes together would pass the retention limit.
    func acquire(pixels: Int) -> CompositorSurfaceBuffer {
        let count = max(pixels, 1)
        return lock.withLock {
            var best = -1
            for (i, b) in free.enumerated() where b.capacity >= count && (best < 0 || b.capacity < free[best].capacity) {
                best = i
            }
            let buffer: CompositorSurfaceBuffer
            if best >= 0 {
                buffer = free.remove(at: best)
                freeBytes -= buffer.capacity * 4
            } else {
                let cap = retentionLimitLocked
                while freeBytes + statistics.liveBytes + Self.roundedCapacity(count) * 4 > cap, let i = free.indices.last {
                    free[i].pointer.deallocate()
                    freeBytes -= free[i].capacity * 4
                    free.removeLast()
                }
                // Up to 1/8 of headroom, so a group that grows a little in the next frame still fits.
                let capacity = Self.roundedCapacity(count)
                let p = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
                p.initialize(repeating: 0, count: capacity)
                buffer = CompositorSurfaceBuffer(pointer: p, capacity: capacity)
                statistics.allocationCount += 1
                statistics.allocatedBytes += capacity * 4
            }
            statistics.liveBytes += buffer.capacity * 4
            statistics.peakLiveBytes = max(statistics.peakLiveBytes, statistics.liveBytes)
            return buffer
        }
    }

    /// `pixels` rounded up to a multiple of 1/16 of the power of two above it (at most 1/8 more, at least 1).
    static func roundedCapacity(_ pixels: Int) -> Int {
        let n = max(pixels, 1)
        let step = max(1, (1 << (Int.bitWidth - (n - 1).leadingZeroBitCount)) / 16)
        return (n + step - 1) / step * step
    }

    /// An idle tile scratch of `tileSize`, or a new one. Scratch contents never reach a pixel unwritten (each
    /// use fills what it reads), so which one a worker gets does not matter.
    func takeTileScratch(tileSize: Int) -> CompositorTileScratch {
        let reused: CompositorTileScratch? = lock.withLock {
            guard let i = scratches.lastIndex(where: { $0.tileSize == tileSize }) else { return nil }
            return scratches.remove(at: i)
        }
        return reused ?? CompositorTileScratch(tileSize: tileSize)
    }

    /// Keeps a worker's tile scratch for the next phase or frame.
    func recycleTileScratch(_ scratch: CompositorTileScratch) {
        lock.withLock {
            if scratches.count < Self.maximumIdleScratches { scratches.append(scratch) }
        }
    }

    /// The pool's worker team for `threads` workers (`threads − 1` helpers), claimed for one frame; nil for
    /// one thread or while another frame holds it. Give it back with `release()`.
    func claimWorkerTeam(threads: Int) -> CompositorWorkerTeam? {
        if threads <= 1 { return nil }
        return lock.withLock {
            if team?.helperCount != threads - 1 { team = CompositorWorkerTeam(helpers: threads - 1) }
            guard let team, team.claim() else { return nil }
            return team
        }
    }

    /// Takes a buffer back for reuse.
    func recycle(_ buffer: CompositorSurfaceBuffer) {
        lock.withLock {
            statistics.liveBytes -= buffer.capacity * 4
            free.append(buffer)
            freeBytes += buffer.capacity * 4
        }
    }

    /// Called when a frame of `frameBytes` starts: sets the default retention (two such frames).
    func beginFrame(frameBytes: Int) {
        lock.withLock { lastFrameBytes = max(lastFrameBytes, frameBytes) }
    }

    /// Called when a frame ends: drops idle buffers beyond the retention limit, largest first.
    func endFrame(frameBytes: Int) {
        lock.withLock {
            lastFrameBytes = frameBytes
            trimLocked()
        }
    }

    func noteShadowMasks(liveBytes: Int) {
        lock.withLock {
            statistics.peakShadowMaskBytes = max(statistics.peakShadowMaskBytes, liveBytes)
            statistics.totalShadowMaskBytes += liveBytes
        }
    }

    private var retentionLimitLocked: Int { limit ?? 2 * lastFrameBytes }

    private func trimLocked() {
        let cap = retentionLimitLocked
        if freeBytes <= cap { return }
        free.sort { $0.capacity < $1.capacity }
        while freeBytes > cap, let last = free.popLast() {
            last.pointer.deallocate()
            freeBytes -= last.capacity * 4
        }
    }
}
