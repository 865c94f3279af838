// CATransformLayer subtrees (true 3-D) and CAReplicatorLayer instances.
//
// Depth: a plane is a layer that flattens its own subtree (any layer but a CATransformLayer) reached through
// CATransformLayers only. The planes of one context are painted in the order LayerRenderDepthOrder finds
// (a BSP tree: correct for every arrangement, cutting planes that interpenetrate).
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster

extension LayerRenderWalk {
    /// A CATransformLayer: "only its sublayers render", opacity "applied to each sublayer individually",
    /// and mask, masksToBounds, shadow and filters ignored [A: SDK-CATransformLayer].
    mutating func transformLayerNodes(_ index: Int, world: CATransform3D, state: LayerRenderState) -> [RenderNode] {
        var planes: [LayerRenderPlane] = []
        collectPlanes(ofTransformLayer: index, world: world, state: state, into: &planes)
        return LayerRenderDepthOrder.paintersOrder(planes)
    }

    /// Adds the planes under transform layer `index` (nested transform layers join the same 3-D context).
    mutating func collectPlanes(
        ofTransformLayer index: Int, world: CATransform3D, state: LayerRenderState, into planes: inout [LayerRenderPlane]
    ) {
        let layer = layers[index]
        var childState = state
        childState.opacity = state.opacity * layer.opacity
        childState.contentsFlipped = state.contentsFlipped != layer.isGeometryFlipped
        // No flattening: the sublayers keep their z in this layer's space.
        let space = CATransform3DConcat(Self.geometryFlip(of: layer), world)
        for child in sortedByZPosition(layer.sublayerIndices) {
            let childWorld = CATransform3DConcat(layers[child].transformToSuperlayer, space)
            addPlane(child, world: childWorld, state: childState, into: &planes)
        }
    }

    /// One member of a 3-D context: a nested transform layer contributes its planes, any other layer one plane.
    mutating func addPlane(_ index: Int, world: CATransform3D, state: LayerRenderState, into planes: inout [LayerRenderPlane]) {
        let layer = layers[index]
        if layer.kind == .transform {
            guard !layer.isHidden, layer.opacity > 0, world.isFinite else { return }
            guard visits < Self.maximumVisits else {
                refusedVisits += 1
                return
            }
            if !layer.isDoubleSided && isBackFacing(world) { return }
            visits += 1
            collectPlanes(ofTransformLayer: index, world: world, state: state, into: &planes)
            return
        }
        let nodes = nodes(forLayerAt: index, world: world, state: state)
        if !nodes.isEmpty { planes.append(LayerRenderPlane(nodes: nodes, world: world)) }
    }

    /// CAReplicatorLayer: its sublayers drawn `instanceCount` times, instance k under `instanceTransform`
    /// applied k times "relative to the center of the replicator layer" and coloured by instanceColor plus
    /// k times the colour offsets [A: SDK-CAReplicatorLayer]. Instances paint in order (later on top), or
    /// depth-sorted in 3-D when `preservesDepth` ("behaves like a CATransformLayer").
    /// With an `instanceDelay`, instance k ≥ 1 draws the engine's copy of the sublayers evaluated k·delay
    /// earlier (`LayerSnapshot.replicatorInstances`), whose root entry is this replicator.
    mutating func replicatorInstances(_ index: Int, sublayerSpace: CATransform3D, state: LayerRenderState) -> [RenderNode] {
        let layer = layers[index]
        let count = min(layer.instanceCount, LayerRenderListBuilder.maximumInstanceCount)
        guard count > 0, layer.instanceTransform.isFinite else { return [] }
        let center = CATransform3DMakeTranslation(Double(layer.bounds.midX), Double(layer.bounds.midY), 0)
        let step = CATransform3DConcat(CATransform3DConcat(CATransform3DInvert(center), layer.instanceTransform), center)
        let children = sortedByZPosition(layer.sublayerIndices)
        var instance = CATransform3DIdentity
        var painted: [RenderNode] = []
        var planes: [LayerRenderPlane] = []
        for k in 0..<count {
            if k > 0 { instance = CATransform3DConcat(instance, step) }
            var instanceState = state
            instanceState.tint = LayerRenderTint.combine(
                state.tint, LayerRenderTint.instanceTint(color: layer.instanceColor, offsets: layer.instanceColorOffsets, instance: k))
            if instanceState.tint?.w == 0 { continue }
            let space = CATransform3DConcat(instance, sublayerSpace)
            // Instance k's sublayers: delayed copies live in their own small tree (root = this replicator).
            let delayed = k > 0 && k - 1 < layer.replicatorInstances.count ? layer.replicatorInstances[k - 1].layers : nil
            var walk = delayed.map {
                LayerRenderWalk(layers: $0, orientation: orientation, foldsGroupOpacity: foldsGroupOpacity)
            } ?? self
            let instanceChildren = delayed.map { walk.sortedByZPosition($0[0].sublayerIndices) } ?? children
            for child in instanceChildren {
                let m = walk.layers[child].transformToSuperlayer
                if layer.preservesDepth {
                    walk.addPlane(child, world: CATransform3DConcat(m, space), state: instanceState, into: &planes)
                } else {
                    // Instances are flattened into the replicator's plane like any sublayer.
                    let world = CATransform3DConcat(CATransform3DConcat(m, instance), sublayerSpace.flattened)
                    painted += walk.nodes(forLayerAt: child, world: world, state: instanceState)
                }
            }
            if delayed == nil { self = walk }
        }
        return layer.preservesDepth ? LayerRenderDepthOrder.paintersOrder(planes) : painted
    }
}
