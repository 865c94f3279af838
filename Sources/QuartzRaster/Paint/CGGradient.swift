// Apple's CGGradient: colour stops at locations in 0…1, immutable. Colours are converted once to straight
// sRGB-encoded RGBA (see CGColor) and a premultiplied lookup table is built once per gradient.
//
// Interpolation space: Core Graphics and CAGradientLayer interpolate the *unpremultiplied* components and
// premultiply afterwards — spec §2.4 (CGColor row) and §12 "colour interpolation space":
// red → clearColor gives (0.5, 0, 0, 0.5) half way (the well-known grey band when fading to clearColor).
import Foundation

/// A gradient (`CGGradient`): colours at locations.
public final class CGGradient: Sendable {
    /// One colour stop: location in 0…1 and the straight sRGB-encoded RGBA colour, each in 0…1.
    struct Stop: Sendable, Equatable {
        var location: Double
        var color: SIMD4<Double>
    }

    let stops: [Stop]
    /// The premultiplied lookup table shared by every shader that draws this gradient.
    package let colorTable: PaintGradientColorTable

    private init?(stops unsorted: [Stop]) {
        // Non-finite locations are skipped; the rest are clamped to 0…1 and sorted (stable) by location.
        let valid = unsorted.filter { $0.location.isFinite }
            .map { Stop(location: min(1, max(0, $0.location)), color: $0.color) }
        guard !valid.isEmpty else { return nil }
        let sorted = valid.enumerated().sorted {
            $0.element.location != $1.element.location ? $0.element.location < $1.element.location : $0.offset < $1.offset
        }.map(\.element)
        stops = sorted
        colorTable = PaintGradientColorTable(stops: sorted)
    }

    /// Apple's `CGGradient(colorsSpace:colors:locations:)`. Apple takes a CFArray of CGColor; here an array.
    /// Without locations the colours are spread evenly from 0 to 1. Nil for an empty array.
    public convenience init?(colorsSpace space: CGColorSpace?, colors: [CGColor], locations: UnsafePointer<CGFloat>?) {
        guard !colors.isEmpty, colors.count <= PaintGradientColorTable.maximumStopCount else { return nil }
        var stops: [Stop] = []
        stops.reserveCapacity(colors.count)
        for (i, color) in colors.enumerated() {
            let location: Double
            if let locations {
                location = Double(locations[i])
            } else {
                location = colors.count == 1 ? 0 : Double(i) / Double(colors.count - 1)
            }
            stops.append(Stop(location: location, color: color.straightSRGBRGBA))
        }
        self.init(stops: stops)
    }

    /// Apple's `CGGradient(colorsSpace:colors:locations:)` as ported code calls it, with `colors as CFArray`.
    /// Nil when an element is not a `CGColor`, as well as for an empty array.
    public convenience init?(colorsSpace space: CGColorSpace?, colors: CFArray, locations: UnsafePointer<CGFloat>?) {
        var cgColors: [CGColor] = []
        for element in colors {
            guard let color = element as? CGColor else { return nil }
            cgColors.append(color)
        }
        self.init(colorsSpace: space, colors: cgColors, locations: locations)
    }

    /// Apple's `CGGradient(colorSpace:colorComponents:locations:count:)`: `count` stops, each with
    /// `space.numberOfComponents + 1` components (alpha last). Nil when `count` is not positive.
    public convenience init?(
        colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
        locations: UnsafePointer<CGFloat>?, count: Int
    ) {
        guard count > 0, count <= PaintGradientColorTable.maximumStopCount else { return nil }
        let n = space.numberOfComponents + 1
        var colors: [CGColor] = []
        colors.reserveCapacity(count)
        for i in 0..<count {
            guard let c = CGColor(colorSpace: space, components: components + i * n) else { return nil }
            colors.append(c)
        }
        self.init(colorsSpace: space, colors: colors, locations: locations)
    }

    /// The straight colour at gradient position t, interpolated without premultiplication; before the first
    /// stop the first colour, after the last stop the last colour (Core Graphics' behaviour inside 0…1).
    func straightColor(at t: Double) -> SIMD4<Double> {
        PaintGradientColorTable.straightColor(stops: stops, at: t)
    }
}

/// A premultiplied RGBA8 lookup table of a gradient: entry i holds the colour at t = i / 1024.
/// 1025 entries put 0, 1/2, 1/4 … exactly on entries; lookup rounds t · 1024 to the nearest entry, so the
/// colour error is at most 1/2048 of the gradient length (below one 8-bit step for any two stops).
package struct PaintGradientColorTable: Sendable, Equatable {
    package static let intervals = 1024
    package static let entryCount = intervals + 1
    static let maximumStopCount = 1 << 16

    /// Premultiplied 0xAABBGGRR colours, `entryCount` of them.
    package let entries: [UInt32]

    init(stops: [CGGradient.Stop]) {
        var table = [UInt32](repeating: 0, count: Self.entryCount)
        for i in 0..<Self.entryCount {
            let c = Self.straightColor(stops: stops, at: Double(i) / Double(Self.intervals))
            table[i] = PremultipliedRGBA8(straightRed: c.x, green: c.y, blue: c.z, alpha: c.w).packed
        }
        entries = table
    }

    static func straightColor(stops: [CGGradient.Stop], at t: Double) -> SIMD4<Double> {
        guard let first = stops.first, let last = stops.last else { return .zero }
        if !(t > first.location) { return first.color }
        if t >= last.location { return last.color }
        // The last stop at or before t; the next one lies strictly after t, so the span is positive.
        var k = 0
        while k + 1 < stops.count && stops[k + 1].location <= t { k += 1 }
        let a = stops[k], b = stops[k + 1]
        let f = (t - a.location) / (b.location - a.location)
        return a.color + (b.color - a.color) * f
    }

    /// The table index for gradient position t in 0…1 (nearest entry, halves rounded up). Truncation of a
    /// non-negative value stands in for `rounded()`, which is a libm call on the baseline x86-64 target.
    @inlinable @inline(__always)
    package static func index(for t: Double) -> Int {
        Int(t * Double(intervals) + 0.5)
    }
}
