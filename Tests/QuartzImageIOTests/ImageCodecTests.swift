// JPEG and WebP frames (README, "The command line"; docs/cli.md, "Image formats"): WebP lossless keeps every
// straight-alpha sample; JPEG and lossy WebP stay within measured error bounds; JPEG drops alpha, which for
// premultiplied pixels is the frame over opaque black.
import Foundation
import QuartzImageIO
import QuartzRaster
import QuartzTestSupport
import Testing

@Suite struct ImageCodecTests {
    /// A 96x64 test card: smooth gradients, hard coloured edges and, when `alpha`, translucent pixels.
    static func card(alpha: Bool) -> PremultipliedRGBA8Bitmap {
        var pixels: [UInt32] = []
        for y in 0..<64 {
            for x in 0..<96 {
                let a = alpha ? UInt32((x * 255) / 95) : 255
                let r = UInt32(x * 255 / 95), g = UInt32(y * 255 / 63), b: UInt32 = (x / 12 + y / 16) % 2 == 0 ? 230 : 20
                let pr = r * a / 255, pg = g * a / 255, pb = b * a / 255
                pixels.append(pr | pg << 8 | pb << 16 | a << 24)
            }
        }
        return PremultipliedRGBA8Bitmap(width: 96, height: 64, pixels: pixels)
    }

    static func channelError(_ a: PremultipliedRGBA8Bitmap, _ b: PremultipliedRGBA8Bitmap, channels: Int) -> (max: Int, mean: Double) {
        var worst = 0, total = 0
        for (p, q) in zip(a.pixels, b.pixels) {
            for c in 0..<channels {
                let d = abs(Int((p >> UInt32(8 * c)) & 0xFF) - Int((q >> UInt32(8 * c)) & 0xFF))
                worst = max(worst, d)
                total += d
            }
        }
        return (worst, Double(total) / Double(a.pixels.count * channels))
    }

    @Test func webPLosslessKeepsEveryStraightAlphaSample() throws {
        let card = Self.card(alpha: true)
        let data = try WebPWriter.encode(card)
        #expect(data.prefix(4) == Data("RIFF".utf8) && data.dropFirst(8).prefix(4) == Data("WEBP".utf8))
        let back = try WebPReader.decode(data)
        #expect(back.width == 96 && back.height == 64)
        let expected = PremultipliedRGBA8Bitmap(width: 96, height: 64, straightRGBA8: card.straightRGBA8Bytes())
        #expect(back.pixels == expected.pixels)
    }

    /// Bounds measured on this card with libwebp 1.2 and libjpeg-turbo 2.1 (max, mean in 8-bit units).
    @Test func lossyWebPAndJPEGStayWithinTheirBounds() throws {
        let opaque = Self.card(alpha: false)
        let jpeg = try JPEGReader.decode(try JPEGWriter.encode(opaque, quality: 95))
        let jpegError = Self.channelError(jpeg, opaque, channels: 3)
        #expect(jpegError.max <= 8 && jpegError.mean <= 1.2, "JPEG q95: \(jpegError)")  // measured 5, 0.81
        #expect(jpeg.isOpaque)
        let webp = try WebPReader.decode(try WebPWriter.encode(opaque, quality: 90))
        let webpError = Self.channelError(webp, opaque, channels: 3)
        // WebP lossy halves chroma resolution, so the coloured edges cost more: measured 90, 6.39.
        #expect(webpError.max <= 110 && webpError.mean <= 8, "WebP q90: \(webpError)")
        // A higher quality is closer, and a lower one smaller.
        let small = try JPEGWriter.encode(opaque, quality: 30), large = try JPEGWriter.encode(opaque, quality: 95)
        #expect(small.count < large.count)
    }

    @Test func jpegDropsAlphaAsOverBlack() throws {
        let card = Self.card(alpha: true)
        let back = try JPEGReader.decode(try JPEGWriter.encode(card, quality: 100))
        // Over black, a premultiplied pixel's colour is its stored colour; the left column is fully transparent.
        let error = Self.channelError(back, card, channels: 3)
        #expect(error.mean <= 1.5, "\(error)")
        #expect(back.pixels[0] & 0xFF_FFFF == 0 || (back.pixels[0] & 0xFF) <= 3)
    }

    @Test func badQualityAndBadFilesAreNamedErrors() {
        let card = Self.card(alpha: false)
        #expect(throws: ImageCodecError("JPEG quality must be in 1...100, got 0")) { try JPEGWriter.encode(card, quality: 0) }
        #expect(throws: ImageCodecError("WebP quality must be in 1...100, got 101")) { try WebPWriter.encode(card, quality: 101) }
        #expect(throws: ImageCodecError.self) { try JPEGReader.decode(Data("not a jpeg".utf8)) }
        #expect(throws: ImageCodecError("not a WebP file")) { try WebPReader.decode(Data("RIFF....WEBPVP8 ".utf8)) }
        #expect(throws: ImageCodecError.self) { try JPEGWriter.encode(PremultipliedRGBA8Bitmap(width: 0, height: 0, pixels: [])) }
    }
}
