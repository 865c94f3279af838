// The Swift per-row cell walk of the tile accumulation (FillTileCoverage.swift), used when the C kernel
// (FillTileAccumulateKernel.swift) cannot take the edges, and by tests as the reference for that kernel.
//
// Coordinate space: device pixels; edges in 24.8 fixed point, y relative to the pixel row's top. Coverage sums
// are wrapping Int32 in fillFullCoverage units (FillFixedPoint.swift).

/// The per-row cell walk, shared by every tile.
enum FillRowAccumulator {
    /// `FillEdge.x(atY:)` with the same formula and clamps, without its overflow traps (every value is
    /// bounded by the 24.8 range, see FillFixedPoint.swift).
    @inline(__always)
    static func crossing(_ e: FillEdge, _ y: Int32) -> Int32 {
        if y <= e.y0 { return e.x0 }
        if y >= e.y1 { return e.x1 }
        let x = Int64(e.x0) &+ fillRoundToInt(Double(y &- e.y0) * e.inverseSlope)
        return Int32(truncatingIfNeeded: min(max(x, Int64(min(e.x0, e.x1))), Int64(max(e.x0, e.x1))))
    }

    /// Adds the part of one edge inside one pixel row. Points are 24.8 fixed point with y relative to the
    /// row's top (0...256, ya < yb). Cells left of `cellX0` go to `carry`; cells from `cellX1` on are dropped.
    /// Every cell holding a piece gets its bit set in `touched` (the cell after it may get a delta unmarked).
    /// Invariant: `deltas` has at least cellX1 − cellX0 + 1 cells; every index written is in 0...cellX1−cellX0;
    /// `touched` has (cellX1 − cellX0 + 63) / 64 words. Arithmetic wraps: 24.8 values and their products by
    /// 512 stay far inside Int32 (fillMaximumDeviceCoordinate).
    @inline(__always)
    static func addSegment(
        xa: Int32, ya: Int32, xb: Int32, yb: Int32, winding: Int32, cellX0: Int32, cellX1: Int32,
        deltas: UnsafeMutablePointer<Int32>, carry: UnsafeMutablePointer<Int32>, touched: UnsafeMutablePointer<UInt64>
    ) {
        let leftToRight = xa <= xb
        let xl = leftToRight ? xa : xb, yl = leftToRight ? ya : yb
        let xr = leftToRight ? xb : xa, yr = leftToRight ? yb : ya
        let cellL = xl >> 8, cellR = xr >> 8
        if cellR < cellX0 {
            carry.pointee &+= winding &* 512 &* (yb &- ya)
            return
        }
        if cellL >= cellX1 { return }
        if cellL == cellR {
            let dy = yb &- ya
            let base = cellL << 8
            let area = (xl &- base &+ xr &- base) &* dy
            let j = Int(cellL &- cellX0)
            deltas[j] &+= winding &* (512 &* dy &- area)
            deltas[j &+ 1] &+= winding &* area
            markCells(j, j, in: touched)
            return
        }
        // Crossing of x = k·256 as a function of the row segment and k only (see the file header).
        let slope = Double(yr &- yl) / Double(xr &- xl)
        let yLow = min(yl, yr), yHigh = max(yl, yr)
        @inline(__always) func yAtCellBoundary(_ k: Int32) -> Int32 {
            let y = Int32(truncatingIfNeeded: fillRoundToInt(Double((k << 8) &- xl) * slope)) &+ yl
            return min(max(y, yLow), yHigh)
        }
        var c = cellL, px = xl, py = yl
        if cellL < cellX0 {
            let yEntry = yAtCellBoundary(cellX0)
            let d = yEntry &- yl
            carry.pointee &+= winding &* 512 &* (d < 0 ? 0 &- d : d)
            c = cellX0
            px = cellX0 << 8
            py = yEntry
        }
        let jFirst = Int(c &- cellX0)
        // Whole crossings: cells c..<min(cellR, cellX1), each ending on its right boundary.
        let crossEnd = min(cellR, cellX1)
        while c < crossEnd {
            let nx = (c &+ 1) << 8, ny = yAtCellBoundary(c &+ 1)
            let d = ny &- py
            let dy = d < 0 ? 0 &- d : d
            let base = c << 8
            let area = (px &- base &+ nx &- base) &* dy
            let j = Int(c &- cellX0)
            deltas[j] &+= winding &* (512 &* dy &- area)
            deltas[j &+ 1] &+= winding &* area
            px = nx
            py = ny
            c &+= 1
        }
        // The piece ending at (xr, yr) inside cell cellR, when that cell is inside the tile.
        if cellR < cellX1 {
            let d = yr &- py
            let dy = d < 0 ? 0 &- d : d
            let base = cellR << 8
            let area = (px &- base &+ xr &- base) &* dy
            let j = Int(cellR &- cellX0)
            deltas[j] &+= winding &* (512 &* dy &- area)
            deltas[j &+ 1] &+= winding &* area
        }
        markCells(jFirst, Int(min(cellR, cellX1 &- 1) &- cellX0), in: touched)
    }

    /// Sets bits first...last (first ≤ last) of a row's touched words.
    @inline(__always)
    static func markCells(_ first: Int, _ last: Int, in words: UnsafeMutablePointer<UInt64>) {
        let wordA = first >> 6, wordB = last >> 6
        let low = UInt64.max << UInt64(first & 63), high = UInt64.max >> UInt64(63 - (last & 63))
        if wordA == wordB {
            words[wordA] |= low & high
            return
        }
        words[wordA] |= low
        var w = wordA + 1
        while w < wordB {
            words[w] = .max
            w += 1
        }
        words[wordB] |= high
    }
}
