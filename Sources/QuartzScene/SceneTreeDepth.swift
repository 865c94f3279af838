// How deep the layer tree of a scene can grow, counted before anything is built. Evaluating and drawing a
// tree walks it depth-first, so its depth is bounded like every other size a file controls: plain JSON
// stops near 255 levels, and scripted `add` entries, which can hang each new layer under the last, are
// held to the same order of depth with a named error instead of a stack overflow.
import Foundation

enum SceneTreeDepth {
    /// The most levels a scene's tree may have (the root is level 1). A release build still renders twice
    /// this depth on the 8 MB stacks `quartz-render` runs frames on (a 600-level chain overflowed them).
    static let maximum = 256

    /// Reports the first scripted addition that would take the tree past `maximum` levels.
    static func check(root: SceneLayerPlan, script: [SceneScriptEvent], diagnostics: SceneDiagnostics) {
        var depths: [String: Int] = [:]
        record(root, at: 1, in: &depths)
        for (eventIndex, event) in script.enumerated() {
            for (additionIndex, addition) in event.additions.enumerated() {
                let parentDepth = depths[addition.parent] ?? 1
                let deepest = record(addition.layer, at: parentDepth + 1, in: &depths)
                guard deepest <= maximum else {
                    let path = ScenePath.index(ScenePath.key(ScenePath.index("script", eventIndex), "add"), additionIndex)
                    diagnostics.error(path, .outOfRange,
                        "this addition makes the layer tree \(deepest) levels deep; at most \(maximum) are supported")
                    return
                }
            }
        }
    }

    /// Records the depth of every named layer of `plan`'s subtree, `plan` at `depth`; returns the deepest.
    @discardableResult
    private static func record(_ plan: SceneLayerPlan, at depth: Int, in depths: inout [String: Int]) -> Int {
        var deepest = depth
        var pending: [(SceneLayerPlan, Int)] = [(plan, depth)]
        while let (layer, level) = pending.popLast() {
            deepest = max(deepest, level)
            if let name = layer.name { depths[name] = level }
            if let mask = layer.mask { pending.append((mask, level + 1)) }
            for sublayer in layer.sublayers { pending.append((sublayer, level + 1)) }
        }
        return deepest
    }
}
