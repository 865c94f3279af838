// The compositor's entry point: a render list in, premultiplied RGBA8 pixels out.
//
// One frame runs in phases, each one `DispatchQueue.concurrentPerform` over a fixed number of workers that
// take work items by stride: (1) plan (serial, cheap), (2) prepare every operation and clip (coverage
// binning, stroking, shadow blurs), (3) per depth level, deepest offscreens first, composite every tile of
// every surface of that level, then draw that level's group shadows. Offscreen buffers come from a pool
// reused across levels (a surface of depth d is dead once level d − 1 has read it, so depths of equal parity
// share buffers). Output is bit-identical for any thread count and tile size: each pixel is written by one
// tile, in list order, from values that never depend on the partition.
import Dispatch
import Foundation
import QuartzMath
import QuartzRaster

/// How a frame is rendered; the pixels never depend on `threads` or `tileSize`.
public struct CompositorOptions: Sendable, Hashable {
    /// Worker threads (1 renders on the caller's thread); clamped to 1…64. Defaults to the active processors.
    public var threads: Int
    /// Tile edge in pixels; clamped to 8…1024. The default, 128, measured fastest overall on the peer scenes
    /// (fewer visits per operation than 64, tiles still small enough to share among threads).
    public var tileSize: Int
    /// When set, the target is cleared to this colour first; otherwise the list draws over its pixels.
    public var background: PremultipliedRGBA8?
    /// Flattening tolerance for curves, in device pixels.
    public var deviceTolerance: Double

    public init(threads: Int = ProcessInfo.processInfo.activeProcessorCount, tileSize: Int = 128, background: PremultipliedRGBA8? = nil, deviceTolerance: Double = 0.2) {
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
    /// when nil).
    public static func render(
        _ list: RenderList, width: Int, height: Int, options: CompositorOptions = CompositorOptions()
    ) throws -> PremultipliedRGBA8Bitmap {
        guard width > 0, height > 0, width <= fillMaximumDeviceCoordinate, height <= fillMaximumDeviceCoordinate,
              width * height <= maximumPixelCount
        else { throw CompositorError.invalidSize(width: width, height: height) }
        var bitmap = PremultipliedRGBA8Bitmap(width: width, height: height, filledWith: options.background ?? .transparent)
        var drawn = options
        drawn.background = nil
        render(list, into: &bitmap, options: drawn)
        return bitmap
    }

    /// Renders `list` over `bitmap`'s pixels (cleared to `options.background` first when it is set).
    public static func render(
        _ list: RenderList, into bitmap: inout PremultipliedRGBA8Bitmap, options: CompositorOptions = CompositorOptions()
    ) {
        guard !bitmap.isEmpty, !list.nodes.isEmpty else {
            if let background = options.background {
                bitmap.pixels.withUnsafeMutableBufferPointer { $0.update(repeating: background.packed) }
            }
            return
        }
        let tileSize = min(max(options.tileSize, 8), 1024)
        let threads = min(max(options.threads, 1), 64)
        let tolerance = options.deviceTolerance.isFinite && options.deviceTolerance > 0.001
            ? options.deviceTolerance : 0.2
        var plan = CompositorPlan(frame: FillPixelBounds(width: bitmap.width, height: bitmap.height))
        plan.plan(list.nodes, surface: 0, clip: -1, visible: plan.surfaces[0].bounds)
        // The background is laid down tile by tile when the frame's tiles are composited (in parallel, and
        // while each tile is hot in the cache); a frame surface that is not composited gets it here.
        var tileBackground: UInt32? = nil
        if let background = options.background {
            if plan.surfaces[0].isLive {
                tileBackground = background.packed
            } else {
                bitmap.pixels.withUnsafeMutableBufferPointer { $0.update(repeating: background.packed) }
            }
        }
        bitmap.pixels.withUnsafeMutableBufferPointer { frame in
            guard let framePixels = frame.baseAddress else { return }
            var pool = CompositorSurfacePool()
            defer { pool.release() }
            let pointers = pool.assign(plan, frame: framePixels)
            renderPlanned(plan, memory: CompositorSurfaceMemory(pointers: pointers), tileSize: tileSize,
                          threads: threads, tolerance: tolerance, frameBackground: tileBackground)
        }
    }

    /// `frameBackground`, when set, fills each tile of the frame surface before its operations.
    static func renderPlanned(
        _ plan: CompositorPlan, memory: CompositorSurfaceMemory, tileSize: Int, threads: Int, tolerance: Double,
        frameBackground: UInt32? = nil
    ) {
        // Phase 2: prepare operations and clips in parallel.
        let preparer = CompositorPreparer(plan: plan, memory: memory, tileSize: tileSize, deviceTolerance: tolerance)
        let reachable = plan.surfaces.filter(\.isLive).reduce(FillPixelBounds.empty) { $0.union($1.bounds) }
        let opCount = plan.ops.count, clipCount = plan.clips.count
        var ops = [CompositorOp?](repeating: nil, count: opCount)
        var clips = [(any FillCoverageSource)?](repeating: nil, count: clipCount)
        ops.withUnsafeMutableBufferPointer { opBuffer in
            clips.withUnsafeMutableBufferPointer { clipBuffer in
                let out = CompositorPreparedOutput(ops: opBuffer.baseAddress, clips: clipBuffer.baseAddress)
                runWorkers(threads: threads, items: opCount + clipCount) { item in
                    if item < opCount {
                        let planned = plan.ops[item]
                        guard plan.surfaces[planned.surface].isLive else { return }
                        out.ops?[item] = preparer.prepare(planned)
                    } else {
                        let index = item - opCount
                        let c = plan.clips[index]
                        let builder = CompositorCoverageBuilder(
                            clip: c.bounds.intersection(reachable), tileSize: tileSize, deviceTolerance: tolerance)
                        out.clips?[index] = builder.roundedRect(c.clip.shape, CompositorProjection(c.clip.transform))?.source
                    }
                }
            }
        }
        // Phase 3: levels, deepest first.
        let bins = plan.surfaces.map { $0.isLive ? CompositorBins(surface: $0, ops: ops, tileSize: tileSize) : nil }
        let context = CompositorTileContext(plan: plan, ops: ops, clips: clips, memory: memory, bins: bins,
                                            frameBackground: frameBackground)
        for depth in stride(from: plan.maximumDepth, through: 0, by: -1) {
            var work: [(surface: Int, tile: Int)] = []
            for (index, s) in plan.surfaces.enumerated() where s.isLive && s.depth == depth {
                guard let b = bins[index] else { continue }
                for tile in 0..<b.grid.tileCount { work.append((index, tile)) }
            }
            let items = work
            runWorkers(threads: threads, items: items.count, scratchTileSize: tileSize) { item, scratch in
                context.compositeTile(surface: items[item].surface, tile: items[item].tile, scratch: scratch)
            }
            let shadowed = plan.surfaces.indices.filter {
                plan.surfaces[$0].isLive && plan.surfaces[$0].depth == depth && plan.surfaces[$0].shadow != nil
            }
            runWorkers(threads: min(threads, shadowed.count), items: shadowed.count) { item in
                let index = shadowed[item]
                guard let pixels = memory.pointers[index], let shadow = plan.surfaces[index].shadow else { return }
                CompositorShadows.applyGroupShadow(shadow, pixels: pixels, bounds: plan.surfaces[index].bounds)
            }
        }
    }

    /// Runs `body` for items 0..<items on `threads` workers, worker k taking items k, k + threads, …
    static func runWorkers(threads: Int, items: Int, _ body: @Sendable (Int) -> Void) {
        if items == 0 { return }
        let workers = max(1, min(threads, items))
        if workers == 1 {
            for item in 0..<items { body(item) }
            return
        }
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var item = worker
            while item < items {
                body(item)
                item += workers
            }
        }
    }

    /// The same with a per-worker tile scratch.
    static func runWorkers(
        threads: Int, items: Int, scratchTileSize: Int, _ body: @Sendable (Int, CompositorTileScratch) -> Void
    ) {
        if items == 0 { return }
        let workers = max(1, min(threads, items))
        if workers == 1 {
            let scratch = CompositorTileScratch(tileSize: scratchTileSize)
            for item in 0..<items { body(item, scratch) }
            return
        }
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let scratch = CompositorTileScratch(tileSize: scratchTileSize)
            var item = worker
            while item < items {
                body(item, scratch)
                item += workers
            }
        }
    }
}

/// Where the preparation phase writes its results. Invariant: both buffers outlive the phase and every
/// index is written by exactly one worker.
struct CompositorPreparedOutput: @unchecked Sendable {
    let ops: UnsafeMutablePointer<CompositorOp?>?
    let clips: UnsafeMutablePointer<(any FillCoverageSource)?>?
}

/// Offscreen buffers for one frame. Surfaces of depth d are written at level d and read at level d − 1, so a
/// buffer used at depth d + 2 is free again at depth d: depths of equal parity share slots, the k-th live
/// surface of a depth taking slot k of its parity, each slot sized for its largest user.
struct CompositorSurfacePool {
    private var buffers: [UnsafeMutablePointer<UInt32>] = []

    mutating func assign(_ plan: CompositorPlan, frame: UnsafeMutablePointer<UInt32>) -> [UnsafeMutablePointer<UInt32>?] {
        var slotOf = [Int](repeating: -1, count: plan.surfaces.count)
        var capacity: [[Int]] = [[], []]  // per parity, per slot
        var nextSlot: [Int: Int] = [:]  // per depth
        for (index, s) in plan.surfaces.enumerated() where index > 0 && s.isLive {
            let k = nextSlot[s.depth, default: 0]
            nextSlot[s.depth] = k + 1
            let parity = s.depth % 2
            while capacity[parity].count <= k { capacity[parity].append(0) }
            capacity[parity][k] = max(capacity[parity][k], s.bounds.width * s.bounds.height)
            slotOf[index] = k
        }
        var slotPointers: [[UnsafeMutablePointer<UInt32>]] = [[], []]
        for parity in 0..<2 {
            for count in capacity[parity] {
                let p = UnsafeMutablePointer<UInt32>.allocate(capacity: max(count, 1))
                p.initialize(repeating: 0, count: max(count, 1))
                buffers.append(p)
                slotPointers[parity].append(p)
            }
        }
        var pointers = [UnsafeMutablePointer<UInt32>?](repeating: nil, count: plan.surfaces.count)
        pointers[0] = frame
        for (index, s) in plan.surfaces.enumerated() where index > 0 && s.isLive {
            pointers[index] = slotPointers[s.depth % 2][slotOf[index]]
        }
        return pointers
    }

    /// Frees every buffer (UInt32 is trivial, so no deinitialisation is needed).
    mutating func release() {
        for b in buffers { b.deallocate() }
        buffers = []
    }
}
