// The stroker's per-contour scratch: vertices, smooth flags, segment directions and lengths, and the points
// the second side's joins draw (worked out on the first side), in one allocation per outline, reused by
// every contour and grown (doubling) only when a contour outgrows it.
//
// Coordinate space: the outline's (see PathStroker.swift). Numbers: Double; flags as Bool.
//
// Why not four Arrays: each was an allocation per stroked path plus a uniqueness and capacity check per
// appended point; here a point costs a capacity compare and two stores.

/// Lanes of `capacity` slots carved from one raw allocation: points, directions and mirrored join points
/// (16 bytes each), lengths (8 bytes), smooth flags (1 byte). Only the builder that owns it touches it (a class so that the
/// allocation is freed with the builder; never shared between builders).
final class PathContourScratch {
    // Invariant: `raw` holds capacity · 57 bytes (16-byte aligned); `points` and `smooth` have their first
    // `count` slots initialised and `lengths` its first `count − 1` (the segments between them),
    // `directions` whatever `fillDirections` wrote last, `mirrors` whatever the stroker wrote last. All five
    // element types are trivial, so slots need no deinitialisation and bytes move by copying.
    private(set) var capacity = 0
    private(set) var count = 0
    private var raw: UnsafeMutableRawPointer?
    private(set) var points = UnsafeMutablePointer<SIMD2<Double>>(bitPattern: 16)!
    private(set) var directions = UnsafeMutablePointer<SIMD2<Double>>(bitPattern: 16)!
    private(set) var lengths = UnsafeMutablePointer<Double>(bitPattern: 8)!
    /// Per vertex, the one point the join of the reversed contour draws there, or NaN when that join
    /// draws something else (PathOutlineBuilder.join): the second side reads it instead of joining again.
    private(set) var mirrors = UnsafeMutablePointer<SIMD2<Double>>(bitPattern: 16)!
    private(set) var smooth = UnsafeMutablePointer<Bool>(bitPattern: 1)!

    init() {}

    deinit { raw?.deallocate() }

    /// Empties the scratch and makes room for `minimum` points (a hint: `append` grows as needed).
    func reset(reserving minimum: Int) {
        count = 0
        if minimum > capacity { grow(to: minimum) }
    }

    /// Appends `p`; `length` is its distance from the last point (pathDistance(last, p), ignored for the first
    /// point), kept as that segment's length so `fillDirections` need not take the root again.
    @inline(__always)
    func append(_ p: SIMD2<Double>, smooth flag: Bool, distanceFromLast length: Double) {
        if count == capacity { grow(to: count + 1) }
        if count > 0 { lengths[count - 1] = length }
        points[count] = p
        smooth[count] = flag
        count += 1
    }

    /// Drops the last point (count > 0).
    func removeLast() { count -= 1 }

    /// Makes room for `extra` more points, so that a caller writing them through the lanes (then `setCount`)
    /// never outgrows the allocation.
    func reserve(extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    /// Takes `newCount` ≤ capacity as the number of points, after a caller wrote them through the lanes.
    func setCount(_ newCount: Int) { count = newCount }

    /// Unit directions and lengths of the segments between the points (closed: including the one from the
    /// last point back to the first): `count` of them when closed, `count − 1` otherwise. The lengths between
    /// consecutive points are the ones `append` kept (the same pathDistance); only the closing one is new.
    func fillDirections(closed: Bool) {
        let n = count, segments = closed ? count : count - 1
        for i in 0..<segments {
            let a = points[i], b = points[i + 1 == n ? 0 : i + 1]
            let length = i + 1 == n ? pathDistance(a, b) : lengths[i]
            lengths[i] = length
            directions[i] = (b - a) / length
        }
    }

    @inline(never)
    private func grow(to minimum: Int) {
        let larger = Swift.max(minimum, capacity * 2, 64)
        let bytes = larger * 57
        let memory = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
        let newPoints = memory.bindMemory(to: SIMD2<Double>.self, capacity: larger)
        let newDirections = (memory + larger * 16).bindMemory(to: SIMD2<Double>.self, capacity: larger)
        let newMirrors = (memory + larger * 32).bindMemory(to: SIMD2<Double>.self, capacity: larger)
        let newLengths = (memory + larger * 48).bindMemory(to: Double.self, capacity: larger)
        let newSmooth = (memory + larger * 56).bindMemory(to: Bool.self, capacity: larger)
        if count > 0 {
            newPoints.initialize(from: points, count: count)
            newSmooth.initialize(from: smooth, count: count)
            newLengths.initialize(from: lengths, count: count - 1)
        }
        raw?.deallocate()
        raw = memory
        capacity = larger
        points = newPoints
        directions = newDirections
        mirrors = newMirrors
        lengths = newLengths
        smooth = newSmooth
    }
}
