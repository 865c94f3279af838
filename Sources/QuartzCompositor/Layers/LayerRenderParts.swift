// One layer's own drawing as render items, in its bounds space (y down): shadow, background, contents,
// CAShapeLayer fill and stroke, CAGradientLayer, border (spec §9.5 order; the walk inserts sublayers).
// Colours are straight sRGB CGColors; a replicator tint multiplies them here.
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster
import QuartzText

struct LayerRenderParts {
    let layer: LayerSnapshot
    let world: CATransform3D
    /// Opacity each item carries (1 when the layer composites as a group).
    let opacity: Double
    let tint: SIMD4<Double>?
    let contentsFlipped: Bool
    let tintedImages: LayerRenderTintedImages

    func item(_ content: RenderContent, transform: CATransform3D? = nil) -> RenderNode {
        // Back faces are culled by the walk (relative to the root space), so items are double sided here.
        .item(RenderItem(transform: transform ?? world, content: content, opacity: opacity))
    }

    /// A colour after the tint, or nil when it draws nothing.
    func visible(_ color: CGColor?) -> CGColor? {
        guard let color else { return nil }
        let tinted = LayerRenderTint.apply(tint, to: color)
        return tinted.alpha > 0 ? tinted : nil
    }

    static func roundedBounds(of layer: LayerSnapshot) -> RenderRoundedRect {
        RenderRoundedRect(rect: layer.bounds, cornerRadius: Double(layer.cornerRadius),
                          maskedCorners: RenderCornerMask(rawValue: layer.maskedCorners.rawValue))
    }

    // MARK: Shadow

    /// The layer's shadow as a group shadow (cast from the composited alpha), or nil when it casts none
    /// (shadowOpacity 0 is Apple's default: no shadow).
    func shadow() -> RenderGroupShadow? {
        guard layer.shadowOpacity > 0, let color = visible(layer.shadowColor),
              Double(layer.shadowRadius).isFinite, Double(layer.shadowOffset.width).isFinite,
              Double(layer.shadowOffset.height).isFinite
        else { return nil }
        return RenderGroupShadow(transform: world, color: color, opacity: min(layer.shadowOpacity, 1) * opacity,
                                 offset: layer.shadowOffset, radius: max(0, Double(layer.shadowRadius)))
    }

    /// The shadow as one item: from `shadowPath` [A: "the shape of the layer's shadow"], else from the
    /// rounded bounds (used only when the opaque background is all the layer draws, so its alpha is that shape).
    func itemShadow() -> RenderNode? {
        guard let s = shadow() else { return nil }
        let shape: RenderShadowShape
        if let path = layer.shadowPath {
            shape = .path(path.geometry, fillRule: .winding)
        } else {
            shape = .roundedRect(Self.roundedBounds(of: layer))
        }
        let content = RenderContent.shadow(RenderShadow(shape: shape, color: s.color, opacity: min(layer.shadowOpacity, 1),
                                                        offset: s.offset, radius: s.radius))
        return item(content)
    }

    /// True when the layer draws an opaque background and nothing else of its own.
    var drawsOnlyOpaqueBackground: Bool {
        guard let bg = visible(layer.backgroundColor), bg.alpha >= 1, layer.contents == nil else { return false }
        let drawsShape = layer.kind == .shape && layer.path != nil
        let drawsGradient = layer.kind == .gradient && !(layer.gradientColors ?? []).isEmpty
        let drawsText = layer.kind == .text && layer.string != nil
        return !drawsShape && !drawsGradient && !drawsText && border().isEmpty
    }

    // MARK: Background and border

    func background() -> [RenderNode] {
        guard let color = visible(layer.backgroundColor), !layer.bounds.isEmpty else { return [] }
        return [item(.solid(Self.roundedBounds(of: layer), color: color))]
    }

    /// "The border is composited above the layer's content and sublayers" [A: SDK-CALayer].
    func border() -> [RenderNode] {
        let width = Double(layer.borderWidth)
        guard width > 0, width.isFinite, let color = visible(layer.borderColor), !layer.bounds.isEmpty else { return [] }
        return [item(.border(Self.roundedBounds(of: layer), width: width, color: color))]
    }

    // MARK: Contents

    /// The contents image placed by gravity, contentsRect, contentsCenter and contentsScale. When the
    /// contents are flipped (an odd number of geometry-flipped ancestors) the image is mirrored about its
    /// placed rectangle so it stays upright in the flipped space.
    func contents() -> [RenderNode] {
        guard let image = layer.contents else { return [] }
        let gravity = RenderContentsGravity(rawValue: layer.contentsGravity.rawValue) ?? .resize
        guard let placement = RenderImagePlacement.placement(
            imageWidth: image.width, imageHeight: image.height, bounds: layer.bounds, gravity: gravity,
            contentsRect: layer.contentsRect, contentsCenter: layer.contentsCenter,
            contentsScale: Double(layer.contentsScale), contentsAreFlipped: contentsFlipped)
        else { return [] }
        let shown = tintedImages.image(image, tint: tint)
        var transform = world
        if contentsFlipped {
            var flip = CATransform3DMakeScale(1, -1, 1)
            flip.m42 = Double(placement.localRect.minY + placement.localRect.maxY)
            transform = CATransform3DConcat(flip, world)
        }
        let renderImage = RenderImage(
            image: shown, placement: placement, minificationFilter: Self.paintFilter(layer.minificationFilter),
            magnificationFilter: Self.paintFilter(layer.magnificationFilter),
            minificationFilterBias: Double(layer.minificationFilterBias))
        return [item(.image(renderImage), transform: transform)]
    }

    /// CALayer's contents filter names as the raster core's filters; unknown names sample linearly
    /// (Apple's default).
    static func paintFilter(_ filter: CALayerContentsFilter) -> PaintImageFilter {
        switch filter {
        case .nearest: .nearest
        case .trilinear: .trilinear
        default: .linear
        }
    }

    // MARK: CAShapeLayer and CAGradientLayer

    /// Fill then stroke, "composited between the layer's contents and its first sublayer" [A: SDK-CAShapeLayer].
    func shape() -> [RenderNode] {
        guard layer.kind == .shape, let path = layer.path, !path.geometry.isEmpty else { return [] }
        var out: [RenderNode] = []
        if let fill = visible(layer.fillColor) {
            let rule: CGPathFillRule = layer.fillRule == .evenOdd ? .evenOdd : .winding
            out.append(item(.shapeFill(path.geometry, fillRule: rule, color: fill)))
        }
        let width = Double(layer.lineWidth)
        if let stroke = visible(layer.strokeColor), width > 0, width.isFinite {
            let style = PathStrokeStyle(lineWidth: width, lineCap: Self.lineCap(layer.lineCap),
                                        lineJoin: Self.lineJoin(layer.lineJoin), miterLimit: Double(layer.miterLimit))
            let renderStroke = RenderStroke(
                path: path.geometry, style: style, dashPhase: Double(layer.lineDashPhase),
                dashPattern: (layer.lineDashPattern ?? []).map { Double($0) },
                strokeStart: Double(layer.strokeStart), strokeEnd: Double(layer.strokeEnd))
            out.append(item(.shapeStroke(renderStroke, color: stroke)))
        }
        return out
    }

    // MARK: CATextLayer

    /// The text's glyph outlines, filled with the non-zero rule in each run's colour, above the contents and
    /// below the sublayers (where Apple draws its text backing store). Like the contents, the text stays
    /// upright when an odd number of ancestors flip their geometry. Apple draws text into a backing store of
    /// the bounds' size, so ink outside the bounds is clipped away.
    func text() -> [RenderNode] {
        guard layer.kind == .text, !layer.bounds.isEmpty, let layout = TextLayerLayout.layout(of: layer) else { return [] }
        let box = CGRect(origin: .zero, size: layer.bounds.size)
        let bounds = layer.bounds
        var transform = world
        if contentsFlipped {
            var flip = CATransform3DMakeScale(1, -1, 1)
            flip.m42 = Double(bounds.minY + bounds.maxY)
            transform = CATransform3DConcat(flip, world)
        }
        let place = CGAffineTransform(translationX: bounds.minX, y: bounds.minY)
        var items: [RenderNode] = []
        var inside = true
        let ink = layout.ink(visibleRect: box)
        for (color, glyphs) in ink.glyphRuns {
            guard let shown = visible(color) else { continue }
            let placed = glyphs.map { glyph in
                var moved = glyph
                moved.x += Double(bounds.minX)
                moved.y += Double(bounds.minY)
                return moved
            }
            let run = RenderGlyphRun(glyphs: placed, color: shown)
            if !bounds.contains(run.bounds) { inside = false }
            items.append(item(.glyphs(run), transform: transform))
        }
        for (color, path) in ink.underlines {
            guard let shown = visible(color) else { continue }
            let placed = path.applying(place)
            if !bounds.contains(placed.controlPointBounds) { inside = false }
            items.append(item(.shapeFill(placed, fillRule: .winding, color: shown), transform: transform))
        }
        guard !items.isEmpty else { return [] }
        if inside { return items }
        let clip = RenderRoundedRect(rect: bounds, cornerRadius: 0, maskedCorners: RenderCornerMask(rawValue: 15))
        return [.group(RenderGroup(children: items, clip: RenderClip(transform: transform, shape: clip)))]
    }

    static func lineCap(_ cap: CAShapeLayerLineCap) -> CGLineCap {
        switch cap {
        case .round: .round
        case .square: .square
        default: .butt
        }
    }

    static func lineJoin(_ join: CAShapeLayerLineJoin) -> CGLineJoin {
        switch join {
        case .round: .round
        case .bevel: .bevel
        default: .miter
        }
    }

    /// CAGradientLayer: "drawn over its background color, filling the shape of the layer (including
    /// rounded corners)" [A: SDK-CAGradientLayer], so rounded corners clip it (as coverage, no offscreen).
    func gradient() -> [RenderNode] {
        guard layer.kind == .gradient, let colors = layer.gradientColors, !colors.isEmpty, !layer.bounds.isEmpty
        else { return [] }
        let kind = RenderGradientKind(rawValue: layer.gradientType.rawValue) ?? .axial
        let tinted = colors.map { LayerRenderTint.apply(tint, to: $0) }
        guard let g = RenderGradient(kind: kind, colors: tinted, locations: layer.gradientLocations?.map { Double($0) },
                                     startPoint: layer.gradientStartPoint, endPoint: layer.gradientEndPoint,
                                     rect: layer.bounds)
        else { return [] }
        let rounded = Self.roundedBounds(of: layer)
        if rounded.effectiveRadius > 0 {
            return [.group(RenderGroup(children: [item(.gradient(g))], clip: RenderClip(transform: world, shape: rounded)))]
        }
        return [item(.gradient(g))]
    }
}
