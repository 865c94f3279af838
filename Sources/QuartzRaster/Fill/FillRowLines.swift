// Rotated rounded rects' row solver: device half-planes solved for x at each pixel row's centre
// (FillAffineRoundedRect's outer, inner and chord line sets; the AVX2 twin is rk_row_columns_avx2).
//
// Coordinate space: device pixels, pixel (x, y) = [x, x+1) × [y, y+1), row centres at y + 0.5. Numbers: Double
// lanes (SIMD8 per set), column bounds as Int via fillFloorIndex / fillCeilIndex.

import Foundation

/// A rotated rounded rect's three row-line sets (FillAffineRoundedRect), immutable once built.
final class FillRowLineSets: Sendable {
    let outer: FillRowLines, inner: FillRowLines, chords: FillRowLines

    init(outer: FillRowLines, inner: FillRowLines, chords: FillRowLines) {
        self.outer = outer
        self.inner = inner
        self.chords = chords
    }
}

/// Up to eight device half-planes n·p ≤ g − offset·|n| solved for x at a row's pixel centres, set up once per shape:
/// a plane with n.x > 0 bounds x from above by intercept − slope·yc, one with n.x < 0 from below, and a
/// plane with n.x ≈ 0 either admits the whole row or none of it. Lanes a plane does not use hold neutral
/// values (±infinity, or a test that always passes), so a row costs a few multiplies and no branches.
struct FillRowLines: Sendable {
    let upperIntercept: SIMD8<Double>, upperSlope: SIMD8<Double>
    let lowerIntercept: SIMD8<Double>, lowerSlope: SIMD8<Double>
    /// Horizontal planes: the row is empty when constant − ny·yc < 0.
    let flatConstant: SIMD8<Double>, flatSlope: SIMD8<Double>

    init(planes: [SIMD4<Double>], offset: Double) {
        self.init(planes[...], [], offset: offset)
    }

    /// The planes of `first` then `second` (the first 8 in all), without joining them into a new array.
    /// With `pixelMargin`, each plane moves by the pixel square's own reach along its normal,
    /// (|nx| + |ny|) / 2 device px (≤ 0.7071) plus 1e-6 px, outward for a negative `offset`, inward for a
    /// positive one, instead of by |offset|: the exact bound for "the square lies wholly on one side".
    init(_ first: ArraySlice<SIMD4<Double>>, _ second: ArraySlice<SIMD4<Double>>, offset: Double,
         pixelMargin: Bool = false) {
        self.init(count: min(8, first.count + second.count), offset: offset, pixelMargin: pixelMargin) { i in
            i < first.count ? first[first.startIndex + i] : second[second.startIndex + i - first.count]
        }
    }

    /// The planes `plane(0) ..< plane(count)` (count ≤ 8), read where they lie (no array needed); offsets and
    /// `pixelMargin` as in `init(_:_:offset:pixelMargin:)`.
    @inline(__always)
    init(count: Int, offset: Double, pixelMargin: Bool, plane: (Int) -> SIMD4<Double>) {
        var ui = SIMD8<Double>(repeating: .infinity), us = SIMD8<Double>(repeating: 0)
        var li = SIMD8<Double>(repeating: -.infinity), ls = SIMD8<Double>(repeating: 0)
        var fc = SIMD8<Double>(repeating: 0), fs = SIMD8<Double>(repeating: 0)
        for i in 0..<min(8, count) {
            let plane = plane(i)
            let shift = pixelMargin
                ? (offset < 0 ? -1.0 : 1.0) * (0.5 * (abs(plane.x) + abs(plane.y)) + 1e-6 * plane.w)
                : offset * plane.w
            let constant = plane.z - shift
            if plane.x > 1e-12 {
                ui[i] = constant / plane.x
                us[i] = plane.y / plane.x
            } else if plane.x < -1e-12 {
                li[i] = constant / plane.x
                ls[i] = plane.y / plane.x
            } else {
                fc[i] = constant
                fs[i] = plane.y
            }
        }
        (upperIntercept, upperSlope, lowerIntercept, lowerSlope, flatConstant, flatSlope) = (ui, us, li, ls, fc, fs)
    }

    @inline(__always)
    func columns(row y: Int) -> Range<Int> {
        let yc = Double(y) + 0.5
        let flat = flatConstant - flatSlope * yc
        // (`any(flat .< 0)` is an out-of-line generic call; the pairwise minimum stays inline.)
        let f = fillLaneMin(flat.lowHalf, flat.highHalf)
        if min(min(f.x, f.y), min(f.z, f.w)) < 0 { return 0..<0 }
        let u = upperIntercept - upperSlope * yc, l = lowerIntercept - lowerSlope * yc
        // Pairwise halving (exact: min and max do not round).
        let u4 = fillLaneMin(u.lowHalf, u.highHalf), l4 = fillLaneMax(l.lowHalf, l.highHalf)
        let hi = min(min(u4.x, u4.y), min(u4.z, u4.w)), lo = max(max(l4.x, l4.y), max(l4.z, l4.w))
        guard lo <= hi else { return 0..<0 }  // also rejects NaN
        let a = lo - 0.5, b = hi - 0.5
        let first: Int, last: Int
        if a > -1e9 && b < 1e9 {
            // Inside ±1e9 truncation is exact, so ceil and floor need one correction each (as the helpers).
            let ta = Int(a), tb = Int(b)
            first = Double(ta) < a ? ta + 1 : ta
            last = Double(tb) > b ? tb - 1 : tb
        } else {
            first = fillCeilIndex(a)
            last = fillFloorIndex(b)
        }
        return first <= last ? first..<(last + 1) : 0..<0
    }
}

/// Lane-wise minimum and maximum without NaN bookkeeping (`replacing(with:where:)` is a compare and a blend).
@inline(__always) func fillLaneMin(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> {
    a.replacing(with: b, where: b .< a)
}

@inline(__always) func fillLaneMax(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> {
    a.replacing(with: b, where: b .> a)
}
