// Dispatch of a path's edge binning to the C kernel (RasterKernels/raster_kernels_paths.c).
//
// Coordinate space and number format: as FillPathCoverage.swift (device pixels, 24.8 fixed point, wrapping
// Int32 carries). The kernel gives the same carries, offsets and bins as `FillPathCoverage.binInSwift`; it
// exists because the Swift loop pays for an array append per (tile, edge) pair, a second array for the
// counting sort and bounds checks on every index.

import RasterKernels

extension FillPathCoverage {
    /// Bins `edges` into the occupied box `columns` × `rows` (non-empty) with the C kernel, or returns nil
    /// (having done nothing) when `FillEdge` does not have the kernel's layout.
    static func binWithKernel(
        _ edges: [FillEdge], grid: FillTileGrid, columns: Range<Int>, rows: Range<Int>
    ) -> (carry: [Int32], offsets: [Int32], bins: [Int32])? {
        guard FillEdge.matchesKernelLayout, !edges.isEmpty, !columns.isEmpty, !rows.isEmpty else { return nil }
        let size = grid.tileSize
        let tileCount = columns.count * rows.count
        var box = rk_fill_bin_grid(
            tile_size: Int64(size), size_shift: Int64(size.nonzeroBitCount == 1 ? size.trailingZeroBitCount : -1),
            first_column: Int64(grid.firstColumn), first_row: Int64(grid.firstRow),
            column_lo: Int64(columns.lowerBound), column_hi: Int64(columns.upperBound),
            row_lo: Int64(rows.lowerBound), row_hi: Int64(rows.upperBound))
        var carry = [Int32](repeating: 0, count: tileCount * size)
        var offsets = [Int32](repeating: 0, count: tileCount + 1)
        // Each edge's only tile (or −1, −2), from the first pass for the second. Invariant: the first pass
        // writes every one of its edges.count entries.
        var single = [Int32](unsafeUninitializedCapacity: edges.count) { _, initialized in initialized = edges.count }
        // Invariant (the kernel's): carry has tileCount · T values, offsets tileCount + 1, both zero; the box
        // lies inside the grid; edges are non-empty, so every base address exists.
        edges.withUnsafeBufferPointer { edgeBuffer in
            carry.withUnsafeMutableBufferPointer { carryBuffer in
                offsets.withUnsafeMutableBufferPointer { offsetBuffer in
                    single.withUnsafeMutableBufferPointer { singleBuffer in
                        rk_fill_bin_count(
                            UnsafeRawPointer(edgeBuffer.baseAddress!), edgeBuffer.count, &box,
                            carryBuffer.baseAddress!, offsetBuffer.baseAddress!, singleBuffer.baseAddress!)
                    }
                }
            }
        }
        let pairs = Int(offsets[tileCount])
        if pairs == 0 { return (carry, offsets, []) }
        // Invariant: the kernel writes exactly offsets[tileCount] = `pairs` bins.
        let bins = [Int32](unsafeUninitializedCapacity: pairs) { binBuffer, initialized in
            edges.withUnsafeBufferPointer { edgeBuffer in
                offsets.withUnsafeMutableBufferPointer { offsetBuffer in
                    single.withUnsafeBufferPointer { singleBuffer in
                        rk_fill_bin_place(
                            UnsafeRawPointer(edgeBuffer.baseAddress!), edgeBuffer.count, &box,
                            offsetBuffer.baseAddress!, singleBuffer.baseAddress!, binBuffer.baseAddress!)
                    }
                }
            }
            initialized = pairs
        }
        return (carry, offsets, bins)
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
