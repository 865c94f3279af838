// A running CATransition (spec §5.2): the layer's subtree before and after the transaction, composed by
// `RenderTransition.compose` at the engine's eased progress q.
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster

extension LayerRenderWalk {
    /// `new` (the layer as it is now) and its appearance before the change, composed for `transition`:
    /// its filter when it has one (type and subtype are then ignored, spec §5.2), else its type. Unknown
    /// types and unsupported filters draw the new appearance unchanged.
    mutating func transitionNodes(
        _ transition: TransitionState, layer: LayerSnapshot, new: [RenderNode], world: CATransform3D,
        state: LayerRenderState
    ) -> [RenderNode] {
        if let filter = transition.filter {
            guard filter.isSupported else { return new }
            let old = beforeNodes(of: layer, world: world, state: state)
            return RenderTransition.compose(
                filter: filter, progress: transition.progress, old: old, new: new, layerBounds: layer.bounds,
                layerWorld: world)
        }
        guard let type = RenderTransitionType(rawValue: transition.type.rawValue) else { return new }
        let subtype = transition.subtype.flatMap { RenderTransitionSubtype(rawValue: $0.rawValue) }
        let old = beforeNodes(of: layer, world: world, state: state)
        return RenderTransition.compose(
            type: type, subtype: subtype, progress: transition.progress, old: old, new: new,
            layerBounds: layer.bounds, layerWorld: world)
    }

    /// The layer's subtree from its before-snapshot (an explicit `transitionSources` entry, else the one the
    /// engine captured when the transition was committed), under the layer's current matrix; empty without one.
    func beforeNodes(of layer: LayerSnapshot, world: CATransform3D, state: LayerRenderState) -> [RenderNode] {
        guard let source = transitionSources[layer.layerID] ?? layer.transition?.before,
              let index = source.layers.firstIndex(where: { $0.layerID == layer.layerID })
        else { return [] }
        var walk = LayerRenderWalk(layers: source.layers, orientation: orientation, foldsGroupOpacity: foldsGroupOpacity)
        return walk.nodes(forLayerAt: index, world: world, state: state)
    }
}
