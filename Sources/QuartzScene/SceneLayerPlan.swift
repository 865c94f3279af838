// What a loaded scene keeps to build its layer tree again for every evaluation time: layer descriptions
// with their property assignments in application order, animation prototypes, and scripted changes.
import Foundation
import QuartzLayers

/// One `keyPath = value` assignment.
struct SceneAssignment: Sendable {
    let keyPath: String
    let value: SceneValue
}

/// An animation prototype and the key it is added for. Invariant: the prototype is never mutated after
/// loading; trees receive copies (`CALayer.add(_:forKey:)` copies, and actions are copied here), so the
/// plan can be shared between threads.
struct SceneAnimationPlan: @unchecked Sendable {
    let key: String?
    let prototype: CAAnimation
}

/// A layer to build. Immutable after loading.
final class SceneLayerPlan: Sendable {
    let name: String?
    let layerClass: SceneLayerClass
    let assignments: [SceneAssignment]
    let mask: SceneLayerPlan?
    let sublayers: [SceneLayerPlan]
    let animations: [SceneAnimationPlan]
    /// Actions by event; a nil animation is NSNull (no action, spec §6.2).
    let actions: [String: SceneAnimationPlan?]?

    init(name: String?, layerClass: SceneLayerClass, assignments: [SceneAssignment], mask: SceneLayerPlan?,
         sublayers: [SceneLayerPlan], animations: [SceneAnimationPlan], actions: [String: SceneAnimationPlan?]?) {
        self.name = name
        self.layerClass = layerClass
        self.assignments = assignments
        self.mask = mask
        self.sublayers = sublayers
        self.animations = animations
        self.actions = actions
    }

    /// This layer and every layer below it (masks included).
    var layerCount: Int {
        1 + (mask?.layerCount ?? 0) + sublayers.reduce(0) { $0 + $1.layerCount }
    }

    /// Builds the layer and its subtree in the current context, registering named layers in `names`.
    /// Properties are assigned in order with the engine's checked key-value coding (validated at load).
    func build(names: inout [String: CALayer]) -> CALayer {
        let layer = SceneLayerFactory.make(layerClass)
        layer.name = name
        if let name { names[name] = layer }
        for assignment in assignments { assignment.apply(to: layer) }
        if let actions {
            var built: [String: any CAAction] = [:]
            for (event, plan) in actions {
                if let plan, let copy = plan.prototype.copy() as? CAAnimation {
                    built[event] = copy
                } else {
                    built[event] = NSNull()
                }
            }
            layer.actions = built
        }
        if let mask { layer.mask = mask.build(names: &names) }
        for sublayer in sublayers { layer.addSublayer(sublayer.build(names: &names)) }
        for animation in animations { layer.add(animation.prototype, forKey: animation.key) }
        return layer
    }
}

/// A scripted model change: at `time`, inside its own transaction. Invariant: immutable after loading
/// (its layer plans and animation prototypes are only copied from), so it can be shared between threads.
struct SceneScriptEvent: @unchecked Sendable {
    struct Addition {
        let parent: String
        let index: Int?
        let layer: SceneLayerPlan
    }

    struct AnimationAddition {
        let layer: String
        let animation: SceneAnimationPlan
    }

    let time: Double
    let duration: Double?
    let timingFunction: CAMediaTimingFunction?
    let disableActions: Bool?
    let additions: [Addition]
    /// (layer name, key path, value), in application order.
    let assignments: [(layer: String, assignment: SceneAssignment)]
    let animationRemovals: [(layer: String, key: String)]
    let animationAdditions: [AnimationAddition]
    let removals: [String]
}

extension SceneAssignment {
    /// Sets the value on `layer` with the engine's checked key-value coding (validated at load), except
    /// `compositingFilter` and `filters`, object-valued CALayer properties outside the key-value table: set
    /// directly (filters as new CIFilters, so no layer shares a mutable filter).
    func apply(to layer: CALayer) {
        if keyPath == "compositingFilter" {
            layer.compositingFilter = value.value
        } else if keyPath == "filters" {
            layer.filters = (value.value as? SceneLayerFilters)?.names.compactMap { CIFilter(name: $0) }
        } else {
            try? layer.checkedSetValue(value.value, forKeyPath: keyPath)
        }
    }
}

/// A parsed `filters` value: the filter names, immutable (SceneValue holds no mutable objects).
struct SceneLayerFilters: Sendable {
    let names: [String]
}
