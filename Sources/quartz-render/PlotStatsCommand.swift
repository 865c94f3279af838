// `quartz-render plot-stats`: a frame-time chart of a `render --stats` file, drawn with our own renderer:
// one stacked bar per frame (the work phases evaluate, composite, convert, encode, write, bottom to top; the
// wait is not work and is not drawn), a grid line per
// millisecond step with its value in segment digits. Chart pixels: y down, time axis left to right.
import ArgumentParser
import Foundation
import OpenQuartz
import QuartzOutput

struct PlotStats: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot-stats",
        abstract: "Draw a frame-time chart (stacked phases per frame) from a --stats JSON file.",
        discussion: "Colours bottom to top: evaluate blue, composite orange, convert purple, encode green, write red. The output is not replaced unless --overwrite is given (default: refuse).")

    @Argument(help: "A statistics file written by `render --stats`.")
    var stats: String

    @Option(name: .shortAndLong, help: "The PNG to write.")
    var output: String

    @Option(parsing: .unconditional, help: "Chart size in pixels, WIDTHxHEIGHT.")
    var size: String = "800x400"

    @Flag(help: "Replace the output file if it exists (default: refuse).")
    var overwrite = false

    /// The colour of each of `FramePhase.work`, in order.
    static let phaseColors: [CGColor] = [
        CGColor(red: 0.26, green: 0.52, blue: 0.96, alpha: 1), CGColor(red: 0.98, green: 0.6, blue: 0.1, alpha: 1),
        CGColor(red: 0.6, green: 0.35, blue: 0.8, alpha: 1), CGColor(red: 0.2, green: 0.75, blue: 0.35, alpha: 1),
        CGColor(red: 0.9, green: 0.25, blue: 0.25, alpha: 1),
    ]

    @OptionGroup var logging: LoggingOptions

    func run() throws {
        try runReportingFailures(logging: logging) {
            let parts = size.lowercased().split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2, (64...8192).contains(parts[0]), (64...8192).contains(parts[1]) else {
                throw ValidationError("--size must be WIDTHxHEIGHT with each side in 64...8192, got '\(size)'")
            }
            let report = try RenderStatistics.load(stats)
            let writer = FrameFileWriter(policy: overwrite ? .overwrite : .refuse, compression: .balanced)
            try FrameFileWriter.prepareFolder(of: output)
            guard try writer.shouldWrite(output) else { return }
            _ = try writer.write(try Self.chart(report.frames, width: parts[0], height: parts[1]), to: output)
        }
    }

    /// The chart; frame timings that are negative or not finite count as zero.
    static func chart(_ frames: [FrameTiming], width: Int, height: Int) throws -> PremultipliedRGBA8Bitmap {
        let canvas = try LabelCanvas(width: width, height: height, background: CGColor(gray: 1, alpha: 1))
        let left = 60.0, right = 10.0, top = 10.0, bottom = 20.0
        let plotW = Double(width) - left - right, plotH = Double(height) - top - bottom
        func ms(_ s: Double) -> Double { s.isFinite && s > 0 ? s * 1000 : 0 }
        let totals = frames.map { f in FramePhase.work.reduce(0) { $0 + ms(f.seconds($1)) } }
        let peak = max(totals.max() ?? 0, 1e-3)
        // A "nice" grid step: 1, 2 or 5 × 10^k, about five lines.
        let raw = peak / 5, magnitude = pow(10, floor(log10(raw)))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? raw
        let top_ = (peak / step).rounded(.up) * step
        let grid = CGColor(gray: 0.85, alpha: 1), ink = CGColor(gray: 0.2, alpha: 1)
        var value = 0.0
        while value <= top_ + step / 2 {
            let y = top + plotH - value / top_ * plotH
            canvas.fill([CGRect(x: left, y: y, width: plotW, height: 1)], color: grid)
            let label = value < 1 ? String(format: "%.2f", value) : String(format: "%.0f", value)
            canvas.text(label, at: CGPoint(x: left - 8 - canvas.textWidth(label, height: 10), y: y - 5), height: 10, color: ink)
            value += step
        }
        canvas.text("ms", at: CGPoint(x: 4, y: top), height: 10, color: ink)
        let barW = frames.isEmpty ? 0 : plotW / Double(frames.count)
        for (i, frame) in frames.enumerated() {
            var y = top + plotH
            for (phase, color) in zip(FramePhase.work, phaseColors) {
                let h = ms(frame.seconds(phase)) / top_ * plotH
                canvas.fill([CGRect(x: left + Double(i) * barW, y: y - h, width: max(barW * 0.9, 1), height: h)], color: color)
                y -= h
            }
        }
        canvas.fill([CGRect(x: left, y: top + plotH, width: plotW, height: 1), CGRect(x: left - 1, y: top, width: 1, height: plotH)], color: ink)
        return canvas.bitmap
    }
}
