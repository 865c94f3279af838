// CAReplicatorLayer's instanceDelay: "Specifies the delay, in seconds, between replicated copies" — instance
// i's copy of the sublayers runs i·instanceDelay behind instance 0 (Apple's CAReplicatorLayer reference), so
// its sublayers are evaluated at the replicator's local time t − i·instanceDelay, by the header formula
// without the begin clamp of spec §1.6 [U: Apple undocumented]: before its delayed start a copy shows its
// model values, as an animation before its begin does. Geometry is instance 0's: the renderer still
// applies instanceTransform^i and the colour offsets per instance.
import Foundation

extension SnapshotBuilder {
    /// At most this many delayed instances per replicator, and this many entries over all of them
    /// (instanceCount is unbounded in Apple's API; the renderer draws instances past these undelayed).
    static let maximumDelayedInstances = CAReplicatorLayer.maximumDrawnInstanceCount
    static let maximumDelayedInstanceEntries = 1_000_000

    /// Instances 1… of `layer`'s sublayers, each a tree whose root entry is the replicator's own `entry` and
    /// whose other entries are the sublayers evaluated `i·instanceDelay` earlier. Empty without a delay.
    func delayedReplicatorInstances(of layer: CALayer, entry: LayerSnapshot) -> [LayerTreeSnapshot] {
        let replicator = entry.properties.replicator
        let delay = replicator.instanceDelay
        let sublayers = layer.committedSublayers
        guard delay != 0, delay.isFinite, replicator.instanceCount > 1, !sublayers.isEmpty else { return [] }
        var root = entry
        root.sublayerIndices = []
        root.maskIndex = nil
        root.replicatorInstances = []
        let geometry = CALayer.geometry(of: entry.properties)
        var instances: [LayerTreeSnapshot] = []
        var entryCount = 0
        for instance in 1..<min(replicator.instanceCount, Self.maximumDelayedInstances + 1) {
            var builder = SnapshotBuilder(mediaTime: mediaTime, recordsCache: false)
            builder.layers.append(root)
            let instanceDelay = Double(instance) * delay
            var children: [Int] = []
            for sublayer in sublayers {
                let childIndex = builder.layers.count
                // A replicator is a normal layer: it flattens its sublayers (spec §9.3).
                builder.visit(sublayer, parentTime: entry.localTime, parentIndex: 0, parentGeometry: geometry,
                              parentWorld: entry.worldTransform, parentFlattens: true, maskedIndex: nil,
                              delay: instanceDelay)
                if builder.layers.count > childIndex { children.append(childIndex) }
            }
            builder.layers[0].sublayerIndices = children
            entryCount += builder.layers.count
            instances.append(LayerTreeSnapshot(mediaTime: mediaTime, layers: builder.layers))
            if entryCount >= Self.maximumDelayedInstanceEntries { break }
        }
        return instances
    }
}
