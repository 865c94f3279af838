// Hand-off of an accumulated tile's row sweep to the C kernel (RasterKernels/raster_kernels_paths_sweep.c),
// which sweeps many rows per call into a batch of spans and coverage bytes in the scratch.
//
// Coordinate space and number format: as FillTileCoverage.swift (device pixels, wrapping Int32 coverage sums,
// 8-bit alphas). The kernel gives the same spans, in the same order, as FillPathCoverage.sweepInSwift; one
// call per batch instead of Swift bookkeeping per row and run is what it saves.

import RasterKernels

extension FillPathCoverage {
    /// Sweeps the tile's rows with the C kernel and hands every span to `body`. Returns false (having done
    /// nothing) when the scratch's batch buffers cannot hold one row of this tile.
    func sweepWithKernel(
        pixels: FillPixelBounds, top: Int, scratch: FillTileScratch, _ body: (FillCoverageSpan) -> Void
    ) -> Bool {
        let width = pixels.width
        // The kernel's bounds per row: `width` mask bytes and rowSpanBound spans.
        let rowSpanBound = 2 * (width / fillSolidGapMinimum) + 4
        let rowsPerBatch = min(scratch.sweepMaskCapacity / max(width, 1), scratch.sweepSpanCapacity / rowSpanBound)
        guard rowsPerBatch >= 1 else { return false }
        let spans = scratch.sweepSpans, mask = scratch.sweepMask
        let evenOdd: Int32 = fillRule == .evenOdd ? 1 : 0
        let x0 = pixels.minX
        var row = pixels.minY - top
        let rowEnd = pixels.maxY - top
        while row < rowEnd {
            let batchEnd = min(rowEnd, row + rowsPerBatch)
            // Invariant (the kernel's): the scratch rows hold deltaStride ≥ width + 1 cells, touched bits lie
            // below width (rk_fill_accumulate_tile's contract), and the batch fits both buffers (rowsPerBatch).
            let count = rk_fill_sweep_tile(
                scratch.deltas, scratch.deltaStride, scratch.carry, scratch.touchedWords, scratch.touchedWordsPerRow,
                Int32(row), Int32(batchEnd), Int32(width), evenOdd, Int32(fillSolidGapMinimum), mask, spans)
            for s in 0..<count {
                let span = spans[s]
                let y = top &+ Int(span.y), x = x0 &+ Int(span.x)
                if span.mask >= 0 {
                    body(FillCoverageSpan(y: y, x: x, count: Int(span.count), mask: UnsafePointer(mask + Int(span.mask))))
                } else {
                    body(FillCoverageSpan(y: y, x: x, count: Int(span.count), alpha: span.alpha))
                }
            }
            row = batchEnd
        }
        return true
    }
}
