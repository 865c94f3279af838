// Group opacity without an offscreen. Spec §9.5: opacity "multiplies the result — as a group when
// allowsGroupOpacity … or per component otherwise" [A: SDK-CALayer allowsGroupOpacity]. The two differ only
// where a layer's parts overlap one another; when the layer's whole drawing is one picture (one item, or one
// group that already composites into its own offscreen), multiplying that picture's opacity gives the group's
// pixels without a layer-sized buffer (up to the compositor's 8-bit rounding, see LayersOpacityFoldTests).
import Foundation
import QuartzMath

extension LayerRenderWalk {
    /// `nodes` with `opacity` multiplied into the one picture they draw, or nil when they draw several
    /// (overlaps would then show through each other) or one that blends with its backdrop.
    ///
    /// - One normal-blended item: its `opacity` is multiplied (the compositor applies it with one rounding).
    /// - One group without an offscreen (a clip only): the clip stays, the fold goes into its children.
    /// - One normal-blended group with an offscreen (opacity, mask, shadow): its opacity is multiplied; the
    ///   composited surface (shadow and mask included) is what group opacity would have faded anyway.
    static func foldingOpacity(_ opacity: Double, into nodes: [RenderNode]) -> [RenderNode]? {
        guard nodes.count == 1 else { return nil }
        switch nodes[0] {
        case .item(var item):
            guard item.blendMode == .normal else { return nil }
            item.opacity *= opacity
            return [.item(item)]
        case .group(var group):
            guard group.blendMode == .normal else { return nil }
            if group.needsOffscreen {
                group.opacity *= opacity
                return [.group(group)]
            }
            guard let children = foldingOpacity(opacity, into: group.children) else { return nil }
            group.children = children
            return [.group(group)]
        }
    }
}
