// Building a snapshot from the committed tree: local times down the tree (spec §1.2), presentation
// properties per layer (spec §11 step 2), and world matrices (spec §9.3).
import Foundation
import QuartzMath

extension LayerTreeContext {
    /// Evaluates the committed tree under `root` at media time `time` (the renderer's entry point; pure in
    /// `time`, it commits nothing and fires no callback). A renderer beginning a frame calls `beginFrame()`
    /// first so that the implicit transaction is committed.
    public func snapshot(of root: CALayer, atMediaTime time: CFTimeInterval) -> LayerTreeSnapshot {
        withLock {
            var builder = SnapshotBuilder(mediaTime: time)
            guard root.committed != nil else { return LayerTreeSnapshot(mediaTime: time, layers: []) }
            // The root's own time is measured from absolute time through its ancestors, if it has any.
            let parentTime: Double
            if let parent = root.superlayerReference {
                parentTime = parent.localTime(atMediaTime: time, useModel: false)
            } else {
                parentTime = time
            }
            builder.visit(root, parentTime: parentTime, parentIndex: nil, parentGeometry: nil, parentWorld: nil,
                          parentFlattens: true, maskedIndex: nil)
            return LayerTreeSnapshot(mediaTime: time, layers: builder.layers.map { $0.snapshot })
        }
    }

    /// The snapshot of `root`'s tree at the clock's current time.
    public func snapshot(of root: CALayer) -> LayerTreeSnapshot {
        snapshot(of: root, atMediaTime: mediaTime)
    }
}

/// Accumulates snapshots in pre-order.
struct SnapshotBuilder {
    struct Pending {
        var snapshot: LayerSnapshot
    }

    let mediaTime: Double
    var layers: [Pending] = []
    /// Layers already visited: a committed structure can never hold a cycle, but a bound keeps it safe.
    var visitedCount = 0

    mutating func visit(
        _ layer: CALayer, parentTime: Double, parentIndex: Int?, parentGeometry: LayerGeometry?,
        parentWorld: CATransform3D?, parentFlattens: Bool, maskedIndex: Int?
    ) {
        guard let committed = layer.committed, visitedCount < 10_000_000 else { return }
        visitedCount += 1
        let localTime = committed.timing.node.layerLocalTime(fromParentTime: parentTime)
        let state = layer.presentationState(atLocalTime: localTime)
        let geometry = CALayer.geometry(of: state.properties)
        let toSuperlayer: CATransform3D
        let world: CATransform3D
        if let parentGeometry, let parentWorld {
            if maskedIndex != nil {
                // A mask lives in the masked layer's bounds space, without its sublayerTransform.
                toSuperlayer = geometry.frameTransform
            } else {
                toSuperlayer = geometry.transform(toSuperlayer: parentGeometry)
            }
            world = CATransform3DConcat(toSuperlayer, parentFlattens ? parentWorld.flattened : parentWorld)
        } else {
            // The root's own geometry places it in its superlayer (window) space (spec §9.3).
            toSuperlayer = geometry.frameTransform
            world = toSuperlayer
        }
        let index = layers.count
        let kind = type(of: layer).snapshotKind
        layers.append(Pending(snapshot: LayerSnapshot(
            layerID: layer.layerSerial, kind: kind, name: layer.name, parentIndex: maskedIndex == nil ? parentIndex : nil,
            sublayerIndices: [], maskIndex: nil, maskedLayerIndex: maskedIndex, localTime: localTime,
            transformToSuperlayer: toSuperlayer, worldTransform: world, transition: state.transition,
            properties: state.properties, compositingFilterName: layer.committedCompositingFilter as? String)))
        var maskIndex: Int?
        if let mask = layer.committedMaskLayer {
            maskIndex = layers.count
            visit(mask, parentTime: localTime, parentIndex: index, parentGeometry: geometry, parentWorld: world,
                  parentFlattens: true, maskedIndex: index)
            if maskIndex == layers.count { maskIndex = nil }
        }
        var children: [Int] = []
        let flattens = kind != .transform
        for sublayer in layer.committedSublayers {
            let childIndex = layers.count
            visit(sublayer, parentTime: localTime, parentIndex: index, parentGeometry: geometry, parentWorld: world,
                  parentFlattens: flattens, maskedIndex: nil)
            if layers.count > childIndex { children.append(childIndex) }
        }
        // In place: no copy of the layer's properties.
        layers[index].snapshot.sublayerIndices = children
        layers[index].snapshot.maskIndex = maskIndex
    }
}

