// Binning a path's edges into screen tiles.
//
// Coordinate space: device pixels; edges in 24.8 fixed point (FillFixedPoint.swift).
//
// Each edge is listed in every tile of every tile row whose columns its cells reach in that tile row.
// Everything an edge contributes to tiles further right is the same for every pixel of a pixel row: its
// signed height in that row (its "carry"). Those carries are summed per tile row and pixel row, then
// prefix-summed across columns, so a tile with no edges still knows each row's winding (the backdrop) and
// a tile with edges knows what enters from its left. All of it is integer arithmetic, hence exact.

/// A path ready for per-tile coverage: immutable, `Sendable`, safe to read from many threads at once.
/// Everything lives in one FillPathStore, so the value is one reference: it fits an existential's inline
/// buffer (no box per path, no copy of the fields into each call through `any FillCoverageSource`).
package struct FillPathCoverage: Sendable {
    /// The path's binned data (FillPathStore.swift).
    let store: FillPathStore

    package var grid: FillTileGrid { store.grid }
    package var fillRule: CGPathFillRule { store.fillRule }
    var edges: [FillEdge] { store.edges }
    /// The grid-relative tiles that can have coverage; every other tile is empty.
    package var occupiedColumns: Range<Int> { store.occupiedColumns }
    package var occupiedRows: Range<Int> { store.occupiedRows }
    /// Device pixel rows holding an edge piece (FillPathStore.edgeRows).
    var edgeRows: Range<Int> { store.edgeRows }
    /// Edge indices of occupied tile t (row-major within the occupied box) are
    /// binEdges[binOffsets[t] ..< binOffsets[t + 1]].
    var binOffsets: FillPathStoreView<Int32> { store.offsetView }
    var binEdges: FillPathStoreView<Int32> { store.binView }
    /// Coverage entering occupied tile t's pixel row i from its left, in fillFullCoverage units: carry[t·T + i].
    var carry: FillPathStoreView<Int32> { store.carryView }
    /// What occupied tile t holds, so a tile without edges is drawn without reading its offsets and carries
    /// (by drawing time they have usually left the caches): fillTileHasEdges, fillTileEdgeFreeMixed (no edges,
    /// carries that differ between rows) or fillTileEdgeFreeUniform | alpha (no edges, every row's carry
    /// equal, so every row's coverage is `alpha`).
    var tileSummary: FillPathStoreView<UInt16> { store.summaryView }

    /// Bins `edges` (normally a `FillEdgeBuilder`'s, clipped to `grid.bounds`) for filling with `fillRule`.
    package init(edges: [FillEdge], fillRule: CGPathFillRule, grid: FillTileGrid) {
        self.init(edges: edges, fillRule: fillRule, grid: grid, implementation: .automatic)
    }

    /// As the package init, with the binning done by the C kernel when it can take the edges (`.automatic`)
    /// or always by the Swift loop (`.swift`, for tests); both give identical results.
    init(edges: [FillEdge], fillRule: CGPathFillRule, grid: FillTileGrid, implementation: FillAccumulateImplementation) {
        let size = grid.tileSize

        // The occupied box, in grid-relative tiles.
        let extent = (implementation == .automatic ? Self.occupiedExtentWithKernel(edges) : nil)
            ?? Self.occupiedExtent(edges)
        let (minCell, maxCell, minRow, maxRow) = extent
        let columns = Self.tileRange(minCell, maxCell, first: grid.firstColumn, count: grid.columnCount, size: size)
        let rows = Self.tileRange(minRow, maxRow, first: grid.firstRow, count: grid.rowCount, size: size)
        let tileCount = columns.count * rows.count
        let store = FillPathStore(
            grid: grid, fillRule: fillRule, edges: edges, occupiedColumns: columns, occupiedRows: rows,
            edgeRows: minRow <= maxRow ? minRow..<(maxRow + 1) : 0..<0, binnedEdgeCount: tileCount > 0 ? edges.count : 0)
        if tileCount > 0 {
            let binned = implementation == .automatic
                && Self.binWithKernel(edges, grid: grid, columns: columns, rows: rows, into: store)
            if !binned {
                let (carry, offsets, bins) = Self.binInSwift(edges, grid: grid, columns: columns, rows: rows)
                store.carry.update(from: carry, count: carry.count)
                store.offsets.update(from: offsets, count: offsets.count)
                store.reserveBins(bins.count).initialize(from: bins, count: bins.count)
            }
            Self.summarizeTiles(store, fillRule: fillRule)
        } else {
            // No tile: offsets [0] (the store's zeros), no bins.
            _ = store.reserveBins(0)
        }
        self.store = store
    }

    /// The store's tile summaries from its binned carries and offsets (tile t's carries are
    /// carry[t·T ..< (t + 1)·T]).
    static func summarizeTiles(_ store: FillPathStore, fillRule: CGPathFillRule) {
        let evenOdd = fillRule == .evenOdd, size = store.tileSize
        let carries = store.carry, starts = store.offsets, out = store.summary
        // Invariant: the store holds tileCount · size carries, tileCount + 1 offsets and tileCount summaries.
        for t in 0..<store.tileCount {
            if starts[t] != starts[t + 1] {
                out[t] = fillTileHasEdges
                continue
            }
            let rows = carries + t * size, first = rows[0]
            var differing: Int32 = 0
            for i in 1..<size { differing |= rows[i] ^ first }
            let alpha = evenOdd ? fillAlphaEvenOdd(first) : fillAlphaNonZero(first)
            out[t] = differing == 0 ? fillTileEdgeFreeUniform | UInt16(alpha) : fillTileEdgeFreeMixed
        }
    }

    /// Collects a builder's edges (closing any open contour) and bins them.
    package init(builder: FillEdgeBuilder, fillRule: CGPathFillRule, tileSize: Int = 64) {
        self.init(builder: builder, fillRule: fillRule, tileSize: tileSize, implementation: .automatic)
    }

    init(builder: FillEdgeBuilder, fillRule: CGPathFillRule, tileSize: Int, implementation: FillAccumulateImplementation) {
        var closed = builder
        closed.finish()
        self.init(
            edges: closed.edges, fillRule: fillRule, grid: FillTileGrid(bounds: builder.clip, tileSize: tileSize),
            implementation: implementation)
    }

    /// Edges after clipping and narrowing, for inspection and tests.
    package var edgeCount: Int { edges.count }

    /// The Swift binning: carries, tile offsets and edge indices of every occupied tile (the layout of the
    /// stored properties). The C kernel (FillPathBinningKernel.swift) gives identical arrays; tests compare them.
    static func binInSwift(
        _ edges: [FillEdge], grid: FillTileGrid, columns: Range<Int>, rows: Range<Int>
    ) -> (carry: [Int32], offsets: [Int32], bins: [Int32]) {
        let size = grid.tileSize
        let subTile = Int64(size) << Int64(fillSubpixelShift)
        let boxWidth = columns.count
        let tileCount = boxWidth * rows.count
        // Tile index of a pixel row or column: a shift for power-of-two tiles (the usual case), since an
        // integer division per edge and tile row is a slow instruction.
        let sizeShift = size.nonzeroBitCount == 1 ? size.trailingZeroBitCount : -1
        @inline(__always) func tileOf(_ a: Int) -> Int {
            sizeShift >= 0 ? a >> sizeShift : Self.floorDivide(a, size)
        }

        var entries: [UInt64] = []
        entries.reserveCapacity(edges.count * 2)
        var carry = [Int32](repeating: 0, count: tileCount * size)
        carry.withUnsafeMutableBufferPointer { carryBuffer in
            // Invariant: every index written is (tile in 0..<tileCount) · size + (row in 0..<size).
            let carryBase = carryBuffer.baseAddress!
            for (index, e) in edges.enumerated() where e.y0 < e.y1 {
                let topRow = Int(e.y0 >> 8), bottomRow = Int((e.y1 - 1) >> 8)
                let firstTileRow = max(tileOf(topRow) - grid.firstRow, rows.lowerBound)
                let lastTileRow = min(tileOf(bottomRow) - grid.firstRow, rows.upperBound - 1)
                if firstTileRow > lastTileRow { continue }
                for tileRow in firstTileRow...lastTileRow {
                    let bandTop = Int64(grid.firstRow + tileRow) * subTile
                    let yA = Int32(max(Int64(e.y0), bandTop)), yB = Int32(min(Int64(e.y1), bandTop + subTile))
                    if yA >= yB { continue }
                    let xA = e.x(atY: yA), xB = e.x(atY: yB)
                    let cellMin = Int(min(xA, xB) >> 8), cellMax = Int(max(xA, xB) >> 8)
                    let columnMin = max(tileOf(cellMin) - grid.firstColumn, columns.lowerBound)
                    let columnMax = min(tileOf(cellMax) - grid.firstColumn, columns.upperBound - 1)
                    let boxRow = tileRow - rows.lowerBound
                    if columnMin <= columnMax {
                        for column in columnMin...columnMax {
                            let tile = boxRow * boxWidth + (column - columns.lowerBound)
                            entries.append(UInt64(tile) << 32 | UInt64(index))
                        }
                    }
                    // Tiles right of the edge's last column receive its full height, row by row.
                    let carryColumn = max(columnMax + 1, columns.lowerBound)
                    if carryColumn < columns.upperBound {
                        let tileBase = (boxRow * boxWidth + carryColumn - columns.lowerBound) * size
                        let bandTopRow = (grid.firstRow + tileRow) * size
                        var y = yA
                        while y < yB {
                            let rowEnd = min(yB, (y & ~255) + 256)
                            let pixelRow = Int(y >> 8) - bandTopRow
                            carryBase[tileBase + pixelRow] &+= e.winding &* 512 &* (rowEnd - y)
                            y = rowEnd
                        }
                    }
                }
            }
            // Prefix sums across each tile row turn per-column deltas into entering coverage.
            for boxRow in 0..<rows.count where boxWidth > 1 {
                for column in 1..<boxWidth {
                    let here = (boxRow * boxWidth + column) * size, left = here - size
                    for i in 0..<size { carryBase[here + i] &+= carryBase[left + i] }
                }
            }
        }

        // Counting sort of (tile, edge) pairs by tile; edges keep their path order within a tile.
        var offsets = [Int32](repeating: 0, count: tileCount + 1)
        for entry in entries { offsets[Int(entry >> 32) + 1] += 1 }
        for t in 0..<tileCount { offsets[t + 1] += offsets[t] }
        var cursor = offsets
        var bins = [Int32](repeating: 0, count: entries.count)
        for entry in entries {
            let tile = Int(entry >> 32)
            bins[Int(cursor[tile])] = Int32(truncatingIfNeeded: entry)
            cursor[tile] += 1
        }
        return (carry, offsets, bins)
    }

    /// The cells and pixel rows the edges with y0 < y1 reach: (Int.max, Int.min, Int.max, Int.min) when none.
    /// The C kernel (FillPathBinningKernel.swift) gives the same values; tests compare them.
    static func occupiedExtent(_ edges: [FillEdge]) -> (minCell: Int, maxCell: Int, minRow: Int, maxRow: Int) {
        var minCell = Int.max, maxCell = Int.min, minRow = Int.max, maxRow = Int.min
        for e in edges where e.y0 < e.y1 {
            minCell = min(minCell, Int(min(e.x0, e.x1) >> 8))
            maxCell = max(maxCell, Int(max(e.x0, e.x1) >> 8))
            minRow = min(minRow, Int(e.y0 >> 8))
            maxRow = max(maxRow, Int((e.y1 - 1) >> 8))
        }
        return (minCell, maxCell, minRow, maxRow)
    }

    static func floorDivide(_ a: Int, _ b: Int) -> Int {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    /// Grid-relative tiles touched by cells minCell...maxCell (or rows), clamped to the grid.
    private static func tileRange(_ lo: Int, _ hi: Int, first: Int, count: Int, size: Int) -> Range<Int> {
        if lo > hi || count == 0 { return 0..<0 }
        let a = max(floorDivide(lo, size) - first, 0), b = min(floorDivide(hi, size) - first, count - 1)
        return a <= b ? a..<(b + 1) : 0..<0
    }

    /// Index of grid tile (column, row) within the occupied box, or nil when the tile is certainly empty.
    func occupiedIndex(column: Int, row: Int) -> Int? {
        guard occupiedColumns.contains(column), occupiedRows.contains(row) else { return nil }
        return (row - occupiedRows.lowerBound) * occupiedColumns.count + (column - occupiedColumns.lowerBound)
    }

    /// True when tile (column, row) gets no coverage at all (no edges and zero winding on every row).
    package func isTileEmpty(column: Int, row: Int) -> Bool {
        guard let tile = occupiedIndex(column: column, row: row) else { return true }
        let summary = tileSummary[tile]
        if summary == fillTileHasEdges { return false }
        // One carry on every row: its alpha decides.
        if summary != fillTileEdgeFreeMixed { return UInt8(truncatingIfNeeded: summary) == 0 }
        let base = tile * grid.tileSize
        for i in 0..<grid.tileSize where alpha(carry[base + i]) != 0 { return false }
        return true
    }

    @inline(__always)
    func alpha(_ accumulated: Int32) -> UInt8 {
        fillRule == .winding ? fillAlphaNonZero(accumulated) : fillAlphaEvenOdd(accumulated)
    }
}

/// FillPathCoverage.tileSummary's values: a tile with edges, a tile without edges whose rows' carries differ,
/// and (ORed with the rows' alpha) a tile without edges whose rows' carries are all equal.
let fillTileHasEdges: UInt16 = 0
let fillTileEdgeFreeMixed: UInt16 = 0x200
let fillTileEdgeFreeUniform: UInt16 = 0x100
