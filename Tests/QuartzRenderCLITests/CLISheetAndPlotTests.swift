// `contact-sheet` and `plot-stats` ("a grid of frames with their times"; "plot-stats draws a
// frame-time chart with our own renderer"). Layout sizes follow from the documented cell arithmetic.
import Foundation
import OpenQuartz
import Testing
import QuartzTestSupport

@Suite struct CLISheetAndPlotTests {
    @Test func contactSheetHoldsTheRenderedFramesInAGrid() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = fixtureScene("ship-on-path.json")  // 400 × 400 points, 150 frames
        let sheet = try CLI.run(["contact-sheet", scene, "--frames", "10..<15", "--columns", "3", "--cell-width", "64", "-o", "sheet.png"], in: folder)
        #expect(sheet.status == 0, "\(sheet.stderr)")
        let frame = try CLI.run(["render", scene, "--frames", "14", "--size", "64x64", "--progress", "none", "-o", "f%d.png"], in: folder)
        #expect(frame.status == 0, "\(frame.stderr)")
        let image = try readPNG(folder.appendingPathComponent("sheet.png").path)
        // Cells: 64 px frame + 8 px gap wide; 64 + label 14 + gap 8 + 4 tall; 3 columns, 2 rows, 8 px margin.
        #expect(image.width == 8 + 3 * 72)
        #expect(image.height == 8 + 2 * 90)
        // Frame 14 is the fifth cell: column 1, row 1, at (8 + 72, 8 + 90); copied pixel for pixel (opaque frame).
        let single = try readPNG(folder.appendingPathComponent("f14.png").path)
        var mismatches = 0
        for y in 0..<64 { for x in 0..<64 where image[80 + x, 98 + y] != single[x, y] { mismatches += 1 } }
        #expect(mismatches == 0)
        // The label strip under a cell carries text: DejaVu Sans outlines, so anti-aliased edge pixels between
        // the background's grey (31) and the ink's (217) as well as full ink; no font substitution is reported.
        let background = image[2, 2]
        var ink = 0, edges = 0
        for y in 76..<86 {
            for x in 8..<72 where image[x, y] != background {
                ink += 1
                if image[x, y].r > background.r + 8 && image[x, y].r < 209 { edges += 1 }
            }
        }
        #expect(ink > 20 && edges > 10)
        #expect(!sheet.stderr.contains("not installed"), "\(sheet.stderr)")
        let refused = try CLI.run(["contact-sheet", scene, "--count", "2", "-o", "sheet.png"], in: folder)
        #expect(refused.status == 73)
    }

    @Test func plotStatsDrawsStackedPhaseBars() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Two frames of 10 ms evaluate and nothing else: peak 10 ms, grid step 2 ms, axis top 10 ms, so each
        // bar fills the plot height (rows 10..<380 of a 400-pixel chart).
        let stats = #"""
        {"scene": "x", "width": 1, "height": 1, "framesRendered": 2, "framesSkipped": 0, "threads": 1, "wallSeconds": 0.02,
         "phases": {}, "frames": [
          {"frame": 0, "time": 0, "evaluate": 0.01, "composite": 0, "encode": 0, "write": 0},
          {"frame": 1, "time": 0.1, "evaluate": 0.01, "composite": 0, "encode": 0, "write": 0}]}
        """#
        try Data(stats.utf8).write(to: folder.appendingPathComponent("s.json"))
        let result = try CLI.run(["plot-stats", "s.json", "--size", "800x400", "-o", "plot.png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let image = try readPNG(folder.appendingPathComponent("plot.png").path)
        #expect(image.width == 800 && image.height == 400)
        let evaluateBlue = CGColor(red: 0.26, green: 0.52, blue: 0.96, alpha: 1).premultipliedRGBA8
        #expect(image[200, 200] == evaluateBlue)
        #expect(image[200, 20] == evaluateBlue)
        #expect(image[600, 370] == evaluateBlue)
        #expect(image[200, 5] == PremultipliedRGBA8(packed: 0xFFFF_FFFF))
        try Data("{}".utf8).write(to: folder.appendingPathComponent("bad.json"))
        let bad = try CLI.run(["plot-stats", "bad.json", "-o", "bad.png"], in: folder)
        #expect(bad.status == 65)
    }
}
