// Analytic coverage of axis-aligned rectangles, no edges involved (the peers' "500 rects" case).
//
// Coordinate space: device pixels; pixel (x, y) is [x, x+1) × [y, y+1). Coverage is exact area in Double:
// overlap of the pixel's column with [minX, maxX) times overlap of its row with [minY, maxY), written as
// round(coverage · 255) (nearest, halves away from zero). A row is at most three spans: left edge pixel,
// uniform middle, right edge pixel.

import Foundation

/// An axis-aligned rectangle with fractional edges, in device pixels.
package struct FillRectCoverage: FillCoverageSource, Hashable {
    package let minX: Double
    package let minY: Double
    package let maxX: Double
    package let maxY: Double

    /// A rectangle (standardized; any non-finite or NaN value makes it empty).
    package init(rect: CGRect) {
        let r = rect.standardized
        let values = [r.minX, r.minY, r.maxX, r.maxY].map { Double($0) }
        if values.allSatisfy({ $0.isFinite }) {
            minX = values[0]
            minY = values[1]
            maxX = values[2]
            maxY = values[3]
        } else {
            (minX, minY, maxX, maxY) = (0, 0, 0, 0)
        }
    }

    package func forEachCoverageSpan(
        in region: FillPixelBounds, scratch: FillTileScratch, _ body: (FillCoverageSpan) -> Void
    ) {
        // Clamp to the region first so 1e30 sides cost nothing and convert safely.
        let x0 = max(minX, Double(region.minX)), x1 = min(maxX, Double(region.maxX))
        let y0 = max(minY, Double(region.minY)), y1 = min(maxY, Double(region.maxY))
        if !(x0 < x1 && y0 < y1) { return }
        let firstColumn = Int(x0.rounded(.down)), lastColumn = Int(x1.rounded(.up)) - 1
        let firstRow = Int(y0.rounded(.down)), lastRow = Int(y1.rounded(.up)) - 1
        let leftCover = FillRectCoverage.overlap(firstColumn, x0, x1)
        let rightCover = FillRectCoverage.overlap(lastColumn, x0, x1)
        for y in firstRow...lastRow {
            let rowCover = FillRectCoverage.overlap(y, y0, y1)
            if firstColumn == lastColumn {
                let a = fillCoverageByte(leftCover * rowCover)
                if a != 0 { body(FillCoverageSpan(y: y, x: firstColumn, count: 1, alpha: a)) }
                continue
            }
            let left = fillCoverageByte(leftCover * rowCover)
            if left != 0 { body(FillCoverageSpan(y: y, x: firstColumn, count: 1, alpha: left)) }
            if lastColumn - firstColumn > 1 {
                let middle = fillCoverageByte(rowCover)
                if middle != 0 {
                    body(FillCoverageSpan(y: y, x: firstColumn + 1, count: lastColumn - firstColumn - 1, alpha: middle))
                }
            }
            let right = fillCoverageByte(rightCover * rowCover)
            if right != 0 { body(FillCoverageSpan(y: y, x: lastColumn, count: 1, alpha: right)) }
        }
    }

    /// Length of [a, b) ∩ [i, i + 1).
    @inline(__always)
    static func overlap(_ i: Int, _ a: Double, _ b: Double) -> Double {
        max(0, min(b, Double(i + 1)) - max(a, Double(i)))
    }
}

/// round(coverage · 255) for coverage in 0...1 (clamped; NaN gives 0).
@inlinable @inline(__always)
func fillCoverageByte(_ coverage: Double) -> UInt8 {
    guard coverage > 0 else { return 0 }
    return coverage >= 1 ? 255 : UInt8(truncatingIfNeeded: Int(coverage * 255 + 0.5))
}
