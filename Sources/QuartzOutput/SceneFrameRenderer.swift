// One frame of a scene at a time: evaluate (the tree at t, kept from frame to frame, snapshot, render list) and composite
// (render list → premultiplied RGBA8 pixels). Device space: the scene's point space scaled and offset by the
// placement (`--fit`), origin top-left, y down. Pixels do not depend on threads.
import Foundation
import Logging
import OpenQuartz
import Synchronization

/// `--fit`: how a `--size` whose aspect ratio differs from the scene's is filled.
package enum FitMode: String, CaseIterable, Sendable {
    /// Scale uniformly to fit inside; the bands beside it show the background.
    case fit
    /// Scale uniformly to cover; the overflow is cropped, centred.
    case fill
    /// Scale each axis on its own (distorts).
    case stretch
}

/// Where the scene's points land in the output: pixel = point · scale + offset, per axis.
package struct ScenePlacement: Sendable, Equatable {
    package let scaleX: Double
    package let scaleY: Double
    package let offsetX: Double
    package let offsetY: Double
    /// The `--fit` mode that applied; nil when the output has the scene's aspect ratio (every mode agrees).
    package let fit: FitMode?

    /// The scene's size × scale filling the output exactly (per axis: rounding a side to whole pixels may
    /// differ by under a pixel between the axes).
    package static func exact(sceneWidth: Double, sceneHeight: Double, pixelWidth: Int, pixelHeight: Int) -> ScenePlacement {
        ScenePlacement(scaleX: Double(pixelWidth) / sceneWidth, scaleY: Double(pixelHeight) / sceneHeight, offsetX: 0, offsetY: 0, fit: nil)
    }

    /// The placement of a `sceneWidth`×`sceneHeight` point scene in a `--size` output. Sizes within a pixel of
    /// the scene's aspect ratio are exact, so they render as before `--fit` existed.
    package static func resolve(_ mode: FitMode, sceneWidth w: Double, sceneHeight h: Double, pixelWidth: Int, pixelHeight: Int) -> ScenePlacement {
        let width = Double(pixelWidth), height = Double(pixelHeight)
        let sx = width / w, sy = height / h
        let inner = min(sx, sy)
        if width - w * inner < 1 && height - h * inner < 1 {
            return exact(sceneWidth: w, sceneHeight: h, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        }
        switch mode {
        case .stretch:
            return ScenePlacement(scaleX: sx, scaleY: sy, offsetX: 0, offsetY: 0, fit: .stretch)
        case .fit, .fill:
            let s = mode == .fit ? inner : max(sx, sy)
            return ScenePlacement(scaleX: s, scaleY: s, offsetX: (width - w * s) / 2, offsetY: (height - h * s) / 2, fit: mode)
        }
    }

    /// Fit's bands exist: the drawing is clipped to the scene's bounds so they show the background only.
    package var clipsToScene: Bool { fit == .fit && (offsetX > 0 || offsetY > 0) }

    /// Points → pixels.
    package var deviceTransform: CATransform3D {
        CATransform3DConcat(CATransform3DMakeScale(scaleX, scaleY, 1), CATransform3DMakeTranslation(offsetX, offsetY, 0))
    }

    /// For the log and `info`: "scale 0.5 (the scene's aspect ratio)", "fit: scale 1, offset (50, 0), 50 px
    /// bands left and right", "fill: scale 2, offset (0, -50), 50 px cropped at the top and bottom",
    /// "stretch: scale 2 x 1 (not uniform)". Numbers rounded to 3 decimals.
    package var summary: String {
        func r(_ x: Double) -> String { roundedNumber(x) }
        let scale = r(scaleX) == r(scaleY) ? "scale \(r(scaleX))" : "scale \(r(scaleX)) x \(r(scaleY))"
        guard let fit else { return "\(scale) (the scene's aspect ratio)" }
        let offset = "offset (\(r(offsetX)), \(r(offsetY)))"
        switch fit {
        case .stretch: return "stretch: \(scale) (not uniform)"
        case .fit:
            let bands = offsetX > offsetY ? "\(r(offsetX)) px bands left and right" : "\(r(offsetY)) px bands at the top and bottom"
            return "fit: \(scale), \(offset), \(bands)"
        case .fill:
            let crop = offsetX < offsetY ? "\(r(-offsetX)) px cropped left and right" : "\(r(-offsetY)) px cropped at the top and bottom"
            return "fill: \(scale), \(offset), \(crop)"
        }
    }

    /// `info --json`'s "output" values (exact).
    package func json(width: Int, height: Int) -> [String: Any] {
        ["width": width, "height": height, "fit": fit?.rawValue ?? NSNull(),
         "scaleX": scaleX, "scaleY": scaleY, "offsetX": offsetX, "offsetY": offsetY]
    }
}

/// Output size and paint settings resolved from `--size`, `--scale`, `--fit`, `--background`, `--threads`.
package struct FrameSettings: Sendable {
    package let pixelWidth: Int
    package let pixelHeight: Int
    package let background: PremultipliedRGBA8?
    package let threads: Int
    /// Points → pixels (identity scale for fixed sizes such as the demo's).
    package var placement = ScenePlacement(scaleX: 1, scaleY: 1, offsetX: 0, offsetY: 0, fit: nil)

    /// "200x100 pixels; fit: scale 1, offset (50, 0), 50 px bands left and right" (logged as "output …").
    package var summary: String { "\(pixelWidth)x\(pixelHeight) pixels; \(placement.summary)" }

    /// The largest side accepted (the filler's coordinate limit keeps sides well below this).
    package static let maximumSide = 16384

    /// Resolves the flags; the size is checked in floating point before anything is allocated.
    package static func resolve(scene: Scene, size: String?, scale: Double?, background: String?, threads: Int?,
                        fit: FitMode? = nil) throws -> FrameSettings {
        var width = Double(scene.pixelWidth), height = Double(scene.pixelHeight)
        if let size {
            guard scale == nil else { throw FrameOutputError(.usage, "--size and --scale cannot be combined") }
            let parts = size.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
                throw FrameOutputError(.usage, "--size must be WIDTHxHEIGHT in pixels, e.g. 1920x1080, got '\(size)'")
            }
            width = Double(w)
            height = Double(h)
        } else if let scale {
            guard scale.isFinite, scale > 0 else { throw FrameOutputError(.usage, "--scale must be a positive number, got \(scale)") }
            width = (Double(scene.size.width) * scale).rounded(.up)
            height = (Double(scene.size.height) * scale).rounded(.up)
        }
        let limit = Double(maximumSide)
        guard width >= 1, height >= 1, width <= limit, height <= limit, width * height <= Double(Compositor.maximumPixelCount) else {
            throw FrameOutputError(.usage, "the output size \(Int(exactly: width).map(String.init) ?? "\(width)")x\(Int(exactly: height).map(String.init) ?? "\(height)") is not usable: each side must be in 1...\(maximumSide)")
        }
        var paint: PremultipliedRGBA8? = scene.background?.premultipliedRGBA8
        if let background { paint = try parseBackground(background) }
        let sceneWidth = Double(scene.size.width), sceneHeight = Double(scene.size.height)
        let placement = size == nil
            ? ScenePlacement.exact(sceneWidth: sceneWidth, sceneHeight: sceneHeight, pixelWidth: Int(width), pixelHeight: Int(height))
            : ScenePlacement.resolve(fit ?? .fit, sceneWidth: sceneWidth, sceneHeight: sceneHeight, pixelWidth: Int(width), pixelHeight: Int(height))
        return FrameSettings(pixelWidth: Int(width), pixelHeight: Int(height), background: paint, threads: try resolveThreads(threads),
                             placement: placement)
    }

    /// Settings for a fixed pixel size and no background (the demo); `threads` as `--threads`.
    package static func fixed(width: Int, height: Int, threads: Int?) throws -> FrameSettings {
        guard (1...maximumSide).contains(width), (1...maximumSide).contains(height) else {
            throw FrameOutputError(.usage, "the output size \(width)x\(height) is not usable: each side must be in 1...\(maximumSide)")
        }
        return FrameSettings(pixelWidth: width, pixelHeight: height, background: nil, threads: try resolveThreads(threads))
    }

    /// `--threads`: 0 means all cores, the default too.
    private static func resolveThreads(_ threads: Int?) throws -> Int {
        let threadCount = threads ?? ProcessInfo.processInfo.activeProcessorCount
        guard (0...256).contains(threadCount) else { throw FrameOutputError(.usage, "--threads must be in 0...256 (0 = all cores), got \(threadCount)") }
        return threadCount == 0 ? ProcessInfo.processInfo.activeProcessorCount : threadCount
    }

    /// The settings for one of `jobs` frames rendered at once: the compositing threads are divided among the
    /// jobs (at least one each). Pixels never depend on the thread count.
    package func sharingThreads(amongJobs jobs: Int) -> FrameSettings {
        FrameSettings(pixelWidth: pixelWidth, pixelHeight: pixelHeight, background: background,
                      threads: max(1, threads / max(1, jobs)), placement: placement)
    }

    /// "transparent", "#RRGGBB" or "#RRGGBBAA" (straight alpha) → a premultiplied pixel; nil is transparent.
    package static func parseBackground(_ text: String) throws -> PremultipliedRGBA8? {
        if text.lowercased() == "transparent" { return nil }
        let hex = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        guard hex.count == 6 || hex.count == 8, hex.allSatisfy(\.isHexDigit), var value = UInt32(hex, radix: 16) else {
            throw FrameOutputError(.usage, "--background must be transparent, #RRGGBB or #RRGGBBAA, got '\(text)'")
        }
        if hex.count == 6 { value = value << 8 | 0xFF }
        let r = UInt8(value >> 24), g = UInt8(value >> 16 & 0xFF), b = UInt8(value >> 8 & 0xFF), a = UInt8(value & 0xFF)
        return PremultipliedRGBA8(straightR: r, g: g, b: b, a: a)
    }
}

/// Renders frames of one scene with fixed settings.
package struct SceneFrameRenderer: Sendable {
    package let scene: Scene
    package let settings: FrameSettings

    package init(scene: Scene, settings: FrameSettings) {
        self.scene = scene
        self.settings = settings
    }
    /// Offscreen buffers kept from frame to frame, so a sequence allocates group surfaces once (the pool
    /// is locked; frames rendered at once with `--jobs` share it).
    package let surfacePool = CompositorSurfacePool()
    /// Layer trees kept from frame to frame (one per scripted change, per frame in flight).
    package let trees = SceneTreeReuse()

    /// Points → pixels.
    package var deviceTransform: CATransform3D { settings.placement.deviceTransform }

    /// Evaluate phase: the render list of the scene at `time`; with fit's bands, clipped to the scene's bounds
    /// (a clip-only group: coverage on each item, no offscreen), so content outside them does not reach the bands.
    package func evaluate(atTime time: Double) -> RenderList {
        let snapshot = trees.snapshot(of: scene, atTime: time)
        let builder = LayerRenderListBuilder(deviceTransform: deviceTransform, rootSpace: .superlayer)
        var list = builder.renderList(for: snapshot)
        if list.layersLeftOut > 0 { FrameLimitWarning.report(leftOut: list.layersLeftOut, time: time) }
        if settings.placement.clipsToScene {
            let clip = RenderClip(transform: deviceTransform, shape: RenderRoundedRect(rect: CGRect(origin: .zero, size: scene.size)))
            list = RenderList([.group(RenderGroup(children: list.nodes, clip: clip))], layersLeftOut: list.layersLeftOut)
        }
        return list
    }

    /// Composite phase: the list's pixels over the background.
    package func composite(_ list: RenderList) throws -> PremultipliedRGBA8Bitmap {
        let options = CompositorOptions(threads: settings.threads, background: settings.background)
        do {
            return try Compositor.render(list, width: settings.pixelWidth, height: settings.pixelHeight, options: options, pool: surfacePool)
        } catch {
            throw FrameOutputError(.software, "rendering failed: \(error)")
        }
    }

    /// Both phases.
    package func render(atTime time: Double) throws -> PremultipliedRGBA8Bitmap {
        try composite(evaluate(atTime: time))
    }
}

/// The warning for frames that passed the render-list builder's layer limit, printed once per process (every
/// frame of such a scene would repeat it).
package enum FrameLimitWarning {
    private static let reported = Atomic<Bool>(false)

    package static func report(leftOut: Int, time: Double) {
        guard !reported.exchange(true, ordering: .relaxed) else { return }
        outputLog.warning("""
            the frame at \(String(format: "%.3f", time)) s enters more than \(LayerRenderListBuilder.maximumLayerVisits) layers (replicator \
            instances counted one by one); \(leftOut) layers and their sublayers are not drawn
            """)
    }
}
