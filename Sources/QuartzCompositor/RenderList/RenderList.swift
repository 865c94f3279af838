// The render list: what the compositor draws, as immutable Sendable values.
//
// Spaces: every item carries a local → device matrix (CATransform3D, row vectors p' = p · M) that the
// snapshot builder has already accumulated and flattened (spec §9.3); local geometry is in the layer's
// bounds space. Device space is pixels, y down, pixel centres at half-integers. Nodes are listed back to
// front (spec §9.5: the builder sorts siblings by zPosition and emits each layer's parts in order: shadow,
// background, contents, shape fill, shape stroke, sublayers, border).
import Foundation
import QuartzMath
import QuartzRaster
import QuartzLayers

/// A frame's drawing, back to front.
public struct RenderList: Sendable {
    public var nodes: [RenderNode]
    /// Layers (replicator instances counted one by one) that were not drawn because the frame passed the
    /// builder's limit of layer visits (`LayerRenderListBuilder.maximumLayerVisits`), each with its subtree;
    /// 0 for every ordinary frame. A renderer reports it rather than show a silently incomplete frame.
    public var layersLeftOut = 0

    public init(_ nodes: [RenderNode] = []) {
        self.nodes = nodes
    }

    public init(_ nodes: [RenderNode], layersLeftOut: Int) {
        self.nodes = nodes
        self.layersLeftOut = layersLeftOut
    }
}

/// One entry of a render list: a draw item, or a group of nodes composited together.
public indirect enum RenderNode: Sendable {
    case item(RenderItem)
    case group(RenderGroup)
}

/// One layer part (background, contents, border, shape, gradient or shadow) under one matrix.
public struct RenderItem: Sendable {
    /// Local (layer bounds space) → device pixels, accumulated and flattened by the builder.
    public var transform: CATransform3D
    public var content: RenderContent
    /// Multiplies the item's alpha (the layer's opacity when group opacity is off, times inherited factors).
    public var opacity: Double
    /// How the item combines with what lies below it (a layer's `compositingFilter` as a CGBlendMode).
    public var blendMode: CGBlendMode
    /// `CALayer.isDoubleSided`: when false, the item is culled while its back faces the viewer
    /// [A: "layers facing away from the viewer are hidden from view", spec §9.5].
    public var isDoubleSided: Bool

    public init(
        transform: CATransform3D, content: RenderContent, opacity: Double = 1, blendMode: CGBlendMode = .normal,
        isDoubleSided: Bool = true
    ) {
        self.transform = transform
        self.content = content
        self.opacity = opacity
        self.blendMode = blendMode
        self.isDoubleSided = isDoubleSided
    }
}

/// A rounded-rectangle clip in some local space (a layer's `masksToBounds` with its `cornerRadius` and
/// `maskedCorners`). Applied as anti-aliased coverage, never as an offscreen.
public struct RenderClip: Sendable {
    public var transform: CATransform3D
    public var shape: RenderRoundedRect

    public init(transform: CATransform3D, shape: RenderRoundedRect) {
        self.transform = transform
        self.shape = shape
    }
}

/// A shadow cast by a whole group from its composited alpha (a layer with `shadowOpacity > 0` and no
/// `shadowPath`). Offset and radius are in the local space of `transform` (the layer's bounds space), like
/// the item shadow's (see `RenderShadow`).
public struct RenderGroupShadow: Sendable {
    public var transform: CATransform3D
    public var color: CGColor
    public var opacity: Double
    public var offset: CGSize
    public var radius: Double

    public init(transform: CATransform3D, color: CGColor, opacity: Double, offset: CGSize, radius: Double) {
        self.transform = transform
        self.color = color
        self.opacity = opacity
        self.offset = offset
        self.radius = radius
    }
}

/// Nodes composited into an offscreen first, then onto what lies below: group opacity
/// (`allowsGroupOpacity`), a `mask` layer, a compositing filter, or a whole-layer shadow. A group with only
/// a clip (and opacity 1, normal blending) needs no offscreen: its clip becomes coverage on each child.
public struct RenderGroup: Sendable {
    public var children: [RenderNode]
    /// Applied to the composited group as a whole (spec §9.5 "as a group when allowsGroupOpacity").
    public var opacity: Double
    public var blendMode: CGBlendMode
    /// `masksToBounds`: children (and the group shadow) are clipped to this rounded rectangle.
    public var clip: RenderClip?
    /// The mask layer's drawing in device space: its alpha multiplies the group (spec §9.5 `mask`).
    public var mask: [RenderNode]?
    public var shadow: RenderGroupShadow?
    /// The piece of a 3-D plane this group draws, when ordering cut the plane: children (and the clip) are
    /// limited to these device pixels, with hard edges.
    public var piece: RenderPlanePiece?
    /// `CALayer.filters`: applied in order to the composited children, before the mask, the group shadow
    /// and the group opacity (docs/semantics.md §9.5).
    public var filters: [LayerFilter]

    public init(
        children: [RenderNode], opacity: Double = 1, blendMode: CGBlendMode = .normal, clip: RenderClip? = nil,
        mask: [RenderNode]? = nil, shadow: RenderGroupShadow? = nil, piece: RenderPlanePiece? = nil,
        filters: [LayerFilter] = []
    ) {
        self.children = children
        self.opacity = opacity
        self.blendMode = blendMode
        self.clip = clip
        self.mask = mask
        self.shadow = shadow
        self.piece = piece
        self.filters = filters
    }

    /// True when the group can be drawn as its children with an extra clip (no offscreen).
    public var needsOffscreen: Bool {
        !(opacity >= 1) || blendMode != .normal || mask != nil || shadow != nil || !filters.isEmpty
    }
}
