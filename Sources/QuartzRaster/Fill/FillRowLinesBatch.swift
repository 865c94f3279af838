// A rotated rounded rectangle's row layouts for all its rows at once (FillAffineRoundedRect.rowTable): the
// three line sets solved row by row by the AVX2 kernel rk_row_columns (raster_kernels_shapes.c), which repeats
// FillRowLines.columns(row:) operation for operation in Double, so the table holds the same values as the
// on-demand solver; without AVX2 the Swift solver fills it.
//
// Coordinate space: device pixels; a row's columns are the pixels whose centres (x + 0.5, y + 0.5) pass the lines.

import RasterKernels

extension FillRowLines {
    /// `columns(row:)` for every row of `rows`, written as lower, upper pairs (0, 0 when empty) into `out`.
    /// Invariant (caller): `out` addresses 2 · rows.count writable values; the bounds fit Int32 (±1e9 + 1).
    func columns(rows: Range<Int>, into out: UnsafeMutablePointer<Int32>, kernels: SpanKernelChoice) {
        let n = rows.count
        if n <= 0 { return }
        let done: Bool = withUnsafeTemporaryAllocation(of: Double.self, capacity: 48) { buffer in
            guard let lines = buffer.baseAddress else { return false }
            pack(into: lines)
            let first = Int64(rows.lowerBound)
            switch kernels {
            case .automatic: return rk_row_columns(lines, first, n, out) != 0
            case .portable: return false
            case .avx2: return SpanKernels.isAVX2Supported && rk_row_columns_avx2(lines, first, n, out) != 0
            }
        }
        if done { return }
        for (k, y) in rows.enumerated() {
            let c = columns(row: y)
            out[2 * k] = Int32(truncatingIfNeeded: c.lowerBound)
            out[2 * k + 1] = Int32(truncatingIfNeeded: c.upperBound)
        }
    }
}

extension FillRowLines {
    /// The six groups of 8 doubles rk_row_columns reads. Invariant (caller): `lines` addresses 48 doubles.
    @inline(__always)
    func pack(into lines: UnsafeMutablePointer<Double>) {
        for i in 0..<8 {
            lines[i] = upperIntercept[i]
            lines[8 + i] = upperSlope[i]
            lines[16 + i] = lowerIntercept[i]
            lines[24 + i] = lowerSlope[i]
            lines[32 + i] = flatConstant[i]
            lines[40 + i] = flatSlope[i]
        }
    }
}

extension FillAffineRoundedRect {
    /// Each row's layout (outer lower, upper, uniform lower, upper; row k at 4k ..< 4k + 4) for `rows`, exactly
    /// as `layout(row:outer:inner:chords:)` combines the three line sets.
    static func tabulate(
        rows: Range<Int>, outer: FillRowLines, inner: FillRowLines, chords: FillRowLines,
        kernels: SpanKernelChoice = .automatic
    ) -> [Int32] {
        let n = rows.count
        if n <= 0 { return [] }
        @inline(__always) func intersect(_ p: Range<Int32>, _ q: Range<Int32>) -> Range<Int32> {
            let a = max(p.lowerBound, q.lowerBound), b = min(p.upperBound, q.upperBound)
            return a < b ? a..<b : a..<a
        }
        // With AVX2, all of it in one C call (the same solver and combination; FillRowTableTests), the table
        // written in place, never zero-filled first (this runs per shape per frame).
        if kernels != .portable {
            var done = false
            let table = withUnsafeTemporaryAllocation(of: Double.self, capacity: 144) { lines -> [Int32] in
                guard let packed = lines.baseAddress else { return [] }
                outer.pack(into: packed)
                inner.pack(into: packed + 48)
                chords.pack(into: packed + 96)
                return [Int32](unsafeUninitializedCapacity: 4 * n) { table, count in
                    // Invariant: the call writes all 4n values or (returning 0) none, and count stays 0 then.
                    // It takes no scratch (nil).
                    guard let base = table.baseAddress else { return }
                    if rk_rrect_row_layouts(packed, packed + 48, packed + 96, Int64(rows.lowerBound), n, nil, base,
                                            kernels == .avx2 ? 1 : 0) != 0 {
                        count = 4 * n
                        done = true
                    }
                }
            }
            if done { return table }
        }
        // The Swift solver: the three sets' columns into scratch, then combined.
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 6 * n) { buffer -> [Int32] in
            guard let bounds = buffer.baseAddress else { return [] }
            // Invariant: each call writes all 2n of its values (columns(rows:into:kernels:)).
            outer.columns(rows: rows, into: bounds, kernels: kernels)
            inner.columns(rows: rows, into: bounds + 2 * n, kernels: kernels)
            chords.columns(rows: rows, into: bounds + 4 * n, kernels: kernels)
            return [Int32](unsafeUninitializedCapacity: 4 * n) { table, count in
                for k in 0..<n {
                    let outerColumns = bounds[2 * k]..<bounds[2 * k + 1]
                    var inner = outerColumns.isEmpty ? outerColumns : bounds[2 * n + 2 * k]..<bounds[2 * n + 2 * k + 1]
                    if !inner.isEmpty { inner = intersect(inner, bounds[4 * n + 2 * k]..<bounds[4 * n + 2 * k + 1]) }
                    if !inner.isEmpty { inner = intersect(inner, outerColumns) }
                    let uniform = inner.isEmpty ? outerColumns.lowerBound..<outerColumns.lowerBound : inner
                    table[4 * k] = outerColumns.lowerBound
                    table[4 * k + 1] = outerColumns.upperBound
                    table[4 * k + 2] = uniform.lowerBound
                    table[4 * k + 3] = uniform.upperBound
                }
                count = 4 * n
            }
        }
    }
}

extension FillAffineRoundedRect {
    /// `tabulate` straight from the shape's 16 planes (`withPlanes`), the line sets built in C
    /// (rk_rrect_row_layouts_planes); nil without AVX2 (`.automatic`: enabled, `.avx2`: supported) or for
    /// `.portable`, and then the caller builds the Swift line sets.
    static func tabulate(
        rows: Range<Int>, planes: UnsafeBufferPointer<SIMD4<Double>>, kernels: SpanKernelChoice = .automatic
    ) -> [Int32]? {
        let n = rows.count
        if kernels == .portable || planes.count != 16 { return nil }
        if n <= 0 { return [] }
        guard let first = planes.baseAddress else { return nil }
        var done = false
        // Invariant: SIMD4<Double> is four packed Doubles, so the 16 planes are the 64 doubles the call reads.
        let table = UnsafeRawPointer(first).withMemoryRebound(to: Double.self, capacity: 64) { values in
            [Int32](unsafeUninitializedCapacity: 4 * n) { table, count in
                // Invariant: the call writes all 4n values or (returning 0) none, and count stays 0 then.
                guard let base = table.baseAddress else { return }
                if rk_rrect_row_layouts_planes(values, Int64(rows.lowerBound), n, base, kernels == .avx2 ? 1 : 0) != 0 {
                    count = 4 * n
                    done = true
                }
            }
        }
        return done ? table : nil
    }
}
