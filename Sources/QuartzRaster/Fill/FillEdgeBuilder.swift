// The filler's entry point: device-space polylines in, clipped fixed-point edges out.
//
// Coordinate space: device pixels (see FillFixedPoint.swift). Input is Double; it is clipped in Double and
// only then narrowed to 24.8 fixed point, so huge coordinates (1e30) never overflow.
//
// Producer contract (flattening tolerance): curves should arrive flattened to within 0.2 device pixels of
// the true curve (0.1 px for shapes compared against analytic coverage). Coverage is exact area for the
// polygon received, so any flattening error shows up directly as coverage error.
//
// Clipping keeps the winding of every pixel inside the clip: parts above or below the clip are dropped
// (coverage is accumulated row by row, so they cannot influence rows inside); parts left of the clip
// become vertical edges on its left side, carrying their winding into the row; parts right of it become
// vertical edges on its right side, which lies outside every pixel of the clip and so only keeps each
// row's winding summing to zero.

/// One clipped edge in 24.8 fixed point, stored top to bottom (`y0 < y1`); `winding` is +1 when the
/// original edge ran downwards and −1 when it ran upwards.
package struct FillEdge: Hashable, Sendable {
    package var x0: Int32
    package var y0: Int32
    package var x1: Int32
    package var y1: Int32
    package var winding: Int32
    /// dx/dy in sub-pixel units; every x on the edge is derived from it by `x(atY:)`.
    package var inverseSlope: Double

    package init(x0: Int32, y0: Int32, x1: Int32, y1: Int32, winding: Int32) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
        self.winding = winding
        inverseSlope = y1 == y0 ? 0 : Double(x1 - x0) / Double(y1 - y0)
    }

    /// The edge with its inverse slope already computed (FillEdgeWriter, which divides the same differences).
    @inline(__always)
    init(x0: Int32, y0: Int32, x1: Int32, y1: Int32, winding: Int32, inverseSlope: Double) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
        self.winding = winding
        self.inverseSlope = inverseSlope
    }

    /// The edge's x at sub-pixel row `y` (y0 ≤ y ≤ y1). The formula depends only on the edge and on `y`,
    /// never on a tile, so every tile derives bit-identical row crossings.
    @inlinable @inline(__always)
    package func x(atY y: Int32) -> Int32 {
        if y <= y0 { return x0 }
        if y >= y1 { return x1 }
        let offset = fillRoundToInt(Double(y - y0) * inverseSlope)
        let x = Int64(x0) + offset
        return Int32(clamping: min(max(x, Int64(min(x0, x1))), Int64(max(x0, x1))))
    }
}

/// Collects a path's polylines as clipped fixed-point edges. Feed it through `PolylineSink`, then read
/// `edges` (open contours are closed by `finish()`, which the coverage builders call for you).
package struct FillEdgeBuilder: PolylineSink, Sendable {
    /// Pixels outside the clip get no coverage; edges are clipped to it.
    package let clip: FillPixelBounds
    package private(set) var edges: [FillEdge] = []

    private var contourStart = SIMD2<Double>(0, 0)
    private var currentPoint = SIMD2<Double>(0, 0)
    // False after a move to a skipped (non-finite) point: the next finite point starts the contour.
    private var hasCurrentPoint = false
    // The clip's sides as Doubles (left, top, right, bottom), converted once; and whether every 24.8 value of a
    // point inside them fits Int32 unchecked (sides within ±2^22, which FillPixelBounds' init guarantees but
    // its package fields do not, so it is checked here on the copy this builder keeps).
    private let sides: SIMD4<Double>
    private let sidesFitFixedPoint: Bool
    private let clipIsEmpty: Bool

    package init(clip: FillPixelBounds) {
        self.clip = clip
        sides = SIMD4(Double(clip.minX), Double(clip.minY), Double(clip.maxX), Double(clip.maxY))
        let limit = fillMaximumDeviceCoordinate
        sidesFitFixedPoint = abs(clip.minX) <= limit && abs(clip.minY) <= limit && abs(clip.maxX) <= limit
            && abs(clip.maxY) <= limit
        clipIsEmpty = clip.isEmpty
    }

    package mutating func move(to point: SIMD2<Double>) {
        closeContour()
        hasCurrentPoint = false
        if Self.isUsable(point) { startContour(at: point) }
    }

    package mutating func line(to point: SIMD2<Double>) {
        guard Self.isUsable(point) else { return }
        if !hasCurrentPoint {
            startContour(at: point)
            return
        }
        addSegment(from: currentPoint, to: point)
        currentPoint = point
    }

    /// Closes the open contour with a straight line to its start; the current point returns to the start,
    /// as in Core Graphics, so a following `line(to:)` begins a new contour there.
    package mutating func closeContour() {
        guard hasCurrentPoint else { return }
        if currentPoint != contourStart { addSegment(from: currentPoint, to: contourStart) }
        currentPoint = contourStart
    }

    /// Closes any open contour. Safe to call more than once.
    package mutating func finish() {
        closeContour()
    }

    /// Discards all edges and state so the builder (and its storage) can be reused.
    package mutating func removeAll() {
        edges.removeAll(keepingCapacity: true)
        hasCurrentPoint = false
    }

    private mutating func startContour(at point: SIMD2<Double>) {
        contourStart = point
        currentPoint = point
        hasCurrentPoint = true
    }

    @inline(__always)
    static func isUsable(_ p: SIMD2<Double>) -> Bool {
        // |v| ≤ the limit is false for NaN and both infinities.
        abs(p.x) <= fillMaximumInputMagnitude && abs(p.y) <= fillMaximumInputMagnitude
    }

    /// Clips one segment to the clip rectangle (rule in the file header) and appends its pieces.
    private mutating func addSegment(from a: SIMD2<Double>, to b: SIMD2<Double>) {
        if clipIsEmpty || a.y == b.y { return }
        let top = sides[1], bottom = sides[3]
        let down = a.y < b.y
        let winding: Int32 = down ? 1 : -1
        // Both ends picked by one mask (vector blends, not a branch on the segment's direction).
        let downMask = SIMDMask<SIMD2<Int64>>(repeating: down)
        var p = b.replacing(with: a, where: downMask)  // upper end
        var q = a.replacing(with: b, where: downMask)  // lower end
        if q.y <= top || p.y >= bottom { return }
        if p.y < top { p = SIMD2(Self.xOnLine(p, q, atY: top), top) }
        if q.y > bottom { q = SIMD2(Self.xOnLine(p, q, atY: bottom), bottom) }
        if p.y >= q.y { return }

        let left = sides[0], right = sides[2]
        // The usual segment lies wholly inside the clip's columns: no side break, and the clamps below would
        // return both ends unchanged (to the same 24.8 values), so it is appended as it is.
        if p.x >= left && p.x <= right && q.x >= left && q.x <= right {
            appendEdge(p, q, winding)
            return
        }
        Self.splitAtSides(p, q, left: left, right: right) { appendEdge($0, $1, winding) }
    }

    /// A clipped top-to-bottom piece p → q (inside the clip's rows) broken where it crosses the vertical sides
    /// `left` and `right`, in order of y, each part's ends clamped to the columns, handed to `append` top to
    /// bottom (FillEdgeWriter uses the same split, so both give the same edges).
    @inline(__always)
    static func splitAtSides(
        _ p: SIMD2<Double>, _ q: SIMD2<Double>, left: Double, right: Double,
        _ append: (SIMD2<Double>, SIMD2<Double>) -> Void
    ) {
        var breakA = SIMD2<Double>(.nan, .nan), breakB = SIMD2<Double>(.nan, .nan)
        var breaks = 0
        for sideIndex in 0..<2 {
            let side = sideIndex == 0 ? left : right
            guard (p.x - side) * (q.x - side) < 0 else { continue }
            let y = yOnLine(p, q, atX: side)
            guard y > p.y && y < q.y else { continue }
            if breaks == 0 { breakA = SIMD2(side, y) } else { breakB = SIMD2(side, y) }
            breaks += 1
        }
        if breaks == 2 && breakB.y < breakA.y { (breakA, breakB) = (breakB, breakA) }
        var from = SIMD2(min(max(p.x, left), right), p.y)
        if breaks >= 1 {
            append(from, breakA)
            from = breakA
        }
        if breaks == 2 {
            append(from, breakB)
            from = breakB
        }
        append(from, SIMD2(min(max(q.x, left), right), q.y))
    }

    /// Narrows one clipped, top-to-bottom piece to 24.8 fixed point; pieces that become horizontal vanish.
    private mutating func appendEdge(_ p: SIMD2<Double>, _ q: SIMD2<Double>, _ winding: Int32) {
        let scale = Double(fillSubpixelScale)
        // Inside sides that fit (sidesFitFixedPoint), |value| · 256 ≤ 2^30, so no conversion can overflow.
        let fits = sidesFitFixedPoint
        @inline(__always) func narrow(_ v: Double) -> Int32 {
            fits ? Int32(truncatingIfNeeded: fillRoundToInt(v * scale)) : Int32(fillRoundToInt(v * scale))
        }
        let y0 = narrow(p.y), y1 = narrow(q.y)
        if y0 >= y1 { return }
        let x0 = narrow(p.x), x1 = narrow(q.x)
        // A path's edges number in the hundreds: start at a few KB instead of growing from one edge through
        // eight reallocations and copies (the standard growth, doubling, takes over after that).
        if edges.count == edges.capacity { edges.reserveCapacity(Swift.max(Self.initialEdgeCapacity, edges.count * 2)) }
        edges.append(FillEdge(x0: x0, y0: y0, x1: x1, y1: y1, winding: winding))
    }

    /// The first allocation's size in edges (32 bytes each).
    static let initialEdgeCapacity = 128

    /// x where the line through p and q (p.y ≠ q.y) meets height y, as a lerp that cannot overflow.
    @inline(__always)
    static func xOnLine(_ p: SIMD2<Double>, _ q: SIMD2<Double>, atY y: Double) -> Double {
        let t = (y - p.y) / (q.y - p.y)
        return p.x * (1 - t) + q.x * t
    }

    /// y where the line through p and q (p.x ≠ q.x) meets column x, the same lerp.
    static func yOnLine(_ p: SIMD2<Double>, _ q: SIMD2<Double>, atX x: Double) -> Double {
        let t = (x - p.x) / (q.x - p.x)
        return p.y * (1 - t) + q.y * t
    }
}

extension FillEdgeBuilder {
    /// Runs `body` with a FillEdgeWriter that continues this builder (same clip, same open contour), then
    /// appends what it wrote and takes its contour state back: the same edges and state as making the same
    /// `move`/`line`/`closeContour` calls on the builder itself. The writer must not escape `body`.
    /// With no edges yet, the writer fills a new array of `initialCapacity` edges in place (no copy unless
    /// it outgrows it); otherwise it writes into a buffer of its own that is appended afterwards.
    mutating func withEdgeWriter<Result>(
        initialCapacity: Int = 256, _ body: (inout FillEdgeWriter) -> Result
    ) -> Result {
        func makeWriter(_ storage: UnsafeMutableBufferPointer<FillEdge>?) -> FillEdgeWriter {
            FillEdgeWriter(
                sides: sides, fits: sidesFitFixedPoint, clipIsEmpty: clipIsEmpty, contourStart: contourStart,
                currentPoint: currentPoint, hasCurrentPoint: hasCurrentPoint, storage: storage,
                initialCapacity: initialCapacity)
        }
        var writer: FillEdgeWriter
        var result: Result
        if edges.isEmpty {
            var outcome: (FillEdgeWriter, Result)?
            let filled = [FillEdge](unsafeUninitializedCapacity: Swift.max(initialCapacity, 16)) { buffer, initialized in
                var inPlace = makeWriter(buffer)
                let value = body(&inPlace)
                // Edges still in `buffer` are the array's; after a grow they are in the writer's own buffer.
                initialized = inPlace.ownsStorage ? 0 : inPlace.count
                outcome = (inPlace, value)
            }
            (writer, result) = outcome!
            if writer.ownsStorage {
                edges.append(contentsOf: writer.written)
                writer.deallocate()
            } else {
                edges = filled
            }
        } else {
            writer = makeWriter(nil)
            result = body(&writer)
            edges.append(contentsOf: writer.written)
            writer.deallocate()
        }
        contourStart = writer.contourStart
        currentPoint = writer.currentPoint
        hasCurrentPoint = writer.hasCurrentPoint
        return result
    }
}
