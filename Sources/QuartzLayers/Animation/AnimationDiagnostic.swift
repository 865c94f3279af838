// Animations that are attached but cannot change what they name, or run with part of their description
// ignored (invalid key times, which Apple documents as ignored). Apple keeps such an animation on the layer
// (its key, delegate and timing callbacks behave as usual) and shows nothing; here the reason is never
// silent: each one is logged once as a warning and kept in the context's list for the caller.
import Foundation
import Logging

/// An attached animation that changes no property, or runs with part of its description ignored, and why.
public struct AnimationDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// The layer's `name`, if it has one.
    public let layerName: String?
    /// The key the animation was added under.
    public let key: String?
    /// The animation's key path (nil for a property animation without one).
    public let keyPath: String?
    /// What is wrong, in words.
    public let message: String
    /// Whether the animation still changes its property (with the part the message names ignored).
    public let stillAnimates: Bool

    public init(layerName: String?, key: String?, keyPath: String?, message: String, stillAnimates: Bool = false) {
        self.layerName = layerName
        self.key = key
        self.keyPath = keyPath
        self.message = message
        self.stillAnimates = stillAnimates
    }

    public var description: String {
        let layer = layerName.map { "layer \"\($0)\"" } ?? "a layer"
        let key = key.map { " (key \"\($0)\")" } ?? ""
        return "animation\(key) on \(layer) \(stillAnimates ? "runs adjusted" : "changes nothing"): \(message)"
    }
}

extension LayerTreeContext {
    /// At most this many diagnostics are kept; later ones are only counted (`droppedDiagnosticCount`).
    static let diagnosticLimit = 1_000

    /// Diagnostics left out of `animationDiagnostics` since the last take because the list was full.
    public var droppedDiagnosticCount: Int { withLock { droppedDiagnostics } }

    /// The diagnostics since the last `takeAnimationDiagnostics()`, oldest first.
    public var animationDiagnostics: [AnimationDiagnostic] {
        withLock { diagnostics }
    }

    /// Returns the diagnostics gathered so far and empties the list.
    public func takeAnimationDiagnostics() -> [AnimationDiagnostic] {
        withLock {
            defer { diagnostics.removeAll(); droppedDiagnostics = 0 }
            return diagnostics
        }
    }

    /// Records and logs one diagnostic.
    func report(_ diagnostic: AnimationDiagnostic) {
        withLock {
            if diagnostics.count < Self.diagnosticLimit {
                diagnostics.append(diagnostic)
            } else {
                droppedDiagnostics += 1
            }
        }
        logger?.warning("\(diagnostic.description)")
    }
}
