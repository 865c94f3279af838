// Local geometry through a 4x4 layer matrix onto the device plane.
//
// Spaces: local = a layer's bounds space (plane z = 0); device = pixels, y down. Row vectors:
// (X, Y, Z, W) = (x, y, 0, 1) · M and the device point is (X / W, Y / W) (spec §9.3). Points with W ≤ 0 lie
// at or behind the eye, so polygons are clipped against W ≥ ε in homogeneous space before the divide
// (Sutherland–Hodgman with one plane); ε is relative to the largest |W| of the shape, so uniformly scaled
// homogeneous matrices behave alike. Numbers: Double throughout.
import Foundation
import QuartzMath
import QuartzRaster

/// A layer matrix restricted to the plane z = 0: the 3x3 homography and its affine form when it has one.
struct CompositorProjection: Sendable {
    /// Local → device in column-vector form (PaintProjectiveTransform's convention).
    let homography: PaintProjectiveTransform
    /// Set when W is the same positive constant everywhere: device = affine(local).
    let affine: CGAffineTransform?

    /// The relative near-plane distance: W is clipped at `wEpsilon · max|W|`.
    static let wEpsilon = 1e-6

    init(_ m: CATransform3D) {
        let r1 = m.row1, r2 = m.row2, r4 = m.row4
        homography = PaintProjectiveTransform(r1.x, r2.x, r4.x, r1.y, r2.y, r4.y, r1.w, r2.w, r4.w)
        if r1.w == 0 && r2.w == 0 && r4.w > 0 && r4.w.isFinite {
            let s = 1 / r4.w
            affine = CGAffineTransform(a: r1.x * s, b: r1.y * s, c: r2.x * s, d: r2.y * s, tx: r4.x * s, ty: r4.y * s)
        } else {
            affine = nil
        }
    }

    var isFinite: Bool { homography.isFinite }

    /// (X, Y, W) of a local point.
    @inline(__always)
    func homogeneous(_ p: SIMD2<Double>) -> SIMD3<Double> {
        let h = homography
        return SIMD3(h.m0 * p.x + h.m1 * p.y + h.m2, h.m3 * p.x + h.m4 * p.y + h.m5, h.m6 * p.x + h.m7 * p.y + h.m8)
    }

    /// True when the plane shows its back: the projected orientation flips, i.e. det(H) < 0 (the Jacobian of
    /// the projection is det(H) / W³ and W > 0 wherever anything is visible).
    var isBackFacing: Bool {
        let h = homography
        let det = h.m0 * (h.m4 * h.m8 - h.m5 * h.m7) - h.m1 * (h.m3 * h.m8 - h.m5 * h.m6) + h.m2 * (h.m3 * h.m7 - h.m4 * h.m6)
        return det < 0
    }

    /// The near-plane W for a shape whose local bounds are `rect`.
    func nearW(for rect: CGRect) -> Double {
        var largest = 0.0
        for corner in Self.corners(of: rect) { largest = max(largest, abs(homogeneous(corner).z)) }
        return largest.isFinite && largest > 0 ? largest * Self.wEpsilon : Self.wEpsilon
    }

    /// Device pixels per local unit near `rect`: the largest Jacobian column length at its corners and
    /// centre, over the points in front of the eye (W above the near plane).
    func localScale(of rect: CGRect) -> Double {
        if let a = affine { return max(hypot(Double(a.a), Double(a.b)), hypot(Double(a.c), Double(a.d))) }
        let near = nearW(for: rect)
        var scale = 0.0
        var points = Self.corners(of: rect)
        points.append(SIMD2(Double(rect.midX), Double(rect.midY)))
        let h = homography
        for p in points {
            let q = homogeneous(p)
            let w = max(q.z, near)
            guard q.z > 0 else { continue }
            let w2 = w * w
            let j00 = (h.m0 * w - q.x * h.m6) / w2, j10 = (h.m3 * w - q.y * h.m6) / w2
            let j01 = (h.m1 * w - q.x * h.m7) / w2, j11 = (h.m4 * w - q.y * h.m7) / w2
            scale = max(scale, hypot(j00, j10), hypot(j01, j11))
        }
        return scale.isFinite ? scale : 0
    }

    /// A local flattening tolerance that keeps `deviceTolerance` on the device, not finer than 1e-5 of the
    /// shape's size (which bounds the segment count where the projection blows up near the eye).
    func localTolerance(deviceTolerance: Double, for rect: CGRect) -> Double {
        let size = max(Double(rect.width), Double(rect.height), 1e-9)
        let scale = localScale(of: rect)
        let tolerance = scale > 0 ? deviceTolerance / scale : size
        return min(max(tolerance, size * 1e-5), max(size, 1e-9))
    }

    /// The device bounding box of a local rectangle after near-plane clipping; nil when nothing is in front
    /// of the eye or the input is not finite.
    func deviceBoundingBox(of rect: CGRect) -> CGRect? {
        let r = rect.standardized
        guard !r.isNull, Double(r.minX).isFinite, Double(r.minY).isFinite, Double(r.maxX).isFinite,
              Double(r.maxY).isFinite
        else { return nil }
        if let a = affine {
            let box = r.applying(a)
            return box.isNull || !Double(box.minX).isFinite || !Double(box.maxX).isFinite
                || !Double(box.minY).isFinite || !Double(box.maxY).isFinite ? nil : box
        }
        var tracker = CompositorBoundsTracker()
        emitPolygon(Self.corners(of: r), near: nearW(for: r), into: &tracker)
        return tracker.box
    }

    static func corners(of r: CGRect) -> [SIMD2<Double>] {
        [SIMD2(Double(r.minX), Double(r.minY)), SIMD2(Double(r.maxX), Double(r.minY)),
         SIMD2(Double(r.maxX), Double(r.maxY)), SIMD2(Double(r.minX), Double(r.maxY))]
    }

    /// Clips the closed local polygon against W ≥ `near`, divides, and sends it to `sink` as one contour.
    func emitPolygon<Sink: PolylineSink>(_ points: [SIMD2<Double>], near: Double, into sink: inout Sink) {
        guard points.count >= 2 else { return }
        var started = false
        @inline(__always) func emit(_ q: SIMD3<Double>) {
            let p = SIMD2(q.x / q.z, q.y / q.z)
            if started {
                sink.line(to: p)
            } else {
                sink.move(to: p)
                started = true
            }
        }
        var previous = homogeneous(points[points.count - 1])
        for point in points {
            let current = homogeneous(point)
            let previousInside = previous.z >= near, currentInside = current.z >= near
            if previousInside != currentInside {
                // The crossing with W = near, interpolated in homogeneous space (exact for straight edges).
                let t = (near - previous.z) / (current.z - previous.z)
                var crossing = previous + (current - previous) * t
                crossing.z = near
                emit(crossing)
            }
            if currentInside { emit(current) }
            previous = current
        }
        if started { sink.closeContour() }
    }
}

/// A PolylineSink that only records the bounding box of what it receives.
struct CompositorBoundsTracker: PolylineSink {
    /// The finite points seen so far.
    var seen = PathOutlineDeviceBounds()

    mutating func move(to point: SIMD2<Double>) { add(point) }
    mutating func line(to point: SIMD2<Double>) { add(point) }
    mutating func closeContour() {}

    mutating func add(_ p: SIMD2<Double>) {
        guard p.x.isFinite, p.y.isFinite else { return }
        seen.add(p)
    }

    var box: CGRect? { seen.box }
}

/// Forwards to a FillEdgeBuilder while tracking the bounding box of the device points.
struct CompositorTrackingEdgeSink: PolylineSink {
    var builder: FillEdgeBuilder
    var tracker = CompositorBoundsTracker()

    init(clip: FillPixelBounds) { builder = FillEdgeBuilder(clip: clip) }

    mutating func move(to point: SIMD2<Double>) {
        tracker.add(point)
        builder.move(to: point)
    }

    mutating func line(to point: SIMD2<Double>) {
        tracker.add(point)
        builder.line(to: point)
    }

    mutating func closeContour() { builder.closeContour() }
}

extension CGRect {
    /// Whole device pixels touched by the rectangle (grown by `margin` pixels), clamped by FillPixelBounds;
    /// empty for non-finite input.
    func compositorPixelBounds(margin: Double = 0) -> FillPixelBounds {
        guard !isNull else { return .empty }
        let x0 = Double(minX), y0 = Double(minY), x1 = Double(maxX), y1 = Double(maxY)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return .empty }
        let limit = Double(fillMaximumDeviceCoordinate)
        // ⌊v⌋ and ⌈v⌉ clamped to ±limit, rounded after clamping (the same integers, as the limit is whole) and
        // without a libm call: this runs for every item of every frame.
        @inline(__always) func floorInt(_ v: Double) -> Int {
            let c = min(max(v, -limit), limit), t = Int(c)
            return Double(t) > c ? t - 1 : t
        }
        @inline(__always) func ceilInt(_ v: Double) -> Int {
            let c = min(max(v, -limit), limit), t = Int(c)
            return Double(t) < c ? t + 1 : t
        }
        return FillPixelBounds(
            minX: floorInt(x0 - margin), minY: floorInt(y0 - margin), maxX: ceilInt(x1 + margin), maxY: ceilInt(y1 + margin))
    }
}

extension FillPixelBounds {
    static let empty = FillPixelBounds(minX: 0, minY: 0, maxX: 0, maxY: 0)

    func union(_ other: FillPixelBounds) -> FillPixelBounds {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return FillPixelBounds(minX: min(minX, other.minX), minY: min(minY, other.minY),
                               maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }

    func grown(by margin: Int) -> FillPixelBounds {
        if isEmpty { return self }
        return FillPixelBounds(minX: minX - margin, minY: minY - margin, maxX: maxX + margin, maxY: maxY + margin)
    }

    func offsetBy(dx: Int, dy: Int) -> FillPixelBounds {
        if isEmpty { return self }
        return FillPixelBounds(minX: minX + dx, minY: minY + dy, maxX: maxX + dx, maxY: maxY + dy)
    }
}
