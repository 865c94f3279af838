// Coverage producers the compositor can drive tile by tile, and the bitmap view it writes through.
//
// Coordinate space: device pixels (see FillFixedPoint.swift); spans are clipped to the requested region.

import Dispatch

/// Anything that yields anti-aliased coverage spans for a pixel region: binned paths, rectangles,
/// rounded rectangles and rings. Implementations are immutable values, so one instance may be asked for
/// different regions from several threads at once, each thread with its own scratch.
package protocol FillCoverageSource: Sendable {
    /// Calls `body` with the non-zero coverage of the pixels inside `region`. Spans never overlap and
    /// never leave `region`; their order is unspecified.
    func forEachCoverageSpan(in region: FillPixelBounds, scratch: FillTileScratch, _ body: (FillCoverageSpan) -> Void)

    /// The smallest `FillTileScratch.tileCapacity` this source needs (a binned path needs its tile size).
    var minimumScratchTileSize: Int { get }

    /// Source-over of premultiplied `color` through this coverage over `region` (inside `surface.bounds`),
    /// written straight into `surface` by sources that know faster ways than span by span (whole blocks of one
    /// coverage). Returns false, having drawn nothing, when the source has no such path: the caller then
    /// composites `forEachCoverageSpan`. Either way the pixels are the same.
    func blendSolid(_ color: UInt32, in region: FillPixelBounds, into surface: FillSurfaceRows, scratch: FillTileScratch)
        -> Bool
}

extension FillCoverageSource {
    package var minimumScratchTileSize: Int { 1 }

    package func blendSolid(
        _ color: UInt32, in region: FillPixelBounds, into surface: FillSurfaceRows, scratch: FillTileScratch
    ) -> Bool {
        false
    }
}

extension FillPathCoverage: FillCoverageSource {
    package var minimumScratchTileSize: Int { grid.tileSize }

    /// Visits the grid tiles that meet `region` and clips their spans to it. Asking for exactly one tile of
    /// `grid` is the fast case the compositor uses.
    package func forEachCoverageSpan(
        in region: FillPixelBounds, scratch: FillTileScratch, _ body: (FillCoverageSpan) -> Void
    ) {
        let area = region.intersection(grid.bounds)
        if area.isEmpty || occupiedColumns.isEmpty || occupiedRows.isEmpty { return }
        let size = grid.tileSize
        let columnA = max(area.minX / size - grid.firstColumn, occupiedColumns.lowerBound)
        let columnB = min((area.maxX - 1) / size - grid.firstColumn, occupiedColumns.upperBound - 1)
        let rowA = max(area.minY / size - grid.firstRow, occupiedRows.lowerBound)
        let rowB = min((area.maxY - 1) / size - grid.firstRow, occupiedRows.upperBound - 1)
        if columnA > columnB || rowA > rowB { return }
        for row in rowA...rowB {
            for column in columnA...columnB {
                let tile = grid.pixelBounds(column: column, row: row)
                if tile.intersection(area) == tile {
                    forEachCoverageSpan(column: column, row: row, scratch: scratch, body)
                    continue
                }
                forEachCoverageSpan(column: column, row: row, scratch: scratch) { span in
                    if let clipped = span.clipped(to: area) { body(clipped) }
                }
            }
        }
    }
}

extension FillCoverageSpan {
    /// The part of the span inside `region`, or nil.
    @inlinable
    package func clipped(to region: FillPixelBounds) -> FillCoverageSpan? {
        if y < region.minY || y >= region.maxY { return nil }
        let a = max(x, region.minX), b = min(x + count, region.maxX)
        if a >= b { return nil }
        var span = self
        if let mask { span.mask = mask + (a - x) }
        span.x = a
        span.count = b - a
        return span
    }
}

/// A bitmap's pixels as a raw pointer, for compositing from many threads at once.
/// Invariant: `pixels` addresses `width · height` pixels that stay alive and are not otherwise accessed
/// for the duration of `PremultipliedRGBA8Bitmap.withFillTarget`; callers write disjoint pixels.
package struct FillBitmapTarget: @unchecked Sendable {
    package let pixels: UnsafeMutablePointer<UInt32>
    package let width: Int
    package let height: Int

    package var bounds: FillPixelBounds { FillPixelBounds(width: width, height: height) }

    /// Source-over of a solid premultiplied colour through one span's coverage. The span must lie inside
    /// the bitmap (spans from a source asked for a region inside `bounds` always do).
    @inlinable
    package func sourceOver(_ span: FillCoverageSpan, color: PremultipliedRGBA8) {
        let row = pixels + span.y * width + span.x
        if let mask = span.mask {
            FillSourceOver.blendSolid(color.packed, mask: mask, into: row, count: span.count)
        } else {
            FillSourceOver.blendSolid(color.packed, alpha: span.alpha, into: row, count: span.count)
        }
    }

    /// Source-over of a shader's colours through one span's coverage, shading in chunks that fit
    /// `scratch.rowCapacity`.
    @inlinable
    package func sourceOver<Shader: SpanShader>(_ span: FillCoverageSpan, shader: Shader, scratch: FillTileScratch) {
        if span.mask == nil && span.alpha == 0 { return }
        let shaded = scratch.shadedBuffer, chunk = scratch.rowCapacity
        var done = 0
        while done < span.count {
            let n = min(chunk, span.count - done)
            let row = pixels + span.y * width + span.x + done
            shader.shade(x: span.x + done, y: span.y, count: n, into: shaded)
            if let mask = span.mask {
                FillSourceOver.blend(UnsafePointer(shaded), mask: mask + done, into: row, count: n)
            } else {
                FillSourceOver.blend(UnsafePointer(shaded), alpha: span.alpha, into: row, count: n)
            }
            done += n
        }
    }
}

extension FillTileScratch {
    /// Room for `rowCapacity` shaded pixels (used by shader compositing).
    package var shadedBuffer: UnsafeMutablePointer<UInt32> { shaded }
}

/// How the whole-bitmap conveniences spread tiles over threads. The pixels are identical either way.
public enum FillThreading: Sendable, Hashable {
    case singleThreaded
    /// `DispatchQueue.concurrentPerform` over batches of tiles.
    case concurrent
}

extension PremultipliedRGBA8Bitmap {
    /// Lends the pixels as a `FillBitmapTarget` for the duration of `body`.
    package mutating func withFillTarget<R>(_ body: (FillBitmapTarget) throws -> R) rethrows -> R {
        let w = width, h = height
        return try pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else {
                // An empty bitmap: hand out a dummy pointer that is never dereferenced (no pixels).
                var none: UInt32 = 0
                return try withUnsafeMutablePointer(to: &none) { try body(FillBitmapTarget(pixels: $0, width: 0, height: 0)) }
            }
            return try body(FillBitmapTarget(pixels: base, width: w, height: h))
        }
    }

    /// Source-over of `color` through `source`'s coverage, tile by tile (tiles of `tileSize` pixels).
    package mutating func fill(
        _ source: some FillCoverageSource, color: PremultipliedRGBA8, tileSize: Int = 64,
        threading: FillThreading = .singleThreaded
    ) {
        withFillTarget { target in
            Self.forEachTile(of: target, tileSize: tileSize, scratchSize: source.minimumScratchTileSize,
                             threading: threading) { region, scratch in
                let rows = FillSurfaceRows(base: target.pixels, bounds: target.bounds)
                if source.blendSolid(color.packed, in: region, into: rows, scratch: scratch) { return }
                source.forEachCoverageSpan(in: region, scratch: scratch) { target.sourceOver($0, color: color) }
            }
        }
    }

    /// Source-over of `shader`'s colours through `source`'s coverage, tile by tile.
    package mutating func fill<Shader: SpanShader>(
        _ source: some FillCoverageSource, shader: Shader, tileSize: Int = 64,
        threading: FillThreading = .singleThreaded
    ) {
        withFillTarget { target in
            Self.forEachTile(of: target, tileSize: tileSize, scratchSize: source.minimumScratchTileSize,
                             threading: threading) { region, scratch in
                source.forEachCoverageSpan(in: region, scratch: scratch) {
                    target.sourceOver($0, shader: shader, scratch: scratch)
                }
            }
        }
    }

    /// Runs `body` once per tile of the target; with `.concurrent`, batches of tiles run on several threads,
    /// each batch with its own scratch. Tiles never overlap, so the pixels do not depend on the schedule.
    static func forEachTile(
        of target: FillBitmapTarget, tileSize: Int, scratchSize: Int, threading: FillThreading,
        _ body: @Sendable (FillPixelBounds, FillTileScratch) -> Void
    ) {
        let grid = FillTileGrid(bounds: target.bounds, tileSize: tileSize)
        let tiles = grid.tileCount
        if tiles == 0 { return }
        let batches = threading == .singleThreaded ? 1 : min(tiles, 64)
        @Sendable func runBatch(_ batch: Int) {
            let scratch = FillTileScratch(tileSize: max(grid.tileSize, scratchSize))
            var tile = batch
            while tile < tiles {
                body(grid.pixelBounds(column: tile % grid.columnCount, row: tile / grid.columnCount), scratch)
                tile += batches
            }
        }
        if batches == 1 {
            runBatch(0)
        } else {
            DispatchQueue.concurrentPerform(iterations: batches) { runBatch($0) }
        }
    }
}

extension FillPathCoverage {
    /// The 8-bit coverage of every pixel of `grid.bounds`, row-major (a convenience for masks and tests).
    package func coverageMask(threading: FillThreading = .singleThreaded) -> [UInt8] {
        let bounds = grid.bounds
        var mask = [UInt8](repeating: 0, count: bounds.width * bounds.height)
        mask.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let out = FillMaskPointer(base: base)
            let tiles = grid.tileCount
            @Sendable func work(_ batch: Int) {
                let scratch = FillTileScratch(tileSize: grid.tileSize)
                var tile = batch
                let step = threading == .singleThreaded ? 1 : min(tiles, 64)
                while tile < tiles {
                    forEachCoverageSpan(column: tile % grid.columnCount, row: tile / grid.columnCount, scratch: scratch) {
                        span in
                        let row = out.base + (span.y - bounds.minY) * bounds.width + (span.x - bounds.minX)
                        if let m = span.mask {
                            row.update(from: m, count: span.count)
                        } else {
                            row.update(repeating: span.alpha, count: span.count)
                        }
                    }
                    tile += step
                }
            }
            if threading == .singleThreaded || tiles <= 1 {
                work(0)
            } else {
                DispatchQueue.concurrentPerform(iterations: min(tiles, 64)) { work($0) }
            }
        }
        return mask
    }
}

/// Invariant: `base` addresses a mask buffer alive for the whole concurrent loop; tiles write disjoint bytes.
struct FillMaskPointer: @unchecked Sendable {
    let base: UnsafeMutablePointer<UInt8>
}
