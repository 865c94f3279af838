// CAReplicatorLayer's instance colour: "the color used to multiply the source object" [A: SDK-CAReplicatorLayer],
// per component, on straight sRGB colours (0…1) and on premultiplied RGBA8 image pixels.
import Foundation
import QuartzRaster

/// Tinted copies of contents images made during one walk, so replicator instances of equal colour share one.
final class LayerRenderTintedImages {
    private struct Key: Hashable {
        let image: ObjectIdentifier
        let tint: SIMD4<Double>
    }
    private var images: [Key: CGImage] = [:]

    func image(_ image: CGImage, tint: SIMD4<Double>?) -> CGImage {
        guard let tint else { return image }
        let key = Key(image: ObjectIdentifier(image), tint: tint)
        if let made = images[key] { return made }
        let made = LayerRenderTint.apply(tint, to: image)
        images[key] = made
        return made
    }
}

enum LayerRenderTint {
    /// The colour multiplied by `tint` (straight r, g, b, a, each 0…1); the colour itself when nil.
    static func apply(_ tint: SIMD4<Double>?, to color: CGColor) -> CGColor {
        guard let tint else { return color }
        let c = color.straightSRGBRGBA * tint
        return CGColor(red: c.x, green: c.y, blue: c.z, alpha: c.w)
    }

    /// The image with every pixel multiplied by `tint`: premultiplied channels scale by (t_c · t_a) and alpha
    /// by t_a, which is the straight colour times the tint, re-premultiplied. One pass, one new image.
    static func apply(_ tint: SIMD4<Double>?, to image: CGImage) -> CGImage {
        guard let tint else { return image }
        let scale = SIMD4<Double>(tint.x * tint.w, tint.y * tint.w, tint.z * tint.w, tint.w)
        let factors = (0..<4).map { UInt8((min(max(scale[$0], 0), 1) * 255).rounded()) }
        var bitmap = image.bitmap
        let f0 = factors[0], f1 = factors[1], f2 = factors[2], f3 = factors[3]
        bitmap.pixels.withUnsafeMutableBufferPointer { pixels in
            for i in pixels.indices {
                let p = PremultipliedRGBA8(packed: pixels[i])
                pixels[i] = PremultipliedRGBA8(r: mulDiv255(p.r, f0), g: mulDiv255(p.g, f1), b: mulDiv255(p.b, f2),
                                               a: mulDiv255(p.a, f3)).packed
            }
        }
        return CGImage(bitmap: bitmap)
    }

    /// Instance `k`'s colour: instanceColor plus k times the offsets, each clamped to 0…1
    /// [A: SDK-CAReplicatorLayer "offset added to the … component of the color for each replicated instance"];
    /// nil when it is opaque white (nothing to multiply).
    static func instanceTint(color: CGColor?, offsets: SIMD4<Double>, instance k: Int) -> SIMD4<Double>? {
        let base = (color ?? CGColor.white).straightSRGBRGBA
        var t = base + offsets * Double(k)
        for i in 0..<4 { t[i] = t[i].isNaN ? 0 : min(max(t[i], 0), 1) }
        return t == SIMD4(1, 1, 1, 1) ? nil : t
    }

    /// Two tints multiplied (nil is white).
    static func combine(_ a: SIMD4<Double>?, _ b: SIMD4<Double>?) -> SIMD4<Double>? {
        guard let a else { return b }
        guard let b else { return a }
        return a * b
    }
}
