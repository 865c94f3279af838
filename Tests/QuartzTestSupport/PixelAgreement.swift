// How close two pictures are, as the agreement tests against peer renderers and Apple state their bars.
import Foundation
import QuartzRaster

/// Per-pixel agreement of two images over white: mean absolute difference per channel (0–255) and the
/// share of pixels with any channel off by more than 8/255.
public struct PixelAgreement: CustomStringConvertible, Sendable {
    public let meanAbsoluteDifference: Double
    public let percentOffByMoreThan8: Double

    public init(_ a: PremultipliedRGBA8Bitmap, _ b: PremultipliedRGBA8Bitmap) {
        let width = min(a.width, b.width), height = min(a.height, b.height)
        var total = 0, off = 0
        for y in 0..<height {
            for x in 0..<width {
                let p = a[x, y], q = b[x, y]
                // Premultiplied over white: c + (255 − a).
                let whiteP = 255 - Int(p.a), whiteQ = 255 - Int(q.a)
                let dr = abs(Int(p.r) + whiteP - Int(q.r) - whiteQ)
                let dg = abs(Int(p.g) + whiteP - Int(q.g) - whiteQ)
                let db = abs(Int(p.b) + whiteP - Int(q.b) - whiteQ)
                total += dr + dg + db
                if max(dr, dg, db) > 8 { off += 1 }
            }
        }
        meanAbsoluteDifference = Double(total) / Double(3 * width * height)
        percentOffByMoreThan8 = 100 * Double(off) / Double(width * height)
    }

    public var description: String {
        String(format: "MAE %.2f/255, %.2f %% of pixels off by > 8/255", meanAbsoluteDifference, percentOffByMoreThan8)
    }
}
