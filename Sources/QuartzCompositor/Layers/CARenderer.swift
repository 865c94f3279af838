// Apple's offscreen layer renderer, over a bitmap instead of an OpenGL/Metal target.
//
// Spaces: `bounds` is a rectangle of the root layer's superlayer space (the root is placed by its own
// position, transform and zPosition, spec §9.3); it maps onto the image with its origin at the top-left
// pixel, `scale` pixels per point, y down. Frames: `beginFrame(atTime:)` ends the headless run-loop turn (the
// implicit transaction commits, due callbacks fire) and fixes the frame's media time t; `render()` draws the
// committed tree's presentation at t. A frame is a pure function of the committed tree and t.
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster

/// Why a `CARenderer` frame was not drawn.
public enum CARendererError: Error, CustomStringConvertible, Equatable {
    /// `render()` was called outside `beginFrame(atTime:timeStamp:)` … `endFrame()`.
    case noFrame
    /// `bounds` × `scale` gives no valid pixel size.
    case invalidSize(bounds: CGRect, scale: Double)
    case compositor(CompositorError)

    public var description: String {
        switch self {
        case .noFrame: "render() needs a frame: call beginFrame(atTime:timeStamp:) first"
        case let .invalidSize(bounds, scale): "cannot render bounds \(bounds) at scale \(scale): the pixel size is empty, not finite or too large"
        case let .compositor(error): error.description
        }
    }
}

/// `CARenderer`: renders a layer tree into a bitmap, frame by frame.
public final class CARenderer {
    /// The root layer (Apple: `layer`). Nil renders transparent frames.
    public var layer: CALayer?
    /// The rendered rectangle of the root's superlayer space (Apple: `bounds`).
    public var bounds: CGRect
    /// Pixels per point.
    public var scale: Double
    /// Threads, tile size and background colour (transparent when nil); pixels never depend on threads or tiles.
    public var options: CompositorOptions
    /// The context whose transactions and clock the layer tree uses.
    public let context: LayerTreeContext
    /// Before-states of transitioning layers (see `LayerRenderListBuilder.transitionSources`).
    public var transitionSources: [Int: LayerTreeSnapshot] = [:]
    /// The offscreen buffers kept from frame to frame, so group opacity, masks and group shadows allocate
    /// only in the first frames (call `releaseUnusedBuffers()` on it to give the memory back between frames).
    public let surfacePool = CompositorSurfacePool()

    /// The last frame drawn by `render()`.
    public private(set) var bitmap: PremultipliedRGBA8Bitmap?
    /// Why the last `render()` drew nothing, if it did not.
    public private(set) var lastError: CARendererError?
    private var frameTime: CFTimeInterval?

    /// A renderer of `layer` over `bounds`. `context` must be the one the layer was created in (the current
    /// one by default).
    public init(
        layer: CALayer? = nil, bounds: CGRect, scale: Double = 1, options: CompositorOptions = CompositorOptions(),
        context: LayerTreeContext = .current
    ) {
        self.layer = layer
        self.bounds = bounds
        self.scale = scale
        self.options = options
        self.context = context
    }

    /// The last frame as an image.
    public var image: CGImage? { bitmap.map { CGImage(bitmap: $0) } }

    /// The image size in pixels, nil when `bounds` and `scale` give no valid size.
    public var pixelSize: (width: Int, height: Int)? {
        let w = Double(bounds.width) * scale, h = Double(bounds.height) * scale
        let values = [w, h, Double(bounds.minX), Double(bounds.minY), scale]
        guard values.allSatisfy(\.isFinite), scale > 0, w >= 1 - 1e-9, h >= 1 - 1e-9,
              w <= Double(fillMaximumDeviceCoordinate), h <= Double(fillMaximumDeviceCoordinate)
        else { return nil }
        let width = Int((w - 1e-9).rounded(.up)), height = Int((h - 1e-9).rounded(.up))
        guard width * height <= Compositor.maximumPixelCount else { return nil }
        return (width, height)
    }

    /// The root's superlayer space → pixels: (p − bounds.origin) · scale.
    public var deviceTransform: CATransform3D {
        CATransform3DConcat(
            CATransform3DMakeTranslation(-Double(bounds.minX), -Double(bounds.minY), 0),
            CATransform3DMakeScale(scale, scale, 1))
    }

    /// Begins a frame at media time `t` (Apple: `beginFrame(atTime:timeStamp:)`): commits the implicit
    /// transaction and fires due callbacks, then fixes t. `timeStamp` (Apple's CVTimeStamp) is ignored.
    public func beginFrame(atTime t: CFTimeInterval, timeStamp ts: UnsafeMutableRawPointer? = nil) {
        context.beginFrame()
        frameTime = t.isFinite ? t : context.mediaTime
    }

    /// Apple: the region to update. Every frame redraws everything, so this is all of `bounds`.
    public func updateBounds() -> CGRect { bounds }

    /// Apple: adds a rectangle to the update region. Frames always redraw everything.
    public func addUpdate(_ r: CGRect) {}

    /// Draws the frame into `bitmap` (Apple: `render()`). On failure `bitmap` is nil and `lastError` says why.
    public func render() {
        do {
            bitmap = try renderFrame()
            lastError = nil
        } catch let error as CARendererError {
            bitmap = nil
            lastError = error
        } catch {
            bitmap = nil
            lastError = .compositor(error as? CompositorError ?? .invalidSize(width: 0, height: 0))
        }
    }

    /// Ends the frame (Apple: `endFrame()`); `bitmap` keeps the drawing.
    public func endFrame() {
        frameTime = nil
    }

    /// Apple: "Returns the time at which the renderer will next need to render a frame" [A: DOC-carenderer/
    /// nextframetime; SDK-CARenderer: "If infinite, no update needs to be scheduled yet"]: the frame's time
    /// while any animation of the tree is running (or waits for its commit), the begin time of the earliest
    /// delayed animation when all are delayed, infinity when none is attached or all have ended.
    public func nextFrameTime() -> CFTimeInterval {
        guard let layer else { return .infinity }
        let now = frameTime ?? context.mediaTime
        return layer.layerTreeContext.nextAnimationTime(of: layer, atMediaTime: now)
    }

    /// One whole frame at `t`: begin, render, end; the frame's pixels or the error.
    public func renderFrame(atTime t: CFTimeInterval) throws -> PremultipliedRGBA8Bitmap {
        beginFrame(atTime: t)
        defer { endFrame() }
        render()
        if let lastError { throw lastError }
        return bitmap ?? PremultipliedRGBA8Bitmap(width: 0, height: 0)
    }

    /// The render list of the frame at the current frame time (for inspection and tests).
    public func renderList() throws -> RenderList {
        guard let t = frameTime else { throw CARendererError.noFrame }
        guard let layer else { return RenderList() }
        let snapshot = context.snapshot(of: layer, atMediaTime: t)
        var builder = LayerRenderListBuilder(deviceTransform: deviceTransform, rootSpace: .superlayer)
        builder.transitionSources = transitionSources
        return builder.renderList(for: snapshot)
    }

    private func renderFrame() throws -> PremultipliedRGBA8Bitmap {
        guard let size = pixelSize else { throw CARendererError.invalidSize(bounds: bounds, scale: scale) }
        let list = try renderList()
        do {
            return try Compositor.render(list, width: size.width, height: size.height, options: options, pool: surfacePool)
        } catch let error as CompositorError {
            throw CARendererError.compositor(error)
        }
    }
}
