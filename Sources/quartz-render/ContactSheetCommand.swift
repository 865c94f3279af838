// `quartz-render contact-sheet`: a grid of frames, each labelled with its frame index and then its time in seconds
// in built-in segment glyphs. Sheet pixels: y down, cells left to right then top to bottom. `--count N` picks N
// frames evenly spaced over the selection, its first and last included; without it, an explicit selection
// shows every selected frame and the whole scene shows 12.
import ArgumentParser
import Foundation
import OpenQuartz
import QuartzOutput

struct ContactSheet: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contact-sheet",
        abstract: "Render a grid of frames labelled with their index and time to one PNG.",
        discussion: """
            --count N picks N frames evenly spaced over the selection (--frames and --every-nth-frame, default the \
            whole scene), its first and last frame included; with fewer frames selected, all of them. Without \
            --count: every selected frame with --frames or --every-nth-frame, else 12 frames over the scene. \
            The output is not replaced unless --overwrite is given (default: refuse).
            """)

    @OptionGroup var selection: SceneFrameOptions

    @Option(parsing: .unconditional, help: "Frames picked evenly over the selection, first and last included, 1...400 (default: 12 over the whole scene; every selected frame with --frames).")
    var count: Int?

    @Option(parsing: .unconditional, help: "Columns of the grid (default: about the square root of the frame count).")
    var columns: Int?

    @Option(parsing: .unconditional, help: "Width of each cell's frame in pixels when neither --size nor --scale is given.")
    var cellWidth: Int = 240

    @Option(name: .shortAndLong, help: "The PNG to write.")
    var output: String

    @Flag(help: "Replace the output file if it exists (default: refuse).")
    var overwrite = false

    static let maximumCells = 400

    @OptionGroup var logging: LoggingOptions

    func run() throws {
        try runReportingFailures(logging: logging) {
            if let count, !(1...Self.maximumCells).contains(count) {
                throw ValidationError("--count must be in 1...\(Self.maximumCells), got \(count)")
            }
            if count != nil && selection.time != nil { throw ValidationError("--count goes with --frames (or the whole scene), not --time") }
            guard (16...4096).contains(cellWidth) else { throw ValidationError("--cell-width must be in 16...4096") }
            try OutputExtension.check(output, videoAllowed: false)
            let scene = try loadScene(at: selection.scene, strict: selection.strict, lottieMotion: selection.lottieMotion.timing)
            let plan = try selection.plan(scene: scene)
            let explicit = selection.frames != nil || selection.everyNthFrame != nil
            let selected = plan.frames.count
            let wanted = count ?? (explicit || selection.time != nil ? selected : 12)
            guard wanted <= Self.maximumCells else {
                throw ValidationError("""
                    a contact sheet holds at most \(Self.maximumCells) frames; \(selected) selected: \
                    pass --count N to pick N of them evenly
                    """)
            }
            let indices = Self.evenlySpaced(wanted, of: plan.frames)
            guard !indices.isEmpty else { throw ValidationError("no frames selected") }
            let how = indices.count == selected ? "every selected frame" : "evenly spaced over the \(selected) selected"
            cliLog.info("contact sheet of \(indices.count) frames (\(how)): \(Self.list(indices))")
            var size = selection.size
            if size == nil && selection.scale == nil {
                let height = max(1, Int((Double(cellWidth) * Double(scene.size.height) / Double(scene.size.width)).rounded()))
                size = "\(cellWidth)x\(height)"
            }
            let settings = try selection.settings(scene: scene, size: size)
            let writer = FrameFileWriter(policy: overwrite ? .overwrite : .refuse, compression: .balanced)
            try FrameFileWriter.prepareFolder(of: output)
            guard try writer.shouldWrite(output) else { return }
            let renderer = SceneFrameRenderer(scene: scene, settings: settings)
            let sheet = try Self.compose(settings: settings, indices: indices, plan: plan,
                                         columns: columns ?? Int(Double(indices.count).squareRoot().rounded(.up)),
                                         render: renderer.render(atTime:))
            _ = try writer.write(sheet, to: output)
        }
    }

    /// `n` frames of `frames` at evenly spaced positions ⌊k·(count−1)/(n−1)⌋, the first and last included; all
    /// of them when `n` ≥ their count.
    static func evenlySpaced(_ n: Int, of frames: FrameSequence) -> [Int] {
        let total = frames.count, picked = min(n, total)
        guard picked > 1 else { return picked == 1 ? [frames.frame(at: 0)] : [] }
        return (0..<picked).map { frames.frame(at: $0 * (total - 1) / (picked - 1)) }
    }

    /// "0, 21, 43" (the first 10 and the last 10 when longer).
    static func list(_ frames: [Int]) -> String {
        let shown = frames.count <= 20 ? frames.map(String.init) : frames.prefix(10).map(String.init) + ["…"] + frames.suffix(10).map(String.init)
        return shown.joined(separator: ", ")
    }

    /// Lays out and draws the sheet; `render` gives the frame at a time, `settings.pixelWidth` × `pixelHeight`.
    static func compose(settings: FrameSettings, indices: [Int], plan: FramePlan, columns requested: Int,
                        render: (Double) throws -> PremultipliedRGBA8Bitmap) throws -> PremultipliedRGBA8Bitmap {
        let columns = max(1, min(requested, indices.count))
        let rows = (indices.count + columns - 1) / columns
        let gap = 8, labelHeight = max(14, min(32, settings.pixelWidth / 12))
        let cellW = settings.pixelWidth + gap, cellH = settings.pixelHeight + labelHeight + gap + 4
        let width = gap + columns * cellW, height = gap + rows * cellH
        guard Double(width) * Double(height) <= Double(CGContext.maximumPixelCount) else {
            throw ValidationError("the sheet would be \(width)x\(height) pixels; use fewer frames or a smaller --cell-width")
        }
        let canvas = try LabelCanvas(width: width, height: height, background: CGColor(gray: 0.12, alpha: 1))
        let ink = CGColor(gray: 0.85, alpha: 1), cellBackground = CGColor(gray: 0.25, alpha: 1)
        for (n, index) in indices.enumerated() {
            let x = gap + (n % columns) * cellW, y = gap + (n / columns) * cellH
            let frameRect = CGRect(x: x, y: y, width: settings.pixelWidth, height: settings.pixelHeight)
            canvas.fill([frameRect], color: cellBackground)
            let time = plan.time(ofFrame: index)
            canvas.draw(try render(time), in: frameRect)
            let label = "\(index)  " + String(format: "%.3f", time)  // frame index, then seconds
            canvas.text(label, at: CGPoint(x: x, y: y + settings.pixelHeight + 4), height: Double(labelHeight - 4), color: ink)
        }
        return canvas.bitmap
    }
}
