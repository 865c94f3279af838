// Building a snapshot from the committed tree: local times down the tree (spec §1.2), presentation
// properties per layer (spec §11 step 2), and world matrices (spec §9.3).
import Foundation
import QuartzMath

extension LayerTreeContext {
    /// Evaluates the committed tree under `root` at media time `time` (the renderer's entry point; pure in
    /// `time`, it commits nothing and fires no callback). A renderer beginning a frame calls `beginFrame()`
    /// first so that the implicit transaction is committed.
    ///
    /// While nothing a snapshot reads has changed (no commit, no animation added or removed, no renamed
    /// layer), the next snapshot of the same root updates the previous one's entries in place, at a cost
    /// proportional to the running animations; it is equal to a full evaluation. Releasing the previous
    /// snapshot first avoids one copy of its entries.
    public func snapshot(of root: CALayer, atMediaTime time: CFTimeInterval) -> LayerTreeSnapshot {
        withLock {
            guard root.committed != nil else {
                snapshotCaches[root.layerSerial] = nil
                return LayerTreeSnapshot(mediaTime: time, layers: [])
            }
            // The root's own time is measured from absolute time through its ancestors, if it has any.
            let parentTime: Double
            if let parent = root.superlayerReference {
                parentTime = parent.localTime(atMediaTime: time, useModel: false)
            } else {
                parentTime = time
            }
            // Nothing a snapshot reads changed since the last one of this root: update it in place.
            if var cache = snapshotCaches.removeValue(forKey: root.layerSerial), cache.generation == evaluationGeneration {
                cache.update(rootParentTime: parentTime, mediaTime: time)
                SnapshotBuilder.redrawPresentations(of: cache.redraws, in: &cache.layers)
                let layers = cache.layers
                snapshotCaches[root.layerSerial] = cache
                return LayerTreeSnapshot(mediaTime: time, layers: layers)
            }
            // Caches of an older generation can never be used again.
            snapshotCaches = snapshotCaches.filter { $0.value.generation == evaluationGeneration }
            var builder = SnapshotBuilder(mediaTime: time)
            // Entries are large: growing the array by doubling would hold up to 1.5 copies of them at once.
            builder.layers.reserveCapacity(lastSnapshotLayerCount > 0 ? lastSnapshotLayerCount : root.committedLayerCount)
            builder.visit(root, parentTime: parentTime, parentIndex: nil, parentGeometry: nil, parentWorld: nil,
                          parentFlattens: true, maskedIndex: nil)
            lastSnapshotLayerCount = builder.layers.count
            SnapshotBuilder.redrawPresentations(of: builder.redraws, in: &builder.layers)
            if snapshotCaches.count < 8 {
                var cache = builder.recorder.cache(generation: evaluationGeneration, layers: builder.layers)
                cache.redraws = builder.redraws
                snapshotCaches[root.layerSerial] = cache
            }
            return LayerTreeSnapshot(mediaTime: time, layers: builder.layers)
        }
    }

    /// The snapshot of `root`'s tree at the clock's current time.
    public func snapshot(of root: CALayer) -> LayerTreeSnapshot {
        snapshot(of: root, atMediaTime: mediaTime)
    }
}

/// Accumulates snapshots in pre-order. Each layer's entry is appended once, after its animations were
/// applied to a local copy of its committed state; child and mask indices are filled in place.
struct SnapshotBuilder {
    let mediaTime: Double
    /// False for snapshots that are not kept for in-place updates (transition before-states, instances).
    var recordsCache = true
    var layers: [LayerSnapshot] = []
    /// The side tables the next snapshot of this root updates from.
    var recorder = SnapshotRecorder()
    /// Layers already visited: a committed structure can never hold a cycle, but a bound keeps it safe.
    var visitedCount = 0
    /// Entries whose class redraws for an animated key (`needsDisplay(forKey:)`), drawn per snapshot.
    var redraws: [SnapshotLayerReference] = []

    mutating func visit(
        _ layer: CALayer, parentTime: Double, parentIndex: Int?, parentGeometry: LayerGeometry?,
        parentWorld: CATransform3D?, parentFlattens: Bool, maskedIndex: Int?, delay: Double = 0
    ) {
        guard visitedCount < 10_000_000, let committed = layer.committed else { return }
        visitedCount += 1
        var properties = committed
        let node = properties.timing.node
        // A replicator instance's delay shifts the layer's time after the begin clamp (spec §1.2 header
        // formula at t − delay): before its delayed start the copy shows its model values.
        let unshifted = node.layerLocalTime(fromParentTime: parentTime)
        let localTime = delay == 0 ? unshifted : unshifted - delay * Double(node.speed)
        // Presentation values: committed model values, then each committed animation in order (spec §2.2),
        // applied to a local so the large property value is not copied per animation.
        var transition: TransitionState?
        for entry in layer.animationEntries where entry.isCommitted {
            guard let program = entry.program else { continue }
            program.apply(
                atParentTime: localTime, removedAfterEnd: entry.animation.isRemovedOnCompletion, to: &properties,
                transition: &transition)
        }
        let geometry = CALayer.geometry(of: properties)
        let toSuperlayer: CATransform3D
        let world: CATransform3D
        if let parentGeometry, let parentWorld {
            // A mask lives in the masked layer's bounds space, without its sublayerTransform.
            toSuperlayer = maskedIndex != nil ? geometry.frameTransform : geometry.transform(toSuperlayer: parentGeometry)
            world = CATransform3DConcat(toSuperlayer, parentFlattens ? parentWorld.flattened : parentWorld)
        } else {
            // The root's own geometry places it in its superlayer (window) space (spec §9.3).
            toSuperlayer = geometry.frameTransform
            world = toSuperlayer
        }
        let index = layers.count
        let kind = type(of: layer).snapshotKind
        if !layer.animationEntries.isEmpty, layer.redrawsWhenAnimated {
            redraws.append(SnapshotLayerReference(index: index, layer: layer))
        }
        if recordsCache {
            recorder.record(
                index: index, parent: maskedIndex ?? parentIndex, node: node, isMask: maskedIndex != nil,
                parentFlattens: parentFlattens, geometry: geometry, committed: committed,
                entries: layer.animationEntries)
        }
        layers.append(LayerSnapshot(
            layerID: layer.layerSerial, kind: kind, name: layer.name, parentIndex: maskedIndex == nil ? parentIndex : nil,
            sublayerIndices: [], maskIndex: nil, maskedLayerIndex: maskedIndex, localTime: localTime,
            transformToSuperlayer: toSuperlayer, worldTransform: world, transition: transition,
            properties: properties, compositingFilterName: layer.committedCompositingFilter as? String,
            filters: LayerFilter.drawn(layer.committedFilters)))
        if let mask = layer.committedMaskLayer {
            let maskIndex = layers.count
            visit(mask, parentTime: localTime, parentIndex: index, parentGeometry: geometry, parentWorld: world,
                  parentFlattens: true, maskedIndex: index)
            if layers.count > maskIndex { layers[index].maskIndex = maskIndex }
        }
        let sublayers = layer.committedSublayers
        guard !sublayers.isEmpty else { return }
        var children: [Int] = []
        children.reserveCapacity(sublayers.count)
        let flattens = kind != .transform
        for sublayer in sublayers {
            let childIndex = layers.count
            visit(sublayer, parentTime: localTime, parentIndex: index, parentGeometry: geometry, parentWorld: world,
                  parentFlattens: flattens, maskedIndex: nil)
            if layers.count > childIndex { children.append(childIndex) }
        }
        layers[index].sublayerIndices = children
        if kind == .replicator {
            layers[index].replicatorInstances = delayedReplicatorInstances(of: layer, entry: layers[index])
            if recordsCache { recorder.replicators.append(SnapshotLayerReference(index: index, layer: layer)) }
        }
    }
}

extension SnapshotBuilder {
    /// Redraws each listed entry's content from a presentation copy carrying the entry's animated values
    /// (Apple, CAPG custom properties: `needsDisplay(forKey:)` true makes the layer redisplay while the key
    /// animates, `draw(in:)` running on the presentation layer). The drawing becomes the entry's contents.
    static func redrawPresentations(of redraws: [SnapshotLayerReference], in layers: inout [LayerSnapshot]) {
        for redraw in redraws {
            let index = redraw.index
            guard let layer = redraw.layer, index < layers.count, layers[index].layerID == layer.layerSerial else {
                continue
            }
            let copy = type(of: layer).init(presentationOf: layer)
            copy.isPresentationCopy = true
            copy.modelLayer = layer
            copy.modelValues = layers[index].properties
            copy.committed = layers[index].properties
            copy.display()
            layers[index].properties.contentsImage = copy.modelValues.contentsImage
        }
    }
}

extension CALayer {
    /// Whether a committed animation of this layer writes a key the class redraws for.
    var redrawsWhenAnimated: Bool {
        var keys: [String] = []
        for entry in animationEntries where entry.isCommitted { entry.program?.collectWrittenKeys(into: &keys, depth: 0) }
        return keys.contains { type(of: self).needsDisplay(forKey: $0) }
    }
}

extension AnimationProgram {
    /// The property keys this animation writes (spec §2.2).
    func collectWrittenKeys(into keys: inout [String], depth: Int) {
        guard depth < 64 else { return }
        switch body {
        case .group(let children): for child in children { child.collectWrittenKeys(into: &keys, depth: depth + 1) }
        case .transition: break
        case .property(let property): if !keys.contains(property.target.propertyKey) { keys.append(property.target.propertyKey) }
        }
    }
}

extension CALayer {
    /// The layers of the committed tree below and including this one, masks included (replicator instances
    /// not multiplied), counted without recursion.
    var committedLayerCount: Int {
        var count = 0
        var pending: [CALayer] = [self]
        while let layer = pending.popLast() {
            count += 1
            if let mask = layer.committedMaskLayer { pending.append(mask) }
            pending.append(contentsOf: layer.committedSublayers)
        }
        return count
    }
}
