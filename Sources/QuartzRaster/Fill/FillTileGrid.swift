// Screen tiles for binning and compositing.
//
// Coordinate space: device pixels. Tiles are aligned to multiples of `tileSize` from the device origin
// (not from the bounds), so tile (column, row) covers [(firstColumn + column) · T, … + T) × the same in y,
// intersected with `bounds`. Column and row indices here are relative to the grid (0 ..< count).

import RasterKernels

/// A grid of square tiles over a pixel rectangle.
package struct FillTileGrid: Hashable, Sendable {
    package let bounds: FillPixelBounds
    /// Tile edge length in pixels (clamped to 1...1024).
    package let tileSize: Int
    /// Absolute index of the first tile column/row (device x / tileSize).
    package let firstColumn: Int
    package let firstRow: Int
    package let columnCount: Int
    package let rowCount: Int

    package init(bounds: FillPixelBounds, tileSize: Int = 64) {
        self.bounds = bounds
        let size = min(max(tileSize, 1), 1024)
        self.tileSize = size
        if bounds.isEmpty {
            firstColumn = 0
            firstRow = 0
            columnCount = 0
            rowCount = 0
        } else {
            firstColumn = bounds.minX / size
            firstRow = bounds.minY / size
            columnCount = (bounds.maxX - 1) / size - firstColumn + 1
            rowCount = (bounds.maxY - 1) / size - firstRow + 1
        }
    }

    package var tileCount: Int { columnCount * rowCount }

    /// The pixels of tile (column, row), clipped to `bounds`.
    package func pixelBounds(column: Int, row: Int) -> FillPixelBounds {
        let x = (firstColumn + column) * tileSize, y = (firstRow + row) * tileSize
        return FillPixelBounds(minX: x, minY: y, maxX: x + tileSize, maxY: y + tileSize).intersection(bounds)
    }
}

/// One run of coverage on a pixel row: columns x..<x+count of row y. When `mask` is nil every pixel has
/// coverage `alpha`; otherwise `mask` points at `count` coverage bytes that stay valid only during the
/// callback that received the span.
package struct FillCoverageSpan {
    package var y: Int
    package var x: Int
    package var count: Int
    package var alpha: UInt8
    package var mask: UnsafePointer<UInt8>?

    @inlinable package init(y: Int, x: Int, count: Int, alpha: UInt8) {
        self.y = y
        self.x = x
        self.count = count
        self.alpha = alpha
        mask = nil
    }

    @inlinable package init(y: Int, x: Int, count: Int, mask: UnsafePointer<UInt8>) {
        self.y = y
        self.x = x
        self.count = count
        alpha = 0
        self.mask = mask
    }
}

/// Per-thread working memory for tile coverage and compositing. Create one per worker (or per tile
/// batch) and reuse it; it is not thread-safe, which is why it is a class that is never shared.
package final class FillTileScratch {
    /// The largest tile edge this scratch serves.
    package let tileCapacity: Int
    /// The longest span (in pixels) of masks and shaded colours it holds.
    package let rowCapacity: Int

    // Invariants: each pointer is allocated once in init with the count in its comment and freed in
    // deinit; `deltas` is all zeros between tile calls and `touchedWords` likewise (the tile loop re-zeroes every cell and bit it touched).
    let deltas: UnsafeMutablePointer<Int32>  // tileCapacity × deltaStride, 64-byte aligned
    let carry: UnsafeMutablePointer<Int32>  // tileCapacity
    /// Bit c of row i's words is set when cell c of that row may hold a delta (FillTileCoverage.swift).
    let touchedWords: UnsafeMutablePointer<UInt64>  // tileCapacity × touchedWordsPerRow, all zero between tiles
    let mask: UnsafeMutablePointer<UInt8>  // rowCapacity
    let shaded: UnsafeMutablePointer<UInt32>  // rowCapacity
    /// The C row sweep's batch output (FillPathSweepKernel.swift): coverage bytes and spans of many rows.
    let sweepMask: UnsafeMutablePointer<UInt8>  // sweepMaskCapacity + 8 (the kernel's vector stores' slack)
    let sweepSpans: UnsafeMutablePointer<rk_fill_span>  // sweepSpanCapacity
    let sweepMaskCapacity: Int
    let sweepSpanCapacity: Int

    /// Cells per delta row: tileCapacity + 2 rounded up to 16, so every row starts a 64-byte line and the
    /// blending sweep's 16-cell steps (raster_kernels_paths_sweep.c) each load and clear one whole line.
    let deltaStride: Int
    /// 64-cell words per row of `touchedWords`.
    let touchedWordsPerRow: Int

    package init(tileSize: Int = 64, rowCapacity: Int = 256) {
        let size = min(max(tileSize, 1), 1024)
        tileCapacity = size
        self.rowCapacity = max(rowCapacity, size, 16)
        deltaStride = (size + 2 + 15) & ~15
        deltas = UnsafeMutableRawPointer.allocate(byteCount: size * deltaStride * 4, alignment: 64)
            .bindMemory(to: Int32.self, capacity: size * deltaStride)
        deltas.initialize(repeating: 0, count: size * deltaStride)
        carry = .allocate(capacity: size)
        carry.initialize(repeating: 0, count: size)
        touchedWordsPerRow = (size + 63) / 64
        touchedWords = .allocate(capacity: size * touchedWordsPerRow)
        touchedWords.initialize(repeating: 0, count: size * touchedWordsPerRow)
        mask = .allocate(capacity: self.rowCapacity)
        mask.initialize(repeating: 0, count: self.rowCapacity)
        shaded = .allocate(capacity: self.rowCapacity)
        shaded.initialize(repeating: 0, count: self.rowCapacity)
        // A 64-pixel tile's rows fit one batch; larger tiles take several (at least one row each).
        sweepMaskCapacity = size * min(size, 64)
        sweepMask = .allocate(capacity: sweepMaskCapacity + 8)
        sweepMask.initialize(repeating: 0, count: sweepMaskCapacity + 8)
        sweepSpanCapacity = 4 * size + 64
        sweepSpans = .allocate(capacity: sweepSpanCapacity)
        sweepSpans.initialize(repeating: rk_fill_span(), count: sweepSpanCapacity)
    }

    deinit {
        deltas.deallocate()
        carry.deallocate()
        touchedWords.deallocate()
        mask.deallocate()
        shaded.deallocate()
        sweepMask.deallocate()
        sweepSpans.deallocate()
    }
}
