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
    /// The timing nodes from the root down to this layer (model or committed values).
    func timingPath(useModel: Bool) -> [MediaTimingNode] {
        var nodes: [MediaTimingNode] = []
        var node: CALayer? = self
        var depth = 0
        while let current = node, depth < 100_000 {
            nodes.append(((useModel ? current.modelValues : current.committed ?? current.modelValues).timing).node)
            node = current.superlayerReference ?? current.maskOwner
            depth += 1
        }
        return nodes.reversed()
    }

    /// This layer's local time at absolute media time `mediaTime`.
    func localTime(atMediaTime mediaTime: Double, useModel: Bool) -> Double {
        LayerTimeSpace.localTime(ofPath: timingPath(useModel: useModel), atMediaTime: mediaTime)
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
