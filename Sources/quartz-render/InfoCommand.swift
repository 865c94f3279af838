// `quartz-render info`: what a scene declares (size, duration, frame rate, frame count, layer and
// animation counts), what loading found (warnings, unsupported features), and where the scene lands in the
// output that `--size`, `--scale` and `--fit` would give a render, as text or sorted JSON on stdout.
import ArgumentParser
import Foundation
import OpenQuartz
import QuartzOutput

struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Describe a scene: size, duration, frame rate, frame count, counts and warnings.",
        discussion: "Exit codes: 0 ok, 64 usage, 65 invalid scene (every error with its JSON path), 66 missing scene.")

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @Flag(help: "Print JSON (sorted keys) instead of text.")
    var json = false

    @Flag(help: "Treat unknown keys in the scene, and animations the engine cannot apply in full, as errors.")
    var strict = false

    @Option(parsing: .unconditional, help: "Report the output a render with this --size (WIDTHxHEIGHT) would have: its scale and offset under --fit.")
    var size: String?

    @Option(parsing: .unconditional, help: "Report the output a render with this --scale would have.")
    var scale: Double?

    @Option(help: "With --size: fit, fill or stretch, as for render (default: fit).")
    var fit: FitMode?

    @OptionGroup var logging: LoggingOptions

    func run() throws {
        try runReportingFailures(logging: logging) {
            let loaded = try loadScene(at: scene, strict: strict)
            let settings = try FrameSettings.resolve(scene: loaded, size: size, scale: scale, background: nil, threads: 1, fit: fit)
            let output = json ? try Self.json(loaded, output: settings) : Self.text(loaded, output: settings)
            print(output)
        }
    }

    static func fields(_ s: Scene, output: FrameSettings) -> [String: Any] {
        [
            "output": output.placement.json(width: output.pixelWidth, height: output.pixelHeight),
            "width": Double(s.size.width), "height": Double(s.size.height), "scale": s.scale,
            "pixelWidth": s.pixelWidth, "pixelHeight": s.pixelHeight,
            "start": s.start, "duration": s.duration, "frameRate": s.frameRate.description,
            "framesPerSecond": s.frameRate.framesPerSecond, "frameCount": s.frameCount,
            "layers": s.counts.layers, "animations": s.counts.animations,
            "scriptedChanges": s.counts.scriptedChanges, "images": s.counts.images,
            "warnings": s.warnings.map(\.description), "unsupportedFeatures": s.unsupportedFeatures,
            "fonts": s.fonts.map { ["requested": $0.requested, "family": $0.family, "style": $0.style, "path": $0.path,
                                    "substituted": $0.isSubstitution] as [String: Any] },
        ]
    }

    static func json(_ s: Scene, output: FrameSettings) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: fields(s, output: output), options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    static func text(_ s: Scene, output: FrameSettings) -> String {
        func number(_ x: Double) -> String { x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x) }
        var lines = [
            "size: \(number(Double(s.size.width)))x\(number(Double(s.size.height))) points, scale \(number(s.scale)) → \(s.pixelWidth)x\(s.pixelHeight) pixels",
            "output: \(output.summary)",
            "duration: \(number(s.duration)) s from \(number(s.start)) s",
            "frame rate: \(s.frameRate) fps",
            "frames: \(s.frameCount) (0..<\(s.frameCount))",
            "layers: \(s.counts.layers)",
            "animations: \(s.counts.animations)",
            "scripted changes: \(s.counts.scriptedChanges)",
            "images: \(s.counts.images)",
            "warnings: \(s.warnings.count)",
        ]
        lines += s.warnings.map { "  \($0)" }
        if !s.fonts.isEmpty {
            lines.append("fonts: \(s.fonts.count)")
            lines += s.fonts.map { "  \($0)" }
        }
        if !s.unsupportedFeatures.isEmpty { lines.append("unsupported features: " + s.unsupportedFeatures.joined(separator: ", ")) }
        return lines.joined(separator: "\n")
    }
}
