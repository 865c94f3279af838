// Shared conventions of the anti-aliased filler.
//
// Coordinate space: device pixels, origin top-left, y down; pixel (x, y) is the unit square
// [x, x+1) × [y, y+1) with its centre at (x + 0.5, y + 0.5). Coverage is the exact area of that square
// inside the shape (box filter), quantised to 8 bits: alpha = round(coverage · 255), halves rounded up.
//
// Number format after clipping: 24.8 fixed point (`fillSubpixelScale` = 256 sub-pixel units per pixel)
// in Int32. Accumulated coverage is an integer in units of 1/(2 · 256 · 256) of a pixel, so a fully
// covered pixel is `fillFullCoverage` = 2^17. Integer sums are associative, which is what makes the
// result independent of the tile partition and of the thread count.

/// Sub-pixel bits of the fixed-point edge coordinates.
package let fillSubpixelShift = 8
/// Sub-pixel units per device pixel (256).
package let fillSubpixelScale: Int32 = 1 << 8
/// Accumulated coverage of one fully covered pixel: 2 · 256 · 256.
@usableFromInline package let fillFullCoverage: Int32 = 1 << 17

/// The largest device coordinate a clip or tile grid may reach, so that 24.8 values fit in Int32 with
/// headroom for the accumulation (2^22 px = 4 194 304 px).
package let fillMaximumDeviceCoordinate = 1 << 22

/// Input coordinates beyond this magnitude are treated like NaN and skipped, so every difference and
/// product in the clipper stays finite. 1e30 still works; 1e300 is skipped.
package let fillMaximumInputMagnitude = 1e150

/// A half-open integer rectangle of device pixels: columns minX..<maxX, rows minY..<maxY.
package struct FillPixelBounds: Hashable, Sendable, CustomStringConvertible {
    package var minX: Int
    package var minY: Int
    package var maxX: Int
    package var maxY: Int

    /// Coordinates are clamped to 0...`fillMaximumDeviceCoordinate`; an inverted rectangle becomes empty.
    /// Inlinable, as are the accessors and `intersection`: other modules make and meet bounds per item per
    /// frame (the compositor about four per solid rectangle), and each was a call.
    @inlinable package init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        let limit = fillMaximumDeviceCoordinate
        self.minX = min(max(minX, 0), limit)
        self.minY = min(max(minY, 0), limit)
        self.maxX = max(self.minX, min(max(maxX, 0), limit))
        self.maxY = max(self.minY, min(max(maxY, 0), limit))
    }

    /// The whole of a `width` × `height` bitmap.
    @inlinable package init(width: Int, height: Int) {
        self.init(minX: 0, minY: 0, maxX: width, maxY: height)
    }

    @inlinable package var width: Int { maxX - minX }
    @inlinable package var height: Int { maxY - minY }
    @inlinable package var isEmpty: Bool { minX >= maxX || minY >= maxY }

    @inlinable package func intersection(_ other: FillPixelBounds) -> FillPixelBounds {
        FillPixelBounds(
            minX: max(minX, other.minX), minY: max(minY, other.minY),
            maxX: min(maxX, other.maxX), maxY: min(maxY, other.maxY))
    }

    package var description: String { "[\(minX)..<\(maxX)] × [\(minY)..<\(maxY)]" }
}

/// 8-bit alpha from accumulated signed coverage under the nonzero rule: round(min(1, |w|) · 255).
@inlinable @inline(__always)
func fillAlphaNonZero(_ accumulated: Int32) -> UInt8 {
    let magnitude = min(accumulated.magnitude, UInt32(fillFullCoverage))
    return UInt8(truncatingIfNeeded: (magnitude &* 255 &+ (1 << 16)) >> 17)
}

/// 8-bit alpha under the even-odd rule: the fold |w − 2·floor((w + 1) / 2)| of the signed coverage.
@inlinable @inline(__always)
func fillAlphaEvenOdd(_ accumulated: Int32) -> UInt8 {
    var folded = accumulated.magnitude & UInt32(2 * fillFullCoverage - 1)
    if folded > UInt32(fillFullCoverage) { folded = UInt32(2 * fillFullCoverage) - folded }
    return UInt8(truncatingIfNeeded: (folded &* 255 &+ (1 << 16)) >> 17)
}

/// Round-half-even of a Double to Int64 through the 1.5 · 2^52 trick (exact for |v| < 2^51); avoids a
/// libm call on baseline x86-64, where `rounded()` is not an instruction.
@inlinable @inline(__always)
func fillRoundToInt(_ value: Double) -> Int64 {
    Int64(bitPattern: (value + 6_755_399_441_055_744.0).bitPattern) &- 0x4338_0000_0000_0000
}
