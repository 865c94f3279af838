// The incremental snapshot (evaluation speed): the last full evaluation of one root's committed
// tree is kept together with what time alone can change — each layer's timing node, its time and
// geometry parents, and, for layers with committed animations, their committed state and programs.
// While nothing that a snapshot reads has changed (`LayerTreeContext.evaluationGeneration`), the next
// snapshot updates in place: local times for every layer, properties only for animated layers (only the
// properties their animations write are reset from the committed state), matrices only under them.
// The arithmetic is the full build's, operation for operation, so both paths give bit-identical entries.
import Foundation
import QuartzMath

/// One animated layer's evaluation plan.
struct AnimatedSnapshotEntry {
    /// Index in the snapshot's `layers`.
    let index: Int
    /// The committed properties (the underlying values animations start from, spec §2.2).
    var committed: LayerProperties
    /// Range in `SnapshotCache.programs` / `removedAfterEnd`: the committed animations in order.
    let programs: Range<Int>
    /// Range in `SnapshotCache.resetAccessors`: the properties the animations write.
    let resets: Range<Int>
    /// A path animation with a rotation mode also writes `transform`; an image animation `contentsCrossfade`.
    let resetsTransform: Bool
    let resetsCrossfade: Bool
}

/// A snapshot entry's layer as a cache keeps it. Not owned: the cache lives in the context, which every
/// layer owns, so owning the layers back would keep a dropped tree alive. While the root is alive so is
/// every layer of its committed tree, so a cache in use always finds its layers.
struct SnapshotLayerReference {
    let index: Int
    weak var layer: CALayer?
}

/// What the next snapshot of one root needs to update the previous one in place.
struct SnapshotCache {
    /// The `evaluationGeneration` the entries were built at.
    let generation: Int
    /// The last snapshot's entries (shared with the snapshot handed out; updated in place when unique).
    var layers: [LayerSnapshot]
    /// Per entry: the entry whose local time is this one's parent time and whose geometry places it
    /// (the superlayer, or the masked layer for a mask); -1 for the root.
    var parents: [Int]
    /// Each entry's own clock (its layer timing, as plain numbers).
    var clocks: [LayerClock]
    var isMask: [Bool]
    /// Whether the parent's world matrix is flattened before concatenation (false under a CATransformLayer).
    var parentFlattens: [Bool]
    /// Whether this entry's matrices can change with time (it or an ancestor is animated).
    var hasDynamicMatrices: [Bool]
    /// Per entry: the presented frame transform `T(−A)·transform·T(P)` and `sublayerTransformAboutAnchor`
    /// (the children's basis).
    var frameTransforms: [CATransform3D]
    var sublayerBases: [CATransform3D]
    /// Animated entries in index order, and their flattened programs and reset accessors.
    var animated: [AnimatedSnapshotEntry]
    var programs: [AnimationProgram]
    var removedAfterEnd: [Bool]
    var resetAccessors: [LayerPropertyAccessor]
    /// Animated entries evaluated through inline channels instead (index order), and their channels.
    var channelLayers: [ChannelLayer]
    var channels: [AnimationChannel]
    /// Replicator entries with sublayers (their delayed instances are rebuilt every update).
    var replicators: [SnapshotLayerReference]
    /// Entries redrawn from their presentation every snapshot (`SnapshotBuilder.redrawPresentations`).
    var redraws: [SnapshotLayerReference] = []

    /// Evaluates every entry at `mediaTime` given the root's parent time; the result equals a full build's.
    mutating func update(rootParentTime: Double, mediaTime: Double) {
        let count = layers.count
        guard count == parents.count, count == clocks.count, count == isMask.count, count == parentFlattens.count,
              count == hasDynamicMatrices.count, count == frameTransforms.count, count == sublayerBases.count
        else { return }
        var nextAnimated = 0, nextChannelLayer = 0
        let animatedCount = animated.count, channelLayerCount = channelLayers.count
        var animatedIndex = animatedCount > 0 ? animated[0].index : -1
        // Read-only tables as locals (a reference each), so reading them does not overlap `evaluateAnimated`'s
        // access to `self`.
        let parents = parents, clocks = clocks, isMask = isMask, parentFlattens = parentFlattens
        let hasDynamicMatrices = hasDynamicMatrices, channelLayers = channelLayers, channels = channels
        // The written tables are taken out of `self` so their buffers can be written while `evaluateAnimated`
        // mutates the animation tables; `layers` is unique again once the previous snapshot was released
        // (otherwise this one copy is the only cost).
        var updated = layers, frames = frameTransforms, bases = sublayerBases
        layers = []
        frameTransforms = []
        sublayerBases = []
        // Invariant: every buffer below has `count` elements (checked above; built together by
        // `SnapshotRecorder`), parents precede their children, channel ranges lie inside `channels`, and no
        // buffer is resized during the loop.
        unsafe updated.withUnsafeMutableBufferPointer { entries in
        unsafe frames.withUnsafeMutableBufferPointer { frames in
        unsafe bases.withUnsafeMutableBufferPointer { bases in
        unsafe parents.withUnsafeBufferPointer { parents in
        unsafe clocks.withUnsafeBufferPointer { clocks in
        unsafe isMask.withUnsafeBufferPointer { isMask in
        unsafe parentFlattens.withUnsafeBufferPointer { parentFlattens in
        unsafe hasDynamicMatrices.withUnsafeBufferPointer { hasDynamicMatrices in
        unsafe channelLayers.withUnsafeBufferPointer { channelLayers in
        unsafe channels.withUnsafeBufferPointer { channels in
            for index in 0..<count {
                let parent = unsafe parents[index]
                let parentTime = parent < 0 ? rootParentTime : unsafe entries[parent].localTime
                let localTime = unsafe clocks[index].localTime(fromParentTime: parentTime)
                unsafe entries[index].localTime = localTime
                if index == animatedIndex {
                    unsafe frames[index] = evaluateAnimated(
                        nextAnimated, localTime: localTime, into: &entries[index], sublayerBasis: &bases[index])
                    nextAnimated += 1
                    animatedIndex = nextAnimated < animatedCount ? animated[nextAnimated].index : -1
                } else if nextChannelLayer < channelLayerCount, unsafe channelLayers[nextChannelLayer].index == index {
                    unsafe frames[index] = Self.evaluateChannels(
                        channelLayers[nextChannelLayer], channels: channels, localTime: localTime,
                        into: &entries[index], sublayerBasis: &bases[index])
                    nextChannelLayer += 1
                }
                guard unsafe hasDynamicMatrices[index] else { continue }
                let frame = unsafe frames[index]
                if parent < 0 {
                    unsafe entries[index].transformToSuperlayer = frame
                    unsafe entries[index].worldTransform = frame
                } else {
                    let toSuperlayer = unsafe isMask[index] ? frame : CATransform3DConcat(frame, bases[parent])
                    let parentWorld = unsafe entries[parent].worldTransform
                    unsafe entries[index].transformToSuperlayer = toSuperlayer
                    unsafe entries[index].worldTransform = CATransform3DConcat(
                        toSuperlayer, parentFlattens[index] ? parentWorld.flattened : parentWorld)
                }
            }
        }}}}}}}}}}
        frameTransforms = frames
        sublayerBases = bases
        // Delayed replicator instances read the updated replicator entries (pre-order: outer ones first).
        for replicator in replicators {
            guard let layer = replicator.layer else { continue }
            let index = replicator.index
            let builder = SnapshotBuilder(mediaTime: mediaTime, recordsCache: false)
            updated[index].replicatorInstances = builder.delayedReplicatorInstances(of: layer, entry: updated[index])
        }
        layers = updated
    }

    /// Resets the written properties from the committed state, then applies the animations in order;
    /// returns the new frame transform and stores the sublayers' basis when the layer has sublayers.
    private mutating func evaluateAnimated(
        _ slot: Int, localTime: Double, into entry: inout LayerSnapshot, sublayerBasis: inout CATransform3D
    ) -> CATransform3D {
        // Fields are read one by one: copying the plan would copy its committed state.
        for accessorIndex in animated[slot].resets {
            let accessor = resetAccessors[accessorIndex]
            if let copy = accessor.copy {
                copy(&entry.properties, &animated[slot].committed)
            } else if !accessor.write(&entry.properties, accessor.read(&animated[slot].committed)) {
                // A committed value the writer refuses (it never should): fall back to the whole state.
                entry.properties = animated[slot].committed
                break
            }
        }
        if animated[slot].resetsTransform { entry.properties.transform = animated[slot].committed.transform }
        if animated[slot].resetsCrossfade {
            entry.properties.contentsCrossfade = animated[slot].committed.contentsCrossfade
        }
        var transition: TransitionState?
        for programIndex in animated[slot].programs {
            programs[programIndex].apply(
                atParentTime: localTime, removedAfterEnd: removedAfterEnd[programIndex], to: &entry.properties,
                transition: &transition)
        }
        entry.transition = transition
        // Only sublayers read the basis (a mask's position comes from its frame transform alone).
        if !entry.sublayerIndices.isEmpty { sublayerBasis = LayerPlacement.sublayerBasis(of: entry.properties) }
        return LayerPlacement.frameTransform(of: entry.properties)
    }
}

/// Collects a `SnapshotCache`'s side tables while `SnapshotBuilder` visits the tree.
struct SnapshotRecorder {
    var parents: [Int] = []
    var clocks: [LayerClock] = []
    var isMask: [Bool] = []
    var parentFlattens: [Bool] = []
    var hasDynamicMatrices: [Bool] = []
    var frameTransforms: [CATransform3D] = []
    var sublayerBases: [CATransform3D] = []
    var animated: [AnimatedSnapshotEntry] = []
    var programs: [AnimationProgram] = []
    var removedAfterEnd: [Bool] = []
    var resetAccessors: [LayerPropertyAccessor] = []
    var channelLayers: [ChannelLayer] = []
    var channels: [AnimationChannel] = []
    var replicators: [SnapshotLayerReference] = []

    /// Records one entry (appended in the same order as the snapshot's `layers`).
    mutating func record(
        index: Int, parent: Int?, node: MediaTimingNode, isMask mask: Bool, parentFlattens flattens: Bool,
        geometry: LayerGeometry, committed: LayerProperties, entries: [AttachedAnimation]
    ) {
        parents.append(parent ?? -1)
        clocks.append(LayerClock(node))
        isMask.append(mask)
        parentFlattens.append(flattens)
        frameTransforms.append(geometry.frameTransform)
        sublayerBases.append(geometry.sublayerTransformAboutAnchor)
        var layerPrograms: [(AnimationProgram, Bool)] = []
        for entry in entries where entry.isCommitted {
            guard let program = entry.program else { continue }
            layerPrograms.append((program, entry.animation.isRemovedOnCompletion))
        }
        let isAnimated = !layerPrograms.isEmpty
        hasDynamicMatrices.append(isAnimated || (parent.map { hasDynamicMatrices[$0] } ?? false))
        guard isAnimated, !recordChannels(index: index, programs: layerPrograms, committed: committed) else { return }
        let programStart = programs.count, resetStart = resetAccessors.count
        var resetKeys: [String] = []
        var resetsTransform = false, resetsCrossfade = false
        for (program, removed) in layerPrograms {
            programs.append(program)
            removedAfterEnd.append(removed)
            collectWrites(of: program, keys: &resetKeys, transform: &resetsTransform, crossfade: &resetsCrossfade)
        }
        animated.append(AnimatedSnapshotEntry(
            index: index, committed: committed, programs: programStart..<programs.count,
            resets: resetStart..<resetAccessors.count, resetsTransform: resetsTransform,
            resetsCrossfade: resetsCrossfade))
    }

    /// The properties `program` can write (spec §2.2: a property animation writes its key path's property).
    private mutating func collectWrites(
        of program: AnimationProgram, keys: inout [String], transform: inout Bool, crossfade: inout Bool
    ) {
        switch program.body {
        case .group(let children):
            for child in children { collectWrites(of: child, keys: &keys, transform: &transform, crossfade: &crossfade) }
        case .transition:
            break
        case .property(let property):
            let target = property.target
            if !keys.contains(target.propertyKey) {
                keys.append(target.propertyKey)
                resetAccessors.append(target.accessor)
            }
            if target.kind == .image { crossfade = true }
            if case .path(_, let rotationOffset, _) = property.values, rotationOffset != nil { transform = true }
        }
    }

    func cache(generation: Int, layers: [LayerSnapshot]) -> SnapshotCache {
        SnapshotCache(
            generation: generation, layers: layers, parents: parents, clocks: clocks, isMask: isMask,
            parentFlattens: parentFlattens, hasDynamicMatrices: hasDynamicMatrices, frameTransforms: frameTransforms,
            sublayerBases: sublayerBases, animated: animated, programs: programs, removedAfterEnd: removedAfterEnd,
            resetAccessors: resetAccessors, channelLayers: channelLayers, channels: channels, replicators: replicators)
    }
}
