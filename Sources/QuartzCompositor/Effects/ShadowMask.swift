// A blurred shadow's 8-bit coverage over a rectangle of device pixels, immutable once made. Each row also
// records the columns of its first and last non-zero byte, so drawing skips the wide zero margins a large
// blur leaves (a Gaussian tail below half an 8-bit step rounds to 0).
import Foundation
import QuartzRaster

/// Invariant: `bytes` addresses bounds.width · bounds.height initialised bytes owned by this object and never
/// written after `init` returns; `rowStart[y] ≤ rowEnd[y]` lie in 0…bounds.width (equal for an empty row).
final class ShadowMask: @unchecked Sendable {
    let bounds: FillPixelBounds
    let bytes: UnsafeMutablePointer<UInt8>
    let rowStart: [Int32]
    let rowEnd: [Int32]

    /// Takes `mask` (row-major, bounds.width × bounds.height).
    init(_ mask: PaintA8Mask, bounds: FillPixelBounds) {
        precondition(mask.width == bounds.width && mask.height == bounds.height, "mask size does not match its bounds")
        self.bounds = bounds
        let w = bounds.width, h = bounds.height
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, w * h))
        var starts = [Int32](repeating: 0, count: h), ends = [Int32](repeating: 0, count: h)
        mask.bytes.withUnsafeBufferPointer { source in
            if w * h > 0 { bytes.initialize(from: source.baseAddress!, count: w * h) } else { bytes.initialize(to: 0) }
            for y in 0..<h {
                let row = source.baseAddress! + y * w
                var a = 0, b = w
                while a < b && row[a] == 0 { a += 1 }
                while b > a && row[b - 1] == 0 { b -= 1 }
                starts[y] = Int32(a)
                ends[y] = Int32(b)
            }
        }
        self.bytes = bytes
        rowStart = starts
        rowEnd = ends
    }

    deinit { bytes.deallocate() }

    var byteCount: Int { bounds.width * bounds.height }
}
