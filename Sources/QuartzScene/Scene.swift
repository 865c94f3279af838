// A loaded scene: its size, duration and frame rate, the frame-time arithmetic the renderer uses, the
// warnings and counts `info` shows, and the layer tree at any time, built afresh or advanced from an earlier
// time with the same scripted changes.
import Foundation
import QuartzText
import QuartzLayers
import QuartzMath
import QuartzRaster

/// Counts for `quartz-render info`.
public struct SceneCounts: Sendable, Hashable {
    /// Layers declared, the root, masks and layers added by the script included.
    public let layers: Int
    /// Animations declared: on layers, in the script and as actions, group children included.
    public let animations: Int
    /// Scripted changes (entries of "script").
    public let scriptedChanges: Int
    /// Distinct contents images loaded.
    public let images: Int
}

/// A scene file, parsed and validated. Immutable and safe to share between threads: every evaluation
/// builds its own layer tree in its own `LayerTreeContext`.
public final class Scene: Sendable {
    /// The scene's size in points; the rendered image is size × scale pixels.
    public let size: CGSize
    public let scale: Double
    /// Scene time of the first frame (seconds).
    public let start: Double
    /// Seconds of animation; frames cover [start, start + duration).
    public let duration: Double
    public let frameRate: SceneFrameRate
    /// The number of frames: frame i is at `time(ofFrame: i)` for i in 0..<frameCount.
    public let frameCount: Int
    /// The root layer's background colour; nil is transparent.
    public let background: CGColor?
    /// Unknown keys and unsupported features (each unsupported feature once).
    public let warnings: [SceneIssue]
    /// The unsupported features used by the scene, in first-use order.
    public let unsupportedFeatures: [String]
    public let counts: SceneCounts
    /// The fonts the scene's text layers name, as they resolved on this machine (substitutions marked).
    public let fonts: [FontResolution]

    let root: SceneLayerPlan
    /// Builds the root layer in place of `root` for a tree made elsewhere (`Scene.hosting`).
    let hostedRoot: (@Sendable () -> CALayer)?
    let script: [SceneScriptEvent]
    /// The script's times in increasing order, for counting the changes that ran by a time.
    private let scriptTimes: [Double]

    init(size: CGSize, scale: Double, start: Double, duration: Double, frameRate: SceneFrameRate, background: CGColor?,
         warnings: [SceneIssue], unsupportedFeatures: [String], counts: SceneCounts, root: SceneLayerPlan, script: [SceneScriptEvent],
         fonts: [FontResolution] = [], hostedRoot: (@Sendable () -> CALayer)? = nil) {
        self.fonts = fonts
        self.hostedRoot = hostedRoot
        self.size = size
        self.scale = scale
        self.start = start
        self.duration = duration
        self.frameRate = frameRate
        self.frameCount = frameRate.frameCount(forDuration: duration)
        self.background = background
        self.warnings = warnings
        self.unsupportedFeatures = unsupportedFeatures
        self.counts = counts
        self.root = root
        self.script = script
        self.scriptTimes = script.map(\.time).sorted()
    }

    /// The rendered image's size in pixels (size × scale, rounded up).
    public var pixelWidth: Int { Int((Double(size.width) * scale).rounded(.up)) }
    public var pixelHeight: Int { Int((Double(size.height) * scale).rounded(.up)) }

    /// Scene time of frame `index`: start + index · denominator / numerator, from the index alone.
    public func time(ofFrame index: Int) -> CFTimeInterval {
        start + frameRate.offset(ofFrame: index)
    }

    /// The layer tree at scene time `time` (media time `time` on the tree's manual clock), built directly:
    /// the tree is built at time 0 with actions disabled, then every scripted change with `at` ≤ `time`
    /// runs at its own time in its own transaction (flushed), then the clock is set to `time` and the
    /// run-loop turn ends. Pure in `time`: the same time always gives the same tree, whatever was
    /// evaluated before. A non-finite `time` evaluates at `start`.
    public func tree(atTime time: CFTimeInterval) -> SceneTree {
        let time = time.isFinite ? time : start
        let clock = ManualMediaClock(time: 0)
        let context = LayerTreeContext(clock: clock)
        // The tree is rebuilt for every frame, and loading has already checked every animation.
        context.logger = nil
        var names: [String: CALayer] = [:]
        let rootLayer = context.perform { () -> CALayer in
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            let layer = hostedRoot?() ?? root.build(names: &names)
            layer.bounds = CGRect(origin: .zero, size: size)
            layer.position = CGPoint(x: size.width / 2, y: size.height / 2)
            layer.anchorPoint = CGPoint(x: 0.5, y: 0.5)
            CATransaction.commit()
            CATransaction.flush()
            return layer
        }
        for event in script where event.time <= time {
            clock.time = event.time
            context.perform { run(event, names: &names) }
        }
        clock.time = time
        context.beginFrame()
        return SceneTree(context: context, clock: clock, root: rootLayer, layers: names, time: time)
    }

    /// The number of scripted changes that have run in the tree at `time` (those with `at` ≤ `time`). Two
    /// times with the same count see the same changes, so a tree built for the earlier one, advanced to the
    /// later one, is the tree at the later one.
    package func scriptedChangeCount(atOrBefore time: CFTimeInterval) -> Int {
        let time = time.isFinite ? time : start
        var low = 0, high = scriptTimes.count
        while low < high {
            let middle = (low + high) / 2
            if scriptTimes[middle] <= time { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The tree at frame `index`'s time.
    public func tree(atFrame index: Int) -> SceneTree {
        tree(atTime: time(ofFrame: index))
    }

    /// One scripted change in its own transaction: layer additions, animation removals, animation
    /// additions (so an animation without fromValue starts from the presentation value before the
    /// change, Apple's "apply basic animation" recipe), assignments, layer removals; then the turn ends.
    private func run(_ event: SceneScriptEvent, names: inout [String: CALayer]) {
        CATransaction.begin()
        if let duration = event.duration { CATransaction.setAnimationDuration(duration) }
        if let function = event.timingFunction { CATransaction.setAnimationTimingFunction(function) }
        if let disable = event.disableActions { CATransaction.setDisableActions(disable) }
        for addition in event.additions {
            guard let parent = names[addition.parent] else { continue }
            let layer = addition.layer.build(names: &names)
            if let index = addition.index {
                parent.insertSublayer(layer, at: UInt32(min(index, parent.sublayers?.count ?? 0)))
            } else {
                parent.addSublayer(layer)
            }
        }
        for (name, key) in event.animationRemovals { names[name]?.removeAnimation(forKey: key) }
        for addition in event.animationAdditions {
            names[addition.layer]?.add(addition.animation.prototype, forKey: addition.animation.key)
        }
        for (name, assignment) in event.assignments {
            if let layer = names[name] { assignment.apply(to: layer) }
        }
        for name in event.removals { names[name]?.removeFromSuperlayer() }
        CATransaction.commit()
        CATransaction.flush()
    }
}

/// A scene's layer tree at one time, in its own context.
public struct SceneTree {
    /// The context the tree lives in (its clock is a `ManualMediaClock` set to `time`).
    public let context: LayerTreeContext
    let clock: ManualMediaClock
    public let root: CALayer
    /// Named layers ("root" included), as built; removed layers stay listed.
    public let layers: [String: CALayer]
    /// The scene time the tree was evaluated for.
    public private(set) var time: CFTimeInterval

    /// Moves the tree's clock on to `time` and ends the run-loop turn there, as `Scene.tree(atTime:)` does
    /// after the last scripted change. The caller keeps `time` ≥ `self.time` and the scripted change count
    /// at `time` equal to the count at `self.time`: then the tree equals the one built at `time` (finished
    /// animations are removed at the turn either way, and nothing else depends on the path taken).
    package mutating func advance(toTime time: CFTimeInterval) {
        clock.time = time
        context.beginFrame()
        self.time = time
    }

    /// The presentation snapshot at `time` (what the compositor renders).
    public func snapshot() -> LayerTreeSnapshot {
        context.snapshot(of: root, atMediaTime: time)
    }

    /// The presentation snapshot entry of the layer named `name` (names are unique in a scene).
    public func presented(_ name: String) -> LayerSnapshot? {
        snapshot().layers.first { $0.name == name }
    }
}
