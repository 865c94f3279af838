// Bounded dashed strokes for drawing into a known area: dash pieces that cannot reach the area are dropped
// before they are outlined, and a dashing whose remaining pieces would still outline more than
// `maximumOutlineVertices` (estimated) is drawn undashed, as a pattern with too many dashes already is
// (PathDashing.swift).
//
// Coordinate space: the contours' own (user space for CGContext strokes); the area is given in that space.
// Numbers: Double.
//
// Why dropping a piece changes no pixel of the area: the stroker outlines each piece on its own into closed
// loops filled with the nonzero rule, so a piece adds its loops' winding and nothing else. Every outline point
// lies within R = h·max(2, miter limit if mitred) + 2t of the box of the piece's points (PathOutlineReach.swift,
// which also bounds the rounding: a few ulps of the coordinates, except an inner meeting point, off by at most
// ~2^-55·L²/h for a segment of length L; the slack below is 2^-30 of those magnitudes). A piece's points lie on
// the segments it runs along, so when no such segment's box comes within R plus the slack of the area, every
// loop of the piece lies outside the area and has winding 0 at each of its points. The filler's arithmetic is
// exact for such loops (integer fixed-point edges; parts left of the clip become vertical edges whose windings
// cancel), so the area's coverage is bit-identical with or without them.
import Foundation
import QuartzMath

/// What a dashed stroke may keep (see the file header); `PathDashing.select(…, culling:)` consumes it.
struct PathDashCulling {
    /// The most outline vertices (estimated) the kept dash pieces of one stroke may produce; beyond it the
    /// stroke is drawn undashed. 2^22 vertices are about 130 MB of fill edges at most.
    static let maximumOutlineVertices = 1 << 22

    /// The visible area in the contours' space; pieces are dropped only when `culls` (an area was given and
    /// the reach is finite), while the budget always applies.
    let areaLow: SIMD2<Double>
    let areaHigh: SIMD2<Double>
    let culls: Bool
    /// How far the outline can stray from the piece's points, and the half width (for the rounding slack).
    let reach: Double
    let halfWidth: Double
    /// Estimated outline vertices per kept piece (caps, moves and closes) and per point of a piece (both sides
    /// and a join).
    let verticesPerPiece: Int
    let verticesPerPoint: Int
    /// Estimated vertices still allowed.
    private(set) var verticesLeft = PathDashCulling.maximumOutlineVertices

    /// Culling for strokes of `style` flattened with `tolerance` into `area` (nil: no area, budget only).
    init(area: CGRect?, style: PathStrokeStyle, tolerance: Double) {
        let h = style.lineWidth.isNaN ? 0 : style.lineWidth / 2
        halfWidth = h
        let t = tolerance.isFinite && tolerance > 0 ? tolerance : PathStroker.defaultTolerance
        let chords = h > 0 && h.isFinite
            ? PathStrokeArcChords.stepCount(radius: h, sweep: .pi, tolerance: t / 2, minimum: 2) : 2
        switch style.lineCap {
        case .round: verticesPerPiece = 2 * chords + 4  // two caps, or one dot of twice a cap's chords
        case .square: verticesPerPiece = 10
        case .butt: verticesPerPiece = 4
        }
        verticesPerPoint = 2 * (1 + (style.lineJoin == .round ? chords : 2))
        if let area, !area.isNull, let r = PathOutlineReach.reach(halfWidth: h, style: style, tolerance: t) {
            areaLow = SIMD2(Double(area.minX), Double(area.minY))
            areaHigh = SIMD2(Double(area.maxX), Double(area.maxY))
            reach = r
            culls = areaLow.x.isFinite && areaLow.y.isFinite && areaHigh.x.isFinite && areaHigh.y.isFinite
        } else {
            areaLow = .zero
            areaHigh = .zero
            reach = .infinity
            culls = false
        }
    }

    /// Counts a kept piece of `points` points against the budget; false once it is exhausted.
    mutating func charge(points: Int) -> Bool {
        let (perPoint, overflow) = verticesPerPoint.multipliedReportingOverflow(by: points)
        let (cost, sumOverflow) = verticesPerPiece.addingReportingOverflow(perPoint)
        let over = PathDashCulling.maximumOutlineVertices + 1
        verticesLeft -= overflow || sumOverflow ? over : min(cost, over)
        return verticesLeft >= 0
    }

    /// For `vertices` (a measured contour's), the running count of segments that may reach the area:
    /// element i is the number among segments 0..<i (a single vertex counts as one segment). Nil when every
    /// segment may (no area, or bounds too large to decide).
    func nearSegmentCounts(_ vertices: [SIMD2<Double>]) -> [Int]? {
        guard culls, let first = vertices.first else { return nil }
        var low = first, high = first
        for v in vertices {
            low = pointwiseMin(low, v)
            high = pointwiseMax(high, v)
        }
        let extent = high - low
        let length = (extent * extent).sum().squareRoot()
        let magnitude = max(max(abs(low.x), abs(low.y)), max(abs(high.x), abs(high.y)),
                            max(max(abs(areaLow.x), abs(areaLow.y)), max(abs(areaHigh.x), abs(areaHigh.y))))
        let grow = reach + (length * (length / halfWidth) + magnitude + reach) * 0x1p-30
        guard grow.isFinite else { return nil }
        let boxLow = areaLow - grow, boxHigh = areaHigh + grow
        @inline(__always) func near(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Bool {
            !(max(a.x, b.x) < boxLow.x || min(a.x, b.x) > boxHigh.x || max(a.y, b.y) < boxLow.y
                || min(a.y, b.y) > boxHigh.y)
        }
        var counts = [0]
        counts.reserveCapacity(max(vertices.count, 2))
        if vertices.count == 1 {
            counts.append(near(first, first) ? 1 : 0)
            return counts
        }
        for i in 1..<vertices.count {
            counts.append(counts[i - 1] + (near(vertices[i - 1], vertices[i]) ? 1 : 0))
        }
        return counts
    }
}
