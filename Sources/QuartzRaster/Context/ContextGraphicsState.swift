// The graphics state a CGContext saves and restores, plus the small Core Graphics types only the context
// uses (`CGPathDrawingMode`, `CFDictionary`).
//
// Spaces: `ctm` maps user space to Core Graphics' device space of a bitmap context (origin bottom-left,
// y up, one unit per pixel); the clip mask is kept in raster pixels (y down, see ContextClipMask.swift).
// Colours are stored as premultiplied RGBA8 pixels (sRGB-encoded), the form every kernel consumes.
import Foundation
import QuartzMath

/// Apple's `CGPathDrawingMode` (same raw values as CGContext.h).
public enum CGPathDrawingMode: Int32, Sendable, Hashable, CaseIterable {
    case fill = 0
    case eoFill = 1
    case stroke = 2
    case fillStroke = 3
    case eoFillStroke = 4
}

/// Core Foundation's dictionary type, which swift-corelibs-foundation does not export on Linux. Apple's
/// `CFDictionary` is toll-free bridged to `NSDictionary`; the only CGContext use is the unused
/// `auxiliaryInfo` of transparency layers ("not yet used by the Quartz 2D API", Quartz 2D Programming Guide,
/// Transparency Layers), so callers pass `nil` exactly as on Apple platforms.
public typealias CFDictionary = NSDictionary

/// A shadow as `setShadow(offset:blur:color:)` sets it: offset in base (device) space, blur as Core
/// Graphics' blur amount (see CGContext+Shadow.swift for its meaning), colour premultiplied.
struct ContextShadow: Equatable {
    var offset: CGSize
    var blur: Double
    var color: PremultipliedRGBA8
}

/// Everything `saveGState()` pushes (Quartz 2D Programming Guide, "Graphics States", Table 1-1: CTM, clip,
/// line width/join/cap/dash/miter limit, flatness, anti-aliasing, fill and stroke colours, alpha, blend
/// mode, shadow, and the text state; the interpolation quality is kept here too, as Core Graphics does).
struct ContextGraphicsState {
    var ctm: CGAffineTransform = .identity
    /// nil = no clip (the whole context); otherwise the coverage mask of the intersected clips.
    var clipMask: ContextClipMask? = nil
    /// The clip's bounding box in device space (y up); the whole context when unclipped.
    var clipDeviceBounds: CGRect
    var fillColor = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)
    var strokeColor = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)
    /// The spaces `setFillColor(_:)` / `setStrokeColor(_:)` with component pointers read in; DeviceGray
    /// initially, as in Core Graphics (whose initial colours are opaque black in DeviceGray).
    var fillColorSpace: CGColorSpace = CGColorSpaceCreateDeviceGray()
    var strokeColorSpace: CGColorSpace = CGColorSpaceCreateDeviceGray()
    /// Global alpha in 0…1 (Apple: `setAlpha(_:)`, values are clamped).
    var alpha: Double = 1
    var lineWidth: Double = 1
    var lineCap: CGLineCap = .butt
    var lineJoin: CGLineJoin = .miter
    var miterLimit: Double = 10
    var dashPhase: Double = 0
    var dashLengths: [Double] = []
    /// Flattening tolerance in device pixels (Apple's flatness).
    /// Default 0.1 px: FillEdgeBuilder asks for 0.1 px where coverage is compared against analytic shapes,
    /// and a context draws small shapes (icons, badges) where 0.2 px visibly shrinks curves.
    var flatness: Double = 0.1
    var blendMode: CGBlendMode = .normal
    var shouldAntialias = true
    var interpolationQuality: CGInterpolationQuality = .default
    var shadow: ContextShadow? = nil
    /// Font, font size, character spacing and text drawing mode (CGContext+TextState.swift).
    var text = ContextTextState()

    init(width: Int, height: Int) {
        clipDeviceBounds = CGRect(x: 0, y: 0, width: width, height: height)
    }

    /// Global alpha as an 8-bit factor for the compositing kernels.
    var alpha8: UInt8 { toByte(clampUnit(alpha)) }

    var strokeStyle: PathStrokeStyle {
        PathStrokeStyle(lineWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit)
    }
}
