// The image-agreement metric of the peer benchmark (Benchmarks/peers/README.md, "Agreement with Skia and the
// quality bar"): computed on premultiplied RGBA8, values in 0...255 units.
import Foundation
import QuartzRaster

public struct ImageAgreement: Sendable, CustomStringConvertible {
    /// Mean absolute difference over every channel of every pixel.
    public var meanAbsolute: Double
    /// Percent of pixels whose largest channel difference exceeds 2, 8 and 32.
    public var percentOver2: Double
    public var percentOver8: Double
    public var percentOver32: Double
    public var maximumAbsolute: Int
    /// Peak signal-to-noise ratio in dB over all channels (infinity when identical).
    public var psnr: Double

    public init(_ a: PremultipliedRGBA8Bitmap, _ b: PremultipliedRGBA8Bitmap) {
        precondition(a.width == b.width && a.height == b.height, "images differ in size")
        var sum = 0, sumSquares = 0, over2 = 0, over8 = 0, over32 = 0, maximum = 0
        for i in 0..<a.pixels.count {
            let p = a.pixels[i], q = b.pixels[i]
            var largest = 0
            for shift in stride(from: 0, to: 32, by: 8) {
                let d = abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF))
                sum += d
                sumSquares += d * d
                largest = max(largest, d)
            }
            if largest > 2 { over2 += 1 }
            if largest > 8 { over8 += 1 }
            if largest > 32 { over32 += 1 }
            maximum = max(maximum, largest)
        }
        let pixels = Double(max(a.pixels.count, 1))
        meanAbsolute = Double(sum) / (pixels * 4)
        percentOver2 = 100 * Double(over2) / pixels
        percentOver8 = 100 * Double(over8) / pixels
        percentOver32 = 100 * Double(over32) / pixels
        maximumAbsolute = maximum
        let mse = Double(sumSquares) / (pixels * 4)
        psnr = mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    public var description: String {
        String(format: "mean %.3f / %.2f%% >2 / %.3f%% >8 / %.3f%% >32 / max %d / PSNR %.2f dB",
               meanAbsolute, percentOver2, percentOver8, percentOver32, maximumAbsolute, psnr)
    }
}
