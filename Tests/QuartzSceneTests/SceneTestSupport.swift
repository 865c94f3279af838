// Loading helpers and comparisons shared by the scene tests.
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster
import Testing

@testable import QuartzScene
import QuartzTestSupport

/// A scene file under fixtures/scenes/.
func loadFixtureScene(_ name: String) throws -> Scene {
    try Scene.load(contentsOf: fixturesDirectory.appendingPathComponent("scenes").appendingPathComponent(name))
}

/// A scene from inline JSON text (images relative to fixtures/scenes/).
func loadScene(_ json: String, strict: Bool = false) throws(SceneLoadError) -> Scene {
    try Scene.load(data: Data(json.utf8), baseDirectory: fixturesDirectory.appendingPathComponent("scenes"),
                   options: SceneLoadOptions(strict: strict))
}

/// The errors loading `json` reports (empty when it loads).
func loadErrors(_ json: String, strict: Bool = false) -> [SceneIssue] {
    do {
        _ = try loadScene(json, strict: strict)
        return []
    } catch {
        return error.errors
    }
}

/// A minimal valid scene with `layers` (a JSON array text) and extra top-level members.
func sceneJSON(layers: String = "[]", extra: String = "") -> String {
    """
    {"width": 100, "height": 100, "duration": 1\(extra.isEmpty ? "" : ", " + extra), "layers": \(layers)}
    """
}

func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

func close(_ a: CGPoint, _ b: CGPoint, _ tolerance: Double = 1e-9) -> Bool {
    close(Double(a.x), Double(b.x), tolerance) && close(Double(a.y), Double(b.y), tolerance)
}

/// sRGB components of a colour (nil colour: all −1, so it never equals a real one).
func rgba(_ color: CGColor?) -> SIMD4<Double> {
    color?.straightSRGBRGBA ?? SIMD4(-1, -1, -1, -1)
}

/// Every public presentation field of two snapshot entries, compared exactly (layer ids excepted: they
/// number layers per process). Returns the names of the fields that differ.
func differences(_ a: LayerSnapshot, _ b: LayerSnapshot) -> [String] {
    var fields: [String] = []
    func check(_ name: String, _ equal: Bool) { if !equal { fields.append(name) } }
    check("kind", a.kind == b.kind)
    check("name", a.name == b.name)
    check("parentIndex", a.parentIndex == b.parentIndex)
    check("sublayerIndices", a.sublayerIndices == b.sublayerIndices)
    check("maskIndex", a.maskIndex == b.maskIndex)
    check("localTime", a.localTime == b.localTime)
    check("transformToSuperlayer", a.transformToSuperlayer == b.transformToSuperlayer)
    check("worldTransform", a.worldTransform == b.worldTransform)
    check("transition", sameTransition(a.transition, b.transition))
    check("bounds", a.bounds == b.bounds)
    check("position", a.position == b.position)
    check("zPosition", a.zPosition == b.zPosition)
    check("anchorPoint", a.anchorPoint == b.anchorPoint)
    check("transform", a.transform == b.transform)
    check("sublayerTransform", a.sublayerTransform == b.sublayerTransform)
    check("isHidden", a.isHidden == b.isHidden)
    check("opacity", a.opacity == b.opacity)
    check("backgroundColor", a.backgroundColor == b.backgroundColor)
    check("cornerRadius", a.cornerRadius == b.cornerRadius)
    check("borderWidth", a.borderWidth == b.borderWidth)
    check("borderColor", a.borderColor == b.borderColor)
    check("shadowOpacity", a.shadowOpacity == b.shadowOpacity)
    check("contents", a.contents === b.contents)
    check("path", a.path == b.path)
    check("fillColor", a.fillColor == b.fillColor)
    check("strokeColor", a.strokeColor == b.strokeColor)
    check("lineWidth", a.lineWidth == b.lineWidth)
    return fields
}

/// Compares two whole snapshots entry by entry; returns "index: fields" for each difference.
func differences(_ a: LayerTreeSnapshot, _ b: LayerTreeSnapshot) -> [String] {
    guard a.layers.count == b.layers.count else { return ["layer count \(a.layers.count) vs \(b.layers.count)"] }
    return zip(a.layers, b.layers).enumerated().compactMap { index, pair in
        let fields = differences(pair.0, pair.1)
        return fields.isEmpty ? nil : "\(index) \(pair.0.name ?? "?"): \(fields.joined(separator: ", "))"
    }
}

struct MissingValue: Error, CustomStringConvertible {
    let description: String
}

/// The presented layer `name` of `tree` (throws when absent).
func presented(_ tree: SceneTree, _ name: String) throws -> LayerSnapshot {
    guard let layer = tree.presented(name) else { throw MissingValue(description: "no layer \(name)") }
    return layer
}

/// A virtual transform field ("rotation.z", "scale.x") of layer `name`'s presented transform.
func transformField(_ tree: SceneTree, _ name: String, _ field: String) throws -> Double {
    guard let value = try presented(tree, name).transform.value(forTransformKeyPath: field) else {
        throw MissingValue(description: "no \(field) on \(name)")
    }
    return value
}

/// Transitions compared like snapshot entries: type, subtype, progress, and the captured before-state entry by
/// entry with `differences` (layer ids differ between independently built trees).
func sameTransition(_ a: TransitionState?, _ b: TransitionState?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    guard a.type == b.type, a.subtype == b.subtype, a.progress == b.progress,
        (a.before == nil) == (b.before == nil)
    else { return false }
    let x = a.before?.layers ?? [], y = b.before?.layers ?? []
    return x.count == y.count && zip(x, y).allSatisfy { differences($0, $1).isEmpty }
}
