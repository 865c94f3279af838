// The cubic Bézier weights the flattener evaluates at t = i/n, tabulated once per process for the segment
// counts almost every curve takes, so a flattened point costs four products and three sums instead of a
// division and ten products.
//
// Numbers: Double. Each entry is made by exactly the expressions PathFlattenWalker used per point (t = i/n,
// u = 1 − t, then u·u·u, 3·u·u·t, 3·u·t·t, t·t·t in that order), so the points are bit for bit the same;
// counts above the table's compute them as before.

/// Bernstein weights (u³, 3u²t, 3ut², t³) at t = i/n for 2 ≤ n ≤ `maximumCount`, 1 ≤ i < n.
@usableFromInline
enum PathCubicWeights {
    /// The largest segment count tabulated (2016 entries, 64 KB; a curve touches only its count's row).
    @usableFromInline static let maximumCount = 64

    /// Row n starts at entry (n − 1)(n − 2)/2 and holds i = 1 … n − 1.
    /// Written once, before any reader can see it (a lazy global), and never again.
    @usableFromInline nonisolated(unsafe) static let table: UnsafePointer<SIMD4<Double>> = {
        let count = (maximumCount - 1) * maximumCount / 2
        let entries = UnsafeMutablePointer<SIMD4<Double>>.allocate(capacity: count)
        var index = 0
        for n in 2...maximumCount {
            for i in 1..<n {
                entries[index] = weights(i, of: n)
                index += 1
            }
        }
        return UnsafePointer(entries)
    }()

    /// The first entry of row `n` (2 ≤ n ≤ maximumCount): the weights at t = 1/n.
    @inlinable @inline(__always)
    static func row(_ n: Int, in table: UnsafePointer<SIMD4<Double>>) -> UnsafePointer<SIMD4<Double>> {
        table + (n - 1) * (n - 2) / 2
    }

    /// The curve's point at weights `w`: u³·p0 + 3u²t·p1 + 3ut²·p2 + t³·p3, summed in that order.
    @inlinable @inline(__always)
    static func point(
        _ w: SIMD4<Double>, _ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>
    ) -> SIMD2<Double> {
        let a = w.x, b = w.y, cc = w.z, d = w.w
        let sum: SIMD2<Double> = a * p0 + b * p1
        return sum + cc * p2 + d * p3
    }

    /// The weights at t = i/n, computed (the flattener's own expressions).
    @inlinable @inline(__always)
    static func weights(_ i: Int, of n: Int) -> SIMD4<Double> {
        let t = Double(i) / Double(n), u = 1 - t
        return SIMD4(u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
    }
}
