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
    public func forEachCoverageSpan(
        column: Int, row: Int, scratch: FillTileScratch, _ body: (FillCoverageSpan) -> Void
    ) {
        guard let tile = accumulate(column: column, row: row, scratch: scratch) else { return }
        let x0 = tile.pixels.minX, width = tile.pixels.width, tileTop = tile.top
        let carry = scratch.carry, touchedMin = scratch.touchedMin, touchedMax = scratch.touchedMax
        let deltas = scratch.deltas, stride = scratch.deltaStride
        let mask = scratch.mask
        let evenOdd = fillRule == .evenOdd
        for i in (tile.pixels.minY - tileTop)..<(tile.pixels.maxY - tileTop) {
            let y = tileTop + i
            let rowCarry = carry[i]
            let hi = Int(touchedMax[i])
            if hi < 0 {
                let a = evenOdd ? fillAlphaEvenOdd(rowCarry) : fillAlphaNonZero(rowCarry)
                if a != 0 { body(FillCoverageSpan(y: y, x: x0, count: width, alpha: a)) }
                continue
            }
            let lo = Int(touchedMin[i])
            if lo > 0 {
                let a = evenOdd ? fillAlphaEvenOdd(rowCarry) : fillAlphaNonZero(rowCarry)
                if a != 0 { body(FillCoverageSpan(y: y, x: x0, count: lo, alpha: a)) }
            }
            // Cells lo...hi hold deltas, and cell hi + 1 may hold the last piece's area.
            let end = min(hi + 1, width - 1)
            let row = deltas + i * stride
            var acc = rowCarry
            if evenOdd {
                for j in lo...end {
                    acc &+= row[j]
                    mask[j - lo] = fillAlphaEvenOdd(acc)
                }
            } else {
                for j in lo...end {
                    acc &+= row[j]
                    mask[j - lo] = fillAlphaNonZero(acc)
                }
            }
            (row + lo).update(repeating: 0, count: hi + 2 - lo)
            body(FillCoverageSpan(y: y, x: x0 + lo, count: end - lo + 1, mask: mask))
            if end + 1 < width {
                let a = evenOdd ? fillAlphaEvenOdd(acc) : fillAlphaNonZero(acc)
                if a != 0 { body(FillCoverageSpan(y: y, x: x0 + end + 1, count: width - end - 1, alpha: a)) }
            }
        }
    }

    /// Runs every binned edge of tile (column, row) into the scratch's delta rows and carries. Returns nil
    /// for a tile that is certainly empty. Afterwards row i (relative to `top`) holds deltas in cells
    /// touchedMin[i]...touchedMax[i] + 1 that the caller must consume and re-zero.
    func accumulate(column: Int, row: Int, scratch: FillTileScratch) -> (pixels: FillPixelBounds, top: Int)? {
        guard let tile = occupiedIndex(column: column, row: row) else { return nil }
        precondition(scratch.tileCapacity >= grid.tileSize, "scratch is smaller than the tile size")
        let pixels = grid.pixelBounds(column: column, row: row)
        if pixels.isEmpty { return nil }
        let size = grid.tileSize
        let tileTop = (grid.firstRow + row) * size
        let x0 = pixels.minX, width = pixels.width
        let rowFirst = pixels.minY - tileTop, rowEnd = pixels.maxY - tileTop

        let carry = scratch.carry, touchedMin = scratch.touchedMin, touchedMax = scratch.touchedMax
        let deltas = scratch.deltas, stride = scratch.deltaStride
        self.carry.withUnsafeBufferPointer { backdrop in
            for i in 0..<size {
                carry[i] = backdrop[tile * size + i]
                touchedMin[i] = Int32.max
                touchedMax[i] = -1
            }
        }

        let first = Int(binOffsets[tile]), last = Int(binOffsets[tile + 1])
        if first < last {
            edges.withUnsafeBufferPointer { edgeBuffer in
                binEdges.withUnsafeBufferPointer { binBuffer in
                    for b in first..<last {
                        let e = edgeBuffer[Int(binBuffer[b])]
                        let rowA = max(Int(e.y0 >> 8) - tileTop, rowFirst)
                        let rowB = min(Int((e.y1 - 1) >> 8) - tileTop, rowEnd - 1)
                        if rowA > rowB { continue }
                        for i in rowA...rowB {
                            let rowTop = Int32(tileTop + i) << 8
                            let ya = max(e.y0, rowTop), yb = min(e.y1, rowTop + 256)
                            if ya >= yb { continue }
                            FillRowAccumulator.addSegment(
                                xa: e.x(atY: ya), ya: ya - rowTop, xb: e.x(atY: yb), yb: yb - rowTop,
                                winding: e.winding, cellX0: Int32(x0), cellX1: Int32(x0 + width),
                                deltas: deltas + i * stride, carry: carry + i,
                                touchedMin: touchedMin + i, touchedMax: touchedMax + i)
                        }
                    }
                }
            }
        }
        return (pixels, tileTop)
    }

    /// The signed accumulated coverage (fillFullCoverage units, before the fill rule and 8-bit rounding) of
    /// every pixel of `grid.bounds`, row-major. For exact-area checks in tests; not a fast path.
    func accumulatedCoverage() -> [Int32] {
        let bounds = grid.bounds
        var out = [Int32](repeating: 0, count: bounds.width * bounds.height)
        let scratch = FillTileScratch(tileSize: grid.tileSize)
        for row in 0..<grid.rowCount {
            for column in 0..<grid.columnCount {
                guard let tile = accumulate(column: column, row: row, scratch: scratch) else { continue }
                for y in tile.pixels.minY..<tile.pixels.maxY {
                    let i = y - tile.top
                    let deltas = scratch.deltas + i * scratch.deltaStride
                    var acc = scratch.carry[i]
                    for x in tile.pixels.minX..<tile.pixels.maxX {
                        acc &+= deltas[x - tile.pixels.minX]
                        out[(y - bounds.minY) * bounds.width + (x - bounds.minX)] = acc
                    }
                    deltas.update(repeating: 0, count: tile.pixels.width + 1)
                }
            }
        }
        return out
    }
}

/// The per-row cell walk, shared by every tile.
enum FillRowAccumulator {
    /// Adds the part of one edge inside one pixel row. Points are 24.8 fixed point with y relative to the
    /// row's top (0...256, ya < yb). Cells left of `cellX0` go to `carry`; cells from `cellX1` on are dropped.
    /// Invariant: `deltas` has at least cellX1 − cellX0 + 1 cells; every index written is in 0...cellX1−cellX0.
    @inline(__always)
    static func addSegment(
        xa: Int32, ya: Int32, xb: Int32, yb: Int32, winding: Int32, cellX0: Int32, cellX1: Int32,
        deltas: UnsafeMutablePointer<Int32>, carry: UnsafeMutablePointer<Int32>,
        touchedMin: UnsafeMutablePointer<Int32>, touchedMax: UnsafeMutablePointer<Int32>
    ) {
        let leftToRight = xa <= xb
        let xl = leftToRight ? xa : xb, yl = leftToRight ? ya : yb
        let xr = leftToRight ? xb : xa, yr = leftToRight ? yb : ya
        let cellL = xl >> 8, cellR = xr >> 8
        if cellR < cellX0 {
            carry.pointee &+= winding &* 512 &* (yb - ya)
            return
        }
        if cellL >= cellX1 { return }
        if cellL == cellR {
            let dy = yb - ya
            let area = (xl - (cellL << 8) + xr - (cellL << 8)) &* dy
            let j = Int(cellL - cellX0)
            deltas[j] &+= winding &* (512 &* dy &- area)
            deltas[j + 1] &+= winding &* area
            touchedMin.pointee = min(touchedMin.pointee, Int32(j))
            touchedMax.pointee = max(touchedMax.pointee, Int32(j))
            return
        }
        // Crossing of x = k·256 as a function of the row segment and k only (see the file header).
        let slope = Double(yr - yl) / Double(xr - xl)
        let yLow = min(yl, yr), yHigh = max(yl, yr)
        @inline(__always) func yAtCellBoundary(_ k: Int32) -> Int32 {
            let y = Int32(truncatingIfNeeded: fillRoundToInt(Double((k << 8) - xl) * slope)) &+ yl
            return min(max(y, yLow), yHigh)
        }
        var c = cellL, px = xl, py = yl
        if cellL < cellX0 {
            let yEntry = yAtCellBoundary(cellX0)
            carry.pointee &+= winding &* 512 &* abs(yEntry - yl)
            c = cellX0
            px = cellX0 << 8
            py = yEntry
        }
        let cEnd = min(cellR, cellX1 - 1)
        let jFirst = Int(c - cellX0)
        while c <= cEnd {
            let nx: Int32, ny: Int32
            if c == cellR {
                nx = xr
                ny = yr
            } else {
                nx = (c + 1) << 8
                ny = yAtCellBoundary(c + 1)
            }
            let dy = abs(ny - py)
            let base = c << 8
            let area = (px - base + nx - base) &* dy
            let j = Int(c - cellX0)
            deltas[j] &+= winding &* (512 &* dy &- area)
            deltas[j + 1] &+= winding &* area
            px = nx
            py = ny
            c += 1
        }
        touchedMin.pointee = min(touchedMin.pointee, Int32(jFirst))
        touchedMax.pointee = max(touchedMax.pointee, Int32(cEnd - cellX0))
    }
}
