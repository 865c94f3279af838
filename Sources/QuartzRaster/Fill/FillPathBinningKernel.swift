// Dispatch of a path's edge binning to the C kernel (RasterKernels/raster_kernels_paths.c).
//
// Coordinate space and number format: as FillPathCoverage.swift (device pixels, 24.8 fixed point, wrapping
// Int32 carries). The kernel gives the same carries, offsets and bins as `FillPathCoverage.binInSwift`; it
// exists because the Swift loop pays for an array append per (tile, edge) pair, a second array for the
// counting sort and bounds checks on every index.

import RasterKernels

extension FillPathCoverage {
    /// Bins `edges` into the occupied box `columns` × `rows` (non-empty) with the C kernel, into `store` (made
    /// for this box and these edges, carries and offsets zero), or returns false (having done nothing) when
    /// `FillEdge` does not have the kernel's layout.
    static func binWithKernel(
        _ edges: [FillEdge], grid: FillTileGrid, columns: Range<Int>, rows: Range<Int>, into store: FillPathStore
    ) -> Bool {
        guard FillEdge.matchesKernelLayout, !edges.isEmpty, !columns.isEmpty, !rows.isEmpty else { return false }
        let size = grid.tileSize
        let tileCount = columns.count * rows.count
        precondition(store.tileCount == tileCount && store.tileSize == size && store.edgeCount == edges.count,
                     "a store made for another box")
        var box = rk_fill_bin_grid(
            tile_size: Int64(size), size_shift: Int64(size.nonzeroBitCount == 1 ? size.trailingZeroBitCount : -1),
            first_column: Int64(grid.firstColumn), first_row: Int64(grid.firstRow),
            column_lo: Int64(columns.lowerBound), column_hi: Int64(columns.upperBound),
            row_lo: Int64(rows.lowerBound), row_hi: Int64(rows.upperBound))
        // The store's `single` words: each edge's only tile (or −1, −2), from the first pass for the second.
        // Invariant (the kernel's): the store holds tileCount · T carries and tileCount + 1 offsets, both zero,
        // and edges.count single words, which the first pass writes; the box lies inside the grid; edges are
        // non-empty, so the base address exists.
        edges.withUnsafeBufferPointer { edgeBuffer in
            rk_fill_bin_count(
                UnsafeRawPointer(edgeBuffer.baseAddress!), edgeBuffer.count, &box, store.carry, store.offsets,
                store.single)
        }
        let pairs = Int(store.offsets[tileCount])
        let bins = store.reserveBins(pairs)
        if pairs == 0 { return true }
        // Invariant: the kernel writes exactly offsets[tileCount] = `pairs` bins.
        edges.withUnsafeBufferPointer { edgeBuffer in
            rk_fill_bin_place(
                UnsafeRawPointer(edgeBuffer.baseAddress!), edgeBuffer.count, &box, store.offsets, store.single, bins)
        }
        return true
    }

    /// `occupiedExtent(_:)` by the C kernel (rk_fill_edge_extent: minima and maxima of the 24.8 values, which
    /// the shift by 8 keeps, since it is monotonic), or nil when `FillEdge` does not have the kernel's layout.
    static func occupiedExtentWithKernel(_ edges: [FillEdge])
        -> (minCell: Int, maxCell: Int, minRow: Int, maxRow: Int)? {
        guard FillEdge.matchesKernelLayout else { return nil }
        var extent: (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
        // Invariant (the kernel's): the buffer holds edges.count edges; extent has room for four Int32.
        let any = edges.withUnsafeBufferPointer { edgeBuffer in
            withUnsafeMutableBytes(of: &extent) { out in
                rk_fill_edge_extent(
                    UnsafeRawPointer(edgeBuffer.baseAddress), edgeBuffer.count,
                    out.baseAddress!.assumingMemoryBound(to: Int32.self))
            }
        }
        if any == 0 { return (Int.max, Int.min, Int.max, Int.min) }
        return (Int(extent.0 >> 8), Int(extent.1 >> 8), Int(extent.2 >> 8), Int((extent.3 - 1) >> 8))
    }
}
