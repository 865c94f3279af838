// One frame of a scene at a time: evaluate (build the tree at t, snapshot, render list) and composite
// (render list → premultiplied RGBA8 pixels). Device space: the scene's point space scaled by
// (pixelWidth / width, pixelHeight / height), origin top-left, y down. Pixels do not depend on threads.
import ArgumentParser
import Foundation
import OpenQuartz
import Synchronization

/// Output size and paint settings resolved from `--size`, `--scale`, `--background`, `--threads`.
struct FrameSettings: Sendable {
    let pixelWidth: Int
    let pixelHeight: Int
    let background: PremultipliedRGBA8?
    let threads: Int

    /// The largest side accepted (the filler's coordinate limit keeps sides well below this).
    static let maximumSide = 16384

    /// Resolves the flags; the size is checked in floating point before anything is allocated.
    static func resolve(scene: Scene, size: String?, scale: Double?, background: String?, threads: Int?) throws -> FrameSettings {
        var width = Double(scene.pixelWidth), height = Double(scene.pixelHeight)
        if let size {
            guard scale == nil else { throw ValidationError("--size and --scale cannot be combined") }
            let parts = size.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
                throw ValidationError("--size must be WIDTHxHEIGHT in pixels, e.g. 1920x1080, got '\(size)'")
            }
            width = Double(w)
            height = Double(h)
        } else if let scale {
            guard scale.isFinite, scale > 0 else { throw ValidationError("--scale must be a positive number, got \(scale)") }
            width = (Double(scene.size.width) * scale).rounded(.up)
            height = (Double(scene.size.height) * scale).rounded(.up)
        }
        let limit = Double(maximumSide)
        guard width >= 1, height >= 1, width <= limit, height <= limit, width * height <= Double(Compositor.maximumPixelCount) else {
            throw ValidationError("the output size \(Int(exactly: width).map(String.init) ?? "\(width)")x\(Int(exactly: height).map(String.init) ?? "\(height)") is not usable: each side must be in 1...\(maximumSide)")
        }
        var paint: PremultipliedRGBA8? = scene.background?.premultipliedRGBA8
        if let background { paint = try parseBackground(background) }
        return FrameSettings(pixelWidth: Int(width), pixelHeight: Int(height), background: paint, threads: try resolveThreads(threads))
    }

    /// Settings for a fixed pixel size and no background (the demo); `threads` as `--threads`.
    static func fixed(width: Int, height: Int, threads: Int?) throws -> FrameSettings {
        guard (1...maximumSide).contains(width), (1...maximumSide).contains(height) else {
            throw ValidationError("the output size \(width)x\(height) is not usable: each side must be in 1...\(maximumSide)")
        }
        return FrameSettings(pixelWidth: width, pixelHeight: height, background: nil, threads: try resolveThreads(threads))
    }

    /// `--threads`: 0 means all cores, the default too.
    private static func resolveThreads(_ threads: Int?) throws -> Int {
        let threadCount = threads ?? ProcessInfo.processInfo.activeProcessorCount
        guard (0...256).contains(threadCount) else { throw ValidationError("--threads must be in 0...256 (0 = all cores), got \(threadCount)") }
        return threadCount == 0 ? ProcessInfo.processInfo.activeProcessorCount : threadCount
    }

    /// The settings for one of `jobs` frames rendered at once: the compositing threads are divided among the
    /// jobs (at least one each). Pixels never depend on the thread count.
    func sharingThreads(amongJobs jobs: Int) -> FrameSettings {
        FrameSettings(pixelWidth: pixelWidth, pixelHeight: pixelHeight, background: background,
                      threads: max(1, threads / max(1, jobs)))
    }

    /// "transparent", "#RRGGBB" or "#RRGGBBAA" (straight alpha) → a premultiplied pixel; nil is transparent.
    static func parseBackground(_ text: String) throws -> PremultipliedRGBA8? {
        if text.lowercased() == "transparent" { return nil }
        let hex = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        guard hex.count == 6 || hex.count == 8, hex.allSatisfy(\.isHexDigit), var value = UInt32(hex, radix: 16) else {
            throw ValidationError("--background must be transparent, #RRGGBB or #RRGGBBAA, got '\(text)'")
        }
        if hex.count == 6 { value = value << 8 | 0xFF }
        let r = UInt8(value >> 24), g = UInt8(value >> 16 & 0xFF), b = UInt8(value >> 8 & 0xFF), a = UInt8(value & 0xFF)
        return PremultipliedRGBA8(straightR: r, g: g, b: b, a: a)
    }
}

/// Renders frames of one scene with fixed settings.
struct SceneFrameRenderer: Sendable {
    let scene: Scene
    let settings: FrameSettings
    /// Offscreen buffers kept from frame to frame, so a sequence allocates group surfaces once (the pool
    /// is locked; frames rendered at once with `--jobs` share it).
    let surfacePool = CompositorSurfacePool()

    /// Points → pixels.
    var deviceTransform: CATransform3D {
        CATransform3DMakeScale(Double(settings.pixelWidth) / Double(scene.size.width),
                               Double(settings.pixelHeight) / Double(scene.size.height), 1)
    }

    /// Evaluate phase: the render list of the scene at `time`.
    func evaluate(atTime time: Double) -> RenderList {
        let snapshot = scene.tree(atTime: time).snapshot()
        let builder = LayerRenderListBuilder(deviceTransform: deviceTransform, rootSpace: .superlayer)
        let list = builder.renderList(for: snapshot)
        if list.layersLeftOut > 0 { FrameLimitWarning.report(leftOut: list.layersLeftOut, time: time) }
        return list
    }

    /// Composite phase: the list's pixels over the background.
    func composite(_ list: RenderList) throws -> PremultipliedRGBA8Bitmap {
        let options = CompositorOptions(threads: settings.threads, background: settings.background)
        do {
            return try Compositor.render(list, width: settings.pixelWidth, height: settings.pixelHeight, options: options, pool: surfacePool)
        } catch {
            throw CLIFailure(.software, "rendering failed: \(error)")
        }
    }

    /// Both phases.
    func render(atTime time: Double) throws -> PremultipliedRGBA8Bitmap {
        try composite(evaluate(atTime: time))
    }
}

/// The warning for frames that passed the render-list builder's layer limit, printed once per process (every
/// frame of such a scene would repeat it).
enum FrameLimitWarning {
    private static let reported = Atomic<Bool>(false)

    static func report(leftOut: Int, time: Double) {
        guard !reported.exchange(true, ordering: .relaxed) else { return }
        cliLog.warning("""
            the frame at \(time) s enters more than \(LayerRenderListBuilder.maximumLayerVisits) layers (replicator \
            instances counted one by one); \(leftOut) layers and their sublayers are not drawn
            """)
    }
}
