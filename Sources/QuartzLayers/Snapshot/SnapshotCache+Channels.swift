// Animation channels: the common animations (fixed-endpoint basic animations of opacity, position and one
// transform field over an identity transform) copied inline into the snapshot cache, so an in-place update
// reads them from one contiguous array instead of chasing program, key-path and accessor objects per
// animation (at 10k layers that pointer chasing, not arithmetic, bounds the frame time). A layer uses
// channels only when every animation it has is one; the arithmetic is the program path's, operation for
// operation (`PropertyProgram.apply`, fixed endpoints), so both give bit-identical values.
import Foundation
import QuartzMath

/// One fixed-endpoint animation of a hot property. A plain value (no references, no strings): reading
/// it in the frame loop costs no reference counting, and the timing constants are resolved once.
struct AnimationChannel {
    enum Target {
        case opacity
        case position
        /// A transform key path ("rotation.z", …) written over the identity transform.
        case transformField(TransformKeyPath)
    }

    let timing: ResolvedMediaTiming
    /// The timing function's curve (nil: linear), solved as `CAMediaTimingFunction.value(atProgress:)`.
    let curve: UnitBezierCurve?
    let removedAfterEnd: Bool
    let target: Target
    let fromNumber: Double, toNumber: Double
    let fromPoint: CGPoint, toPoint: CGPoint

    /// The channel for `program` when it is one (see the file note), else nil.
    init?(_ program: AnimationProgram, removedAfterEnd: Bool) {
        guard case .property(let property) = program.body, let fixed = property.fixedEndpoints else { return nil }
        let path = property.target
        switch fixed {
        case .number(let a, let b):
            if path.fields.isEmpty && path.propertyKey == "opacity" {
                target = .opacity
            } else if let field = path.transformField, path.propertyKey == "transform" {
                target = .transformField(field)
            } else {
                return nil
            }
            (fromNumber, toNumber, fromPoint, toPoint) = (a, b, .zero, .zero)
        case .point(let a, let b):
            guard path.fields.isEmpty && path.propertyKey == "position" else { return nil }
            target = .position
            (fromNumber, toNumber, fromPoint, toPoint) = (0, 0, a, b)
        }
        timing = program.resolvedTiming
        curve = program.timingFunction?.curve
        self.removedAfterEnd = removedAfterEnd
    }

    var isTransformField: Bool {
        if case .transformField = target { return true }
        return false
    }

    /// `AnimationProgram.apply` for this animation (timing spec §1.3, value spec §2.1–§2.2).
    @inline(__always)
    func apply(atParentTime parentTime: Double, to properties: inout LayerProperties) {
        guard let state = timing.evaluate(parentTime: parentTime), let basicTime = state.basicTime else { return }
        if removedAfterEnd && state.phase == .after { return }
        let duration = timing.duration
        let progress = duration > 0 && duration.isFinite ? basicTime / duration : 0
        let eased = curve?.value(at: progress, epsilon: CAMediaTimingFunction.appleSolverEpsilon) ?? progress
        switch target {
        case .opacity:
            let value = fromNumber + (toNumber - fromNumber) * eased
            if value.isFinite { properties.opacity = value }
        case .position:
            let point = fromPoint.interpolated(to: toPoint, fraction: eased)
            if point.x.isFinite && point.y.isFinite { properties.position = point }
        case .transformField(let field):
            let value = fromNumber + (toNumber - fromNumber) * eased
            if let matrix = field.matrixReplacingIdentityComponent(with: .number(value)) { properties.transform = matrix }
        }
    }
}

/// A layer whose animations are all channels, with the committed values they reset from.
struct ChannelLayer {
    let index: Int
    let channels: Range<Int>
    let committedOpacity: Double
    let committedPosition: CGPoint
    let committedTransform: CATransform3D
    let resetsOpacity: Bool, resetsPosition: Bool, resetsTransform: Bool
}

extension SnapshotRecorder {
    /// Records `programs` as channels when they all are, at most one of them a transform field and that one
    /// over an identity committed transform; false (nothing recorded) otherwise.
    mutating func recordChannels(
        index: Int, programs layerPrograms: [(AnimationProgram, Bool)], committed: LayerProperties
    ) -> Bool {
        var made: [AnimationChannel] = []
        made.reserveCapacity(layerPrograms.count)
        for (program, removedAfterEnd) in layerPrograms {
            guard let channel = AnimationChannel(program, removedAfterEnd: removedAfterEnd) else { return false }
            made.append(channel)
        }
        let transformFields = made.filter(\.isTransformField).count
        guard transformFields <= 1, transformFields == 0 || CATransform3DIsIdentity(committed.transform) else {
            return false
        }
        let start = channels.count
        channels.append(contentsOf: made)
        channelLayers.append(ChannelLayer(
            index: index, channels: start..<channels.count, committedOpacity: committed.opacity,
            committedPosition: committed.position, committedTransform: committed.transform,
            resetsOpacity: made.contains { if case .opacity = $0.target { true } else { false } },
            resetsPosition: made.contains { if case .position = $0.target { true } else { false } },
            resetsTransform: transformFields > 0))
        return true
    }
}

extension SnapshotCache {
    /// Resets the channel targets to their committed values, then applies the channels in order; returns
    /// the layer's new frame transform and stores the sublayers' basis when it has sublayers.
    @inline(__always)
    static func evaluateChannels(
        _ layer: ChannelLayer, channels: UnsafeBufferPointer<AnimationChannel>, localTime: Double,
        into entry: inout LayerSnapshot, sublayerBasis: inout CATransform3D
    ) -> CATransform3D {
        if layer.resetsOpacity { entry.properties.opacity = layer.committedOpacity }
        if layer.resetsPosition { entry.properties.position = layer.committedPosition }
        if layer.resetsTransform { entry.properties.transform = layer.committedTransform }
        for channel in layer.channels {
            unsafe channels[channel].apply(atParentTime: localTime, to: &entry.properties)
        }
        // Only sublayers read the basis (a mask's position comes from its frame transform alone).
        if !entry.sublayerIndices.isEmpty { sublayerBasis = LayerPlacement.sublayerBasis(of: entry.properties) }
        return LayerPlacement.frameTransform(of: entry.properties)
    }
}
