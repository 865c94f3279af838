// The non-separable blend modes (hue, saturation, color, luminosity) of W3C Compositing and Blending
// Level 1 §5.9, on unpremultiplied colours in Double, then combined as in PaintBlendFormulas.swift:
//   Lum(C) = 0.3 R + 0.59 G + 0.11 B; SetLum moves C to a luminosity and ClipColor brings it back into
//   0…1 keeping its luminosity; Sat(C) = max − min; SetSat rescales C to a saturation.
import Foundation

enum PaintNonSeparableKind { case hue, saturation, color, luminosity }

@inline(__always)
func paintLum(_ c: SIMD3<Double>) -> Double { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

@inline(__always)
func paintClipColor(_ c: SIMD3<Double>) -> SIMD3<Double> {
    let l = paintLum(c)
    let n = min(c.x, c.y, c.z), x = max(c.x, c.y, c.z)
    var r = c
    if n < 0 { r = SIMD3(repeating: l) + (r - SIMD3(repeating: l)) * (l / (l - n)) }
    if x > 1 { r = SIMD3(repeating: l) + (r - SIMD3(repeating: l)) * ((1 - l) / (x - l)) }
    return r
}

@inline(__always)
func paintSetLum(_ c: SIMD3<Double>, _ l: Double) -> SIMD3<Double> {
    paintClipColor(c + SIMD3(repeating: l - paintLum(c)))
}

@inline(__always)
func paintSat(_ c: SIMD3<Double>) -> Double { max(c.x, c.y, c.z) - min(c.x, c.y, c.z) }

/// W3C SetSat: the largest component becomes s, the smallest 0, the middle one scaled between them.
func paintSetSat(_ c: SIMD3<Double>, _ s: Double) -> SIMD3<Double> {
    let mx = max(c.x, c.y, c.z), mn = min(c.x, c.y, c.z)
    guard mx > mn else { return .zero }
    return (c - SIMD3(repeating: mn)) * (s / (mx - mn))
}

/// B(Cb, Cs) of a non-separable mode.
func paintNonSeparableBlend(_ kind: PaintNonSeparableKind, backdrop cb: SIMD3<Double>, source cs: SIMD3<Double>) -> SIMD3<Double> {
    switch kind {
    case .hue: return paintSetLum(paintSetSat(cs, paintSat(cb)), paintLum(cb))
    case .saturation: return paintSetLum(paintSetSat(cb, paintSat(cs)), paintLum(cb))
    case .color: return paintSetLum(cs, paintLum(cb))
    case .luminosity: return paintSetLum(cb, paintLum(cs))
    }
}

protocol PaintNonSeparable: PaintPixelBlend {
    static var kind: PaintNonSeparableKind { get }
}

extension PaintNonSeparable {
    static func blend(source s: UInt32, destination d: UInt32) -> UInt32 {
        let cs = paintChannels(s), cb = paintChannels(d)
        let sa = cs.w, da = cb.w
        let ao = paintDiv255(sa * (255 - da) + da * (255 - sa) + sa * da)
        var x = SIMD3<Int>(repeating: 0)
        if sa > 0 && da > 0 {
            let us = SIMD3(Double(cs.x), Double(cs.y), Double(cs.z)) / Double(sa)
            let ub = SIMD3(Double(cb.x), Double(cb.y), Double(cb.z)) / Double(da)
            let b = paintNonSeparableBlend(kind, backdrop: ub, source: us)
            let k = Double(sa * da)
            @inline(__always) func q(_ v: Double) -> Int { Int((k * min(1, max(0, v))).rounded()) }
            x = SIMD3(q(b.x), q(b.y), q(b.z))
        }
        @inline(__always) func ch(_ s: Int, _ b: Int, _ x: Int) -> Int {
            min(ao, paintDiv255(s * (255 - da) + b * (255 - sa) + x))
        }
        return paintPack(ch(cs.x, cb.x, x.x), ch(cs.y, cb.y, x.y), ch(cs.z, cb.z, x.z), ao)
    }
}

enum PaintBlendHue: PaintNonSeparable { static var kind: PaintNonSeparableKind { .hue } }
enum PaintBlendSaturation: PaintNonSeparable { static var kind: PaintNonSeparableKind { .saturation } }
enum PaintBlendColor: PaintNonSeparable { static var kind: PaintNonSeparableKind { .color } }
enum PaintBlendLuminosity: PaintNonSeparable { static var kind: PaintNonSeparableKind { .luminosity } }
