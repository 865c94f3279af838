// Wide box shadows are shaded from exact coverages sampled every σ/8 and interpolated bilinearly
// (PaintBlurredRoundedRectSamples): the bound stated there (a quarter of an 8-bit step) means every pixel's
// 8-bit coverage is the exact one's or one step from it; spans split anywhere give the same bytes; the grid
// moves with the shape, so shapes of one size share it wherever they lie; pixels skipped as invisible are 0.
import Foundation
import QuartzMath
import Testing
@testable import QuartzRaster

@Suite struct PaintBlurredRoundedRectSamplesTests {
    /// Exact 8-bit coverage at a pixel centre.
    static func exact(_ shape: PaintBlurredRoundedRect, _ x: Int, _ y: Int) -> Int {
        Int((shape.coverage(x: Double(x) + 0.5, y: Double(y) + 0.5) * 255).rounded())
    }

    @Test(arguments: [(8.0, 4.0, 1), (20.0, 12.0, 1), (100.0, 12.0, 7)])
    func sampledCoverageIsWithinOneStepOfExact(sigma: Double, radius: Double, every: Int) throws {
        let rect = CGRect(x: 3 * sigma + 0.3, y: 3 * sigma + 0.7, width: 4 * sigma, height: 2.5 * sigma)
        let shape = PaintBlurredRoundedRect(rect: rect, cornerRadius: radius, sigma: sigma)
        let reach = Int((3 * sigma).rounded(.up))
        let bounds = FillPixelBounds(minX: 0, minY: 0, maxX: Int(rect.maxX) + reach, maxY: Int(rect.maxY) + reach)
        let samples = try #require(PaintBlurredRoundedRectSamples(shape: shape, bounds: bounds))
        var row = [UInt8](repeating: 0, count: bounds.width)
        var worst = 0, differing = 0, compared = 0
        for y in stride(from: 0, to: bounds.height, by: every) {
            row.withUnsafeMutableBufferPointer { samples.coverageRow(x: 0, y: y, count: bounds.width, into: $0.baseAddress!) }
            for x in stride(from: 0, to: bounds.width, by: every) {
                let d = abs(Int(row[x]) - Self.exact(shape, x, y))
                worst = max(worst, d)
                if d != 0 { differing += 1 }
                compared += 1
            }
        }
        #expect(worst <= 1, "σ \(sigma): worst \(worst) steps")
        #expect(Double(differing) <= 0.05 * Double(compared), "σ \(sigma): \(differing) of \(compared) pixels off by one")
    }

    /// The same row computed as one span or cut into pieces anywhere gives the same bytes (tiles and
    /// threads cut spans differently).
    @Test func spansCutAnywhereGiveTheSameBytes() throws {
        let shape = PaintBlurredRoundedRect(rect: CGRect(x: 60, y: 50, width: 90, height: 70), cornerRadius: 10, sigma: 17)
        let bounds = FillPixelBounds(minX: 5, minY: 0, maxX: 210, maxY: 180)
        let samples = try #require(PaintBlurredRoundedRectSamples(shape: shape, bounds: bounds))
        func row(_ x: Int, _ y: Int, _ count: Int) -> [UInt8] {
            var out = [UInt8](repeating: 0, count: count)
            out.withUnsafeMutableBufferPointer { samples.coverageRow(x: x, y: y, count: count, into: $0.baseAddress!) }
            return out
        }
        for y in [0, 37, 88, 179] {
            let whole = row(5, y, 205)
            var pieces: [UInt8] = []
            var x = 5
            for length in [1, 13, 64, 3, 77, 47] {
                pieces += row(x, y, length)
                x += length
            }
            #expect(pieces == whole, "row \(y)")
        }
        // A narrow blur is evaluated exactly: no samples.
        let narrow = PaintBlurredRoundedRect(rect: CGRect(x: 10, y: 10, width: 20, height: 20), cornerRadius: 3, sigma: 4)
        #expect(PaintBlurredRoundedRectSamples(shape: narrow, bounds: bounds) == nil)
    }

    /// The grid depends on size, corner radius and σ only: a shape moved by any amount, fractions of a pixel
    /// included, has the same key and the same values, and its pixels are still within one step of exact.
    @Test func translatedShapesShareOneGrid() throws {
        let sigma = 24.0
        let first = PaintBlurredRoundedRect(rect: CGRect(x: 80, y: 90, width: 60, height: 40), cornerRadius: 9, sigma: sigma)
        let moved = PaintBlurredRoundedRect(rect: CGRect(x: 93.37, y: 71.81, width: 60, height: 40), cornerRadius: 9, sigma: sigma)
        #expect(PaintBlurredRoundedRectGrid.Key(first) == PaintBlurredRoundedRectGrid.Key(moved))
        let grid = PaintBlurredRoundedRectGrid(shape: first)
        #expect(PaintBlurredRoundedRectGrid(shape: moved).values == grid.values)
        let resized = PaintBlurredRoundedRect(rect: CGRect(x: 80, y: 90, width: 60.5, height: 40), cornerRadius: 9, sigma: sigma)
        #expect(PaintBlurredRoundedRectGrid.Key(first) != PaintBlurredRoundedRectGrid.Key(resized))

        let bounds = FillPixelBounds(minX: 0, minY: 0, maxX: 240, maxY: 200)
        let samples = try #require(PaintBlurredRoundedRectSamples(shape: moved, bounds: bounds, grid: grid))
        var row = [UInt8](repeating: 0, count: bounds.width)
        var worst = 0
        for y in stride(from: 0, to: bounds.height, by: 3) {
            row.withUnsafeMutableBufferPointer { samples.coverageRow(x: 0, y: y, count: bounds.width, into: $0.baseAddress!) }
            for x in 0..<bounds.width { worst = max(worst, abs(Int(row[x]) - Self.exact(moved, x, y))) }
        }
        #expect(worst <= 1, "worst \(worst) steps")
    }

    /// The columns left out of a row's spans have coverage 0; the ones kept include every non-zero pixel, and
    /// beyond 3σ of the shape (past the grid) coverage is 0 as the exact value rounds.
    @Test func columnsLeftOutHaveCoverageZero() throws {
        let shape = PaintBlurredRoundedRect(rect: CGRect(x: 150.4, y: 120.6, width: 70, height: 30), cornerRadius: 12, sigma: 30)
        let bounds = FillPixelBounds(minX: 0, minY: 0, maxX: 400, maxY: 300)
        let samples = try #require(PaintBlurredRoundedRectSamples(shape: shape, bounds: bounds))
        var row = [UInt8](repeating: 0, count: bounds.width)
        var kept = 0
        for y in 0..<bounds.height {
            row.withUnsafeMutableBufferPointer { samples.coverageRow(x: 0, y: y, count: bounds.width, into: $0.baseAddress!) }
            let visible = samples.visibleColumns(y: y, x: 0, count: bounds.width)
            kept += visible.count
            for x in 0..<bounds.width where !visible.contains(x) {
                #expect(row[x] == 0, "(\(x), \(y)) left out with coverage \(row[x])")
                #expect(Self.exact(shape, x, y) == 0, "(\(x), \(y)) exact \(Self.exact(shape, x, y))")
            }
            // A part of a row asks for its own columns only.
            let part = samples.visibleColumns(y: y, x: 170, count: 50)
            #expect(part.isEmpty || (part.lowerBound >= 170 && part.upperBound <= 220))
        }
        // Far fewer pixels than the bounds are visited: the rounded far corners are skipped.
        #expect(kept < bounds.width * bounds.height * 3 / 4 && kept > 0)
    }
}

