// FillEdgeBuilder's clipping and narrowing written through an unsafe buffer, for the per-point loops of the
// flattener and the stroker: the same edges in the same order, without a Swift Array append (uniqueness,
// capacity and overflow checks) per edge.
//
// Coordinate space: device pixels in (Double), 24.8 fixed point out (FillFixedPoint.swift); every value is
// computed with the same IEEE operations in the same order as FillEdgeBuilder, which stays the reference
// (FillEdgeWriterTests compares the two on random polylines, clips and bad input).

/// Clips and narrows polylines into fill edges. It only lives inside `FillEdgeBuilder.withEdgeWriter(_:)`,
/// which hands it storage (the uninitialised capacity of the builder's new edge array, or a buffer of its
/// own), and takes the edges over (in place, or by one copy) when the body returns.
struct FillEdgeWriter: PolylineSink {
    // Invariant: `storage` holds `capacity` slots of which the first `count` are initialised. While
    // `ownsStorage` is false it is the edge array's buffer that withEdgeWriter is filling (never freed
    // here); `grow()` moves the edges into a buffer of the writer's own, which withEdgeWriter frees once (the
    // caller hands back the copy it wrote through). FillEdge is a trivial type: no deinitialisation needed.
    private(set) var storage: UnsafeMutablePointer<FillEdge>
    private(set) var count = 0
    private var capacity: Int
    private(set) var ownsStorage: Bool
    // The builder's clip sides as Doubles, whether their 24.8 values fit Int32 unchecked, and emptiness.
    private let left: Double, top: Double, right: Double, bottom: Double
    private let fits: Bool
    private let clipIsEmpty: Bool
    // The clip shrunk by `insideMargin` on every side (empty unless the clip is non-empty and fits).
    private let insideMinimum: SIMD2<Double>, insideMaximum: SIMD2<Double>
    // FillEdgeBuilder's contour state, handed over and back by withEdgeWriter.
    var contourStart: SIMD2<Double>
    var currentPoint: SIMD2<Double>
    var hasCurrentPoint: Bool
    // True only while there is a current point strictly between top and bottom and within left...right of a
    // clip that fits, so a segment from it to a point that holds inside needs no clipping. Set from
    // holdsInside(currentPoint) by every call that moves the current point, except lineInside, whose points
    // keep it true (they hold inside, or lie within 3e-8 px of a hull that does: see holdsInside).
    private(set) var currentInside = false
    // The 24.8 value of `currentPoint` (fixedPoint), meaningful while `currentInside` holds: lineInside then
    // narrows each point once instead of once for each of its two edges. Set wherever currentInside is.
    private var currentFixed = SIMD2<Int64>(0, 0)

    init(
        sides: SIMD4<Double>, fits: Bool, clipIsEmpty: Bool, contourStart: SIMD2<Double>,
        currentPoint: SIMD2<Double>, hasCurrentPoint: Bool, storage: UnsafeMutableBufferPointer<FillEdge>?,
        initialCapacity: Int
    ) {
        left = sides[0]
        top = sides[1]
        right = sides[2]
        bottom = sides[3]
        self.fits = fits
        self.clipIsEmpty = clipIsEmpty
        self.contourStart = contourStart
        self.currentPoint = currentPoint
        self.hasCurrentPoint = hasCurrentPoint
        let margin = Self.insideMargin
        if fits && !clipIsEmpty {
            insideMinimum = SIMD2(left + margin, top + margin)
            insideMaximum = SIMD2(right - margin, bottom - margin)
        } else {
            insideMinimum = SIMD2(repeating: .infinity)
            insideMaximum = SIMD2(repeating: -.infinity)
        }
        if let storage, let base = storage.baseAddress, storage.count > 0 {
            self.storage = base
            capacity = storage.count
            ownsStorage = false
        } else {
            capacity = max(initialCapacity, 16)
            self.storage = .allocate(capacity: capacity)
            ownsStorage = true
        }
        currentInside = hasCurrentPoint && holdsInside(currentPoint)
        currentFixed = Self.fixedPoint(currentPoint)
    }

    /// The edges written so far (valid until the next write).
    var written: UnsafeBufferPointer<FillEdge> { UnsafeBufferPointer(start: storage, count: count) }

    /// Frees a buffer of the writer's own; called once, by withEdgeWriter.
    func deallocate() {
        if ownsStorage { storage.deallocate() }
    }

    @inline(__always)
    mutating func move(to point: SIMD2<Double>) {
        closeContour()
        hasCurrentPoint = false
        currentInside = false
        if FillEdgeBuilder.isUsable(point) {
            contourStart = point
            currentPoint = point
            hasCurrentPoint = true
            currentInside = holdsInside(point)
            currentFixed = Self.fixedPoint(point)
        }
    }

    /// A segment between two points that hold inside takes `lineInside` (the checks it skips pass for both
    /// ends, exactly: no rounding is involved); the rest FillEdgeBuilder's route.
    @inline(__always)
    mutating func line(to point: SIMD2<Double>) {
        if currentInside && holdsInside(point) { return lineInside(to: point) }
        guard FillEdgeBuilder.isUsable(point) else { return }
        if hasCurrentPoint && Self.bothBeyondTopOrBottom(currentPoint, point, top: top, bottom: bottom) {
            // addSegment would return at its top/bottom test (see bothBeyondTopOrBottom): only the current
            // point moves. It stays out of holdsInside (not strictly inside top...bottom), so currentInside
            // stays false and currentFixed, read only while currentInside holds, needs no update.
            currentPoint = point
            return
        }
        if !hasCurrentPoint {
            contourStart = point
            currentPoint = point
            hasCurrentPoint = true
            currentInside = holdsInside(point)
            currentFixed = Self.fixedPoint(point)
            return
        }
        addSegment(from: currentPoint, to: point)
        currentPoint = point
        currentInside = holdsInside(point)
        currentFixed = Self.fixedPoint(point)
    }

    @inline(__always)
    mutating func closeContour() {
        guard hasCurrentPoint else { return }
        if currentPoint != contourStart { addSegment(from: currentPoint, to: contourStart) }
        currentPoint = contourStart
        currentInside = holdsInside(contourStart)
        currentFixed = Self.fixedPoint(contourStart)
    }

    /// How far inside the clip `holdsInside` wants a point: 2^-10 px.
    static let insideMargin = 1.0 / 1024

    /// True when `p` lies at least `insideMargin` inside every side of a clip that fits (false for NaN).
    /// Why a curve's interior points may then take `lineInside`: they are convex combinations of control
    /// points that hold inside, computed with a few roundings (weights from t ∈ [0, 1], four products, three
    /// sums), so each lies within ~16 ulps of |coordinate| ≤ 2^23, i.e. 3e-8 px, of the control points' hull,
    /// far less than the margin. Such a point is finite and within the input limit, strictly between top and
    /// bottom and between left and right: every clip test in `line(to:)` and `addSegment` takes the
    /// no-op branch, and the narrowing cannot overflow, which is all `lineInside` leaves out.
    @inline(__always)
    func holdsInside(_ p: SIMD2<Double>) -> Bool {
        p.x >= insideMinimum.x && p.y >= insideMinimum.y && p.x <= insideMaximum.x && p.y <= insideMaximum.y
    }

    /// `line(to:)` for a point that, like the current one, lies inside the clip (see `holdsInside`): the same
    /// edge without the checks it would pass. The current point stays inside (`currentInside` unchanged).
    /// Decided on the narrowed ends, which gives appendEdgeFitting's edge: narrowing is monotonic, so equal
    /// 24.8 heights (no edge there either) cover a.y == b.y, and unequal ones order the ends as a.y < b.y does.
    @inline(__always)
    mutating func lineInside(to b: SIMD2<Double>) {
        let fixedA = currentFixed, fixedB = Self.fixedPoint(b)
        currentPoint = b
        currentFixed = fixedB
        if fixedA.y == fixedB.y { return }
        let down = fixedA.y < fixedB.y
        storeFitting(down ? fixedA : fixedB, down ? fixedB : fixedA, down ? 1 : -1)
    }

    /// fillRoundToInt of both lanes of `p` · 256, exact for points inside sides that fit (|value| · 256 ≤
    /// 2^30); garbage, never used, for others.
    @inline(__always)
    static func fixedPoint(_ p: SIMD2<Double>) -> SIMD2<Int64> {
        let scale = SIMD2<Double>(repeating: Double(fillSubpixelScale))
        let magic = SIMD2<Double>(repeating: 6_755_399_441_055_744.0)
        return unsafeBitCast(p * scale + magic, to: SIMD2<Int64>.self) &- 0x4338_0000_0000_0000
    }

    /// True when the segment from `a` to `b` lies wholly on or above `top` or wholly on or below `bottom`:
    /// exactly the segments addSegment (and FillEdgeBuilder.addSegment) drops at `q.y <= top || p.y >= bottom`
    /// (its lower end on or above top, or its upper end on or below bottom), and a horizontal one beyond
    /// either side, which it drops before that. False for NaN. Outline points of a stroke running off the
    /// surface's top or bottom take this, not the full clip route.
    @inline(__always)
    static func bothBeyondTopOrBottom(_ a: SIMD2<Double>, _ b: SIMD2<Double>, top: Double, bottom: Double) -> Bool {
        (a.y <= top && b.y <= top) || (a.y >= bottom && b.y >= bottom)
    }

    /// FillEdgeBuilder.addSegment: the top/bottom clip inline, the rare side breaks out of line.
    @inline(__always)
    private mutating func addSegment(from a: SIMD2<Double>, to b: SIMD2<Double>) {
        if clipIsEmpty || a.y == b.y { return }
        let down = a.y < b.y
        let winding: Int32 = down ? 1 : -1
        var p = down ? a : b  // upper end
        var q = down ? b : a  // lower end
        if q.y <= top || p.y >= bottom { return }
        if p.y < top { p = SIMD2(FillEdgeBuilder.xOnLine(p, q, atY: top), top) }
        if q.y > bottom { q = SIMD2(FillEdgeBuilder.xOnLine(p, q, atY: bottom), bottom) }
        if p.y >= q.y { return }
        if p.x >= left && p.x <= right && q.x >= left && q.x <= right {
            appendEdge(p, q, winding)
        } else if p.x <= left && q.x <= left {
            // Wholly on or left of the clip (a stroke running off the surface's left): addAcrossSides' first
            // case without the call; min(max(x, left), right) is left for x ≤ left, as left < right here
            // (a clip with left ≥ right is empty, dropped above).
            appendEdge(SIMD2(left, p.y), SIMD2(left, q.y), winding)
        } else if p.x >= right && q.x >= right {
            // Wholly on or right of it: the same case, where min(max(x, left), right) is right (x ≥ right > left;
            // at most the sign of a zero right differs, the same 24.8 value).
            appendEdge(SIMD2(right, p.y), SIMD2(right, q.y), winding)
        } else {
            addAcrossSides(p, q, winding)
        }
    }

    /// A piece that leaves the clip's columns: broken where it crosses the vertical sides (builder's rule).
    @inline(never)
    private mutating func addAcrossSides(_ p: SIMD2<Double>, _ q: SIMD2<Double>, _ winding: Int32) {
        // Wholly on or beyond one side (a path running off the surface): splitAtSides finds no crossing
        // (both differences from either side have one sign, so their product is never negative) and
        // appends the one piece clamped onto that side, as here.
        if (p.x <= left && q.x <= left) || (p.x >= right && q.x >= right) {
            appendEdge(SIMD2(min(max(p.x, left), right), p.y), SIMD2(min(max(q.x, left), right), q.y), winding)
            return
        }
        FillEdgeBuilder.splitAtSides(p, q, left: left, right: right) { appendEdge($0, $1, winding) }
    }

    /// FillEdgeBuilder.appendEdge: both ends narrowed a pair at a time (the same round-half-even per lane).
    @inline(__always)
    private mutating func appendEdge(_ p: SIMD2<Double>, _ q: SIMD2<Double>, _ winding: Int32) {
        guard fits else { return appendEdgeChecked(p, q, winding) }
        appendEdgeFitting(p, q, winding)
    }

    /// appendEdge inside sides that fit.
    @inline(__always)
    private mutating func appendEdgeFitting(_ p: SIMD2<Double>, _ q: SIMD2<Double>, _ winding: Int32) {
        // fillRoundToInt lane by lane; inside sides that fit, |value| · 256 ≤ 2^30, so truncating is exact.
        let upper = Self.fixedPoint(p), lower = Self.fixedPoint(q)
        if upper.y >= lower.y { return }
        storeFitting(upper, lower, winding)
    }

    /// Stores the edge between narrowed ends inside sides that fit, `upper.y < lower.y`: FillEdge's init
    /// without its overflow traps (differences of values within ±2^30 fit Int64 and convert exactly) and
    /// without its horizontal test.
    @inline(__always)
    private mutating func storeFitting(_ upper: SIMD2<Int64>, _ lower: SIMD2<Int64>, _ winding: Int32) {
        let step = lower &- upper
        store(FillEdge(
            x0: Int32(truncatingIfNeeded: upper.x), y0: Int32(truncatingIfNeeded: upper.y),
            x1: Int32(truncatingIfNeeded: lower.x), y1: Int32(truncatingIfNeeded: lower.y), winding: winding,
            inverseSlope: Double(step.x) / Double(step.y)))
    }

    /// Sides beyond ±2^22 (package fields set by hand): the builder's checked narrowing.
    @inline(never)
    private mutating func appendEdgeChecked(_ p: SIMD2<Double>, _ q: SIMD2<Double>, _ winding: Int32) {
        let scale = Double(fillSubpixelScale)
        let y0 = Int32(fillRoundToInt(p.y * scale)), y1 = Int32(fillRoundToInt(q.y * scale))
        if y0 >= y1 { return }
        let x0 = Int32(fillRoundToInt(p.x * scale)), x1 = Int32(fillRoundToInt(q.x * scale))
        store(FillEdge(x0: x0, y0: y0, x1: x1, y1: y1, winding: winding))
    }

    @inline(__always)
    private mutating func store(_ edge: FillEdge) {
        if count == capacity {
            storage = Self.grown(storage, count: count, capacity: capacity, owned: ownsStorage)
            capacity *= 2
            ownsStorage = true
        }
        (storage + count).initialize(to: edge)
        count &+= 1
    }

    /// A buffer of twice `capacity` holding the `count` edges of `storage` (freed when `owned`). Static, on
    /// values: a writer copied into a local (PathEdgeWriterVisitor.linesInside) keeps its fields in registers
    /// only while no call takes its address.
    @inline(never)
    private static func grown(
        _ storage: UnsafeMutablePointer<FillEdge>, count: Int, capacity: Int, owned: Bool
    ) -> UnsafeMutablePointer<FillEdge> {
        let larger = UnsafeMutablePointer<FillEdge>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: storage, count: count)
        if owned { storage.deallocate() }
        return larger
    }
}
