// Dispatch of a tile's edge walk to the C kernel (RasterKernels/raster_kernels_paths.c) or the Swift walk.
//
// Coordinate space and number format: as FillTileCoverage.swift (device pixels, 24.8 fixed point, wrapping
// Int32 coverage sums). Both implementations give identical deltas, carries and touched bits; the C kernel
// exists because the Swift walk spends much of its time on spills and bookkeeping the C compiler avoids.

import RasterKernels

/// Which implementation runs a tile's edge walk. Both give identical results; tests compare them.
enum FillAccumulateImplementation: Sendable {
    /// The C kernel whenever `FillEdge` has its layout, else the Swift walk.
    case automatic
    /// Always the Swift walk.
    case swift
}

extension FillEdge {
    /// True when `FillEdge` is laid out as the C kernel's `rk_fill_edge` (Swift does not promise a struct
    /// layout, so this is checked once rather than assumed), so an edge array can be handed over as is.
    static let matchesKernelLayout: Bool = {
        MemoryLayout<FillEdge>.stride == MemoryLayout<rk_fill_edge>.stride
            && MemoryLayout<FillEdge>.offset(of: \FillEdge.x0) == 0
            && MemoryLayout<FillEdge>.offset(of: \FillEdge.y0) == 4
            && MemoryLayout<FillEdge>.offset(of: \FillEdge.x1) == 8
            && MemoryLayout<FillEdge>.offset(of: \FillEdge.y1) == 12
            && MemoryLayout<FillEdge>.offset(of: \FillEdge.winding) == 16
            && MemoryLayout<FillEdge>.offset(of: \FillEdge.inverseSlope) == 24
    }()
}

extension FillPathCoverage {
    /// Prefetches occupied tile `tile`'s carries and the edges of bins[first..<last] (rk_fill_prefetch_tile);
    /// changes nothing. Invariant (the kernel's): the bins index `edges`, the tile's carries exist.
    func prefetchTile(first: Int, last: Int, tile: Int) {
        guard FillEdge.matchesKernelLayout else { return }
        let size = grid.tileSize
        edges.withUnsafeBufferPointer { edgeBuffer in
            binEdges.withUnsafeBufferPointer { binBuffer in
                carry.withUnsafeBufferPointer { carries in
                    guard let edgeBase = edgeBuffer.baseAddress, let binBase = binBuffer.baseAddress,
                          let carryBase = carries.baseAddress else { return }
                    rk_fill_prefetch_tile(
                        UnsafeRawPointer(edgeBase), binBase + first, last - first, carryBase + tile * size, size)
                }
            }
        }
    }

    /// Runs bins[first..<last]'s edges through the C kernel. Returns false (having done nothing) when the
    /// edge layout does not match the kernel's.
    /// Invariant (the kernel's): the scratch rows hold `stride` ≥ width + 1 cells and enough touched words,
    /// every bin index is inside `edges`, and 24.8 coordinates stay below 2^31 (fillMaximumDeviceCoordinate).
    func accumulateWithKernel(
        first: Int, last: Int, tileTop: Int, rowFirst: Int, rowEnd: Int, x0: Int, width: Int,
        scratch: FillTileScratch
    ) -> Bool {
        guard FillEdge.matchesKernelLayout else { return false }
        edges.withUnsafeBufferPointer { edgeBuffer in
            binEdges.withUnsafeBufferPointer { binBuffer in
                guard let edgeBase = edgeBuffer.baseAddress, let binBase = binBuffer.baseAddress else { return }
                rk_fill_accumulate_tile(
                    UnsafeRawPointer(edgeBase), binBase + first, last - first, Int32(tileTop), Int32(rowFirst),
                    Int32(rowEnd), Int32(x0), Int32(x0 + width), scratch.deltas, scratch.deltaStride,
                    scratch.carry, scratch.touchedWords, scratch.touchedWordsPerRow)
            }
        }
        return true
    }
}
