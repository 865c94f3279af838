// A wide box shadow's coverage from exact values sampled every σ/8 on a grid fixed to the shape, interpolated
// bilinearly at pixel centres.
//
// Spaces: the grid's samples lie at (minX − margin + i·step, minY − margin + j·step) in device pixels, margin
// = 3σ + 2 steps; pixel centres beyond it have coverage 0 (a point 3σ outside the shape is covered less than
// Φ(−3) = 0.00135, under half an 8-bit step). Because the grid moves with the shape, its values depend on the
// shape's size, corner radius and σ alone: shadows of the same size share one grid, in a frame and from frame
// to frame (PaintBlurredRoundedRectGrid.Key, to 1/1024 px), and a shadow moved by any fraction of a pixel
// reuses it.
// Accuracy: a Gaussian-blurred edge has |f″| ≤ 0.242/σ², so bilinear interpolation at spacing h errs by at
// most h²/8 · 2 · 0.242/σ² = 0.00095 (a quarter of an 8-bit step) at h = σ/8: the 8-bit coverage is the exact
// one or one step from it. Number formats: samples as Float, coverage written as bytes rounded to nearest.
import Foundation

/// Exact coverages of one blurred rounded rectangle shape on its sample grid. Immutable, shared by reference.
package final class PaintBlurredRoundedRectGrid: Sendable {
    /// What a grid's values depend on (bit patterns, so equal keys mean identical values).
    package struct Key: Hashable, Sendable {
        let width: UInt64, height: UInt64, cornerRadius: UInt64, sigma: UInt64

        package init(_ shape: PaintBlurredRoundedRect) {
            let (w, h, r, s) = PaintBlurredRoundedRectGrid.parameters(of: shape)
            width = w.bitPattern
            height = h.bitPattern
            cornerRadius = r.bitPattern
            sigma = s.bitPattern
        }
    }

    /// The shape's size, corner radius and σ rounded to 1/1024 px, so that the same shape moved (whose
    /// device width maxX − minX differs in its last bits) finds the same grid; the grid is made from these
    /// rounded values too, so its values are a function of the key. An empty shape has size 0.
    static func parameters(of shape: PaintBlurredRoundedRect) -> (width: Double, height: Double, cornerRadius: Double, sigma: Double) {
        func rounded(_ v: Double) -> Double { (v * 1024).rounded() / 1024 }
        guard !shape.isEmpty else { return (0, 0, 0, rounded(shape.sigma)) }
        return (rounded(shape.maxX - shape.minX), rounded(shape.maxY - shape.minY), rounded(shape.cornerRadius), rounded(shape.sigma))
    }

    let step: Double
    /// Distance from the shape's minX (minY) back to the first sample column (row).
    let margin: Double
    let columns: Int, rows: Int
    /// Row-major coverages.
    let values: [Float]
    /// Per row, the first column and one past the last whose value is not below half an 8-bit step; pixels
    /// interpolated only from columns outside it round to 0.
    let visibleStart: [Int32], visibleEnd: [Int32]

    package var byteCount: Int { values.count * 4 + rows * 8 }

    /// The grid of `shape` (its size, radius and σ to 1/1024 px; its position does not matter). σ is at
    /// least `PaintBlurredRoundedRectSamples.minimumSigma`.
    package init(shape: PaintBlurredRoundedRect) {
        // An empty shape (coverage 0 everywhere) gets a grid of zeros.
        let (width, height, cornerRadius, sigma) = Self.parameters(of: shape)
        let canonical = PaintBlurredRoundedRect(rect: CGRect(x: 0, y: 0, width: width, height: height),
                                                cornerRadius: cornerRadius, sigma: sigma)
        step = sigma / 8
        margin = 3 * sigma + 2 * step
        columns = Int(((width + 2 * margin) / step).rounded(.up)) + 1
        rows = Int(((height + 2 * margin) / step).rounded(.up)) + 1
        var values = [Float](repeating: 0, count: columns * rows)
        var starts = [Int32](repeating: 0, count: rows), ends = [Int32](repeating: 0, count: rows)
        let threshold = Float(0.5 / 255)
        for j in 0..<rows {
            let y = Double(j) * step - margin
            var first = columns, last = -1
            for i in 0..<columns {
                let v = Float(canonical.coverage(x: Double(i) * step - margin, y: y))
                values[j * columns + i] = v
                if v >= threshold {
                    if first == columns { first = i }
                    last = i
                }
            }
            starts[j] = Int32(first)
            ends[j] = Int32(last + 1)
        }
        self.values = values
        visibleStart = starts
        visibleEnd = ends
    }
}

/// A blurred rounded rectangle's coverage over a pixel extent, interpolated from its shape's grid.
package struct PaintBlurredRoundedRectSamples: Sendable {
    /// Below this σ (px) the exact evaluation per pixel is cheap enough and sampling is not used.
    package static let minimumSigma = 8.0

    /// The pixels the samples cover.
    package let bounds: FillPixelBounds
    package let grid: PaintBlurredRoundedRectGrid
    /// The device position of the grid's first sample.
    let originX: Double, originY: Double
    /// Per pixel column of the bounds: the grid column left of its centre, plus 1 (0 and columns + 1 stand
    /// for the zeros beyond the grid), and the weight of the column right of it. A pixel's entry depends on
    /// its own position alone.
    let columnIndex: [Int32]
    let columnWeight: [Float]

    /// Samples covering the pixel centres of `bounds` from `grid` (made for `shape` when nil); nil when σ is
    /// below `minimumSigma` or the bounds are empty. A grid passed in must have been made for a shape with
    /// `shape`'s key.
    package init?(shape: PaintBlurredRoundedRect, bounds: FillPixelBounds, grid: PaintBlurredRoundedRectGrid? = nil) {
        guard shape.sigma >= Self.minimumSigma, !shape.isEmpty, !bounds.isEmpty else { return nil }
        let grid = grid ?? PaintBlurredRoundedRectGrid(shape: shape)
        self.bounds = bounds
        self.grid = grid
        originX = shape.minX - grid.margin
        originY = shape.minY - grid.margin
        let inverseStep = 1 / grid.step, lastColumn = Double(grid.columns - 1)
        var index = [Int32](repeating: 0, count: bounds.width), weight = [Float](repeating: 0, count: bounds.width)
        for k in 0..<bounds.width {
            let fx = (Double(bounds.minX + k) + 0.5 - originX) * inverseStep
            if fx < 0 {
                index[k] = 0
            } else if fx >= lastColumn {
                index[k] = Int32(grid.columns + 1)
            } else {
                let i = Int(fx)
                index[k] = Int32(i + 1)
                weight[k] = Float(fx - Double(i))
            }
        }
        columnIndex = index
        columnWeight = weight
    }

    /// The grid row above row y's pixel centres and the weight of the row below; nil beyond the grid.
    func gridRow(_ y: Int) -> (row: Int, weight: Float)? {
        let fy = (Double(y) + 0.5 - originY) / grid.step
        guard fy >= 0, fy < Double(grid.rows - 1) else { return nil }
        let j = Int(fy)
        return (j, Float(fy - Double(j)))
    }

    /// The pixels of row y within columns x..<x+count whose coverage may be non-zero: every other pixel of
    /// the row has coverage 0.
    func visibleColumns(y: Int, x: Int, count: Int) -> Range<Int> {
        guard let (j, _) = gridRow(y) else { return x..<x }
        let first = Int32(min(grid.visibleStart[j], grid.visibleStart[j + 1])) + 1
        let end = Int32(max(grid.visibleEnd[j], grid.visibleEnd[j + 1])) + 1
        guard first < end else { return x..<x }
        // A pixel touches a visible column when its left column lies in first − 1 ..< end (indices plus 1).
        // columnIndex never decreases: two binary searches.
        let low = x - bounds.minX
        return columnIndex.withUnsafeBufferPointer { index in
            func firstPixel(from start: Int, to stop: Int, atLeast value: Int32) -> Int {
                var a = start, b = stop
                while a < b {
                    let m = (a + b) / 2
                    if index[m] < value { a = m + 1 } else { b = m }
                }
                return a
            }
            let a = firstPixel(from: low, to: low + count, atLeast: first - 1)
            let b = firstPixel(from: a, to: low + count, atLeast: end)
            return (bounds.minX + a)..<(bounds.minX + b)
        }
    }

    /// Writes the interpolated 8-bit coverage of row y's pixel centres x..<x+count, which lie in the bounds
    /// (0 beyond the grid). `line` holds at least grid.columns + 3 values. Each pixel is computed from its own
    /// position alone, so spans split anywhere give the same bytes.
    func coverageRow(x: Int, y: Int, count: Int, into output: UnsafeMutablePointer<UInt8>, line: UnsafeMutablePointer<Float>) {
        guard count > 0 else { return }
        guard let (j, ty) = gridRow(y) else {
            output.update(repeating: 0, count: count)
            return
        }
        let first = x - bounds.minX
        columnIndex.withUnsafeBufferPointer { index in
            columnWeight.withUnsafeBufferPointer { weight in
                grid.values.withUnsafeBufferPointer { values in
                    // The row's values interpolated between grid rows j and j + 1 at the columns the pixels read.
                    let columns = grid.columns
                    let top = values.baseAddress! + j * columns, bottom = top + columns
                    let low = Int(index[first]), high = min(Int(index[first + count - 1]) + 1, columns + 1)
                    line[0] = 0
                    line[columns + 1] = 0
                    line[columns + 2] = 0
                    if low <= high {
                        for c in max(1, low)...max(1, high) where c <= columns {
                            line[c] = top[c - 1] + (bottom[c - 1] - top[c - 1]) * ty
                        }
                    }
                    // Rounded to nearest by adding 1.5 · 2²³ (the low byte of the sum's bits is the integer);
                    // interpolating values in 0…1 keeps the product within 0…255 up to rounding.
                    // Eight pixels at a time, then one at a time, with the same operations in the same order.
                    var k = 0
                    while k + 8 <= count {
                        var left = SIMD8<Float>(), right = SIMD8<Float>()
                        for m in 0..<8 {
                            let c = Int(index[first + k + m])
                            left[m] = line[c]
                            right[m] = line[c + 1]
                        }
                        let w = UnsafeRawPointer(weight.baseAddress! + first + k).loadUnaligned(as: SIMD8<Float>.self)
                        let value = (left + (right - left) * w) * 255 + 12_582_912
                        let bytes = SIMD8<UInt8>(truncatingIfNeeded: unsafeBitCast(value, to: SIMD8<UInt32>.self))
                        UnsafeMutableRawPointer(output + k).storeBytes(of: bytes, as: SIMD8<UInt8>.self)
                        k += 8
                    }
                    while k < count {
                        let c = Int(index[first + k])
                        let left = line[c], right = line[c + 1]
                        let value = (left + (right - left) * weight[first + k]) * 255 + 12_582_912
                        output[k] = UInt8(truncatingIfNeeded: value.bitPattern)
                        k += 1
                    }
                }
            }
        }
    }

    /// `coverageRow` with a line buffer of its own (tests).
    func coverageRow(x: Int, y: Int, count: Int, into output: UnsafeMutablePointer<UInt8>) {
        var line = [Float](repeating: 0, count: grid.columns + 3)
        line.withUnsafeMutableBufferPointer { coverageRow(x: x, y: y, count: count, into: output, line: $0.baseAddress!) }
    }
}

/// The sampled coverage as a coverage source: the compositor blends the shadow's colour through it with its
/// solid-colour kernels, a row of the region at a time, skipping the columns whose coverage is 0.
extension PaintBlurredRoundedRectSamples: FillCoverageSource {
    package func forEachCoverageSpan(
        in region: FillPixelBounds, scratch: FillTileScratch, _ body: (FillCoverageSpan) -> Void
    ) {
        let area = region.intersection(bounds)
        if area.isEmpty { return }
        let capacity = max(1, scratch.rowCapacity)
        var line = [Float](repeating: 0, count: grid.columns + 3)
        line.withUnsafeMutableBufferPointer { lineBuffer in
            for y in area.minY..<area.maxY {
                let visible = visibleColumns(y: y, x: area.minX, count: area.width)
                var x = visible.lowerBound
                while x < visible.upperBound {
                    let count = min(capacity, visible.upperBound - x)
                    coverageRow(x: x, y: y, count: count, into: scratch.mask, line: lineBuffer.baseAddress!)
                    body(FillCoverageSpan(y: y, x: x, count: count, mask: UnsafePointer(scratch.mask)))
                    x += count
                }
            }
        }
    }
}
