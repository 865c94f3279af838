// Coverage of many small 8-bit masks placed at whole device pixels (glyph masks of a run of text). Where masks
// overlap, their coverages add, saturating at 255: masks of disjoint ink (neighbouring glyphs' anti-aliased
// edges) add exactly as one fill of their union would, and overlapping ink saturates. Rows a single mask
// covers alone are spans into the mask's own bytes; only overlaps are summed, into the scratch row.
import Foundation

/// An immutable 8-bit coverage mask, row-major, `width` × `height`.
/// Invariant: `bytes` addresses width · height initialised bytes owned by this object and never written after
/// `init` returns.
package final class FillCoverageMask: @unchecked Sendable {
    package let width: Int
    package let height: Int
    let bytes: UnsafeMutablePointer<UInt8>

    /// Takes `mask`'s bytes.
    package init(_ mask: PaintA8Mask) {
        width = mask.width
        height = mask.height
        let count = max(1, mask.width * mask.height)
        bytes = .allocate(capacity: count)
        mask.bytes.withUnsafeBufferPointer { source in
            if mask.width * mask.height > 0 { bytes.initialize(from: source.baseAddress!, count: mask.width * mask.height) } else {
                bytes.initialize(to: 0)
            }
        }
    }

    deinit { bytes.deallocate() }

    package var byteCount: Int { width * height }

    /// The coverage at column `x`, row `y` (bounds-checked).
    package subscript(x: Int, y: Int) -> UInt8 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "mask position out of range")
        return bytes[y * width + x]
    }
}

/// Masks placed with their top-left corners at device pixels, clipped to a rectangle.
package struct FillMaskSetCoverage: FillCoverageSource {
    package struct Placed: Sendable {
        package let mask: FillCoverageMask
        package let x: Int
        package let y: Int

        package init(mask: FillCoverageMask, x: Int, y: Int) {
            self.mask = mask
            self.x = x
            self.y = y
        }
    }

    /// The masks meeting `bounds`, ordered by left edge (then as given); they own the bytes `spots` point to.
    let masks: [FillCoverageMask]
    /// Where each of `masks` lies, as plain values (read per row without reference counting).
    /// Invariant: spots[i].bytes is masks[i].bytes, valid while `masks` holds the objects.
    let spots: [Spot]
    // @unchecked Sendable: `bytes` addresses a mask's bytes, never written after the mask is made.
    struct Spot: @unchecked Sendable {
        let x: Int
        let y: Int
        let width: Int
        let height: Int
        let bytes: UnsafePointer<UInt8>
    }
    /// Device pixels drawn: the masks' union within the clip.
    package let bounds: FillPixelBounds
    /// Bins of `binSize` square pixels over `bounds`, row-major: bin i lists the masks meeting it at
    /// binItems[binStart[i]..<binStart[i + 1]], in `spots` order.
    let binSize: Int
    let binColumns: Int
    let binStart: [Int32]
    let binItems: [Int32]

    /// Nil when no mask meets `clip`.
    package init?(_ masks: [Placed], clip: FillPixelBounds, binSize: Int = 64) {
        var kept: [Placed] = []
        kept.reserveCapacity(masks.count)
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for m in masks where m.mask.width > 0 && m.mask.height > 0 {
            let box = FillPixelBounds(minX: m.x, minY: m.y, maxX: m.x + m.mask.width, maxY: m.y + m.mask.height).intersection(clip)
            if box.isEmpty { continue }
            kept.append(m)
            minX = min(minX, box.minX); minY = min(minY, box.minY)
            maxX = max(maxX, box.maxX); maxY = max(maxY, box.maxY)
        }
        guard !kept.isEmpty else { return nil }
        // Stable order by left edge: a row's masks are then met left to right.
        kept = kept.enumerated().sorted { $0.element.x != $1.element.x ? $0.element.x < $1.element.x : $0.offset < $1.offset }
            .map(\.element)
        self.masks = kept.map(\.mask)
        spots = kept.map { Spot(x: $0.x, y: $0.y, width: $0.mask.width, height: $0.mask.height, bytes: UnsafePointer($0.mask.bytes)) }
        bounds = FillPixelBounds(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
        let size = max(1, binSize), box = bounds
        self.binSize = size
        let columns = (box.width + size - 1) / size, binRows = (box.height + size - 1) / size
        binColumns = columns
        var counts = [Int32](repeating: 0, count: columns * binRows + 1)
        let bins = kept.map { m -> (Int, Int, Int, Int) in Self.binRange(of: m, bounds: box, binSize: size) }
        for (c0, c1, r0, r1) in bins {
            for r in r0...r1 { for c in c0...c1 { counts[r * columns + c + 1] += 1 } }
        }
        for i in 1..<counts.count { counts[i] += counts[i - 1] }
        var fill = counts
        var items = [Int32](repeating: 0, count: Int(counts[counts.count - 1]))
        for (index, (c0, c1, r0, r1)) in bins.enumerated() {
            for r in r0...r1 {
                for c in c0...c1 {
                    items[Int(fill[r * columns + c])] = Int32(index)
                    fill[r * columns + c] += 1
                }
            }
        }
        binStart = counts
        binItems = items
    }

    /// The bins (first and last column, first and last row) a mask meets, clamped to the grid.
    private static func binRange(of m: Placed, bounds: FillPixelBounds, binSize: Int) -> (Int, Int, Int, Int) {
        let columns = (bounds.width + binSize - 1) / binSize, rows = (bounds.height + binSize - 1) / binSize
        func clamp(_ v: Int, _ n: Int) -> Int { min(max(v, 0), n - 1) }
        let x0 = max(m.x, bounds.minX), x1 = min(m.x + m.mask.width, bounds.maxX) - 1
        let y0 = max(m.y, bounds.minY), y1 = min(m.y + m.mask.height, bounds.maxY) - 1
        return (clamp((x0 - bounds.minX) / binSize, columns), clamp((max(x1, x0) - bounds.minX) / binSize, columns),
                clamp((y0 - bounds.minY) / binSize, rows), clamp((max(y1, y0) - bounds.minY) / binSize, rows))
    }

    /// Appends the masks meeting `area` (inside `bounds`) to `found`, in `spots` order.
    private func masks(meeting area: FillPixelBounds, into found: inout [Int32]) {
        let c0 = (area.minX - bounds.minX) / binSize, c1 = (area.maxX - 1 - bounds.minX) / binSize
        let r0 = (area.minY - bounds.minY) / binSize, r1 = (area.maxY - 1 - bounds.minY) / binSize
        spots.withUnsafeBufferPointer { spots in
            for r in r0...r1 {
                for c in c0...c1 {
                    let bin = r * binColumns + c
                    for i in Int(binStart[bin])..<Int(binStart[bin + 1]) {
                        let m = spots[Int(binItems[i])]
                        if m.x < area.maxX && m.x + m.width > area.minX && m.y < area.maxY && m.y + m.height > area.minY {
                            found.append(binItems[i])
                        }
                    }
                }
            }
        }
        if r0 != r1 || c0 != c1 {
            // A mask in several bins is listed once.
            found.sort()
            var kept = 0
            for i in found.indices where kept == 0 || found[kept - 1] != found[i] {
                found[kept] = found[i]
                kept += 1
            }
            found.removeLast(found.count - kept)
        }
    }

    package func forEachCoverageSpan(in region: FillPixelBounds, scratch: FillTileScratch, _ body: (FillCoverageSpan) -> Void) {
        let area = region.intersection(bounds)
        if area.isEmpty { return }
        var candidates: [Int32] = []
        masks(meeting: area, into: &candidates)
        if candidates.isEmpty { return }
        var row = [Int32](repeating: 0, count: candidates.count)
        spots.withUnsafeBufferPointer { spots in
            for y in area.minY..<area.maxY {
                var rowCount = 0
                for i in candidates {
                    let m = spots[Int(i)]
                    if y >= m.y && y < m.y + m.height {
                        row[rowCount] = i
                        rowCount += 1
                    }
                }
                // Clusters of masks whose columns (within the area) overlap, left to right.
                var k = 0
                while k < rowCount {
                    let first = spots[Int(row[k])]
                    let start = max(first.x, area.minX)
                    var end = min(first.x + first.width, area.maxX)
                    var last = k + 1
                    while last < rowCount, spots[Int(row[last])].x < end {
                        end = max(end, min(spots[Int(row[last])].x + spots[Int(row[last])].width, area.maxX))
                        last += 1
                    }
                    if last == k + 1 {
                        // Invariant: start − x ..< end − x lies in the mask's row y − m.y.
                        let source = first.bytes + (y - first.y) * first.width + (start - first.x)
                        body(FillCoverageSpan(y: y, x: start, count: end - start, mask: source))
                    } else {
                        emitSum(of: row[k..<last], spots: spots, y: y, from: start, to: end, scratch: scratch, body)
                    }
                    k = last
                }
            }
        }
    }

    /// The saturating sum of overlapping masks' row `y` over columns start..<end, in chunks of the scratch row.
    private func emitSum(
        of indices: ArraySlice<Int32>, spots: UnsafeBufferPointer<Spot>, y: Int, from start: Int, to end: Int,
        scratch: FillTileScratch, _ body: (FillCoverageSpan) -> Void
    ) {
        let out = scratch.mask, chunk = scratch.rowCapacity
        var a = start
        while a < end {
            let b = min(end, a + chunk)
            out.update(repeating: 0, count: b - a)
            for i in indices {
                let m = spots[Int(i)]
                let x0 = max(a, m.x), x1 = min(b, m.x + m.width)
                if x0 >= x1 { continue }
                // Invariant: x0 − m.x ..< x1 − m.x lies in the mask's row, x0 − a ..< x1 − a in the chunk.
                let source = m.bytes + (y - m.y) * m.width + (x0 - m.x)
                let target = out + (x0 - a)
                for j in 0..<(x1 - x0) {
                    let (sum, over) = target[j].addingReportingOverflow(source[j])
                    target[j] = over ? 255 : sum
                }
            }
            body(FillCoverageSpan(y: y, x: a, count: b - a, mask: UnsafePointer(out)))
            a = b
        }
    }
}
