// Apple's CGColor: an immutable colour in a colour space. The renderer reads it as straight sRGB-encoded
// RGBA doubles in 0…1 (`straightSRGBRGBA`) or as one premultiplied RGBA8 pixel (`premultipliedRGBA8`);
// components outside 0…1 (extended spaces) and NaN are clamped there, never earlier.
import Foundation

/// A colour (`CGColor`): components in a colour space, alpha last.
public final class CGColor: Sendable, Hashable, CustomStringConvertible {
    /// The components including alpha (Apple: `components`, never nil here).
    public let components: [CGFloat]?
    /// The colour space (Apple: `colorSpace`, optional for pattern colours which this renderer lacks).
    public let colorSpace: CGColorSpace?
    private let storedComponents: [CGFloat]
    private let space: CGColorSpace

    private init(space: CGColorSpace, components: [CGFloat]) {
        self.space = space
        self.storedComponents = components
        self.components = components
        self.colorSpace = space
    }

    /// Apple: "Creates a color in the Generic RGB color space"; sRGB here (the renderer's only RGB device).
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(space: CGColorSpace.shared.sRGB, components: [red, green, blue, alpha])
    }

    /// Apple: "Creates a color in the sRGB color space".
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(space: CGColorSpace.shared.sRGB, components: [red, green, blue, alpha])
    }

    /// Apple: a colour in the Generic Gray Gamma 2.2 space; rendered as the sRGB-encoded grey (r = g = b).
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(space: CGColorSpace.shared.gray, components: [gray, alpha])
    }

    /// Apple's `CGColor(colorSpace:components:)`: reads `numberOfComponents + 1` values (alpha last).
    public convenience init?(colorSpace space: CGColorSpace, components: UnsafePointer<CGFloat>) {
        let count = space.numberOfComponents + 1
        self.init(space: space, components: Array(UnsafeBufferPointer(start: components, count: count)))
    }

    /// Apple's constant colours (static class properties).
    public static let black = CGColor(gray: 0, alpha: 1)
    public static let white = CGColor(gray: 1, alpha: 1)
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// Colour components plus alpha.
    public var numberOfComponents: Int { storedComponents.count }

    /// The last component.
    public var alpha: CGFloat { storedComponents[storedComponents.count - 1] }

    /// Apple's `copy(alpha:)`: the same colour with a new alpha.
    public func copy(alpha: CGFloat) -> CGColor? {
        var c = storedComponents
        c[c.count - 1] = alpha
        return CGColor(space: space, components: c)
    }

    /// Straight (unpremultiplied) sRGB-encoded red, green, blue, alpha, each clamped to 0…1 (NaN to 0).
    /// Linear spaces are encoded with the sRGB curve; grey spreads to r = g = b.
    public var straightSRGBRGBA: SIMD4<Double> {
        // Read in place (no mapped array): this runs per item per frame in the compositor.
        let c = storedComponents
        func unit(_ i: Int) -> Double { clampUnit(Double(c[i])) }
        var rgb: SIMD3<Double>
        if space.model == .monochrome {
            rgb = SIMD3(repeating: unit(0))
        } else {
            rgb = SIMD3(unit(0), unit(1), unit(2))
        }
        if space.encoding == .linear {
            rgb = SIMD3(paintSRGBEncode(rgb.x), paintSRGBEncode(rgb.y), paintSRGBEncode(rgb.z))
        }
        return SIMD4(rgb.x, rgb.y, rgb.z, unit(c.count - 1))
    }

    /// The colour as one premultiplied RGBA8 pixel: each channel round(255 · c · a), alpha round(255 · a).
    public var premultipliedRGBA8: PremultipliedRGBA8 {
        let s = straightSRGBRGBA
        return PremultipliedRGBA8(straightRed: s.x, green: s.y, blue: s.z, alpha: s.w)
    }

    /// Apple's CGColorEqualToColor: same colour space and same components.
    public static func == (lhs: CGColor, rhs: CGColor) -> Bool {
        lhs.space == rhs.space && lhs.storedComponents == rhs.storedComponents
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(space)
        hasher.combine(storedComponents)
    }

    public var description: String {
        "CGColor(\(space.name ?? "unnamed"), \(storedComponents.map { Double($0) }))"
    }
}
