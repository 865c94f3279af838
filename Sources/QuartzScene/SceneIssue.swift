// Problems found while loading a scene: each names the JSON path ("layers[3].animations[0].keyTimes")
// and what is wrong, so a user can find it in the file.
import Foundation

/// What kind of problem a `SceneIssue` reports (stable for tests and for tools that filter them).
public enum SceneIssueKind: String, Sendable, Hashable {
    /// The scene file cannot be read.
    case unreadableFile
    /// The file is not valid JSON.
    case invalidJSON
    /// A value has the wrong JSON type or shape.
    case wrongType
    /// A required key is absent.
    case missingKey
    /// A key the format does not define (a warning unless loading is strict).
    case unknownKey
    /// A key path the target layer class does not have, or a field it cannot address.
    case unknownKeyPath
    /// A value outside its allowed range (negative or non-finite durations, sizes, …).
    case outOfRange
    /// keyTimes, values, timingFunctions or other lists that do not agree.
    case inconsistentKeyframes
    /// A name that is not one of the allowed names (fill modes, timing functions, layer classes, …).
    case unknownName
    /// An SVG path-data string or path command list that cannot be parsed.
    case invalidPath
    /// A contents image that is missing or cannot be decoded (the file is named).
    case badImage
    /// A font file that cannot be used (named, with the reason).
    case badFont
    /// Layer names that clash, or a scripted change naming a layer that does not exist.
    case badReference
    /// A Core Animation feature the engine does not render (listed once, a warning).
    case unsupportedFeature
    /// An animation the engine cannot apply, or applies with part of it ignored, although the file is well
    /// formed (the engine's `AnimationDiagnostic`; a warning unless loading is strict).
    case animationNotApplied
}

/// One problem, at one JSON path.
public struct SceneIssue: Error, Sendable, Hashable, CustomStringConvertible {
    /// The JSON path ("layers[0].sublayers[2].animations[1].keyTimes"); empty for the whole document.
    public let path: String
    public let kind: SceneIssueKind
    /// What is wrong, without the path.
    public let message: String

    public init(path: String, kind: SceneIssueKind, message: String) {
        self.path = path
        self.kind = kind
        self.message = message
    }

    /// "path: message" (or the message alone for the whole document).
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// Loading failed: every error found (not just the first), and the warnings found on the way.
public struct SceneLoadError: Error, Sendable, CustomStringConvertible {
    public let errors: [SceneIssue]
    public let warnings: [SceneIssue]

    public init(errors: [SceneIssue], warnings: [SceneIssue]) {
        self.errors = errors
        self.warnings = warnings
    }

    /// One line per error.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}

/// Options for loading a scene.
public struct SceneLoadOptions: Sendable, Equatable {
    /// Unknown keys, and animations the engine cannot apply in full, are errors instead of warnings (the
    /// CLI's `--strict`).
    public var strict: Bool
    /// The largest scene size accepted, in device pixels (width × height × scale²); larger scenes are
    /// refused before anything is allocated.
    public var maximumPixelCount: Int
    /// The largest side accepted, in device pixels.
    public var maximumSide: Int

    public init(strict: Bool = false, maximumPixelCount: Int = 16384 * 16384, maximumSide: Int = 32768) {
        self.strict = strict
        self.maximumPixelCount = maximumPixelCount
        self.maximumSide = maximumSide
    }
}
