// Helpers shared by the Paint test suites.
import Foundation
@testable import QuartzRaster
import QuartzTestSupport

/// Runs a shader over one span and returns the pixels.
func paintShadeRow(_ shader: some SpanShader, x: Int, y: Int, count: Int) -> [UInt32] {
    var out = [UInt32](repeating: 0xDEAD_BEEF, count: count)
    out.withUnsafeMutableBufferPointer { shader.shade(x: x, y: y, count: count, into: $0.baseAddress!) }
    return out
}

/// One pixel of a shader.
func paintShadePixel(_ shader: some SpanShader, x: Int, y: Int) -> PremultipliedRGBA8 {
    PremultipliedRGBA8(packed: paintShadeRow(shader, x: x, y: y, count: 1)[0])
}

/// Channels R, G, B, A of a packed pixel as Ints.
func paintBytes(_ p: UInt32) -> [Int] {
    [Int(p & 0xFF), Int((p >> 8) & 0xFF), Int((p >> 16) & 0xFF), Int(p >> 24)]
}

/// The paint tests' seeded generator.
typealias PaintTestRandom = SplitMix64

extension SplitMix64 {
    /// A random valid premultiplied pixel; a quarter are opaque and a tenth transparent or nearly so.
    mutating func premultipliedPixel() -> UInt32 {
        let kind = next() % 10
        let a = kind < 3 ? 255 : (kind == 3 ? 0 : (kind == 4 ? 1 : byte()))
        @inline(__always) func ch(_ r: inout SplitMix64) -> Int { a == 0 ? 0 : Int(r.next() % UInt64(a + 1)) }
        let r = ch(&self), g = ch(&self), b = ch(&self)
        return UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
    }
}

/// Builds a gradient from straight sRGB colours at locations.
func paintGradient(_ colors: [(Double, Double, Double, Double)], _ locations: [Double]?) -> CGGradient {
    let cg = colors.map { CGColor(srgbRed: $0.0, green: $0.1, blue: $0.2, alpha: $0.3) }
    if let locations {
        let l = locations.map { CGFloat($0) }
        return l.withUnsafeBufferPointer { CGGradient(colorsSpace: CGColorSpace(name: CGColorSpace.sRGB), colors: cg, locations: $0.baseAddress)! }
    }
    return CGGradient(colorsSpace: CGColorSpace(name: CGColorSpace.sRGB), colors: cg, locations: nil)!
}
