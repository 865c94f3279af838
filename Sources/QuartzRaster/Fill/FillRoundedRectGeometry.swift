// Per-pixel coverage of rounded rectangles: exact in device axes, distance-based under an affine map.
//
// Coordinate space: device pixels, pixel (x, y) = [x, x+1) × [y, y+1); "local" is the rectangle's own
// space before `transform`. Numbers: Double. Corners are exact circular arcs (Core Animation's
// cornerRadius is circular; the κ = 0.5522847498 cubic of CGPath differs from it by < 0.03 % of r).
//
// Axis-aligned (FillRoundedRectAxisAligned.swift): coverage = ∫ over the pixel's columns of the covered
// height between the top boundary t(x) and the bottom boundary b(x) (arcs near the corners), using
// ∫√(r² − u²) du = ½(u√(r² − u²) + r²·asin(u/r)). Exact up to floating point.
//
// Affine (FillAffineRoundedRect.swift: the shape and its row layouts; FillAffineRoundedRectPlanes.swift: its
// device half-planes and row-line sets; FillAffineRoundedRectPixelCoverage.swift: per-pixel coverage).

import Foundation

/// How one pixel row splits: pixels outside `outer` have no coverage; pixels in `uniform` (within
/// `outer`) all have coverage `uniformCoverage`; the rest need `coverage(x:y:)`.
struct FillRowLayout {
    var outer: Range<Int>
    var uniform: Range<Int>
    var uniformCoverage: Double
}

/// A whole-valued device coordinate as an Int, clamped to ±1e9 so that huge, infinite or NaN geometry cannot
/// trap in `Int(_:)`; callers clip spans to their bitmap, so the clamp is far outside any reachable pixel.
@inline(__always) func fillPixelIndex(_ v: Double) -> Int {
    v.isNaN ? 0 : Int(min(max(v, -1e9), 1e9))
}

/// fillPixelIndex(v.rounded(.down)) without a libm call (floor is a library call unless SSE4.1 is enabled).
@inline(__always) func fillFloorIndex(_ v: Double) -> Int {
    if v.isNaN { return 0 }
    let c = min(max(v, -1e9), 1e9)
    let t = Int(c)  // truncates toward zero; exact for |c| ≤ 1e9
    return Double(t) > c ? t - 1 : t
}

/// fillPixelIndex(v.rounded(.up)) without a libm call.
@inline(__always) func fillCeilIndex(_ v: Double) -> Int {
    if v.isNaN { return 0 }
    let c = min(max(v, -1e9), 1e9)
    let t = Int(c)
    return Double(t) < c ? t + 1 : t
}

protocol FillRoundedRectGeometry: Sendable {
    /// Rows that may have coverage.
    var rows: Range<Int> { get }
    func layout(row y: Int) -> FillRowLayout
    func coverage(x: Int, y: Int) -> Double
}

/// The unit directions (cos φ, sin φ) of FillAffineRoundedRect's corner planes (φ = 45°, 22.5°, 67.5°, each
/// as degrees · π / 180) and cos 22.5° (π / 8) for the chords' reach: the same libm values, computed once.
enum FillCornerPlaneAngles {
    static let tangent = direction(degrees: 45)
    static let lowChord = direction(degrees: 22.5)
    static let highChord = direction(degrees: 67.5)
    static let chordCosine = cos(Double.pi / 8)

    static func direction(degrees: Double) -> SIMD2<Double> {
        let phi = degrees * Double.pi / 180
        return SIMD2(cos(phi), sin(phi))
    }
}
