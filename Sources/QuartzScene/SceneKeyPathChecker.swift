// Decides whether a key path exists on a layer class and what JSON shape its values take. Top-level
// keys come from the format's schema; field paths ("position.x", "transform.rotation.z") are asked of a
// prototype layer of the class, through the engine's checked key-value coding, in a private context.
import Foundation
import QuartzLayers
import QuartzMath

final class SceneKeyPathChecker {
    private let context = LayerTreeContext(clock: ManualMediaClock(time: 0))
    private var prototypes: [SceneLayerClass: CALayer] = [:]

    /// The value kind at `keyPath` on `layerClass`, or a message saying why it does not exist.
    func kind(of keyPath: String, in layerClass: SceneLayerClass) -> Result<SceneValueKind, SceneIssue> {
        let parts = keyPath.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let head = String(parts[0])
        func unknown(_ message: String) -> Result<SceneValueKind, SceneIssue> {
            .failure(SceneIssue(path: "", kind: .unknownKeyPath, message: message))
        }
        guard let kind = SceneSchema.kind(of: head, in: layerClass) else {
            return unknown("\"\(keyPath)\" is not a key path of a \(layerClass.rawValue) layer")
        }
        guard parts.count == 2 else { return .success(kind) }
        let layer = prototype(layerClass)
        do {
            let value = try context.perform { () throws(LayerKeyPathError) -> Any? in try layer.checkedValue(forKeyPath: keyPath) }
            switch value {
            case is CGFloat, is Double, is Float, is Int: return .success(.number)
            case is CGPoint: return .success(.point)
            case is CGSize: return .success(.size)
            case is CGRect: return .success(.rect)
            default: return unknown("\"\(keyPath)\" is not a key path of a \(layerClass.rawValue) layer")
            }
        } catch {
            return unknown("\(error) on a \(layerClass.rawValue) layer")
        }
    }

    private func prototype(_ layerClass: SceneLayerClass) -> CALayer {
        if let layer = prototypes[layerClass] { return layer }
        let layer = context.perform { SceneLayerFactory.make(layerClass) }
        prototypes[layerClass] = layer
        return layer
    }
}

/// Creates the engine layer for a format class.
enum SceneLayerFactory {
    static func make(_ layerClass: SceneLayerClass) -> CALayer {
        switch layerClass {
        case .layer: return CALayer()
        case .shape: return CAShapeLayer()
        case .gradient: return CAGradientLayer()
        case .transform: return CATransformLayer()
        case .replicator: return CAReplicatorLayer()
        case .text: return CATextLayer()
        }
    }
}
