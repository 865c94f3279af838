// The compositor's entry point: a render list in, premultiplied RGBA8 pixels out.
//
// One frame runs in phases, each run by a fixed number of workers that take work items from a shared counter
// (the caller's pool's CompositorWorkerTeam when it keeps one, else `DispatchQueue.concurrentPerform`):
// (1) plan (serial, cheap), (2) prepare every clip, (3) the surfaces in segments
// (CompositorFrameSchedule.swift): each segment renders the offscreen groups it needs, prepares its
// operations (coverage binning, stroking, shadow blurs), composites its tiles and frees all of that again,
// so memory is bounded by the frame size. Offscreen buffers come from a CompositorSurfacePool, which a
// caller may keep across frames. Output is bit-identical for any thread count and tile size: each pixel is
// written by one tile at a time, in list order, from values that never depend on the partition.
import Dispatch
import Foundation
import QuartzMath
import QuartzRaster
import Synchronization

/// How a frame is rendered; the pixels never depend on `threads` or `tileSize`.
public struct CompositorOptions: Sendable, Hashable {
    /// Worker threads (1 renders on the caller's thread); clamped to 1…64. Defaults to the active processors.
    public var threads: Int
    /// Tile edge in pixels, clamped to 8…1024, or `CompositorOptions.automaticTileSize` (the default): the
    /// compositor then picks one per frame (`effectiveTileSize(width:height:)`).
    public var tileSize: Int
    /// When set, the target is cleared to this colour first; otherwise the list draws over its pixels.
    public var background: PremultipliedRGBA8?
    /// Flattening tolerance for curves, in device pixels.
    public var deviceTolerance: Double

    public init(threads: Int = ProcessInfo.processInfo.activeProcessorCount, tileSize: Int = CompositorOptions.automaticTileSize, background: PremultipliedRGBA8? = nil, deviceTolerance: Double = 0.2) {
        self.threads = threads
        self.tileSize = tileSize
        self.background = background
        self.deviceTolerance = deviceTolerance
    }
}

/// Why a frame could not be rendered.
public enum CompositorError: Error, CustomStringConvertible, Equatable {
    /// Width and height must be positive and their product at most `Compositor.maximumPixelCount`.
    case invalidSize(width: Int, height: Int)

    public var description: String {
        switch self {
        case let .invalidSize(w, h):
            "cannot render a \(w)×\(h) frame: sizes must be positive and at most \(Compositor.maximumPixelCount) pixels in all"
        }
    }
}

public enum Compositor {
    /// The largest frame `render(_:width:height:options:)` allocates (16384 × 16384).
    public static let maximumPixelCount = 1 << 28

    /// Renders `list` into a new `width` × `height` bitmap, starting from `options.background` (transparent
    /// when nil). Offscreen buffers come from `pool` when given (keep one across frames to reuse them),
    /// otherwise from a pool of this call's own.
    public static func render(
        _ list: RenderList, width: Int, height: Int, options: CompositorOptions = CompositorOptions(),
        pool: CompositorSurfacePool? = nil
    ) throws -> PremultipliedRGBA8Bitmap {
        guard width > 0, height > 0, width <= fillMaximumDeviceCoordinate, height <= fillMaximumDeviceCoordinate,
              width * height <= maximumPixelCount
        else { throw CompositorError.invalidSize(width: width, height: height) }
        // Every pixel is written by the frame pass, which starts from the background (each tile is cleared to
        // it before anything is drawn there, or the whole frame is when nothing is drawn), so the buffer is not
        // cleared beforehand: a frame too large for the caches is written once instead of twice.
        var drawn = options
        drawn.background = options.background ?? .transparent
        let pixels = [UInt32](unsafeUninitializedCapacity: width * height) { buffer, initialized in
            render(list, into: buffer, width: width, height: height, options: drawn, pool: pool, segmentBudget: nil)
            initialized = width * height
        }
        return PremultipliedRGBA8Bitmap(width: width, height: height, pixels: pixels)
    }

    /// Renders `list` over `bitmap`'s pixels (cleared to `options.background` first when it is set), with
    /// offscreen buffers from `pool` when given.
    public static func render(
        _ list: RenderList, into bitmap: inout PremultipliedRGBA8Bitmap, options: CompositorOptions = CompositorOptions(),
        pool: CompositorSurfacePool? = nil
    ) {
        render(list, into: &bitmap, options: options, pool: pool, segmentBudget: nil)
    }

    /// The same with the schedule's segment budget in bytes (nil: one frame's worth); tests use a tiny
    /// budget to force the most segments, which must not change a pixel.
    static func render(
        _ list: RenderList, into bitmap: inout PremultipliedRGBA8Bitmap, options: CompositorOptions,
        pool: CompositorSurfacePool?, segmentBudget: Int?
    ) {
        let (width, height) = (bitmap.width, bitmap.height)
        bitmap.pixels.withUnsafeMutableBufferPointer { frame in
            render(list, into: frame, width: width, height: height, options: options, pool: pool,
                   segmentBudget: segmentBudget)
        }
    }

    /// The frame pass over `frame` (width · height pixels, row-major). With `options.background` set it writes
    /// every pixel before reading any, so `frame` may start uninitialised.
    private static func render(
        _ list: RenderList, into frame: UnsafeMutableBufferPointer<UInt32>, width: Int, height: Int,
        options: CompositorOptions, pool: CompositorSurfacePool?, segmentBudget: Int?
    ) {
        guard let framePixels = frame.baseAddress, width > 0, height > 0, frame.count == width * height,
              !list.nodes.isEmpty
        else {
            if let background = options.background { frame.update(repeating: background.packed) }
            return
        }
        let tileSize = options.effectiveTileSize(width: width, height: height)
        let threads = min(max(options.threads, 1), 64)
        let tolerance = options.deviceTolerance.isFinite && options.deviceTolerance > 0.001
            ? options.deviceTolerance : 0.2
        var plan = CompositorPlan(frame: FillPixelBounds(width: width, height: height))
        // A flat list plans one operation per node: room for them up front instead of growing item by item.
        plan.ops.reserveCapacity(list.nodes.count)
        plan.items.reserveCapacity(list.nodes.count)
        plan.solids.reserveCapacity(list.nodes.count)
        plan.surfaces[0].ops.reserveCapacity(list.nodes.count)
        plan.plan(list.nodes, surface: 0, clip: -1, visible: plan.surfaces[0].bounds)
        // The background is laid down tile by tile when the frame's tiles are composited (in parallel, and
        // while each tile is hot in the cache); a frame surface that is not composited gets it here.
        var tileBackground: UInt32? = nil
        if let background = options.background {
            if plan.surfaces[0].isLive {
                tileBackground = background.packed
            } else {
                frame.update(repeating: background.packed)
            }
        }
        // A caller's pool keeps helper threads across frames; a pool of this call's own would start threads
        // only to stop them again, so it leaves the phases to Dispatch.
        let team = pool?.claimWorkerTeam(threads: threads)
        defer { team?.release() }
        let pool = pool ?? CompositorSurfacePool()
        let frameBytes = width * height * 4
        pool.beginFrame(frameBytes: frameBytes)
        defer { pool.endFrame(frameBytes: frameBytes) }
        let renderer = CompositorFrameRenderer(
            plan: plan, frame: framePixels, pool: pool, team: team, tileSize: tileSize, threads: threads,
            tolerance: tolerance, frameBackground: tileBackground, segmentBudget: segmentBudget)
        renderer.run()
        renderer.finish()
    }

    /// Runs `body` for items 0..<items on `threads` workers. Each worker takes the next untaken item from a
    /// shared counter, so a worker that drew cheap tiles goes on with more instead of idling (tiles and
    /// operations differ in cost by orders of magnitude). Which worker ran an item never changes the pixels.
    static func runWorkers(threads: Int, items: Int, team: CompositorWorkerTeam? = nil, _ body: @Sendable (Int) -> Void) {
        if items == 0 { return }
        let workers = max(1, min(threads, items))
        if workers == 1 {
            for item in 0..<items { body(item) }
            return
        }
        let next = Atomic<Int>(0)
        onEveryWorker(workers, team: team) {
            while case let item = next.wrappingAdd(1, ordering: .relaxed).oldValue, item < items { body(item) }
        }
    }

    /// The same with a per-worker tile scratch, taken from `pool` (and given back) so frames reuse them.
    static func runWorkers(
        threads: Int, items: Int, scratchTileSize: Int, pool: CompositorSurfacePool, team: CompositorWorkerTeam? = nil,
        _ body: @Sendable (Int, CompositorTileScratch) -> Void
    ) {
        if items == 0 { return }
        let workers = max(1, min(threads, items))
        if workers == 1 {
            let scratch = pool.takeTileScratch(tileSize: scratchTileSize)
            for item in 0..<items { body(item, scratch) }
            pool.recycleTileScratch(scratch)
            return
        }
        let next = Atomic<Int>(0)
        onEveryWorker(workers, team: team) {
            // A worker that finds no item left takes no scratch.
            guard case let first = next.wrappingAdd(1, ordering: .relaxed).oldValue, first < items else { return }
            let scratch = pool.takeTileScratch(tileSize: scratchTileSize)
            body(first, scratch)
            while case let item = next.wrappingAdd(1, ordering: .relaxed).oldValue, item < items { body(item, scratch) }
            pool.recycleTileScratch(scratch)
        }
    }

    /// Runs `worker` once on each of `workers` threads: the team's (the caller and every helper) when there
    /// is one, else Dispatch's.
    private static func onEveryWorker(_ workers: Int, team: CompositorWorkerTeam?, _ worker: @Sendable () -> Void) {
        if let team {
            team.run { _ in worker() }
        } else {
            DispatchQueue.concurrentPerform(iterations: workers) { _ in worker() }
        }
    }
}

/// Where the preparation phase writes its results. Invariant: both buffers outlive the phase and every
/// index is written by exactly one worker.
struct CompositorPreparedOutput: @unchecked Sendable {
    let ops: UnsafeMutablePointer<CompositorOp?>?
    let clips: UnsafeMutablePointer<(any FillCoverageSource)?>?
    /// Sharp solid rectangles (CompositorPreparer.sharpSolid): the bounds, and the rectangle wherever they are not empty.
    let sharpBounds: UnsafeMutablePointer<FillPixelBounds>?
    let sharpRects: UnsafeMutablePointer<FillSolidSharpRect>?
}
