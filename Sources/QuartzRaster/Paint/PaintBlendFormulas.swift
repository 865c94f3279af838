// Per-pixel blend operators on premultiplied RGBA8, from W3C "Compositing and Blending Level 1"
// (https://www.w3.org/TR/compositing-1/): §9 Porter-Duff operators and §5.8 the general formula with a
// blend function B on unpremultiplied colours, written on premultiplied values:
//   co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs)        αo = αs + αb − αs·αb
// with Cs = cs/αs, Cb = cb/αb. In bytes (each value × 255): N = cs(255 − ab) + cb(255 − as) + X where
// X = as·ab·B is in units of 1/255², and co = round(N / 255). The output alpha uses the same form
// (B = 1), so co ≤ αo holds exactly after rounding and premultiplication is preserved. X is exact integer
// arithmetic for multiply, screen, overlay, darken, lighten, hard light, difference and exclusion; colour
// dodge, colour burn, soft light and the non-separable modes evaluate B in Double and round X to nearest.
// plusLighter is Apple's R = MIN(1, S + D); plusDarker is Apple's R = MAX(0, 1 − ((1 − D) + (1 − S)))
// generalised to translucency (our reading, Apple documents only the opaque case):
//   αo = αs + αb − αs·αb,  co = max(0, αo − (αs − cs) − (αb − cb)).
import Foundation

/// round(n / 255) for 0 ≤ n (255 is odd, so there are no ties).
@inline(__always)
func paintDiv255(_ n: Int) -> Int { (n + 127) / 255 }

@inline(__always)
func paintChannels(_ p: UInt32) -> SIMD4<Int> {
    SIMD4(Int(p & 0xFF), Int((p >> 8) & 0xFF), Int((p >> 16) & 0xFF), Int(p >> 24))
}

@inline(__always)
func paintPack(_ r: Int, _ g: Int, _ b: Int, _ a: Int) -> UInt32 {
    UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
}

/// A blend operator on one premultiplied pixel pair: the blended pixel before coverage is applied.
protocol PaintPixelBlend {
    static func blend(source s: UInt32, destination d: UInt32) -> UInt32
}

/// A Porter-Duff operator: co = cs·Fa + cb·Fb (and the same for alpha), Fa and Fb in bytes.
protocol PaintPorterDuff: PaintPixelBlend {
    static func factors(sourceAlpha sa: Int, destinationAlpha da: Int) -> (fa: Int, fb: Int)
}

extension PaintPorterDuff {
    @inline(__always)
    static func blend(source s: UInt32, destination d: UInt32) -> UInt32 {
        let cs = paintChannels(s), cb = paintChannels(d)
        let (fa, fb) = factors(sourceAlpha: cs.w, destinationAlpha: cb.w)
        let n = cs &* fa &+ cb &* fb
        return paintPack(
            min(255, paintDiv255(n.x)), min(255, paintDiv255(n.y)), min(255, paintDiv255(n.z)), min(255, paintDiv255(n.w)))
    }
}

enum PaintBlendSourceIn: PaintPorterDuff {
    static func factors(sourceAlpha sa: Int, destinationAlpha da: Int) -> (fa: Int, fb: Int) { (da, 0) }
}
enum PaintBlendSourceOut: PaintPorterDuff {
    static func factors(sourceAlpha sa: Int, destinationAlpha da: Int) -> (fa: Int, fb: Int) { (255 - da, 0) }
}
enum PaintBlendSourceAtop: PaintPorterDuff {
    static func factors(sourceAlpha sa: Int, destinationAlpha da: Int) -> (fa: Int, fb: Int) { (da, 255 - sa) }
}
enum PaintBlendDestinationOver: PaintPorterDuff {
    static func factors(sourceAlpha sa: Int, destinationAlpha da: Int) -> (fa: Int, fb: Int) { (255 - da, 255) }
}
enum PaintBlendDestinationIn: PaintPorterDuff {
    static func factors(sourceAlpha sa: Int, destinationAlpha da: Int) -> (fa: Int, fb: Int) { (0, sa) }
}
enum PaintBlendDestinationOut: PaintPorterDuff {
    static func factors(sourceAlpha sa: Int, destinationAlpha da: Int) -> (fa: Int, fb: Int) { (0, 255 - sa) }
}
enum PaintBlendDestinationAtop: PaintPorterDuff {
    static func factors(sourceAlpha sa: Int, destinationAlpha da: Int) -> (fa: Int, fb: Int) { (255 - da, sa) }
}
enum PaintBlendXor: PaintPorterDuff {
    static func factors(sourceAlpha sa: Int, destinationAlpha da: Int) -> (fa: Int, fb: Int) { (255 - da, 255 - sa) }
}

enum PaintBlendPlusLighter: PaintPixelBlend {
    @inline(__always)
    static func blend(source s: UInt32, destination d: UInt32) -> UInt32 {
        let c = paintChannels(s) &+ paintChannels(d)
        return paintPack(min(255, c.x), min(255, c.y), min(255, c.z), min(255, c.w))
    }
}

enum PaintBlendPlusDarker: PaintPixelBlend {
    @inline(__always)
    static func blend(source s: UInt32, destination d: UInt32) -> UInt32 {
        let cs = paintChannels(s), cb = paintChannels(d)
        let ao = paintDiv255(cs.w * (255 - cb.w) + cb.w * (255 - cs.w) + cs.w * cb.w)
        @inline(__always) func ch(_ s: Int, _ b: Int) -> Int { max(0, ao - (cs.w - s) - (cb.w - b)) }
        return paintPack(ch(cs.x, cb.x), ch(cs.y, cb.y), ch(cs.z, cb.z), ao)
    }
}

/// A separable blend mode given by X = αs·αb·B(Cb, Cs) per channel, in bytes² (see the file header).
protocol PaintSeparableBlend: PaintPixelBlend {
    static func term(source cs: Int, destination cb: Int, sourceAlpha sa: Int, destinationAlpha da: Int) -> Int
}

extension PaintSeparableBlend {
    @inline(__always)
    static func blend(source s: UInt32, destination d: UInt32) -> UInt32 {
        let cs = paintChannels(s), cb = paintChannels(d)
        let sa = cs.w, da = cb.w
        let ao = paintDiv255(sa * (255 - da) + da * (255 - sa) + sa * da)
        @inline(__always) func ch(_ s: Int, _ b: Int) -> Int {
            let x = term(source: s, destination: b, sourceAlpha: sa, destinationAlpha: da)
            return min(ao, paintDiv255(s * (255 - da) + b * (255 - sa) + x))
        }
        return paintPack(ch(cs.x, cb.x), ch(cs.y, cb.y), ch(cs.z, cb.z), ao)
    }
}

enum PaintBlendMultiply: PaintSeparableBlend {
    static func term(source cs: Int, destination cb: Int, sourceAlpha sa: Int, destinationAlpha da: Int) -> Int { cs * cb }
}
enum PaintBlendScreen: PaintSeparableBlend {
    static func term(source cs: Int, destination cb: Int, sourceAlpha sa: Int, destinationAlpha da: Int) -> Int {
        cs * da + cb * sa - cs * cb
    }
}
enum PaintBlendHardLight: PaintSeparableBlend {
    // B = Cs ≤ ½ ? multiply(Cb, 2Cs) : screen(Cb, 2Cs − 1).
    static func term(source cs: Int, destination cb: Int, sourceAlpha sa: Int, destinationAlpha da: Int) -> Int {
        2 * cs <= sa ? 2 * cs * cb : sa * da - 2 * (sa - cs) * (da - cb)
    }
}
enum PaintBlendOverlay: PaintSeparableBlend {
    // Overlay(Cb, Cs) = HardLight(Cs, Cb).
    static func term(source cs: Int, destination cb: Int, sourceAlpha sa: Int, destinationAlpha da: Int) -> Int {
        2 * cb <= da ? 2 * cs * cb : sa * da - 2 * (sa - cs) * (da - cb)
    }
}
enum PaintBlendDarken: PaintSeparableBlend {
    static func term(source cs: Int, destination cb: Int, sourceAlpha sa: Int, destinationAlpha da: Int) -> Int {
        min(cs * da, cb * sa)
    }
}
enum PaintBlendLighten: PaintSeparableBlend {
    static func term(source cs: Int, destination cb: Int, sourceAlpha sa: Int, destinationAlpha da: Int) -> Int {
        max(cs * da, cb * sa)
    }
}
enum PaintBlendDifference: PaintSeparableBlend {
    static func term(source cs: Int, destination cb: Int, sourceAlpha sa: Int, destinationAlpha da: Int) -> Int {
        abs(cs * da - cb * sa)
    }
}
enum PaintBlendExclusion: PaintSeparableBlend {
    // B = Cs + Cb − 2·Cs·Cb.
    static func term(source cs: Int, destination cb: Int, sourceAlpha sa: Int, destinationAlpha da: Int) -> Int {
        cs * da + cb * sa - 2 * cs * cb
    }
}

/// A separable mode whose B is evaluated in Double on unpremultiplied colours.
protocol PaintUnitSeparableBlend: PaintSeparableBlend {
    static func unitBlend(backdrop cb: Double, source cs: Double) -> Double
}

extension PaintUnitSeparableBlend {
    @inline(__always)
    static func term(source cs: Int, destination cb: Int, sourceAlpha sa: Int, destinationAlpha da: Int) -> Int {
        guard sa > 0, da > 0 else { return 0 }
        let b = unitBlend(backdrop: Double(cb) / Double(da), source: Double(cs) / Double(sa))
        return Int((Double(sa * da) * min(1, max(0, b))).rounded())
    }
}

enum PaintBlendColorDodge: PaintUnitSeparableBlend {
    static func unitBlend(backdrop cb: Double, source cs: Double) -> Double {
        if cb == 0 { return 0 }
        if cs >= 1 { return 1 }
        return min(1, cb / (1 - cs))
    }
}
enum PaintBlendColorBurn: PaintUnitSeparableBlend {
    static func unitBlend(backdrop cb: Double, source cs: Double) -> Double {
        if cb >= 1 { return 1 }
        if cs <= 0 { return 0 }
        return 1 - min(1, (1 - cb) / cs)
    }
}
enum PaintBlendSoftLight: PaintUnitSeparableBlend {
    static func unitBlend(backdrop cb: Double, source cs: Double) -> Double {
        if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
        let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
        return cb + (2 * cs - 1) * (d - cb)
    }
}
