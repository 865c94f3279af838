// Solid compositing of a binned path straight into a surface (FillCoverageSource.blendSolid): a tile with
// edges is accumulated, then swept and blended by one C call per batch of rows (rk_fill_sweep_blend_tile);
// a tile without edges is blended as blocks of rows with one coverage.
//
// Coordinate space: device pixels (see FillFixedPoint.swift). Colours: premultiplied RGBA8 (0xAABBGGRR). The
// bytes equal those of compositing `forEachCoverageSpan` span by span with FillSourceOver.blendSolid: the
// same spans, the same scaling, the same kernel tier.

import RasterKernels

extension FillPathCoverage {
    package func blendSolid(
        _ color: UInt32, in region: FillPixelBounds, into surface: FillSurfaceRows, scratch: FillTileScratch
    ) -> Bool {
        blendSolid(color, in: region, into: surface, scratch: scratch, implementation: .automatic)
    }

    /// As the package method; `.swift` composites the Swift sweep's spans one by one (the reference for tests).
    func blendSolid(
        _ color: UInt32, in region: FillPixelBounds, into surface: FillSurfaceRows, scratch: FillTileScratch,
        implementation: FillAccumulateImplementation
    ) -> Bool {
        // A zero colour draws nothing on the span path either (FillSourceOver returns at once).
        if color == 0 { return true }
        let area = region.intersection(grid.bounds)
        if area.isEmpty || occupiedColumns.isEmpty || occupiedRows.isEmpty { return true }
        let size = grid.tileSize
        let columnA = max(area.minX / size - grid.firstColumn, occupiedColumns.lowerBound)
        let columnB = min((area.maxX - 1) / size - grid.firstColumn, occupiedColumns.upperBound - 1)
        let rowA = max(area.minY / size - grid.firstRow, occupiedRows.lowerBound)
        let rowB = min((area.maxY - 1) / size - grid.firstRow, occupiedRows.upperBound - 1)
        if columnA > columnB || rowA > rowB { return true }
        for row in rowA...rowB {
            for column in columnA...columnB {
                let tile = grid.pixelBounds(column: column, row: row)
                if tile.intersection(area) == tile, implementation == .automatic {
                    blendTile(color, column: column, row: row, surface: surface, scratch: scratch)
                    continue
                }
                // A tile cut by the region (or the reference path): its spans, clipped, one by one.
                forEachCoverageSpan(column: column, row: row, scratch: scratch, implementation: implementation) {
                    span in
                    guard let s = span.clipped(to: area) else { return }
                    let destination = surface.pointer(x: s.x, y: s.y)
                    if let mask = s.mask {
                        FillSourceOver.blendSolid(color, mask: mask, into: destination, count: s.count)
                    } else {
                        FillSourceOver.blendSolid(color, alpha: s.alpha, into: destination, count: s.count)
                    }
                }
            }
        }
        return true
    }

    /// One whole tile (inside the surface) blended directly.
    func blendTile(_ color: UInt32, column: Int, row: Int, surface: FillSurfaceRows, scratch: FillTileScratch) {
        if blendEdgeFreeTile(color, column: column, row: row, surface: surface) { return }
        guard let tile = accumulate(column: column, row: row, scratch: scratch) else { return }
        let pixels = tile.pixels, width = pixels.width
        // The sweep's batch bounds, as sweepWithKernel's: `width` mask bytes and rowSpanBound spans per row.
        let rowSpanBound = 2 * (width / fillSolidGapMinimum) + 4
        let rowsPerBatch = min(scratch.sweepMaskCapacity / max(width, 1), scratch.sweepSpanCapacity / rowSpanBound)
        guard rowsPerBatch >= 1 else {
            // Scratch too small for one row of the kernel: the Swift sweep's spans one by one.
            sweepInSwift(pixels: pixels, top: tile.top, scratch: scratch) { span in
                let destination = surface.pointer(x: span.x, y: span.y)
                if let mask = span.mask {
                    FillSourceOver.blendSolid(color, mask: mask, into: destination, count: span.count)
                } else {
                    FillSourceOver.blendSolid(color, alpha: span.alpha, into: destination, count: span.count)
                }
            }
            return
        }
        let evenOdd: Int32 = fillRule == .evenOdd ? 1 : 0
        // Only the rows that hold edge pieces: every other row of the tile is blank (no delta, zero carry), and
        // a 256-pixel tile holds many such rows for a path that crosses it near its top or bottom.
        let rows = edgeRows
        var i = max(pixels.minY, rows.lowerBound) - tile.top
        let rowEnd = min(pixels.maxY, rows.upperBound) - tile.top
        while i < rowEnd {
            let batchEnd = min(rowEnd, i + rowsPerBatch)
            // Invariant (the kernel's): as sweepWithKernel's, and the destination rows tile.top + i ..< batchEnd
            // of columns pixels.minX ..< maxX lie inside the surface (the tile lies inside it).
            rk_fill_sweep_blend_tile(
                scratch.deltas, scratch.deltaStride, scratch.carry, scratch.touchedWords, scratch.touchedWordsPerRow,
                Int32(i), Int32(batchEnd), Int32(width), evenOdd, Int32(fillSolidGapMinimum), scratch.sweepMask,
                scratch.sweepSpans, color, surface.pointer(x: pixels.minX, y: tile.top + i), surface.bounds.width)
            i = batchEnd
        }
    }

    /// A tile without edges: each run of rows with one entering coverage is one block. Returns false when the
    /// tile has edges.
    func blendEdgeFreeTile(_ color: UInt32, column: Int, row: Int, surface: FillSurfaceRows) -> Bool {
        forEachEdgeFreeRun(column: column, row: row) { pixels, rows, alpha in
            if alpha == 0 { return }
            surface.blendSolid(color, alpha: alpha, x: pixels.minX, y: rows.lowerBound, width: pixels.width,
                               height: rows.count)
        }
    }
}
