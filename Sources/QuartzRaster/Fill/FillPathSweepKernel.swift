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
        let rowSpanBound = 2 * (width / fillSolidGapMinimum) + 4
        guard scratch.sweepSpanCapacity >= rowSpanBound, scratch.sweepMaskCapacity >= width else { return false }
        let spans = scratch.sweepSpans, mask = scratch.sweepMask
        let evenOdd: Int32 = fillRule == .evenOdd ? 1 : 0
        var row = Int32(pixels.minY - top)
        let rowEnd = Int32(pixels.maxY - top)
        while row < rowEnd {
            var next: Int32 = rowEnd
            // Invariant (the kernel's): the scratch rows hold deltaStride ≥ width + 1 cells, touched bits lie
            // below width (rk_fill_accumulate_tile's contract), and the capacities hold one row (checked above).
            let count = rk_fill_sweep_tile(
                scratch.deltas, scratch.deltaStride, scratch.carry, scratch.touchedWords,
                scratch.touchedWordsPerRow, row, rowEnd, Int32(top), Int32(pixels.minX), Int32(width), evenOdd,
                Int32(fillSolidGapMinimum), mask, scratch.sweepMaskCapacity, spans, scratch.sweepSpanCapacity,
                &next)
            for s in 0..<count {
                let span = spans[s]
                if span.mask >= 0 {
                    body(FillCoverageSpan(
                        y: Int(span.y), x: Int(span.x), count: Int(span.count), mask: UnsafePointer(mask + Int(span.mask))))
                } else {
                    body(FillCoverageSpan(y: Int(span.y), x: Int(span.x), count: Int(span.count), alpha: span.alpha))
                }
            }
            // The kernel sweeps at least one row per call when the capacities hold one (checked above).
            if next <= row { return true }
            row = next
        }
        return true
    }
}
