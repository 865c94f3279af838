// Gradient span shaders: axial, two-circle radial (Core Graphics' drawRadialGradient) and conic
// (CAGradientLayer `.conic`).
//
// Coordinate spaces: spans arrive in device pixels (pixel centres at +0.5); `deviceToGradient` maps them
// into the space where the gradient geometry is given (for a layer: its bounds space, so a layer under
// perspective gets a perspective-correct gradient). Each pixel is mapped directly (no incremental
// stepping), so output never depends on how a row is split into spans. Position t is a Double; colours
// come from the gradient's premultiplied 1025-entry table (nearest entry). Where W ≤ 0 (behind the viewer)
// or the geometry gives no position, pixels are transparent.
import Foundation

/// Looks a gradient position up with Core Graphics' extension rule: before 0 the first colour only with
/// `.drawsBeforeStartLocation`, after 1 the last colour only with `.drawsAfterEndLocation`, else transparent.
@inline(__always)
func paintGradientLookup(
    _ t: Double, _ table: UnsafeBufferPointer<UInt32>, extendsBefore: Bool, extendsAfter: Bool
) -> UInt32 {
    // Invariant: table.count == PaintGradientColorTable.entryCount, so indices 0…intervals are in bounds.
    if t >= 0 && t <= 1 {
        return table[PaintGradientColorTable.index(for: t)]
    }
    if t < 0 { return extendsBefore ? table[0] : 0 }
    if t > 1 { return extendsAfter ? table[PaintGradientColorTable.intervals] : 0 }
    return 0  // NaN
}

/// Axial (linear) gradient from `start` (t = 0) to `end` (t = 1): t is the projection of the point onto
/// the start→end axis (Apple's `drawLinearGradient(_:start:end:options:)`).
package struct PaintAxialGradientShader: SpanShader {
    let table: [UInt32]
    let extendsBefore: Bool, extendsAfter: Bool
    /// t · W and W as linear functions of the device point (rows of a combined homography).
    let t0: Double, t1: Double, t2: Double
    let w0: Double, w1: Double, w2: Double
    let isDrawable: Bool

    package init(
        gradient: CGGradient, start: SIMD2<Double>, end: SIMD2<Double>,
        options: CGGradientDrawingOptions, deviceToGradient: PaintProjectiveTransform
    ) {
        table = gradient.colorTable.entries
        extendsBefore = options.contains(.drawsBeforeStartLocation)
        extendsAfter = options.contains(.drawsAfterEndLocation)
        let d = end - start
        let lengthSquared = (d * d).sum()
        let m = deviceToGradient
        // t = (d · (p − start)) / |d|² with p = (X / W, Y / W): t · W = (d · (X, Y) − (d · start) W) / |d|².
        let k = (d * start).sum()
        let s = 1 / lengthSquared
        t0 = (d.x * m.m0 + d.y * m.m3 - k * m.m6) * s
        t1 = (d.x * m.m1 + d.y * m.m4 - k * m.m7) * s
        t2 = (d.x * m.m2 + d.y * m.m5 - k * m.m8) * s
        w0 = m.m6; w1 = m.m7; w2 = m.m8
        // A zero-length axis has no direction: Core Graphics draws nothing, and neither do we.
        isDrawable = lengthSquared > 0 && lengthSquared.isFinite && m.isFinite
            && t0.isFinite && t1.isFinite && t2.isFinite
    }

    package func shade(x: Int, y: Int, count: Int, into output: UnsafeMutablePointer<UInt32>) {
        guard count > 0 else { return }
        guard isDrawable else { output.update(repeating: 0, count: count); return }
        let py = Double(y) + 0.5
        let tRow = t1 * py + t2, wRow = w1 * py + w2
        let before = extendsBefore, after = extendsAfter
        let a0 = t0, b0 = w0
        table.withUnsafeBufferPointer { lut in
            if b0 == 0 && wRow == 1 {
                for i in 0..<count {
                    let px = Double(x + i) + 0.5
                    output[i] = paintGradientLookup(a0 * px + tRow, lut, extendsBefore: before, extendsAfter: after)
                }
            } else {
                for i in 0..<count {
                    let px = Double(x + i) + 0.5
                    let w = b0 * px + wRow
                    output[i] = w > 0
                        ? paintGradientLookup((a0 * px + tRow) / w, lut, extendsBefore: before, extendsAfter: after)
                        : 0
                }
            }
        }
    }
}

/// Two-circle radial gradient (Apple's `drawRadialGradient(_:startCenter:startRadius:endCenter:endRadius:options:)`,
/// the same model as PDF type 3 shadings and the HTML canvas): the circle at t has centre
/// c0 + t (c1 − c0) and radius r0 + t (r1 − r0); a point takes the colour of the largest t whose circle passes
/// through it with a radius ≥ 0, with t limited to 0…1 unless the options extend it before or after.
package struct PaintRadialGradientShader: SpanShader {
    let table: [UInt32]
    let extendsBefore: Bool, extendsAfter: Bool
    let map: PaintProjectiveTransform
    let c0: SIMD2<Double>, r0: Double
    let cd: SIMD2<Double>, dr: Double
    /// Quadratic coefficient a = |cd|² − dr² (t² term); nearly zero means the equation is linear.
    let a: Double
    let isLinear: Bool
    let isDrawable: Bool

    package init(
        gradient: CGGradient, startCenter: SIMD2<Double>, startRadius: Double,
        endCenter: SIMD2<Double>, endRadius: Double,
        options: CGGradientDrawingOptions, deviceToGradient: PaintProjectiveTransform
    ) {
        table = gradient.colorTable.entries
        extendsBefore = options.contains(.drawsBeforeStartLocation)
        extendsAfter = options.contains(.drawsAfterEndLocation)
        map = deviceToGradient
        // Negative radii are treated as 0 (Core Graphics documents no meaning for them).
        let sr = max(0, startRadius), er = max(0, endRadius)
        c0 = startCenter; r0 = sr
        cd = endCenter - startCenter; dr = er - sr
        let cdd = (cd * cd).sum()
        a = cdd - dr * dr
        isLinear = abs(a) <= 1e-12 * max(cdd + dr * dr, 1e-300)
        let finite = startCenter.x.isFinite && startCenter.y.isFinite && endCenter.x.isFinite
            && endCenter.y.isFinite && sr.isFinite && er.isFinite
        // Two identical circles describe no gradient.
        isDrawable = finite && deviceToGradient.isFinite && (cdd > 0 || dr != 0)
    }

    /// The gradient position of a gradient-space point, or nil where no allowed circle passes through it.
    @inline(__always)
    func position(_ p: SIMD2<Double>) -> Double? {
        let pd = p - c0
        // |pd − t·cd| = r0 + t·dr  ⇔  a t² − 2 b t + c = 0.
        let b = (pd * cd).sum() + r0 * dr
        let c = (pd * pd).sum() - r0 * r0
        if isLinear {
            guard b != 0 else { return nil }
            let t = c / (2 * b)
            return accepts(t) ? t : nil
        }
        let disc = b * b - a * c
        guard disc >= 0 else { return nil }
        let root = disc.squareRoot()
        // The larger root first: (b + root) / a when a > 0, else (b − root) / a; the other only when it fails.
        let hi = (a > 0 ? b + root : b - root) / a
        if accepts(hi) { return hi }
        let lo = (a > 0 ? b - root : b + root) / a
        if accepts(lo) { return lo }
        return nil
    }

    @inline(__always)
    func accepts(_ t: Double) -> Bool {
        guard t.isFinite, r0 + t * dr >= 0 else { return false }
        if t < 0 { return extendsBefore }
        if t > 1 { return extendsAfter }
        return true
    }

    package func shade(x: Int, y: Int, count: Int, into output: UnsafeMutablePointer<UInt32>) {
        guard count > 0 else { return }
        guard isDrawable else { output.update(repeating: 0, count: count); return }
        paintShadeMappedSpan(map, table: table, x: x, y: y, count: count, into: output) { position($0) }
    }
}

/// Conic (sweep) gradient as CAGradientLayer `.conic` draws it: centred on the layer's `startPoint`, with
/// t = 0 in the direction of `endPoint`, t growing with the angle from +x toward +y (clockwise on a y-down
/// screen) and reaching 1 after a full turn. Apple documents no more than the type; this reading follows the
/// common use (startPoint (0.5, 0.5), endPoint (0.5, 0) starts at the top) and is marked [U] in the spec sense.
package struct PaintConicGradientShader: SpanShader {
    let table: [UInt32]
    let map: PaintProjectiveTransform
    let center: SIMD2<Double>
    let startAngle: Double
    let isDrawable: Bool

    /// A conic gradient around `center` whose t = 0 direction makes `startAngle` radians with +x.
    package init(gradient: CGGradient, center: SIMD2<Double>, startAngle: Double, deviceToGradient: PaintProjectiveTransform) {
        table = gradient.colorTable.entries
        map = deviceToGradient
        self.center = center
        // Kept in −π…π so positions stay in −1…1 and the wrap below can truncate instead of calling floor.
        self.startAngle = startAngle.isFinite ? remainder(startAngle, 2 * Double.pi) : startAngle
        isDrawable = center.x.isFinite && center.y.isFinite && startAngle.isFinite && deviceToGradient.isFinite
    }

    /// CAGradientLayer's form: centre `startPoint`, zero direction towards `endPoint` (+x when they coincide).
    package init(gradient: CGGradient, startPoint: SIMD2<Double>, endPoint: SIMD2<Double>, deviceToGradient: PaintProjectiveTransform) {
        let d = endPoint - startPoint
        self.init(
            gradient: gradient, center: startPoint, startAngle: (d.x == 0 && d.y == 0) ? 0 : atan2(d.y, d.x),
            deviceToGradient: deviceToGradient)
    }

    /// The gradient position in 0…1 of a gradient-space point.
    @inline(__always)
    func position(_ p: SIMD2<Double>) -> Double {
        let d = p - center
        let t = (atan2(d.y, d.x) - startAngle) / (2 * Double.pi)
        // t ∈ [−1, 1]: floor(t) = trunc(t + 2) − 2.
        return t - Double(Int(t + 2) - 2)
    }

    package func shade(x: Int, y: Int, count: Int, into output: UnsafeMutablePointer<UInt32>) {
        guard count > 0 else { return }
        guard isDrawable else { output.update(repeating: 0, count: count); return }
        paintShadeMappedSpan(map, table: table, x: x, y: y, count: count, into: output) { p in
            let t = position(p)
            return t.isFinite ? t : nil
        }
    }
}

/// A single premultiplied colour for every pixel (the solid paint).
package struct PaintSolidColorShader: SpanShader {
    package let color: PremultipliedRGBA8

    package init(color: PremultipliedRGBA8) { self.color = color }
    package init(color: CGColor) { self.color = color.premultipliedRGBA8 }

    package func shade(x: Int, y: Int, count: Int, into output: UnsafeMutablePointer<UInt32>) {
        guard count > 0 else { return }
        output.update(repeating: color.packed, count: count)
    }
}

/// Shades one span of a gradient whose position is a non-linear function of the gradient-space point:
/// each pixel centre goes through `map` with the perspective divide, then `position` (nil: transparent)
/// picks the colour-table entry. Pixels behind the eye (w ≤ 0) are transparent. Each pixel is evaluated
/// from its own coordinates, so results do not depend on where a span starts.
@inline(__always)
func paintShadeMappedSpan(
    _ map: PaintProjectiveTransform, table: [UInt32], x: Int, y: Int, count: Int,
    into output: UnsafeMutablePointer<UInt32>, position: (SIMD2<Double>) -> Double?
) {
    let py = Double(y) + 0.5
    let m = map
    table.withUnsafeBufferPointer { lut in
        if m.m6 == 0 && m.m7 == 0 && m.m8 == 1 {
            // Affine: w is exactly 1 and dividing by it changes nothing, so it is left out.
            for i in 0..<count {
                let px = Double(x + i) + 0.5
                let p = SIMD2(m.m0 * px + m.m1 * py + m.m2, m.m3 * px + m.m4 * py + m.m5)
                output[i] = position(p).map { lut[PaintGradientColorTable.index(for: min(1, max(0, $0)))] } ?? 0
            }
            return
        }
        for i in 0..<count {
            let px = Double(x + i) + 0.5
            let w = m.m6 * px + m.m7 * py + m.m8
            guard w > 0 else { output[i] = 0; continue }
            let p = SIMD2((m.m0 * px + m.m1 * py + m.m2) / w, (m.m3 * px + m.m4 * py + m.m5) / w)
            if let t = position(p) {
                output[i] = lut[PaintGradientColorTable.index(for: min(1, max(0, t)))]
            } else {
                output[i] = 0
            }
        }
    }
}
