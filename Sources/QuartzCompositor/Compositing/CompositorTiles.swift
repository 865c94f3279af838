// The tile phase: operations binned to square tiles, each tile composited by one thread with its own
// scratch, operations in list order, so a pixel's value depends only on the list — never on the tile size,
// the thread count or the schedule.
//
// Spaces: device pixels; tiles are aligned to multiples of the tile size from the device origin (as
// FillTileGrid and the binned path coverage), clipped to the surface. A surface's pixel (x, y) lives at
// index (y − minY) · width + (x − minX) of its buffer. Colours: premultiplied RGBA8, 0xAABBGGRR.
// Occlusion culling can later drop a tile's operations below the last opaque full-tile one, in the bins.
import Foundation
import QuartzMath
import QuartzRaster

/// Each surface's operations per tile, as a counting sort (operations keep their order within a tile).
struct CompositorBins: Sendable {
    let grid: FillTileGrid
    /// Operations of tile t are opIndices[offsets[t] ..< offsets[t + 1]].
    let offsets: [Int]
    let opIndices: [Int]

    /// `bounds` holds every prepared operation's pixel bounds by operation index (empty: nothing to draw).
    init(surface: CompositorSurfacePlan, bounds opBounds: [FillPixelBounds], tileSize: Int) {
        let grid = FillTileGrid(bounds: surface.bounds, tileSize: tileSize)
        self.grid = grid
        let size = grid.tileSize, columns = grid.columnCount, area = grid.bounds
        let firstColumn = grid.firstColumn, firstRow = grid.firstRow
        // The tiles an operation's bounds overlap: `bounds ∩ grid.bounds` without building the intersection
        // (every bound is already clamped to 0...fillMaximumDeviceCoordinate, so the overlap test is exact).
        // Tile sizes are powers of two in practice (the default 128): then the divisions below are shifts
        // (every coordinate is ≥ 0 here, so x >> k == x / 2^k); -1 when the size is not a power of two.
        let shift = size.nonzeroBitCount == 1 ? size.trailingZeroBitCount : -1
        @inline(__always) func tileIndex(_ v: Int) -> Int { shift >= 0 ? v &>> shift : v / size }
        @inline(__always) func tiles(of index: Int, _ body: (Int) -> Void) {
            let b = opBounds[index]
            let x0 = max(b.minX, area.minX), x1 = min(b.maxX, area.maxX)
            let y0 = max(b.minY, area.minY), y1 = min(b.maxY, area.maxY)
            if x0 >= x1 || y0 >= y1 { return }
            let c0 = tileIndex(x0) - firstColumn, c1 = tileIndex(x1 - 1) - firstColumn
            let r0 = tileIndex(y0) - firstRow, r1 = tileIndex(y1 - 1) - firstRow
            for r in r0...r1 { for c in c0...c1 { body(r &* columns &+ c) } }
        }
        var counts = [Int](repeating: 0, count: grid.tileCount + 1)
        counts.withUnsafeMutableBufferPointer { counts in
            for index in surface.ops { tiles(of: index) { counts[$0 &+ 1] &+= 1 } }
            for t in 0..<grid.tileCount { counts[t + 1] &+= counts[t] }
        }
        var list = [Int](repeating: 0, count: counts[grid.tileCount])
        var cursor = counts
        list.withUnsafeMutableBufferPointer { list in
            cursor.withUnsafeMutableBufferPointer { cursor in
                for index in surface.ops {
                    tiles(of: index) { t in
                        list[cursor[t]] = index
                        cursor[t] &+= 1
                    }
                }
            }
        }
        offsets = counts
        opIndices = list
    }
}

/// How frame tiles that start from the background are composited. The pixels never depend on it.
enum CompositorFrameTileRoute: Sendable, Hashable {
    /// In the frame itself when one worker composites the frame and CompositorTileContext.compositesInPlace
    /// allows, else the scratch tile.
    case automatic
    /// Always in the worker's scratch tile, then written out (tests of that route on small frames).
    case scratch

    /// The route of the frames rendered in the current task (tests bind `.scratch` around a render).
    @TaskLocal static var current = CompositorFrameTileRoute.automatic
}

/// Everything the tile phase reads; immutable while tiles run.
struct CompositorTileContext: @unchecked Sendable {
    let plan: CompositorPlan
    /// The prepared operations, unretained. Invariant: the frame renderer's `ops` array holds each of them
    /// strongly until the tile phase has returned, so reading them without reference counting is safe (and
    /// keeps the threads off each other's reference-count cache lines).
    let ops: [Unmanaged<CompositorOp>?]
    /// The sharp solid rectangles prepared as values, by operation index (nil when the plan has none): bounds
    /// (empty: none), and the rectangle where they are not empty. Invariant: the frame renderer's storage behind
    /// them is neither changed nor freed while tiles run.
    let sharpBounds: UnsafePointer<FillPixelBounds>?
    let sharpRects: UnsafePointer<FillSolidSharpRect>?
    let clips: [(any FillCoverageSource)?]
    let memory: CompositorSurfaceMemory
    let bins: [CompositorBins?]
    /// When set, the frame's tiles start as this premultiplied colour instead of keeping their pixels.
    let frameBackground: UInt32?
    /// Whether such tiles are composited in the frame itself rather than in the scratch tile
    /// (CompositorFrameRenderer.frameTilesInPlace).
    let frameTilesInPlace: Bool
    /// False when the tiles already hold this surface's earlier operations (a later segment): nothing is cleared.
    var startsTiles = true

    /// Composites tile `tile` of `surface`. Offscreen tiles start transparent; the frame keeps its pixels
    /// (or starts from `frameBackground`).
    /// Invariant: tiles never overlap, so concurrent calls write disjoint pixels.
    func compositeTile(surface: Int, tile: Int, scratch: CompositorTileScratch) {
        guard let bins = bins[surface], let base = memory.pointers[surface] else { return }
        let s = plan.surfaces[surface].bounds
        let region = bins.grid.pixelBounds(column: tile % bins.grid.columnCount, row: tile / bins.grid.columnCount)
        if region.isEmpty { return }
        // A frame tile that starts from the background: sharp rectangles alone take the band route when their
        // bands are tall enough (CompositorSharpBands), the rest compositeFromBackground. The same pixels as a
        // tile composited over a frame already cleared.
        if startsTiles, surface == 0, let start = frameBackground {
            let frame = FillSurfaceRows(base: base, bounds: s)
            let blocks = CompositorSharpBandBlocks(region)
            let operations = bins.offsets[tile + 1] &- bins.offsets[tile]
            if Self.mayBand(operations: operations, blocks), !holdsShapes(bins: bins, tile: tile) {
                // Bands are tried block by block (a large tile's rectangles cut it into bands too short to pay);
                // blocks whose bands are too short take the scratch tile, all of it at once when none took bands.
                var banded: UInt64 = 0
                for k in 0..<blocks.count
                where compositeSharpBands(bins: bins, tile: tile, region: blocks[k], frame: frame, start: start,
                                          scratch: scratch)
                {
                    banded |= 1 << UInt64(k)
                }
                if banded != 0 {
                    for k in 0..<blocks.count where banded & (1 << UInt64(k)) == 0 {
                        compositeFromBackground(bins: bins, tile: tile, region: blocks[k], frame: frame, start: start,
                                                scratch: scratch)
                    }
                    return
                }
            }
            compositeFromBackground(bins: bins, tile: tile, region: region, frame: frame, start: start, scratch: scratch)
            return
        }
        if startsTiles, let start = surface != 0 ? 0 : frameBackground {
            FillSurfaceRows(base: base, bounds: s)
                .fill(start, x: region.minX, y: region.minY, width: region.width, height: region.height)
        }
        compositeOps(bins: bins, tile: tile, rows: FillSurfaceRows(base: base, bounds: s), region: region, scratch: scratch)
    }

    /// `region` of a frame tile that starts from `start`, in the frame itself when `frameTilesInPlace`, else in
    /// the worker's scratch tile and then written out.
    private func compositeFromBackground(
        bins: CompositorBins, tile: Int, region: FillPixelBounds, frame: FillSurfaceRows, start: UInt32,
        scratch: CompositorTileScratch
    ) {
        let rows = frameTilesInPlace ? frame : scratch.offFrameRows(for: region)
        rows.fill(start, x: region.minX, y: region.minY, width: region.width, height: region.height)
        compositeOps(bins: bins, tile: tile, rows: rows, region: region, scratch: scratch)
        if frameTilesInPlace { return }
        if Self.streamsFrame(frame.bounds) {
            frame.copyStreaming(from: rows, x: region.minX, y: region.minY, width: region.width, height: region.height)
        } else {
            frame.copy(from: rows, x: region.minX, y: region.minY, width: region.width, height: region.height)
        }
    }

    /// Whether frame tiles that start from the background may be composited in the frame itself rather than in
    /// the worker's scratch tile (one worker only: CompositorFrameRenderer.frameTilesInPlace). Yes when the frame
    /// stays cached (a streamed frame is better written once, unread, from the scratch tile: at 1920x1080 c, d
    /// and b 3–8 % faster than in place, g 11 %) and a tile's rows, one frame stride apart, reach at
    /// least half of the L1 data cache's sets. x86 cores' L1d has 64 sets of 64-byte lines, so addresses 4 KB
    /// apart share a set: rows start at multiples of gcd(stride, 4 KB) (the stride's lowest set bit, at most
    /// 4 KB) within that period, each covering a tile row's bytes; the scratch tile's rows are contiguous and
    /// cover every set. Measured (Intel Xeon, Emerald Rapids class, one thread, 256-pixel tiles, CPU medians of 20
    /// interleaved pairs, in place ÷ scratch): 512-pixel-wide frames (half the sets) a 0.935×, b 0.981×, d 0.979×,
    /// c and e–g 0.99–1.01×; scene a widened to 768 and 640 pixels (every set) 0.89× and 0.945×, to 1024 (a
    /// quarter) 1.028×; 512x512 at two threads, whose 128-pixel tiles reach a quarter, 1.21×.
    static func compositesInPlace(frame: FillPixelBounds, tileSize: Int) -> Bool {
        if streamsFrame(frame) { return false }
        let spacing = 1 << min((frame.width * 4).trailingZeroBitCount, 12)  // of row starts in the 4 KB period
        return 2 * min(tileSize * 4, spacing) >= spacing
    }

    /// Frames larger than this are written out with streaming stores, which bypass the caches: such a frame
    /// would not stay cached anyway. Smaller ones (512x512 is 1 MiB) are composited in place where
    /// compositesInPlace allows, else written out with ordinary stores, and stay in the core's cache for whoever
    /// reads the frame next (a 512 written out: CPU median 1.05 → 0.97 ms against streaming).
    /// A 1920x1080 frame (8 MiB) takes longer with ordinary stores even with a 260 MB L3 (Intel Xeon, Emerald
    /// Rapids class: c 1.09×, d 1.06× in 24 interleaved pairs; a level).
    static let streamingFrameBytes = 2 << 20

    static func streamsFrame(_ frame: FillPixelBounds) -> Bool { frame.width * frame.height * 4 > streamingFrameBytes }

    /// Whether any operation of the tile is more than a sharp solid rectangle (those have no handle).
    private func holdsShapes(bins: CompositorBins, tile: Int) -> Bool {
        for k in bins.offsets[tile]..<bins.offsets[tile + 1] where ops[bins.opIndices[k]] != nil { return true }
        return false
    }

    /// The tile's operations in list order over `rows` (the surface, or the scratch tile standing in for it).
    private func compositeOps(
        bins: CompositorBins, tile: Int, rows: FillSurfaceRows, region: FillPixelBounds, scratch: CompositorTileScratch
    ) {
        let base = rows.base, s = rows.bounds
        let first = bins.offsets[tile], end = bins.offsets[tile + 1]
        // Consecutive sharp solid rectangles (no clip, mask or blend mode: CompositorPreparer.sharpSolid) are
        // gathered, read in place, and blended in one call before the next other operation.
        scratch.reserveSharpList(end &- first)
        let sharpList = scratch.sharpList
        var sharpCount = 0
        var currentClip = -1
        for k in first..<end {
            let index = bins.opIndices[k]
            guard let handle = ops[index] else {
                if let sharpBounds, let sharpRects, Self.overlaps(sharpBounds[index], region) {
                    sharpList[sharpCount] = sharpRects + index
                    sharpCount &+= 1
                }
                continue
            }
            if sharpCount > 0 {
                FillSolidSharpRect.blend(sharpList, count: sharpCount, in: region, into: rows)
                sharpCount = 0
            }
            handle._withUnsafeGuaranteedRef { op in
                composite(op, base: base, surface: s, region: region, currentClip: &currentClip, scratch: scratch)
            }
        }
        if sharpCount > 0 { FillSolidSharpRect.blend(sharpList, count: sharpCount, in: region, into: rows) }
    }

    /// One operation over one tile (`currentClip`: the clip whose mask scratch.clipMask holds for this tile).
    @inline(__always)
    func composite(
        _ op: CompositorOp, base: UnsafeMutablePointer<UInt32>, surface s: FillPixelBounds, region: FillPixelBounds,
        currentClip: inout Int, scratch: CompositorTileScratch
    ) {
        // bounds ∩ region is empty (both are clamped FillPixelBounds, so comparing the sides is exact).
        let b = op.bounds
        if max(b.minX, region.minX) >= min(b.maxX, region.maxX) || max(b.minY, region.minY) >= min(b.maxY, region.maxY) {
            return
        }
        var clipRows: UnsafePointer<UInt8>? = nil
        if op.clip >= 0 {
            if op.clip != currentClip {
                buildClip(op.clip, region: region, scratch: scratch)
                currentClip = op.clip
            }
            clipRows = UnsafePointer(scratch.clipMask)
        }
        var maskRows: (UnsafePointer<UInt32>, FillPixelBounds)? = nil
        if op.maskSurface >= 0, let m = memory.pointers[op.maskSurface] {
            maskRows = (UnsafePointer(m), plan.surfaces[op.maskSurface].bounds)
        }
        // Sources that know their shape blend a solid's whole blocks straight into the surface (same
        // pixels); checked before the span lane is built, which this common case never needs.
        if let color = op.solidColor, clipRows == nil, maskRows == nil, op.blendMode == .normal,
           op.blendSolid(color, in: region, into: FillSurfaceRows(base: base, bounds: s), scratch: scratch.fill)
        {
            return
        }
        // The paint is unpacked once per operation and tile, so spans touch no reference counts.
        let lane = CompositorSpanLane(base: base, surface: s, region: region, clipRows: clipRows, maskRows: maskRows,
                                      blendMode: op.blendMode, scratch: scratch)
        switch op.paint {
        case .solid(let color):
            op.forEachCoverageSpan(in: region, scratch: scratch.fill) { lane.composite($0, color: color) }
        case .shader(let shader, let alpha):
            op.forEachCoverageSpan(in: region, scratch: scratch.fill) {
                lane.composite($0, shader: shader, alpha: alpha)
            }
        }
    }

    /// The product of the coverages of clip `index` and its ancestors over `region`, into scratch.clipMask
    /// (stride region.width).
    func buildClip(_ index: Int, region: FillPixelBounds, scratch: CompositorTileScratch) {
        let count = region.width * region.height
        scratch.clipMask.update(repeating: 0, count: count)
        var chain = index
        var first = true
        while chain >= 0 {
            let target = first ? scratch.clipMask : scratch.clipTemp
            if !first { target.update(repeating: 0, count: count) }
            clips[chain]?.forEachCoverageSpan(in: region, scratch: scratch.fill) { span in
                let out = target + (span.y - region.minY) * region.width + (span.x - region.minX)
                if let m = span.mask { out.update(from: m, count: span.count) } else {
                    out.update(repeating: span.alpha, count: span.count)
                }
            }
            if !first {
                let product = scratch.clipMask, factor = scratch.clipTemp
                for i in 0..<count { product[i] = mulDiv255(product[i], factor[i]) }
            }
            first = false
            chain = plan.clips[chain].parent
        }
    }
}

/// Where one operation's spans go within one tile: the surface, the tile's clip rows, an optional mask
/// surface, the blend mode and the worker's scratch rows.
struct CompositorSpanLane {
    let base: UnsafeMutablePointer<UInt32>
    let surface: FillPixelBounds
    let region: FillPixelBounds
    let clipRows: UnsafePointer<UInt8>?
    let maskRows: (UnsafePointer<UInt32>, FillPixelBounds)?
    let blendMode: CGBlendMode
    let scratch: CompositorTileScratch

    /// The span's coverage times the clip and mask coverage into scratch.rowMask; false when the span's own
    /// coverage is all there is (no mask, clip or mask surface).
    /// Invariant: spans lie inside `region` (≤ tileSize pixels), which lies inside `surface` and the mask surface.
    @inline(__always)
    func combinedCoverage(_ span: FillCoverageSpan) -> Bool {
        if span.mask == nil && clipRows == nil && maskRows == nil { return false }
        let n = span.count, m = scratch.rowMask
        if let sm = span.mask { m.update(from: sm, count: n) } else { m.update(repeating: span.alpha, count: n) }
        if let clipRows {
            let c = clipRows + (span.y - region.minY) * region.width + (span.x - region.minX)
            for i in 0..<n { m[i] = mulDiv255(m[i], c[i]) }
        }
        if let (pixels, b) = maskRows {
            let row = pixels + (span.y - b.minY) * b.width + (span.x - b.minX)
            for i in 0..<n { m[i] = mulDiv255(m[i], UInt8(truncatingIfNeeded: row[i] >> 24)) }
        }
        return true
    }

    @inline(__always)
    func destination(_ span: FillCoverageSpan) -> UnsafeMutablePointer<UInt32> {
        base + (span.y - surface.minY) * surface.width + (span.x - surface.minX)
    }

    /// A premultiplied colour (opacity already in it) through the span's coverage.
    func composite(_ span: FillCoverageSpan, color: UInt32) {
        let n = span.count
        if n <= 0 { return }
        if blendMode == .normal && clipRows == nil && maskRows == nil {
            // The span's own coverage is all there is: blend through it without copying it.
            if let sm = span.mask {
                FillSourceOver.blendSolid(color, mask: sm, into: destination(span), count: n)
            } else {
                FillSourceOver.blendSolid(color, alpha: span.alpha, into: destination(span), count: n)
            }
            return
        }
        let combined = combinedCoverage(span)
        let m = UnsafePointer(scratch.rowMask)
        if blendMode == .normal {
            if combined {
                FillSourceOver.blendSolid(color, mask: m, into: destination(span), count: n)
            } else {
                FillSourceOver.blendSolid(color, alpha: span.alpha, into: destination(span), count: n)
            }
            return
        }
        scratch.rowShaded.update(repeating: color, count: n)
        blendSpan(blendMode, source: UnsafePointer(scratch.rowShaded), coverage: combined ? m : nil,
                  alpha: combined ? 255 : span.alpha, destination: destination(span), count: n)
    }

    /// Shaded pixels scaled by `alpha` through the span's coverage.
    func composite(_ span: FillCoverageSpan, shader: any SpanShader, alpha: UInt8) {
        let n = span.count
        if n <= 0 { return }
        // With no clip or mask surface the span's own mask is the coverage (no copy into rowMask).
        let coverage: UnsafePointer<UInt8>?, weight: UInt8
        if clipRows == nil && maskRows == nil {
            coverage = span.mask
            weight = span.mask != nil ? alpha : mulDiv255(span.alpha, alpha)
        } else {
            let combined = combinedCoverage(span)
            coverage = combined ? UnsafePointer(scratch.rowMask) : nil
            weight = combined ? alpha : mulDiv255(span.alpha, alpha)
        }
        if blendMode == .normal {
            // Shaders that can sample and blend in one pass skip the scratch row.
            shader.shadeSourceOver(x: span.x, y: span.y, count: n, coverage: coverage, alpha: weight,
                                   destination: destination(span), scratch: scratch.rowShaded)
            return
        }
        shader.shade(x: span.x, y: span.y, count: n, into: scratch.rowShaded)
        blendSpan(blendMode, source: UnsafePointer(scratch.rowShaded), coverage: coverage, alpha: weight,
                  destination: destination(span), count: n)
    }
}
