// A hard-edged piece of a layer plane: what 3-D ordering keeps of a plane it had to cut
// (LayerRenderDepthOrder.swift). A pixel belongs to the region when its centre (x + 0.5, y + 0.5) passes
// every side's test, so the two pieces of one cut take every pixel exactly once: no seam, no double cover.
// The test evaluates the same expression for both pieces, and that expression is monotone along a row, so
// each row's pixels inside form one run.
import Foundation
import QuartzMath
import QuartzRaster

/// One side of a device line a·x + b·y + c = 0.
public struct RenderHalfPlane: Sendable, Hashable {
    public var a: Double
    public var b: Double
    public var c: Double
    /// True: the pixels with a·x + b·y + c ≥ 0 at their centre; false: exactly the others.
    public var keepsNonNegative: Bool

    public init(a: Double, b: Double, c: Double, keepsNonNegative: Bool) {
        self.a = a
        self.b = b
        self.c = c
        self.keepsNonNegative = keepsNonNegative
    }

    /// The other side: every pixel is in exactly one of the two.
    public var complement: RenderHalfPlane {
        RenderHalfPlane(a: a, b: b, c: c, keepsNonNegative: !keepsNonNegative)
    }

    /// a·x + b·y + c at a point; `rowTerm` is b·y + c, shared by a row so that every pixel of the row (and of
    /// the complementary side) is tested with the same rounding.
    @inline(__always)
    func value(x: Double, rowTerm: Double) -> Double { a * x + rowTerm }

    @inline(__always)
    func keeps(_ value: Double) -> Bool { (value >= 0) == keepsNonNegative }

    /// Whether the pixel at column x, row y (its centre) is on this side.
    public func containsPixel(x: Int, y: Int) -> Bool {
        keeps(value(x: Double(x) + 0.5, rowTerm: b * (Double(y) + 0.5) + c))
    }
}

/// The piece of a layer plane that 3-D ordering kept: the points of the plane (z = 0 of `transform`'s local
/// space) on the kept side of every cut. Cuts are local lines so the piece moves with its plane when a
/// transition moves the nodes; on the device each becomes the line through the same points.
public struct RenderPlanePiece: Sendable, Hashable {
    /// Local (the plane layer's bounds space) → device, like a render item's.
    public var transform: CATransform3D
    /// Lines in local coordinates, each with its kept side.
    public var cuts: [RenderHalfPlane]

    public init(transform: CATransform3D, cuts: [RenderHalfPlane]) {
        self.transform = transform
        self.cuts = cuts
    }

    /// The cuts as device lines, or nil when the plane has no area on the device (a singular homography).
    /// For points in front of the eye a local line's value and its device line's value have the same sign:
    /// the device line is the local one times the inverse homography (the adjugate over the determinant's
    /// sign), and the inverse maps a device point (x, y, 1) to the local (u, v, 1) / W with W > 0.
    func deviceRegion(bounds: FillPixelBounds) -> RenderDeviceRegion? {
        let h = CompositorProjection(transform).homography
        // Row-major 3x3 (m0 m1 m2 / m3 m4 m5 / m6 m7 m8): column-vector form, device = H · (u, v, 1).
        let c00 = h.m4 * h.m8 - h.m5 * h.m7, c01 = h.m2 * h.m7 - h.m1 * h.m8, c02 = h.m1 * h.m5 - h.m2 * h.m4
        let c10 = h.m5 * h.m6 - h.m3 * h.m8, c11 = h.m0 * h.m8 - h.m2 * h.m6, c12 = h.m2 * h.m3 - h.m0 * h.m5
        let c20 = h.m3 * h.m7 - h.m4 * h.m6, c21 = h.m1 * h.m6 - h.m0 * h.m7, c22 = h.m0 * h.m4 - h.m1 * h.m3
        let det = h.m0 * c00 + h.m1 * c10 + h.m2 * c20
        guard det.isFinite, det != 0 else { return nil }
        let s: Double = det > 0 ? 1 : -1
        let device = cuts.map { l in
            RenderHalfPlane(
                a: s * (l.a * c00 + l.b * c10 + l.c * c20),
                b: s * (l.a * c01 + l.b * c11 + l.c * c21),
                c: s * (l.a * c02 + l.b * c12 + l.c * c22),
                keepsNonNegative: l.keepsNonNegative)
        }
        guard device.allSatisfy({ $0.a.isFinite && $0.b.isFinite && $0.c.isFinite }) else { return nil }
        return RenderDeviceRegion(halfPlanes: device, bounds: bounds)
    }
}

/// The device pixels inside every half-plane, within `bounds`.
struct RenderDeviceRegion: Sendable, Hashable {
    var halfPlanes: [RenderHalfPlane]
    var bounds: FillPixelBounds

    func containsPixel(x: Int, y: Int) -> Bool {
        x >= bounds.minX && x < bounds.maxX && y >= bounds.minY && y < bounds.maxY
            && halfPlanes.allSatisfy { $0.containsPixel(x: x, y: y) }
    }

    /// The columns of row y inside the region, clipped to `columns`; empty when none.
    func run(row y: Int, columns: Range<Int>) -> Range<Int> {
        var lo = max(columns.lowerBound, bounds.minX), hi = min(columns.upperBound, bounds.maxX)
        guard y >= bounds.minY, y < bounds.maxY, lo < hi else { return lo..<lo }
        let centreY = Double(y) + 0.5
        for h in halfPlanes {
            let rowTerm = h.b * centreY + h.c
            @inline(__always) func inside(_ x: Int) -> Bool { h.keeps(h.value(x: Double(x) + 0.5, rowTerm: rowTerm)) }
            if h.a == 0 {
                if !inside(lo) { return lo..<lo }
                continue
            }
            // The side keeps a prefix or a suffix of the row; find its end from the solved crossing, then
            // step until the tests agree (the rounding of the solve does not decide membership).
            let keepsRight = (h.a > 0) == h.keepsNonNegative
            let solved = -rowTerm / h.a - 0.5
            var k = solved.isFinite ? Int(min(max(solved.rounded(.down), Double(lo - 1)), Double(hi))) : lo
            if keepsRight {
                // First kept column: all of [k, hi) inside, k - 1 outside.
                k = max(k, lo)
                while k > lo && inside(k - 1) { k -= 1 }
                while k < hi && !inside(k) { k += 1 }
                lo = k
            } else {
                // One past the last kept column: [lo, k) inside, k outside.
                k = min(max(k + 1, lo), hi)
                while k < hi && inside(k) { k += 1 }
                while k > lo && !inside(k - 1) { k -= 1 }
                hi = k
            }
            if lo >= hi { return lo..<lo }
        }
        return lo..<hi
    }
}

/// Full coverage over the region's pixels, nothing elsewhere.
struct RenderDeviceRegionCoverage: FillCoverageSource {
    let region: RenderDeviceRegion

    func forEachCoverageSpan(in area: FillPixelBounds, scratch: FillTileScratch, _ body: (FillCoverageSpan) -> Void) {
        let box = area.intersection(region.bounds)
        guard !box.isEmpty else { return }
        for y in box.minY..<box.maxY {
            let run = region.run(row: y, columns: box.minX..<box.maxX)
            if !run.isEmpty { body(FillCoverageSpan(y: y, x: run.lowerBound, count: run.count, alpha: 255)) }
        }
    }
}
