// The order a planned frame is drawn in, chosen so memory stays bounded by the frame size.
//
// A surface's operations are drawn in segments: each segment first renders the offscreen groups it
// composites (its "kids"), then prepares its own operations, composites them over every tile that has any
// (one `concurrentPerform` per phase), and frees what it used: prepared coverage, shadow masks and the
// kids' buffers go back at once, so the next siblings reuse them. A segment ends before it would hold more
// than one frame's worth of kid surfaces (with everything below them) and estimated shadow masks. Kids whose
// whole subtree fits that budget are rendered together, level by level, all surfaces of a level in one tile
// phase (so many small groups still use every thread); a bigger kid is rendered on its own, recursively. A
// surface's own buffer is taken only at its first segment, after its first kids, so a chain of nested
// full-frame groups holds two buffers, not one per level.
//
// Pixels never depend on this order: each pixel of a surface receives its operations in list order (a
// segment boundary only splits that sequence), every surface writes all its pixels in its first segment
// before any is read, and each kid is finished (group shadow included) before its parent reads it.
// Spaces: device pixels; buffers are premultiplied RGBA8 with stride = the surface's width.
import Dispatch
import Foundation
import QuartzMath
import QuartzRaster
import QuartzLayers

final class CompositorFrameRenderer {
    let plan: CompositorPlan
    let pool: CompositorSurfacePool
    /// Helper threads for the phases (nil: Dispatch's).
    let team: CompositorWorkerTeam?
    let tileSize: Int
    let threads: Int
    let tolerance: Double
    let frameBackground: UInt32?
    /// Whether frame tiles that start from the background are composited in the frame itself
    /// (CompositorTileContext.compositesInPlace; one worker only: tiles of other workers could share the frame's
    /// cache lines at their sides, which in place they would write over and over).
    let frameTilesInPlace: Bool
    /// The most bytes of kid surfaces plus estimated shadow masks one segment holds (one frame's worth).
    let segmentBudget: Int
    /// Per surface: the offscreens its operations composite (group, then mask), in list order.
    let kidsOf: [[Int]]
    /// Per surface: bytes of it, its item shadow masks (estimated) and every surface below it.
    let subtreeBytes: [Int]

    private var ops: [CompositorOp?]
    /// Per operation index: the sharp solid rectangles prepared as plain values (CompositorPreparer.sharpSolid)
    /// instead of operation objects: their bounds (empty: none there), and the rectangle wherever the bounds are
    /// not. Both are empty/nil when the plan has no solids. Invariant: `sharpRects` holds plan.ops.count
    /// trivial values, slot i initialized whenever sharpBounds[i] is not empty; freed in deinit.
    private var sharpBounds: [FillPixelBounds]
    private let sharpRects: UnsafeMutablePointer<FillSolidSharpRect>?
    private var clips: [(any FillCoverageSource)?]
    private var pointers: [UnsafeMutablePointer<UInt32>?]
    private var buffers: [CompositorSurfaceBuffer?]
    private var bins: [CompositorBins?]

    init(plan: CompositorPlan, frame: UnsafeMutablePointer<UInt32>, pool: CompositorSurfacePool,
         team: CompositorWorkerTeam? = nil, tileSize: Int, threads: Int, tolerance: Double, frameBackground: UInt32?,
         segmentBudget: Int? = nil) {
        self.plan = plan
        self.pool = pool
        self.team = team
        self.tileSize = tileSize
        self.threads = threads
        self.tolerance = tolerance
        self.frameBackground = frameBackground
        let frameBounds = plan.surfaces[0].bounds
        frameTilesInPlace = CompositorFrameTileRoute.current == .automatic && threads == 1
            && CompositorTileContext.compositesInPlace(frame: frameBounds, tileSize: tileSize)
        self.segmentBudget = max(segmentBudget ?? frameBounds.width * frameBounds.height * 4, 1)
        var kids = [[Int]](repeating: [], count: plan.surfaces.count)
        var subtree = plan.surfaces.map { $0.bounds.width * $0.bounds.height * 4 }
        for op in plan.ops {
            switch op.spec {
            case .surface(let child, let mask, _, _): kids[op.surface] += mask.map { [child, $0] } ?? [child]
            case .item(let item):
                if case .shadow = plan.items[item].content { subtree[op.surface] += op.bounds.width * op.bounds.height }
            case .solid: break
            }
        }
        // A kid is planned after its parent, so a reverse walk finishes every subtree before its parent's.
        for s in plan.surfaces.indices.reversed() { for k in kids[s] { subtree[s] += subtree[k] } }
        kidsOf = kids
        subtreeBytes = subtree
        ops = [CompositorOp?](repeating: nil, count: plan.ops.count)
        sharpBounds = [FillPixelBounds](repeating: .empty, count: plan.solids.isEmpty ? 0 : plan.ops.count)
        sharpRects = plan.solids.isEmpty ? nil : .allocate(capacity: plan.ops.count)
        clips = [(any FillCoverageSource)?](repeating: nil, count: plan.clips.count)
        pointers = [UnsafeMutablePointer<UInt32>?](repeating: nil, count: plan.surfaces.count)
        pointers[0] = frame
        buffers = [CompositorSurfaceBuffer?](repeating: nil, count: plan.surfaces.count)
        bins = [CompositorBins?](repeating: nil, count: plan.surfaces.count)
    }

    deinit { sharpRects?.deallocate() }

    /// Draws the whole frame.
    func run() {
        prepareClips()
        renderSurface(0)
    }

    /// Clip coverage is geometry only (no pixels), so every clip is prepared up front, in parallel.
    private func prepareClips() {
        let plan = self.plan, tileSize = self.tileSize, tolerance = self.tolerance
        let reachable = plan.surfaces.filter(\.isLive).reduce(FillPixelBounds.empty) { $0.union($1.bounds) }
        clips.withUnsafeMutableBufferPointer { buffer in
            let out = CompositorPreparedOutput(ops: nil, clips: buffer.baseAddress, sharpBounds: nil, sharpRects: nil)
            Compositor.runWorkers(threads: threads, items: plan.clips.count, team: team) { index in
                let c = plan.clips[index]
                let bounds = c.bounds.intersection(reachable)
                switch c.shape {
                case .roundedRect(let clip):
                    let builder = CompositorCoverageBuilder(clip: bounds, tileSize: tileSize, deviceTolerance: tolerance)
                    out.clips?[index] = builder.roundedRect(clip.shape, CompositorProjection(clip.transform))?.source
                case .planePiece(let piece):
                    out.clips?[index] = piece.deviceRegion(bounds: bounds).map(RenderDeviceRegionCoverage.init)
                }
            }
        }
    }

    private func surfaceBytes(_ s: Int) -> Int { plan.surfaces[s].bounds.width * plan.surfaces[s].bounds.height * 4 }

    /// Renders surface `s` completely (group shadow included); its buffer stays taken for the parent.
    private func renderSurface(_ s: Int) {
        let list = plan.surfaces[s].ops
        var start = 0
        var started = false
        var batch: [Int] = []  // small kids, their subtrees rendered together when the segment is flushed
        var held: [Int] = []  // kids already rendered
        var bytes = 0
        func flush(to end: Int) {
            if started && start == end && batch.isEmpty && held.isEmpty { return }
            if !batch.isEmpty { renderTogether(batch) }
            if s != 0 && buffers[s] == nil { take(s) }
            compositePhase([(surface: s, ops: list[start..<end])], first: !started)
            started = true
            for kid in batch + held { give(kid) }
            batch = []
            held = []
            bytes = 0
            start = end
        }
        for (position, index) in list.enumerated() {
            switch plan.ops[index].spec {
            case .solid: continue
            case .item(let item):
                guard case .shadow = plan.items[item].content else { continue }
                let estimate = plan.ops[index].bounds.width * plan.ops[index].bounds.height
                if bytes > 0 && bytes + estimate > segmentBudget { flush(to: position) }
                bytes += estimate
            case .surface(let child, let mask, _, _):
                let kids = mask.map { [child, $0] } ?? [child]
                let kidBytes = kids.reduce(0) { $0 + subtreeBytes[$1] }
                let simple = kids.allSatisfy { subtreeBytes[$0] <= segmentBudget }
                let busy = !batch.isEmpty || !held.isEmpty
                // Plain items never force a flush before a kid: the surface's buffer is taken as late as possible.
                if simple ? bytes > 0 && bytes + kidBytes > segmentBudget : busy { flush(to: position) }
                if simple {
                    batch += kids
                } else {
                    for kid in kids { renderSurface(kid) }
                    held += kids
                }
                bytes += kidBytes
            }
        }
        // Always at least once: the first pass starts every tile (transparent, or the frame's background).
        flush(to: list.count)
        if s != 0 { finish(s) }
    }

    /// Renders small kids and everything below them level by level, deepest first, each level's surfaces in
    /// one tile phase (their subtrees fit in the segment budget, so every surface keeps its own buffer); a
    /// level's kids are returned once it has read them. The top kids stay taken for the parent.
    private func renderTogether(_ top: [Int]) {
        var levels: [[Int]] = [top]
        while let below = levels.last.map({ $0.flatMap { kidsOf[$0] } }), !below.isEmpty { levels.append(below) }
        for (depth, level) in levels.enumerated().reversed() {
            compositePhase(level.map { (surface: $0, ops: plan.surfaces[$0].ops[...]) }, first: true)
            for s in level { finish(s) }
            if depth + 1 < levels.count { for s in levels[depth + 1] { give(s) } }
        }
    }

    private func take(_ s: Int) {
        let b = pool.acquire(pixels: plan.surfaces[s].bounds.width * plan.surfaces[s].bounds.height)
        buffers[s] = b
        pointers[s] = b.pointer
    }

    private func give(_ s: Int) {
        guard let b = buffers[s] else { return }
        pool.recycle(b)
        buffers[s] = nil
        pointers[s] = nil
    }

    /// A rendered kid's filters, then its group shadow (cast by the filtered picture).
    private func finish(_ s: Int) {
        guard let pixels = pointers[s] else { return }
        let bounds = plan.surfaces[s].bounds
        for filter in plan.surfaces[s].filters {
            CompositorLayerFilters.apply(filter, pixels: pixels, count: bounds.width * bounds.height)
        }
        if let shadow = plan.surfaces[s].shadow {
            CompositorShadows.applyGroupShadow(shadow, pixels: pixels, bounds: bounds, threads: threads)
        }
    }

    /// Prepares the given operations of each surface, composites them over every tile that has any (all
    /// tiles when `first`: they start transparent or from the frame's background), then frees them.
    private func compositePhase(_ parts: [(surface: Int, ops: ArraySlice<Int>)], first: Bool) {
        // Largest first, so the pool's best fit hands the big idle buffers to the big surfaces.
        for s in parts.map(\.surface).sorted(by: { surfaceBytes($0) > surfaceBytes($1) })
        where buffers[s] == nil && s != 0 {
            take(s)
        }
        let indices = parts.flatMap(\.ops)
        prepare(indices)
        // `ops` keeps every operation alive until this phase returns (the bins' and the context's invariant).
        let handles = ops.map { $0.map(Unmanaged.passUnretained) }
        // Every prepared operation's pixel bounds (empty: nothing to draw), which binning reads.
        var opBounds = [FillPixelBounds](repeating: .empty, count: ops.count)
        for index in indices {
            if let handle = handles[index] {
                opBounds[index] = handle._withUnsafeGuaranteedRef { $0.bounds }
            } else if !sharpBounds.isEmpty {
                opBounds[index] = sharpBounds[index]
            }
        }
        var work: [(surface: Int, tile: Int)] = []
        for part in parts {
            var surface = plan.surfaces[part.surface]
            surface.ops = Array(part.ops)
            let b = CompositorBins(surface: surface, bounds: opBounds, tileSize: tileSize)
            // Even columns first, then odd ones: workers take consecutive items at the same time, and tiles
            // side by side share a cache line at each row's seam (a row is rarely line-aligned at a tile
            // edge), which they would otherwise write concurrently. Vertical neighbours share no line.
            let columns = b.grid.columnCount
            for parity in 0..<min(2, columns) {
                for row in 0..<b.grid.rowCount {
                    for column in stride(from: parity, to: columns, by: 2) {
                        let t = row * columns + column
                        if first || b.offsets[t + 1] > b.offsets[t] { work.append((part.surface, t)) }
                    }
                }
            }
            bins[part.surface] = b
        }
        compositeTiles(work, handles: handles, first: first)
        // Through the buffers: one uniqueness test per array, not one per operation.
        ops.withUnsafeMutableBufferPointer { ops in for index in indices { ops[index] = nil } }
        if !sharpBounds.isEmpty {
            let empty = FillPixelBounds.empty
            sharpBounds.withUnsafeMutableBufferPointer { bounds in for index in indices { bounds[index] = empty } }
        }
        for part in parts { bins[part.surface] = nil }
    }

    private func prepare(_ indices: [Int]) {
        if indices.isEmpty { return }
        let plan = self.plan
        let shadows = indices.reduce(0) { count, index in
            if case .item(let item) = plan.ops[index].spec, case .shadow = plan.items[item].content { return count + 1 }
            return count
        }
        // One big shadow gets every thread for its blur; many share them (the blur nests its own workers).
        let preparer = CompositorPreparer(
            plan: plan, memory: CompositorSurfaceMemory(pointers: pointers), tileSize: tileSize,
            deviceTolerance: tolerance, blurThreads: max(1, threads / max(1, shadows)), shadowGrids: pool.shadowGrids)
        let order = threads > 1 && indices.count > threads ? costliestFirst(indices) : indices
        ops.withUnsafeMutableBufferPointer { buffer in
            sharpBounds.withUnsafeMutableBufferPointer { sharpBuffer in
                let out = CompositorPreparedOutput(
                    ops: buffer.baseAddress, clips: nil, sharpBounds: sharpBuffer.baseAddress, sharpRects: sharpRects)
                Compositor.runWorkers(threads: threads, items: order.count, team: team) { item in
                    let index = order[item]
                    // `sharpRects` exists whenever the plan has solids, the only operations sharpSolid takes.
                    if let rects = out.sharpRects, let bounds = out.sharpBounds,
                       let sharp = preparer.sharpSolid(index, into: rects + index) {
                        bounds[index] = sharp
                    } else {
                        out.ops?[index] = preparer.prepare(plan.ops[index])
                    }
                }
            }
        }
        if shadows > 0 {
            var maskBytes = 0
            for index in indices {
                if let op = ops[index] as? CompositorCoverageOp, let m = op.source as? ShadowMaskCoverage {
                    maskBytes += m.mask.byteCount
                }
            }
            pool.noteShadowMasks(liveBytes: maskBytes)
        }
    }

    /// `indices` with the operations likely to take longest to prepare first (paths, strokes and shadows by
    /// their device area, then everything else in list order), so a phase shared by several workers does not
    /// end with one worker on a big stroke while the others wait. Each operation is still prepared exactly
    /// once into its own slot, so the order never changes a result.
    private func costliestFirst(_ indices: [Int]) -> [Int] {
        let keys = indices.map { index -> Int in
            let op = plan.ops[index]
            guard case .item(let item) = op.spec else { return 0 }
            switch plan.items[item].content {
            case .shapeFill, .glyphs, .shapeStroke, .shadow, .border: return 1 + op.bounds.width * op.bounds.height
            default: return 0
            }
        }
        return indices.indices.sorted { keys[$0] != keys[$1] ? keys[$0] > keys[$1] : $0 < $1 }.map { indices[$0] }
    }

    private func compositeTiles(_ work: [(surface: Int, tile: Int)], handles: [Unmanaged<CompositorOp>?], first: Bool) {
        sharpBounds.withUnsafeBufferPointer { sharpBuffer in
            let context = CompositorTileContext(
                plan: plan, ops: handles, sharpBounds: sharpBuffer.baseAddress, sharpRects: sharpRects, clips: clips,
                memory: CompositorSurfaceMemory(pointers: pointers), bins: bins, frameBackground: frameBackground,
                frameTilesInPlace: frameTilesInPlace,
                startsTiles: first)
            Compositor.runWorkers(threads: threads, items: work.count, scratchTileSize: tileSize, pool: pool, team: team) {
                item, scratch in
                context.compositeTile(surface: work[item].surface, tile: work[item].tile, scratch: scratch)
            }
        }
    }

    /// Returns every buffer still taken (none after a complete run; kept for safety).
    func finish() {
        for s in buffers.indices { give(s) }
    }
}
