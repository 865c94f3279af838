// Aliased (non-anti-aliased) path coverage for `setShouldAntialias(false)`: a pixel is fully inside when its
// centre is inside the path under the fill rule, otherwise empty — Core Graphics' aliased rule, exact at
// corners too (snapping area coverage at ½ is exact only where a single edge crosses a pixel).
//
// Coordinate space: raster pixels (y down); input edges are FillEdgeBuilder's clipped 24.8 fixed-point
// edges. Each pixel row is sampled at its centre line y + ½: every edge spanning it (y0 ≤ y < y1, so shared
// vertices count once) contributes one crossing; between crossings the winding decides. A centre exactly on
// a crossing counts as right of it (inside when entering, outside when leaving), so abutting shapes never
// both paint or both skip a pixel.

/// Full-coverage runs of a path sampled at pixel centres.
struct ContextAliasedCoverage: ContextCoverage {
    let bounds: FillPixelBounds
    /// The pixels the runs cover.
    let extent: FillPixelBounds
    /// Runs (y, x0, x1): columns x0..<x1 of row y, sorted by row; `rowOffsets[y − minY] ..< rowOffsets[y − minY + 1]`
    /// indexes a row's runs.
    let runs: [SIMD3<Int32>]
    let rowOffsets: [Int]

    init(builder: FillEdgeBuilder, fillRule: CGPathFillRule) {
        var closed = builder
        closed.finish()
        let edges = closed.edges
        let bounds = builder.clip
        self.bounds = bounds
        var runs: [SIMD3<Int32>] = []
        var offsets = [Int](repeating: 0, count: bounds.height + 1)
        guard !bounds.isEmpty, !edges.isEmpty else {
            self.runs = []
            rowOffsets = offsets
            extent = FillPixelBounds(minX: 0, minY: 0, maxX: 0, maxY: 0)
            return
        }
        // The first and last row whose centre line each edge spans; edges bucketed by first row.
        var starts = [[Int32]](repeating: [], count: bounds.height)
        var lastRow = [Int](repeating: 0, count: edges.count)
        for (index, e) in edges.enumerated() {
            let first = Int((Int64(e.y0) - 128 + 255) >> 8)  // smallest r with r·256 + 128 ≥ y0
            let last = Int((Int64(e.y1) - 129) >> 8)  // largest r with r·256 + 128 < y1
            let a = max(first, bounds.minY), b = min(last, bounds.maxY - 1)
            if a > b { continue }
            starts[a - bounds.minY].append(Int32(index))
            lastRow[index] = b
        }
        var active: [Int32] = []
        var crossings: [(x: Double, winding: Int32)] = []
        for y in bounds.minY..<bounds.maxY {
            active.removeAll { lastRow[Int($0)] < y }
            active.append(contentsOf: starts[y - bounds.minY])
            crossings.removeAll(keepingCapacity: true)
            let centre = Int32(y * 256 + 128)
            for index in active {
                let e = edges[Int(index)]
                crossings.append((Double(e.x(atY: centre)) / 256, e.winding))
            }
            crossings.sort { $0.x < $1.x }
            var winding: Int32 = 0
            var runStart = 0.0
            for crossing in crossings {
                let wasInside = fillRule == .winding ? winding != 0 : winding & 1 != 0
                winding &+= crossing.winding
                let isInside = fillRule == .winding ? winding != 0 : winding & 1 != 0
                if !wasInside && isInside {
                    runStart = crossing.x
                } else if wasInside && !isInside {
                    // Columns whose centre c + ½ lies in [runStart, crossing.x).
                    let x0 = max(Int((runStart - 0.5).rounded(.up)), bounds.minX)
                    let x1 = min(Int((crossing.x - 0.5).rounded(.up)), bounds.maxX)
                    if x0 < x1 { runs.append(SIMD3(Int32(y), Int32(x0), Int32(x1))) }
                }
            }
            offsets[y - bounds.minY + 1] = runs.count
        }
        self.runs = runs
        rowOffsets = offsets
        var minX = Int.max, maxX = Int.min
        for run in runs {
            minX = min(minX, Int(run.y))
            maxX = max(maxX, Int(run.z))
        }
        if let first = runs.first, let last = runs.last {
            extent = FillPixelBounds(minX: minX, minY: Int(first.x), maxX: maxX, maxY: Int(last.x) + 1)
        } else {
            extent = FillPixelBounds(minX: 0, minY: 0, maxX: 0, maxY: 0)
        }
    }

    func forEachCoverageSpan(in region: FillPixelBounds, scratch: FillTileScratch, _ body: (FillCoverageSpan) -> Void) {
        let area = region.intersection(bounds)
        if area.isEmpty { return }
        for y in area.minY..<area.maxY {
            let row = y - bounds.minY
            for i in rowOffsets[row]..<rowOffsets[row + 1] {
                let run = runs[i]
                let x0 = max(Int(run.y), area.minX), x1 = min(Int(run.z), area.maxX)
                if x0 < x1 { body(FillCoverageSpan(y: y, x: x0, count: x1 - x0, alpha: 255)) }
            }
        }
    }
}
