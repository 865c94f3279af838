// Exact-area coverage of one tile (font-rs / sparse-strips style accumulation in integers).
//
// Coordinate space: device pixels; edges in 24.8 fixed point. Per pixel row, each piece of an edge inside
// one cell adds 512·dy − area to its cell and area to the next cell (area = (fx0 + fx1) · dy, twice the
// trapezoid right of the piece's left side, in sub-pixel² units); a prefix sum along the row then gives the
// signed coverage in fillFullCoverage units. Where an edge crosses x = k·256 inside a row is computed by a
// formula of (edge, row, k) alone, so a tile that starts at column k derives exactly the pieces the
// full-frame walk would, and what lies left of it reaches it as an exact integer carry.

extension FillPathCoverage {
    /// Computes tile (column, row)'s coverage and hands it to `body` as spans, top row first, left to right.
    /// Zero-coverage runs are skipped. Safe to call concurrently for different tiles with different scratch
    /// objects; the result does not depend on the tile size, the order of calls or the thread.
    ///
    /// The sweep is sparse: only runs of touched cells (those an edge piece lies in) are prefix-summed into a
    /// mask; after a run's next cell (which may hold its last piece's area) the accumulated value cannot
    /// change until the next run, so each long gap is one constant-alpha span.
    package func forEachCoverageSpan(
        column: Int, row: Int, scratch: FillTileScratch, _ body: (FillCoverageSpan) -> Void
    ) {
        forEachCoverageSpan(column: column, row: row, scratch: scratch, implementation: .automatic, body)
    }

    /// As the package method, with the edge walk and the row sweep done by the C kernels when they can take
    /// them (`.automatic`) or always by the Swift loops (`.swift`, for tests); both give identical spans.
    func forEachCoverageSpan(
        column: Int, row: Int, scratch: FillTileScratch, implementation: FillAccumulateImplementation,
        _ body: (FillCoverageSpan) -> Void
    ) {
        if emitEdgeFreeTile(column: column, row: row, body) { return }
        guard let tile = accumulate(column: column, row: row, scratch: scratch, implementation: implementation)
        else { return }
        if implementation == .automatic, sweepWithKernel(pixels: tile.pixels, top: tile.top, scratch: scratch, body) {
            return
        }
        sweepInSwift(pixels: tile.pixels, top: tile.top, scratch: scratch, body)
    }

    /// The Swift row sweep of an accumulated tile (the reference the C sweep of FillPathSweepKernel.swift
    /// reproduces): spans top row first, left to right, re-zeroing every delta and touched bit it reads.
    func sweepInSwift(
        pixels: FillPixelBounds, top: Int, scratch: FillTileScratch, _ body: (FillCoverageSpan) -> Void
    ) {
        let tile = (pixels: pixels, top: top)
        let x0 = tile.pixels.minX, width = tile.pixels.width, tileTop = tile.top
        let carry = scratch.carry, touched = scratch.touchedWords, wordsPerRow = scratch.touchedWordsPerRow
        let deltas = scratch.deltas, stride = scratch.deltaStride
        let mask = scratch.mask
        let evenOdd = fillRule == .evenOdd
        @inline(__always) func alpha(_ accumulated: Int32) -> UInt8 {
            evenOdd ? fillAlphaEvenOdd(accumulated) : fillAlphaNonZero(accumulated)
        }
        for i in (tile.pixels.minY - tileTop)..<(tile.pixels.maxY - tileTop) {
            let y = tileTop &+ i
            var acc = carry[i]
            let row = deltas + i &* stride, words = touched + i &* wordsPerRow
            var anyTouched: UInt64 = 0
            for w in 0..<wordsPerRow { anyTouched |= words[w] }
            if anyTouched == 0 {
                // No edge piece in this row, so no delta either.
                let a = alpha(acc)
                if a != 0 { body(FillCoverageSpan(y: y, x: x0, count: width, alpha: a)) }
                continue
            }
            // Cells before `position` are swept; a pending mask covers maskStart..<position. Invariant: touched
            // bits lie in 0..<width; a cell with a delta is touched or follows a touched cell (b ≤ width, and
            // the row has width + 2 cells).
            var position = 0, maskStart = -1
            for w in 0..<wordsPerRow {
                var bits = words[w]
                if bits == 0 { continue }
                words[w] = 0
                let wordBase = w << 6
                while bits != 0 {
                    let first = bits.trailingZeroBitCount
                    let length = (~(bits >> UInt64(first))).trailingZeroBitCount
                    bits = first &+ length >= 64 ? 0 : bits & (UInt64.max << UInt64(first &+ length))
                    let a = wordBase &+ first, b = a &+ length
                    if maskStart < 0 || a &- position >= fillSolidGapMinimum {
                        // A long gap: flush the pending mask, emit the rest of the gap as one constant span.
                        if maskStart >= 0 {
                            body(FillCoverageSpan(y: y, x: x0 &+ maskStart, count: position &- maskStart, mask: mask))
                        }
                        if a > position {
                            let gap = alpha(acc)
                            if gap != 0 {
                                body(FillCoverageSpan(y: y, x: x0 &+ position, count: a &- position, alpha: gap))
                            }
                        }
                        maskStart = a
                    } else if a > position {
                        // A short gap joins the mask: its cells hold no delta, so they all read alpha(acc).
                        (mask + (position &- maskStart)).update(repeating: alpha(acc), count: a &- position)
                    }
                    // One loop per rule, so the cell loop carries no branch. Invariant: a ≥ maskStart, b ≤ width.
                    let cells = row + a, out = mask + (a &- maskStart), count = b &- a
                    if evenOdd {
                        for k in 0..<count {
                            acc &+= cells[k]
                            cells[k] = 0
                            out[k] = fillAlphaEvenOdd(acc)
                        }
                    } else {
                        for k in 0..<count {
                            acc &+= cells[k]
                            cells[k] = 0
                            out[k] = fillAlphaNonZero(acc)
                        }
                    }
                    // Cell b (untouched, or the next run's first cell) may hold the area of the run's last
                    // piece: after it the accumulated value stays constant until the next touched cell.
                    acc &+= row[b]
                    row[b] = 0
                    position = b
                }
            }
            if maskStart >= 0 {
                body(FillCoverageSpan(y: y, x: x0 &+ maskStart, count: position &- maskStart, mask: mask))
            }
            if position < width {
                let rest = alpha(acc)
                if rest != 0 { body(FillCoverageSpan(y: y, x: x0 &+ position, count: width &- position, alpha: rest)) }
            }
        }
    }

    /// A tile without edges (most tiles of a thin stroke's box) is constant along each row: one span per row
    /// with its entering coverage, straight from the binned carries. Returns false when the tile has edges.
    @inline(__always)
    func emitEdgeFreeTile(column: Int, row: Int, _ body: (FillCoverageSpan) -> Void) -> Bool {
        forEachEdgeFreeRun(column: column, row: row) { pixels, rows, alpha in
            if alpha == 0 { return }
            for y in rows { body(FillCoverageSpan(y: y, x: pixels.minX, count: pixels.width, alpha: alpha)) }
        }
    }

    /// The rows of a tile without edges in runs of one entering coverage, top to bottom: `body` gets the
    /// tile's pixels, the run's rows and their coverage (zero included). Returns false, calling nothing,
    /// when the tile has edges.
    @inline(__always)
    func forEachEdgeFreeRun(
        column: Int, row: Int, _ body: (_ pixels: FillPixelBounds, _ rows: Range<Int>, _ alpha: UInt8) -> Void
    ) -> Bool {
        guard let tile = occupiedIndex(column: column, row: row) else { return true }
        let summary = tileSummary[tile]
        if summary == fillTileHasEdges { return false }
        let pixels = grid.pixelBounds(column: column, row: row)
        if pixels.isEmpty { return true }
        if summary != fillTileEdgeFreeMixed {
            // Every row has the same carry, so the loop below would find one run over all the rows.
            body(pixels, pixels.minY..<pixels.maxY, UInt8(truncatingIfNeeded: summary))
            return true
        }
        let size = grid.tileSize, tileTop = (grid.firstRow + row) * size
        let evenOdd = fillRule == .evenOdd
        carry.withUnsafeBufferPointer { carries in
            // Invariant: occupied tile t's rows are carries[t · size ..< (t + 1) · size].
            let rows = carries.baseAddress! + tile * size
            @inline(__always) func alpha(_ y: Int) -> UInt8 {
                evenOdd ? fillAlphaEvenOdd(rows[y - tileTop]) : fillAlphaNonZero(rows[y - tileTop])
            }
            var y = pixels.minY
            while y < pixels.maxY {
                let a = alpha(y)
                var end = y + 1
                while end < pixels.maxY && alpha(end) == a { end += 1 }
                body(pixels, y..<end, a)
                y = end
            }
        }
        return true
    }

    /// Runs every binned edge of tile (column, row) into the scratch's delta rows and carries. Returns nil
    /// for a tile that is certainly empty. Afterwards row i (relative to `top`) holds deltas in the cells
    /// whose touched bits are set and in the cell after each; the caller must consume them and re-zero those
    /// cells and the bits.
    func accumulate(
        column: Int, row: Int, scratch: FillTileScratch, implementation: FillAccumulateImplementation = .automatic
    ) -> (pixels: FillPixelBounds, top: Int)? {
        guard let tile = occupiedIndex(column: column, row: row) else { return nil }
        precondition(scratch.tileCapacity >= grid.tileSize, "scratch is smaller than the tile size")
        let pixels = grid.pixelBounds(column: column, row: row)
        if pixels.isEmpty { return nil }
        let size = grid.tileSize
        let tileTop = (grid.firstRow + row) * size
        let x0 = pixels.minX, width = pixels.width
        let rowFirst = pixels.minY - tileTop, rowEnd = pixels.maxY - tileTop

        let carry = scratch.carry, touched = scratch.touchedWords, wordsPerRow = scratch.touchedWordsPerRow
        let deltas = scratch.deltas, stride = scratch.deltaStride
        let first = Int(binOffsets[tile]), last = Int(binOffsets[tile + 1])
        // The carries and edges were binned before any tile of the frame was drawn: ask for all of their lines
        // before the copy and the walk wait on them one by one.
        if first < last, implementation == .automatic { prefetchTile(first: first, last: last, tile: tile) }
        self.carry.withUnsafeBufferPointer { backdrop in
            (carry).update(from: backdrop.baseAddress! + tile * size, count: size)
        }

        if first < last, implementation == .automatic,
           accumulateWithKernel(
               first: first, last: last, tileTop: tileTop, rowFirst: rowFirst, rowEnd: rowEnd, x0: x0, width: width,
               scratch: scratch) {
            return (pixels, tileTop)
        }
        if first < last {
            edges.withUnsafeBufferPointer { edgeBuffer in
                binEdges.withUnsafeBufferPointer { binBuffer in
                    let cellX0 = Int32(truncatingIfNeeded: x0), cellX1 = Int32(truncatingIfNeeded: x0 &+ width)
                    for b in first..<last {
                        let e = edgeBuffer[Int(binBuffer[b])]
                        let rowA = max(Int(e.y0 >> 8) &- tileTop, rowFirst)
                        let rowB = min(Int((e.y1 &- 1) >> 8) &- tileTop, rowEnd &- 1)
                        if rowA > rowB { continue }
                        // Rows below the first start where the previous one ended (same y, so the same x).
                        var i = rowA
                        var rowTop = Int32(truncatingIfNeeded: tileTop &+ rowA) << 8
                        var ya = max(e.y0, rowTop)
                        var xa = FillRowAccumulator.crossing(e, ya)
                        while true {
                            let yb = min(e.y1, rowTop &+ 256)
                            let xb = FillRowAccumulator.crossing(e, yb)
                            if ya < yb {
                                FillRowAccumulator.addSegment(
                                    xa: xa, ya: ya &- rowTop, xb: xb, yb: yb &- rowTop, winding: e.winding,
                                    cellX0: cellX0, cellX1: cellX1, deltas: deltas + i &* stride, carry: carry + i,
                                    touched: touched + i &* wordsPerRow)
                            }
                            if i == rowB { break }
                            i &+= 1
                            rowTop &+= 256
                            ya = yb
                            xa = xb
                        }
                    }
                }
            }
        }
        return (pixels, tileTop)
    }

    /// The signed accumulated coverage (fillFullCoverage units, before the fill rule and 8-bit rounding) of
    /// every pixel of `grid.bounds`, row-major. For exact-area checks in tests; not a fast path.
    func accumulatedCoverage(implementation: FillAccumulateImplementation = .automatic) -> [Int32] {
        let bounds = grid.bounds
        var out = [Int32](repeating: 0, count: bounds.width * bounds.height)
        let scratch = FillTileScratch(tileSize: grid.tileSize)
        for row in 0..<grid.rowCount {
            for column in 0..<grid.columnCount {
                guard let tile = accumulate(column: column, row: row, scratch: scratch, implementation: implementation)
                else { continue }
                for y in tile.pixels.minY..<tile.pixels.maxY {
                    let i = y - tile.top
                    let deltas = scratch.deltas + i * scratch.deltaStride
                    var acc = scratch.carry[i]
                    for x in tile.pixels.minX..<tile.pixels.maxX {
                        acc &+= deltas[x - tile.pixels.minX]
                        out[(y - bounds.minY) * bounds.width + (x - bounds.minX)] = acc
                    }
                    deltas.update(repeating: 0, count: tile.pixels.width + 1)
                    (scratch.touchedWords + i * scratch.touchedWordsPerRow).update(
                        repeating: 0, count: scratch.touchedWordsPerRow)
                }
            }
        }
        return out
    }
}

/// Untouched cells between two touched runs of a row shorter than this stay in the mask span (filled with one
/// memset): a separate constant span costs a closure, lane and kernel call, which only pays for itself over a
/// long run of pixels (64 measured fewer instructions than 16 on peer scenes c and d).
let fillSolidGapMinimum = 64
