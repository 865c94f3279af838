// What a render item draws, in its local (layer bounds) space. Colours are CGColors (straight sRGB, the
// item's opacity is applied at render time); lengths are local units.
import Foundation
import QuartzMath
import QuartzRaster
import QuartzText

/// The part of a layer an item draws.
public enum RenderContent: Sendable {
    /// A solid colour in a rounded rectangle (`backgroundColor` with `cornerRadius`/`maskedCorners`).
    case solid(RenderRoundedRect, color: CGColor)
    /// A border ring drawn inside the rounded rectangle (`borderWidth`, `borderColor`).
    case border(RenderRoundedRect, width: Double, color: CGColor)
    /// An image placed by `RenderImagePlacement` (contents with gravity, contentsRect, contentsCenter).
    case image(RenderImage)
    /// CAShapeLayer's fill.
    case shapeFill(PathGeometry, fillRule: CGPathFillRule, color: CGColor)
    /// CAShapeLayer's stroke, dashed and trimmed.
    case shapeStroke(RenderStroke, color: CGColor)
    /// CAGradientLayer's gradient filling `rect`.
    case gradient(RenderGradient)
    /// A shadow cast by a shape (`shadowPath`, or a layer whose alpha is known to be its rounded rect).
    case shadow(RenderShadow)
    /// CATextLayer's glyphs of one colour, filled as one path with the non-zero rule (through cached glyph
    /// masks where the transform allows: CompositorGlyphMasks.swift).
    case glyphs(RenderGlyphRun)
}

/// Which corners of a rounded rectangle are rounded; raw values are Apple's `CACornerMask`
/// (`layerMinXMinYCorner` = 1, `layerMaxXMinYCorner` = 2, `layerMinXMaxYCorner` = 4, `layerMaxXMaxYCorner` = 8),
/// so the builder converts with `RenderCornerMask(rawValue: layer.maskedCorners.rawValue)`.
public struct RenderCornerMask: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let minXMinY = RenderCornerMask(rawValue: 1)
    public static let maxXMinY = RenderCornerMask(rawValue: 2)
    public static let minXMaxY = RenderCornerMask(rawValue: 4)
    public static let maxXMaxY = RenderCornerMask(rawValue: 8)
    public static let all: RenderCornerMask = [.minXMinY, .maxXMinY, .minXMaxY, .maxXMaxY]
}

/// A rectangle with circular corners of `cornerRadius` on the corners in `maskedCorners`. The radius is
/// clamped to half the shorter side, as Core Animation does for backgrounds and borders.
public struct RenderRoundedRect: Sendable, Hashable {
    public var rect: CGRect
    public var cornerRadius: Double
    public var maskedCorners: RenderCornerMask

    public init(rect: CGRect, cornerRadius: Double = 0, maskedCorners: RenderCornerMask = .all) {
        self.rect = rect
        self.cornerRadius = cornerRadius
        self.maskedCorners = maskedCorners
    }

    /// The radius actually drawn: finite, ≥ 0 and at most half the shorter side.
    public var effectiveRadius: Double {
        let r = rect.standardized
        let half = Double(min(r.width, r.height)) / 2
        guard cornerRadius.isFinite, cornerRadius > 0, half > 0 else { return 0 }
        return min(cornerRadius, half)
    }

    /// True when every corner has the same radius (so the analytic rounded-rect coverage applies).
    public var isUniform: Bool { effectiveRadius == 0 || maskedCorners.isSuperset(of: .all) }
}

/// A stroked path: Core Graphics' pen plus CAShapeLayer's `lineDashPhase`, `lineDashPattern`,
/// `strokeStart` and `strokeEnd` (spec §10.1: trimming cuts the stroke only, fractions of the total length).
public struct RenderStroke: Sendable {
    public var path: PathGeometry
    public var style: PathStrokeStyle
    public var dashPhase: Double
    public var dashPattern: [Double]
    public var strokeStart: Double
    public var strokeEnd: Double

    public init(
        path: PathGeometry, style: PathStrokeStyle, dashPhase: Double = 0, dashPattern: [Double] = [],
        strokeStart: Double = 0, strokeEnd: Double = 1
    ) {
        self.path = path
        self.style = style
        self.dashPhase = dashPhase
        self.dashPattern = dashPattern
        self.strokeStart = strokeStart
        self.strokeEnd = strokeEnd
    }
}

/// CAGradientLayer's kinds (`CAGradientLayerType` raw names: "axial", "radial", "conic").
public enum RenderGradientKind: String, Sendable, Hashable {
    case axial
    case radial
    case conic
}

/// A CAGradientLayer: colours at locations, with start and end points in the unit space of `rect`
/// ((0, 0) is rect's minX/minY corner, (1, 1) the opposite one).
public struct RenderGradient: Sendable {
    public var kind: RenderGradientKind
    public var gradient: CGGradient
    public var startPoint: CGPoint
    public var endPoint: CGPoint
    public var rect: CGRect

    public init(kind: RenderGradientKind, gradient: CGGradient, startPoint: CGPoint, endPoint: CGPoint, rect: CGRect) {
        self.kind = kind
        self.gradient = gradient
        self.startPoint = startPoint
        self.endPoint = endPoint
        self.rect = rect
    }

    /// From CAGradientLayer's properties: `colors`, optional `locations` (nil spreads the colours evenly),
    /// start and end points (defaults (0.5, 0) and (0.5, 1) as Apple's). Nil when there are no colours.
    public init?(
        kind: RenderGradientKind = .axial, colors: [CGColor], locations: [Double]? = nil,
        startPoint: CGPoint = CGPoint(x: 0.5, y: 0), endPoint: CGPoint = CGPoint(x: 0.5, y: 1), rect: CGRect
    ) {
        // Apple: locations must match the colour count; otherwise they are ignored here (spread evenly).
        let usable = locations.flatMap { $0.count == colors.count ? $0.map { CGFloat($0) } : nil }
        let made: CGGradient?
        if let usable {
            made = usable.withUnsafeBufferPointer { CGGradient(colorsSpace: nil, colors: colors, locations: $0.baseAddress) }
        } else {
            made = CGGradient(colorsSpace: nil, colors: colors, locations: nil)
        }
        guard let made else { return nil }
        self.init(kind: kind, gradient: made, startPoint: startPoint, endPoint: endPoint, rect: rect)
    }
}

/// The shape a shadow is cast from.
public enum RenderShadowShape: Sendable {
    case roundedRect(RenderRoundedRect)
    case path(PathGeometry, fillRule: CGPathFillRule)
}

/// A Gaussian shadow of a shape: the shape moved by `offset`, blurred with σ = `radius`
/// (`PaintGaussianKernel.sigma(forShadowRadius:)`), painted in `color` times `opacity`. Offset and radius are
/// in the item's local space, so they turn and scale with the layer [I: Apple documents them only as
/// "in points"; the shadow is part of the layer's rendering, which its transform moves].
public struct RenderShadow: Sendable {
    public var shape: RenderShadowShape
    public var color: CGColor
    public var opacity: Double
    public var offset: CGSize
    public var radius: Double

    public init(shape: RenderShadowShape, color: CGColor, opacity: Double, offset: CGSize, radius: Double) {
        self.shape = shape
        self.color = color
        self.opacity = opacity
        self.offset = offset
        self.radius = radius
    }
}

/// Glyphs of one colour in the item's local space (y down), each its face's outline scaled by size/unitsPerEm
/// and moved to its pen position.
public final class RenderGlyphRun: Sendable {
    package let glyphs: [PlacedGlyph]
    public let color: CGColor
    /// The union of the placed outlines' control-point boxes (null without glyphs).
    public let bounds: CGRect

    package init(glyphs: [PlacedGlyph], color: CGColor) {
        self.glyphs = glyphs
        self.color = color
        var box = CGRect.null
        for glyph in glyphs {
            let outlineBox = glyph.face.outlineBox(ofGlyph: glyph.glyph)
            if outlineBox.isNull { continue }
            box = box.union(outlineBox.applying(glyph.placement))
        }
        bounds = box
    }

    /// Every glyph's outline as one path.
    package var outlinePath: PathGeometry { TextLayout.outlinePath(of: glyphs) }
}
