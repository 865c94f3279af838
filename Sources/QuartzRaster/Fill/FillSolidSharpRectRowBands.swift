// Where a sharp solid rectangle's rows change, so a compositor can draw runs of identical rows once.
//
// Coordinate space: device pixels, rows y = [y, y+1). FillSolidSharpRect.classes gives every pixel a source that
// depends on its column and its row class alone: the full rows [fullY0, fullY1) all share one class, and each of
// at most two partial rows is a class of its own; rows outside both classes get nothing. So between two
// consecutive boundaries of the set {fullY0, fullY1, p, p + 1 for each partial row p}, every row receives the
// same pixels from the rectangle: a stack of such rectangles over a uniform row gives identical rows there.
import RasterKernels

extension FillSolidSharpRect {
    /// Sets `breaks[y − region.minY] = 1` for every row boundary y of the rectangle with
    /// region.minY < y < region.maxY (the region's own top and bottom are boundaries anyway). `breaks` holds
    /// region.height + 1 flags. Returns how many flags it set that were 0 (so callers count bands as they go).
    package static func markRowBoundaries(
        _ rect: UnsafePointer<FillSolidSharpRect>, in region: FillPixelBounds, into breaks: UnsafeMutablePointer<UInt8>
    ) -> Int {
        let k = rect.pointee.classes
        var added = 0
        @inline(__always) func mark(_ y: Int32) {
            let y = Int(y)
            if y > region.minY && y < region.maxY {
                added &+= Int(1 &- breaks[y &- region.minY])
                breaks[y &- region.minY] = 1
            }
        }
        if k.fullY0 < k.fullY1 {
            mark(k.fullY0)
            mark(k.fullY1)
        }
        if k.partialCount > 0 {
            mark(k.partialY.0)
            mark(k.partialY.0 &+ 1)
        }
        if k.partialCount > 1 {
            mark(k.partialY.1)
            mark(k.partialY.1 &+ 1)
        }
        return added
    }
}

extension FillSolidSharpRect {
    /// `blend(_:in:into:)` of rects[0 ..< count] in turn over pixels x0..<x1 of row y of `surface` (the same bytes
    /// as one-row regions, one rectangle after the other), in one kernel call when the kernels run.
    /// The row's pixels must lie inside surface.bounds.
    package static func blendRow(
        _ rects: UnsafePointer<UnsafePointer<FillSolidSharpRect>>, count: Int, y: Int, x0: Int, x1: Int,
        into surface: FillSurfaceRows
    ) {
        if count <= 0 || x0 >= x1 { return }
        let b = surface.bounds
        precondition(x0 >= b.minX && x1 <= b.maxX && y >= b.minY && y < b.maxY, "blendRow: the row lies outside the surface")
        let ran = rects.withMemoryRebound(to: UnsafeRawPointer?.self, capacity: count) { raw in
            rk_sharp_rects_row_over(raw, count, FillSolidSharpRect.classesOffset, surface.pointer(x: b.minX, y: y), Int64(b.minX), Int64(y),
                                    Int64(x0), Int64(x1)) != 0
        }
        if ran { return }
        let row = FillPixelBounds(minX: x0, minY: y, maxX: x1, maxY: y + 1)
        for k in 0..<count { blend(rects[k], in: row, into: surface) }
    }
}
