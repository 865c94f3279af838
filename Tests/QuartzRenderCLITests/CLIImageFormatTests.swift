// Frames as JPEG or WebP files, chosen by the output name (docs/cli.md, "Image formats"): WebP is lossless
// unless --quality asks for lossy; JPEG drops alpha (the frame over black) at quality 90 by default.
import Foundation
import OpenQuartz
import QuartzImageIO
import QuartzTestSupport
import Testing

@Suite struct CLIImageFormatTests {
    static let scene = fixtureScene("complete-example.json")

    static func meanError(_ a: PremultipliedRGBA8Bitmap, _ b: PremultipliedRGBA8Bitmap) -> Double {
        var total = 0
        for (p, q) in zip(a.pixels, b.pixels) {
            for c in 0..<3 { total += abs(Int((p >> UInt32(8 * c)) & 0xFF) - Int((q >> UInt32(8 * c)) & 0xFF)) }
        }
        return Double(total) / Double(a.pixels.count * 3)
    }

    @Test func jpegAndWebPFramesMatchThePNGFrames() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for output in ["f/%d.png", "f/%d.jpg", "f/%d.webp", "f/lossy-%d.webp"] {
            let extra = output.hasPrefix("f/lossy") ? ["--quality", "80"] : []
            let result = try CLI.run(["render", Self.scene, "--frames", "0,60", "--progress", "none", "-o", output] + extra, in: folder)
            #expect(result.status == 0, "\(output): \(result.stderr)")
        }
        for frame in [0, 60] {
            let png = try readPNG(folder.appendingPathComponent("f/\(frame).png").path)
            let webp = try WebPReader.decode(try Data(contentsOf: folder.appendingPathComponent("f/\(frame).webp")))
            #expect(webp.pixels == png.pixels, "frame \(frame): lossless WebP differs from the PNG")
            let jpeg = try JPEGReader.decode(try Data(contentsOf: folder.appendingPathComponent("f/\(frame).jpg")))
            #expect(jpeg.width == png.width && jpeg.height == png.height)
            #expect(Self.meanError(jpeg, png) < 1.5, "frame \(frame): JPEG mean error \(Self.meanError(jpeg, png))")
            let lossy = try Data(contentsOf: folder.appendingPathComponent("f/lossy-\(frame).webp"))
            #expect(lossy.count < (try Data(contentsOf: folder.appendingPathComponent("f/\(frame).webp"))).count)
        }
    }

    @Test func qualityIsCheckedAndOnlyForLossyFormats() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (arguments, message) in [(["--quality", "0", "-o", "f/%d.jpg"], "--quality must be in 1...100, got 0"),
                                     (["--quality", "50", "-o", "f/%d.png"], "--quality goes with .jpg or .webp frames"),
                                     (["--quality", "50", "-o", "v.mp4"], "--quality goes with .jpg or .webp frames")] {
            let result = try CLI.run(["render", Self.scene, "--frames", "0", "--progress", "none"] + arguments, in: folder)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("f").path))
    }
}
