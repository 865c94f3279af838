// Layer time (spec §1.2, §1.6): the chain of layer timing nodes from the root, local time at a media
// time, and Apple's `convertTime(_:from:)` / `convertTime(_:to:)`.
import Foundation

extension LayerTimingProperties {
    var node: MediaTimingNode {
        MediaTimingNode(
            beginTime: beginTime, duration: duration, speed: speed, timeOffset: timeOffset, repeatCount: repeatCount,
            repeatDuration: repeatDuration, autoreverses: autoreverses,
            fillMode: CAMediaTimingFillMode(rawValue: fillModeName))
    }
}

extension CALayer {
    /// This layer's local time at absolute media time `mediaTime` (recursion up the ancestors: no
    /// allocation, so per-frame bookkeeping stays allocation-free).
    func localTime(atMediaTime mediaTime: Double, useModel: Bool) -> Double {
        let parent = superlayerReference ?? maskOwner
        let parentTime = parent?.localTime(atMediaTime: mediaTime, useModel: useModel) ?? mediaTime
        return timingNode(useModel: useModel).layerLocalTime(fromParentTime: parentTime)
    }

    /// The absolute media time of this layer's local time `localTime` (the inverse map, spec §1.6).
    func mediaTime(atLocalTime localTime: Double, useModel: Bool) -> Double {
        let parentTime = timingNode(useModel: useModel).parentTime(fromLayerLocalTime: localTime)
        let parent = superlayerReference ?? maskOwner
        return parent?.mediaTime(atLocalTime: parentTime, useModel: useModel) ?? parentTime
    }

    func timingNode(useModel: Bool) -> MediaTimingNode {
        (useModel ? modelValues : committed ?? modelValues).timing.node
    }

    /// Apple: converts `t` from the local time of layer `l` (absolute media time when nil) to this
    /// layer's, through their common ancestor (spec §1.6). Layers in different trees convert through
    /// absolute time.
    public func convertTime(_ t: CFTimeInterval, from l: CALayer?) -> CFTimeInterval {
        let (up, down) = CALayer.timeBranches(from: l, to: self)
        return LayerTimeSpace.convertTime(t, upThrough: up, downThrough: down)
    }

    /// Apple: converts `t` from this layer's local time to layer `l`'s (absolute media time when nil).
    public func convertTime(_ t: CFTimeInterval, to l: CALayer?) -> CFTimeInterval {
        let (up, down) = CALayer.timeBranches(from: self, to: l)
        return LayerTimeSpace.convertTime(t, upThrough: up, downThrough: down)
    }

    /// The source branch (source first, up to but excluding the common ancestor) and destination branch
    /// (below the common ancestor down to the destination), from model timing values.
    static func timeBranches(from source: CALayer?, to destination: CALayer?) -> ([MediaTimingNode], [MediaTimingNode]) {
        func ancestry(_ layer: CALayer?) -> [CALayer] {
            var chain: [CALayer] = []
            var node = layer
            while let current = node, chain.count < 100_000 {
                chain.append(current)
                node = current.superlayerReference ?? current.maskOwner
            }
            return chain
        }
        let sourceChain = ancestry(source), destinationChain = ancestry(destination)
        var common: CALayer?
        for layer in sourceChain where destinationChain.contains(where: { $0 === layer }) {
            common = layer
            break
        }
        let up = sourceChain.prefix { $0 !== common }.map { $0.modelValues.timing.node }
        let down = destinationChain.prefix { $0 !== common }.reversed().map { $0.modelValues.timing.node }
        return (Array(up), Array(down))
    }
}
