// Apple's CGContext as a bitmap context over premultiplied RGBA8 memory.
//
// Spaces (as in Core Graphics' bitmap contexts): user space → `ctm` → device space, where device space has
// its origin at the bottom-left corner, y up, one unit per pixel, and a fresh context's `ctm` is the
// identity. The memory is stored top row first, so device point (x, y) lies in raster pixel
// (x, height − y) (raster = memory order, y down). Pixel formats: 8 bits per component, bytes R, G, B, A
// (`CGImageAlphaInfo.premultipliedLast`) or R, G, B, X (`.noneSkipLast`, the X byte reads and writes as 255).
import Foundation
import QuartzMath

/// A Core Graphics bitmap drawing context (`CGContext`).
///
/// Coordinates follow Core Graphics: the origin of user space is the **bottom-left** corner of the
/// bitmap and y grows upwards, so filling `CGRect(x: 0, y: 0, width: 1, height: 1)` paints the bottom-left
/// pixel, which is the first pixel of the **last** row in memory. Code written for a y-down layer
/// (`CALayer.draw(in:)` on iOS, `geometryFlipped`) flips first:
///
/// ```swift
/// context.translateBy(x: 0, y: CGFloat(context.height))
/// context.scaleBy(x: 1, y: -1)   // now (0, 0) is the top-left pixel
/// ```
///
/// Shadow offsets are in this base space whatever the CTM, so `setShadow(offset: CGSize(width: 0,
/// height: -4), blur: 8)` always casts the shadow 4 pixels *down* the image (as on macOS; UIKit's own
/// contexts flip their base space, which is why iOS code often uses positive heights).
///
/// Drawing is anti-aliased (exact-area coverage), clipped by an 8-bit mask, composited with the graphics
/// state's blend mode and global alpha, and optionally shadowed; output is deterministic.
public final class CGContext {
    public let width: Int
    public let height: Int
    public let bytesPerRow: Int
    public let bitsPerComponent: Int
    public let bitsPerPixel: Int
    public let bitmapInfo: CGBitmapInfo
    public let alphaInfo: CGImageAlphaInfo
    public let colorSpace: CGColorSpace?

    // Invariant: `memory` addresses `height` rows of `bytesPerRow` bytes (a multiple of 4, ≥ 4·width),
    // 4-byte aligned; owned (and freed in deinit) when `ownsMemory`, otherwise the caller keeps it alive
    // for the context's lifetime, as Core Graphics requires of caller-supplied data.
    private let memory: UnsafeMutableRawPointer
    private let ownsMemory: Bool

    var state: ContextGraphicsState
    var savedStates: [ContextGraphicsState] = []
    /// The current path in device space (points go through the CTM as they are added, as in Core Graphics).
    var devicePath = CGMutablePath()
    var layers: [ContextTransparencyLayer] = []
    /// Not part of the graphics state (Apple: `setAllowsAntialiasing(_:)`).
    var allowsAntialiasing = true
    /// Not part of the graphics state (Apple: `textMatrix`); see CGContext+TextState.swift.
    var contextTextMatrix: CGAffineTransform = .identity
    var fontSwitches = ContextFontRenderingSwitches()

    /// Pixel limit for one context (8192 × 8192): every full-context temporary (clip masks, layers,
    /// shadows) stays bounded.
    public static let maximumPixelCount = 1 << 26

    /// Apple's bitmap-context initialiser. Returns nil (as Core Graphics does) for what this renderer does
    /// not support or for invalid input: a size ≤ 0 or above `maximumPixelCount`, bitsPerComponent ≠ 8, a
    /// colour space that is not RGB, alpha info other than `.premultipliedLast` / `.noneSkipLast`, float
    /// components, a byte order other than default / 32-bit big-endian (both mean R, G, B, A in memory),
    /// `bytesPerRow` below 4 · width or not a multiple of 4, or `data` not 4-byte aligned. With nil `data`
    /// the context allocates zeroed memory itself; `bytesPerRow` 0 means 4 · width.
    public init?(
        data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
        space: CGColorSpace, bitmapInfo: UInt32
    ) {
        let info = CGBitmapInfo(rawValue: bitmapInfo)
        guard width > 0, height > 0, width <= fillMaximumDeviceCoordinate, height <= fillMaximumDeviceCoordinate,
            width.multipliedReportingOverflow(by: height).partialValue <= CGContext.maximumPixelCount,
            bitsPerComponent == 8, space.model == .rgb,
            let alpha = info.alphaInfo, alpha == .premultipliedLast || alpha == .noneSkipLast,
            info.intersection(.floatInfoMask).isEmpty
        else { return nil }
        let order = info.intersection(.byteOrderMask)
        guard order == .byteOrderDefault || order == .byteOrder32Big else { return nil }
        let rowBytes = bytesPerRow == 0 ? width * 4 : bytesPerRow
        guard rowBytes >= width * 4, rowBytes % 4 == 0 else { return nil }
        let (total, overflow) = rowBytes.multipliedReportingOverflow(by: height)
        guard !overflow, total / 4 <= 2 * CGContext.maximumPixelCount else { return nil }
        if let data {
            guard Int(bitPattern: data) % 4 == 0 else { return nil }
            memory = data
            ownsMemory = false
        } else {
            let owned = UnsafeMutablePointer<UInt32>.allocate(capacity: total / 4)
            owned.initialize(repeating: 0, count: total / 4)
            memory = UnsafeMutableRawPointer(owned)
            ownsMemory = true
        }
        self.width = width
        self.height = height
        self.bytesPerRow = rowBytes
        self.bitsPerComponent = 8
        self.bitsPerPixel = 32
        self.bitmapInfo = info
        self.alphaInfo = alpha
        self.colorSpace = space
        state = ContextGraphicsState(width: width, height: height)
    }

    /// The same initialiser taking `CGBitmapInfo` (newer Apple SDKs offer both forms).
    public convenience init?(
        data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
        space: CGColorSpace, bitmapInfo: CGBitmapInfo
    ) {
        self.init(
            data: data, width: width, height: height, bitsPerComponent: bitsPerComponent, bytesPerRow: bytesPerRow,
            space: space, bitmapInfo: bitmapInfo.rawValue)
    }

    deinit {
        if ownsMemory { memory.deallocate() }
    }

    /// The bitmap memory (Apple: `data`): the caller's pointer, or the context's own allocation.
    public var data: UnsafeMutableRawPointer? { memory }

    /// The context's own memory as the base drawing target.
    var baseTarget: ContextRasterTarget {
        // The memory holds 32-bit pixels (init checked size and alignment); it is only accessed as UInt32 here.
        ContextRasterTarget(
            pixels: memory.assumingMemoryBound(to: UInt32.self), bounds: FillPixelBounds(width: width, height: height),
            rowStride: bytesPerRow / 4, forcesOpaque: alphaInfo == .noneSkipLast)
    }

    /// Where drawing currently lands: the innermost transparency layer, else the bitmap.
    var currentTarget: ContextRasterTarget { layers.last?.buffer.target ?? baseTarget }

    /// Our accessor: a copy of the pixels as a premultiplied bitmap (top row first; noneSkipLast pixels
    /// read with alpha 255).
    public var bitmap: PremultipliedRGBA8Bitmap {
        let target = baseTarget
        var pixels = [UInt32](repeating: 0, count: width * height)
        let opaqueBits: UInt32 = target.forcesOpaque ? 0xFF00_0000 : 0
        for y in 0..<height {
            let row = target.address(x: 0, y: y)
            for x in 0..<width { pixels[y * width + x] = row[x] | opaqueBits }
        }
        return PremultipliedRGBA8Bitmap(width: width, height: height, pixels: pixels)
    }

    /// Apple's `makeImage()`: a snapshot of the bitmap as an immutable image (later drawing does not change it).
    public func makeImage() -> CGImage? {
        CGImage(bitmap: bitmap)
    }

    /// Apple: forces pending drawing to the destination. Drawing here is immediate, so nothing is pending.
    public func flush() {}

    /// Apple: marks the context for update. Drawing here is immediate, so nothing is pending.
    public func synchronize() {}

    /// Raster transform of device space: (x, y) ↦ (x, height − y).
    var deviceToRaster: CGAffineTransform {
        CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(height))
    }

    /// User space → raster pixels.
    var userToRaster: CGAffineTransform { state.ctm.concatenating(deviceToRaster) }

    /// Anti-aliasing is on only when both the graphics state and the context allow it (Apple:
    /// `setAllowsAntialiasing(_:)`).
    var antialias: Bool { state.shouldAntialias && allowsAntialiasing }

    /// The raster pixels the clip can let through (the whole target when unclipped).
    var clipRegion: FillPixelBounds {
        let r = state.clipDeviceBounds
        guard !r.isNull, !r.isEmpty, r.minX.isFinite, r.maxX.isFinite, r.minY.isFinite, r.maxY.isFinite else {
            return FillPixelBounds(minX: 0, minY: 0, maxX: 0, maxY: 0)
        }
        let limit = Double(fillMaximumDeviceCoordinate)
        func clamp(_ v: Double) -> Int { Int(min(max(v, -1), limit + 1)) }
        let h = Double(height)
        return FillPixelBounds(
            minX: clamp(Double(r.minX).rounded(.down)), minY: clamp((h - Double(r.maxY)).rounded(.down)),
            maxX: clamp(Double(r.maxX).rounded(.up)), maxY: clamp((h - Double(r.minY)).rounded(.up)))
    }

    var compositeMode: ContextCompositeMode {
        ContextCompositeMode(
            blendMode: state.blendMode, alpha: state.alpha8, antialias: antialias, clip: state.clipMask)
    }
}
