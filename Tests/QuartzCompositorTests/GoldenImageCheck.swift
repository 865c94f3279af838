// The one golden-image comparison of the compositor tests: fixtures/golden/<folder>/<name>.png, reviewed by eye.
// Tolerance ±1 per channel: erfc/exp/atan2 from the platform's libm may differ by an ulp and move one rounding;
// goldens are opaque, so the PNG round trip is exact. OPENQUARTZ_UPDATE_GOLDENS=1 rewrites the golden (review it
// before committing). A failure writes the rendering and a diff image (white where off by more than 1) to the
// temporary directory.
import Foundation
import QuartzPNG
import QuartzRaster
import Testing
import QuartzTestSupport

enum GoldenImage {
    static func path(folder: String, _ name: String) -> String {
        fixturesDirectory.appendingPathComponent("golden/\(folder)/\(name).png").path
    }

    static func check(_ bitmap: PremultipliedRGBA8Bitmap, folder: String, _ name: String) throws {
        #expect(bitmap.isOpaque, "golden scenes are opaque")
        let path = path(folder: folder, name)
        if ProcessInfo.processInfo.environment["OPENQUARTZ_UPDATE_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try PNGWriter.write(bitmap, to: path)
            return
        }
        guard FileManager.default.fileExists(atPath: path) else {
            Issue.record("missing golden \(path); rerun with OPENQUARTZ_UPDATE_GOLDENS=1 and review it")
            return
        }
        let golden = try PNGReader.read(contentsOf: path)
        try #require(golden.width == bitmap.width && golden.height == bitmap.height)
        var worst = 0
        var diff = PremultipliedRGBA8Bitmap(width: bitmap.width, height: bitmap.height, filledWith: opaqueBlack)
        for i in bitmap.pixels.indices {
            let a = bitmap.pixels[i], b = golden.pixels[i]
            var d = 0
            for shift in stride(from: 0, to: 32, by: 8) {
                d = max(d, abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF)))
            }
            worst = max(worst, d)
            if d > 1 { diff.pixels[i] = opaqueWhite.packed }
        }
        if worst > 1 {
            let directory = NSTemporaryDirectory()
            try? PNGWriter.write(bitmap, to: directory + "/\(folder)-\(name)-actual.png")
            try? PNGWriter.write(diff, to: directory + "/\(folder)-\(name)-diff.png")
        }
        #expect(worst <= 1, "golden \(folder)/\(name) differs by \(worst); see the temporary directory for the diff")
    }
}
