// A dash pattern too fine to lay out (more than 2^20 dashes on a subpath) is drawn undashed, and said so
// once on stderr, rather than changing the frame silently (PathDashLimitReport).
import Foundation
import OpenQuartz
import Testing

@Suite struct CLIDashLimitTests {
    /// A 16-point line dashed every 10⁻⁶ point would make 8 million dashes: the line is drawn solid, the
    /// render succeeds, and stderr says why once, however many frames hit the limit.
    @Test func aTooFineDashPatternIsDrawnUndashedAndReported() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = """
            {"version": 1, "width": 16, "height": 16, "duration": 3, "frameRate": 1, "layers": [
              {"class": "shape", "frame": [0, 0, 16, 16], "path": "M0 8 L16 8", "strokeColor": "#000000",
               "lineWidth": 2, "lineDashPattern": [0.000001]}]}
            """
        try scene.write(to: folder.appendingPathComponent("dashes.json"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["render", "dashes.json", "-o", "f/%d.png", "--progress", "none"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let reports = result.stderr.components(separatedBy: "the stroke is drawn undashed").count - 1
        #expect(reports == 1, "\(result.stderr)")
        #expect(result.stderr.contains("more than 1048576 dashes"))
        // Solid: the line covers every pixel of its rows, not about half of them.
        let frame = try readPNG(folder.appendingPathComponent("f/0.png").path)
        #expect((0..<16).allSatisfy { frame[$0, 7].a == 255 && frame[$0, 8].a == 255 })
    }
}
