import Foundation
import Testing
@testable import QuartzRaster
import QuartzTestSupport

/// A straightforward Double reference of W3C Compositing and Blending Level 1 on premultiplied unit values
/// (§9 Porter-Duff, §5.8 general formula, §5.9 non-separable modes), plus Apple's plusLighter / plusDarker
/// (see PaintBlendFormulas.swift for the translucent reading of plusDarker).
enum PaintBlendReference {
    static func blend(_ mode: CGBlendMode, s: [Double], d: [Double]) -> [Double] {
        let sa = s[3], da = d[3]
        func porterDuff(_ fa: Double, _ fb: Double) -> [Double] { (0..<4).map { s[$0] * fa + d[$0] * fb } }
        switch mode {
        case .clear: return [0, 0, 0, 0]
        case .copy: return s
        case .normal: return porterDuff(1, 1 - sa)
        case .sourceIn: return porterDuff(da, 0)
        case .sourceOut: return porterDuff(1 - da, 0)
        case .sourceAtop: return porterDuff(da, 1 - sa)
        case .destinationOver: return porterDuff(1 - da, 1)
        case .destinationIn: return porterDuff(0, sa)
        case .destinationOut: return porterDuff(0, 1 - sa)
        case .destinationAtop: return porterDuff(1 - da, sa)
        case .xor: return porterDuff(1 - da, 1 - sa)
        case .plusLighter: return (0..<4).map { min(1, s[$0] + d[$0]) }
        case .plusDarker:
            let ao = sa + da - sa * da
            return (0..<3).map { max(0, ao - (sa - s[$0]) - (da - d[$0])) } + [ao]
        default: break
        }
        let cs = (0..<3).map { sa > 0 ? s[$0] / sa : 0 }
        let cb = (0..<3).map { da > 0 ? d[$0] / da : 0 }
        let b: [Double]
        switch mode {
        case .hue: b = setLum(setSat(cs, sat(cb)), lum(cb))
        case .saturation: b = setLum(setSat(cb, sat(cs)), lum(cb))
        case .color: b = setLum(cs, lum(cb))
        case .luminosity: b = setLum(cb, lum(cs))
        default: b = (0..<3).map { separable(mode, cb[$0], cs[$0]) }
        }
        let ao = sa + da - sa * da
        var out = [Double]()
        for c in 0..<3 {
            let own: Double = s[c] * (1 - da) + d[c] * (1 - sa)
            out.append(own + sa * da * b[c])
        }
        return out + [ao]
    }

    static func separable(_ mode: CGBlendMode, _ cb: Double, _ cs: Double) -> Double {
        func hardLight(_ cb: Double, _ cs: Double) -> Double {
            cs <= 0.5 ? cb * 2 * cs : cb + (2 * cs - 1) - cb * (2 * cs - 1)
        }
        switch mode {
        case .multiply: return cb * cs
        case .screen: return cb + cs - cb * cs
        case .overlay: return hardLight(cs, cb)
        case .darken: return min(cb, cs)
        case .lighten: return max(cb, cs)
        case .colorDodge: return cb == 0 ? 0 : (cs >= 1 ? 1 : min(1, cb / (1 - cs)))
        case .colorBurn: return cb >= 1 ? 1 : (cs <= 0 ? 0 : 1 - min(1, (1 - cb) / cs))
        case .hardLight: return hardLight(cb, cs)
        case .softLight:
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let dd = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (dd - cb)
        case .difference: return abs(cb - cs)
        case .exclusion: return cb + cs - 2 * cb * cs
        default: fatalError("not separable: \(mode)")
        }
    }

    static func lum(_ c: [Double]) -> Double { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }
    static func sat(_ c: [Double]) -> Double { c.max()! - c.min()! }
    static func clipColor(_ c: [Double]) -> [Double] {
        let l = lum(c), n = c.min()!, x = c.max()!
        var r = c
        if n < 0 { r = r.map { l + ($0 - l) * l / (l - n) } }
        if x > 1 { r = r.map { l + ($0 - l) * (1 - l) / (x - l) } }
        return r
    }
    static func setLum(_ c: [Double], _ l: Double) -> [Double] { clipColor(c.map { $0 + l - lum(c) }) }
    static func setSat(_ c: [Double], _ s: Double) -> [Double] {
        let mx = c.max()!, mn = c.min()!
        return mx > mn ? c.map { ($0 - mn) * s / (mx - mn) } : [0, 0, 0]
    }
}

@Suite struct PaintBlendTests {
    // The SWAR helpers round exactly like mulDiv255 on every lane, for every channel value and factor.
    @Test func swarHelpersMatchMulDiv255() {
        for a in 0...255 {
            for v in stride(from: 0, through: 255, by: 1) {
                let p = UInt32(v) | UInt32(255 - v) << 8 | UInt32(v / 2) << 16 | UInt32(v) << 24
                let scaled = paintScalePixel(p, by: UInt32(a))
                #expect(paintBytes(scaled) == paintBytes(p).map { Int(mulDiv255(UInt8($0), UInt8(a))) })
            }
        }
        // lerp: round((s·m + d·(255 − m)) / 255) per channel.
        var rng = PaintTestRandom(seed: 7)
        for _ in 0..<2000 {
            let s = UInt32(truncatingIfNeeded: rng.next()), d = UInt32(truncatingIfNeeded: rng.next()), m = rng.byte()
            let expected = zip(paintBytes(s), paintBytes(d)).map { Int((Double($0 * m + $1 * (255 - m)) / 255).rounded()) }
            #expect(paintBytes(paintLerpPixel(from: d, to: s, by: UInt32(m))) == expected)
        }
    }

    // Every CGBlendMode against the Double reference on random premultiplied inputs, random coverage and
    // global alpha: result = lerp(d, blend(s, d), m) with m = round(coverage · alpha / 255). Tolerance ±1
    // (plus 0.01 for the Double-rounded X term): the kernel rounds the blend once and the lerp once, each
    // ≤ ½ an 8-bit step. Every output also stays valid premultiplied (channel ≤ alpha).
    @Test(arguments: CGBlendMode.allCases)
    func blendModeMatchesReference(mode: CGBlendMode) {
        var rng = PaintTestRandom(seed: UInt64(mode.rawValue) + 100)
        let count = 1500
        var source = [UInt32](), dest = [UInt32](), coverage = [UInt8]()
        for i in 0..<count {
            source.append(rng.premultipliedPixel())
            dest.append(rng.premultipliedPixel())
            coverage.append(i % 5 == 0 ? 255 : (i % 7 == 0 ? 0 : UInt8(rng.byte())))
        }
        for alpha in [UInt8(255), 200, 1] {
            var out = dest
            source.withUnsafeBufferPointer { s in
                coverage.withUnsafeBufferPointer { c in
                    out.withUnsafeMutableBufferPointer { blendSpan(mode, source: s.baseAddress!, coverage: c.baseAddress!, alpha: alpha, destination: $0.baseAddress!, count: count) }
                }
            }
            var worst = 0.0
            for i in 0..<count {
                let s = paintBytes(source[i]).map { Double($0) / 255 }, d = paintBytes(dest[i]).map { Double($0) / 255 }
                let m = Double(mulDiv255(coverage[i], alpha)) / 255
                let r = PaintBlendReference.blend(mode, s: s, d: d)
                let expected = (0..<4).map { (d[$0] + (r[$0] - d[$0]) * m) * 255 }
                let got = paintBytes(out[i])
                for c in 0..<4 { worst = max(worst, abs(Double(got[c]) - expected[c])) }
                #expect(got[0] <= got[3] && got[1] <= got[3] && got[2] <= got[3], "\(mode) not premultiplied at \(i)")
            }
            #expect(worst <= 1.01, "\(mode) alpha \(alpha): worst error \(worst)")
        }
    }

    // Without a mask the global alpha alone is the coverage; zero alpha or zero coverage leaves d untouched.
    @Test func noMaskAndZeroCoverage() {
        let s: [UInt32] = [0xFF00_00FF, 0x8000_0080]
        var d: [UInt32] = [0xFFFF_0000, 0xFF00_FF00]
        let original = d
        s.withUnsafeBufferPointer { sp in
            d.withUnsafeMutableBufferPointer { blendSpan(.multiply, source: sp.baseAddress!, coverage: nil, alpha: 0, destination: $0.baseAddress!, count: 2) }
        }
        #expect(d == original)
        let zero: [UInt8] = [0, 0]
        for mode in CGBlendMode.allCases {
            var e = original
            s.withUnsafeBufferPointer { sp in
                zero.withUnsafeBufferPointer { c in
                    e.withUnsafeMutableBufferPointer { blendSpan(mode, source: sp.baseAddress!, coverage: c.baseAddress!, alpha: 255, destination: $0.baseAddress!, count: 2) }
                }
            }
            #expect(e == original, "\(mode)")
        }
    }

    // Exact spot values. Source-over (W3C §9.1.4): opaque source replaces, 50 % red over blue gives
    // (128, 0, 127, 255): red 128, blue 255·(255 − 128)/255 = 127. Copy replaces; clear empties;
    // multiply by white is the identity (W3C §5.8.1 B = Cb·Cs).
    @Test func exactSpotValues() {
        #expect(paintBlendPixel(.normal, source: 0xFF00_00FF, destination: 0xFFFF_0000) == 0xFF00_00FF)
        #expect(paintBlendPixel(.normal, source: 0x8000_0080, destination: 0xFFFF_0000) == 0xFF7F_0080)
        #expect(paintBlendPixel(.copy, source: 0x8000_0080, destination: 0xFFFF_0000) == 0x8000_0080)
        #expect(paintBlendPixel(.clear, source: 0x8000_0080, destination: 0xFFFF_0000) == 0)
        #expect(paintBlendPixel(.multiply, source: 0xFFFF_FFFF, destination: 0xFF40_8020) == 0xFF40_8020)
        #expect(paintBlendPixel(.screen, source: 0xFF00_0000, destination: 0xFF40_8020) == 0xFF40_8020)
        // plusLighter saturates: Apple R = MIN(1, S + D).
        #expect(paintBlendPixel(.plusLighter, source: 0xFF80_8080, destination: 0xFF90_9090) == 0xFFFF_FFFF)
        // plusDarker on opaque colours: Apple R = MAX(0, 1 − ((1 − D) + (1 − S))): 200 + 100 − 255 = 45.
        #expect(paintBlendPixel(.plusDarker, source: 0xFFC8_C8C8, destination: 0xFF64_6464) == 0xFF2D_2D2D)
    }
}
