// `--fit fit|fill|stretch` (docs/cli.md, "Output size and fit"): a square scene rendered into 200x100 pixels.
// fit leaves 50-pixel side bands of the background (clipped: layers outside the scene do not reach them), fill
// crops the top and bottom quarter, stretch distorts; every pixel is checked. Sizes of the scene's aspect ratio
// render as before, and the log and `info` state the placement.
import Foundation
import OpenQuartz
import Testing

@Suite struct CLIFitTests {
    /// 100x100 points on blue: red rows 0..<25, green 25..<75, yellow 75..<100, and magenta layers just
    /// outside the left and right edges that only a missing clip would show.
    static let scene = #"""
    {"version": 1, "width": 100, "height": 100, "duration": 1, "background": "#0000FF",
     "layers": [
      {"frame": [0, 0, 100, 25], "backgroundColor": "#FF0000"},
      {"frame": [0, 25, 100, 50], "backgroundColor": "#00FF00"},
      {"frame": [0, 75, 100, 25], "backgroundColor": "#FFFF00"},
      {"frame": [-50, 0, 50, 100], "backgroundColor": "#FF00FF"},
      {"frame": [100, 0, 50, 100], "backgroundColor": "#FF00FF"}]}
    """#

    static let red = PremultipliedRGBA8(packed: 0xFF00_00FF), green = PremultipliedRGBA8(packed: 0xFF00_FF00)
    static let yellow = PremultipliedRGBA8(packed: 0xFF00_FFFF), blue = PremultipliedRGBA8(packed: 0xFFFF_0000)
    static let transparent = PremultipliedRGBA8(packed: 0)

    /// The scene's colour at point row `y` (0..<100).
    static func band(_ y: Double) -> PremultipliedRGBA8 { y < 25 ? red : y < 75 ? green : yellow }

    func render(_ flags: [String], in folder: URL, name: String) throws -> (PremultipliedRGBA8Bitmap, String) {
        let result = try CLI.run(["render", "square.json", "--frames", "0", "--threads", "1", "--progress", "none", "-o", name] + flags, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        return (try readPNG(folder.appendingPathComponent(name).path), result.stderr)
    }

    /// Pixels that differ from `expected(x, y)`.
    func mismatches(_ image: PremultipliedRGBA8Bitmap, _ expected: (Int, Int) -> PremultipliedRGBA8) -> Int {
        var count = 0
        for y in 0..<image.height { for x in 0..<image.width where image[x, y] != expected(x, y) { count += 1 } }
        return count
    }

    @Test func fitLetterboxesWithTheBackgroundAndClipsToTheScene() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.scene.utf8).write(to: folder.appendingPathComponent("square.json"))
        // Default --fit is fit: scale 1, the scene in columns 50..<150, blue bands beside it.
        let (image, log) = try render(["--size", "200x100"], in: folder, name: "fit.png")
        #expect(image.width == 200 && image.height == 100)
        #expect(mismatches(image) { x, y in (50..<150).contains(x) ? Self.band(Double(y)) : Self.blue } == 0)
        #expect(log.contains("quartz-render: info: output 200x100 pixels; fit: scale 1, offset (50, 0), 50 px bands left and right\n"), "\(log)")
        let (explicit, _) = try render(["--size", "200x100", "--fit", "fit"], in: folder, name: "fit2.png")
        #expect(pixelHash(explicit) == pixelHash(image))
        // Without a background the bands are transparent.
        let (clear, _) = try render(["--size", "200x100", "--background", "transparent"], in: folder, name: "clear.png")
        #expect(mismatches(clear) { x, y in (50..<150).contains(x) ? Self.band(Double(y)) : Self.transparent } == 0)
        // A tall output: bands at the top and bottom.
        let (tall, tallLog) = try render(["--size", "100x200"], in: folder, name: "tall.png")
        #expect(mismatches(tall) { _, y in (50..<150).contains(y) ? Self.band(Double(y - 50)) : Self.blue } == 0)
        #expect(tallLog.contains("output 100x200 pixels; fit: scale 1, offset (0, 50), 50 px bands at the top and bottom\n"), "\(tallLog)")
    }

    @Test func fillCropsCentredAndStretchDistorts() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.scene.utf8).write(to: folder.appendingPathComponent("square.json"))
        // fill: scale 2, scene rows 25..<75 (green) cover the output; red and yellow are cropped.
        let (fill, fillLog) = try render(["--size", "200x100", "--fit", "fill"], in: folder, name: "fill.png")
        #expect(mismatches(fill) { _, _ in Self.green } == 0)
        #expect(fillLog.contains("output 200x100 pixels; fill: scale 2, offset (0, -50), 50 px cropped at the top and bottom\n"), "\(fillLog)")
        // stretch: x scaled by 2, y by 1; the bands are the scene's rows across the full width.
        let (stretch, stretchLog) = try render(["--size", "200x100", "--fit", "stretch"], in: folder, name: "stretch.png")
        #expect(mismatches(stretch) { _, y in Self.band(Double(y)) } == 0)
        #expect(stretchLog.contains("output 200x100 pixels; stretch: scale 2 x 1 (not uniform)\n"), "\(stretchLog)")
    }

    @Test func theSceneAspectRatioRendersAsBeforeWhateverTheMode() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.scene.utf8).write(to: folder.appendingPathComponent("square.json"))
        let (scaled, log) = try render(["--scale", "0.5"], in: folder, name: "scaled.png")
        #expect(log.contains("quartz-render: info: output 50x50 pixels; scale 0.5 (the scene's aspect ratio)\n"), "\(log)")
        for mode in ["fit", "fill", "stretch"] {
            let (sized, _) = try render(["--size", "50x50", "--fit", mode], in: folder, name: "\(mode).png")
            #expect(pixelHash(sized) == pixelHash(scaled), "\(mode)")
        }
    }

    @Test func infoReportsThePlacement() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.scene.utf8).write(to: folder.appendingPathComponent("square.json"))
        let text = try CLI.run(["info", "square.json", "--size", "200x100", "--fit", "fill"], in: folder)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.split(separator: "\n").contains("output: 200x100 pixels; fill: scale 2, offset (0, -50), 50 px cropped at the top and bottom"),
                "\(text.stdout)")
        let plain = try CLI.run(["info", "square.json"], in: folder)
        #expect(plain.stdout.split(separator: "\n").contains("output: 100x100 pixels; scale 1 (the scene's aspect ratio)"), "\(plain.stdout)")
        let json = try CLI.run(["info", "square.json", "--json", "--size", "200x100"], in: folder)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let output = try #require(object["output"] as? [String: Any])
        #expect(output["fit"] as? String == "fit" && output["width"] as? Int == 200 && output["height"] as? Int == 100)
        #expect(output["scaleX"] as? Double == 1 && output["scaleY"] as? Double == 1)
        #expect(output["offsetX"] as? Double == 50 && output["offsetY"] as? Double == 0)
        let exact = try CLI.run(["info", "square.json", "--json"], in: folder)
        let exactOutput = try #require((try JSONSerialization.jsonObject(with: Data(exact.stdout.utf8)) as? [String: Any])?["output"] as? [String: Any])
        #expect(exactOutput["fit"] is NSNull)
        let bad = try CLI.run(["render", "square.json", "--size", "200x100", "--fit", "crop", "-o", "x.png"], in: folder)
        #expect(bad.status == 64 && bad.stderr.contains("--fit"), "\(bad.stderr)")
    }
}
