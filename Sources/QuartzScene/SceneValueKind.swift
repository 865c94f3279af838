// The JSON shapes a property value can take, per layer class: the scene format's own schema of the
// engine's properties (CALayer and subclasses), in the order a layer's keys are applied.
import Foundation
import QuartzLayers

/// How a property's value is written in JSON and which Swift type it becomes.
enum SceneValueKind: Equatable, Sendable {
    case number, bool, point, size, rect, numbers, transform, color, colors, image, path, cornerMask
    /// A text layer's string (a JSON string or null) and font (a name, {"path": file} or null).
    case string, font
    /// A string from a fixed list (fill rules, gravities, …).
    case name([String])
    /// `filters`: Core Image colour-effect names, built into CIFilters when applied.
    case filters

    /// A short description for messages ("a point: [x, y] or {\"x\", \"y\"}").
    var expectation: String {
        switch self {
        case .number: return "a number"
        case .bool: return "true or false"
        case .point: return "a point: [x, y] or {\"x\": …, \"y\": …}"
        case .size: return "a size: [width, height] or {\"width\": …, \"height\": …}"
        case .rect: return "a rectangle: [x, y, width, height] or {\"x\", \"y\", \"width\", \"height\"}"
        case .numbers: return "an array of numbers"
        case .transform: return "a transform: 16 numbers or a list of operations"
        case .color: return "a colour: \"#RRGGBB\", \"#RRGGBBAA\", [r, g, b] or [r, g, b, a] in 0…1, or null"
        case .colors: return "an array of colours"
        case .image: return "a PNG file path relative to the scene file, or null"
        case .path: return "SVG path data, a list of path commands, or null"
        case .cornerMask: return "a list of corner names or a number 0–15"
        case .string: return "a string or null"
        case .font: return "a font name, {\"path\": font file relative to the scene file}, or null"
        case .name(let names): return "one of \(names.joined(separator: ", "))"
        case .filters: return "an array of filter names (\(SceneSchema.layerFilters.joined(separator: ", "))), or null"
        }
    }
}

/// The layer classes of the format and the engine class each builds.
enum SceneLayerClass: String, CaseIterable, Sendable {
    case layer, shape, gradient, transform, replicator, text

    /// Classes of Core Animation the engine does not have; built as plain layers with a warning.
    static let unsupported = ["emitter", "tiled", "scroll", "metal", "eaglLayer"]
}

/// The properties of each class, in application order: geometry inputs before `frame`, `frame` before
/// `position` (so an explicit position wins), then everything else.
enum SceneSchema {
    static let base: [(String, SceneValueKind)] = [
        ("anchorPoint", .point), ("anchorPointZ", .number), ("bounds", .rect), ("frame", .rect),
        ("position", .point), ("zPosition", .number), ("transform", .transform), ("sublayerTransform", .transform),
        ("geometryFlipped", .bool), ("hidden", .bool), ("doubleSided", .bool), ("masksToBounds", .bool),
        ("opacity", .number), ("opaque", .bool), ("allowsGroupOpacity", .bool), ("allowsEdgeAntialiasing", .bool),
        ("backgroundColor", .color), ("cornerRadius", .number), ("maskedCorners", .cornerMask),
        ("borderWidth", .number), ("borderColor", .color),
        ("shadowColor", .color), ("shadowOpacity", .number), ("shadowOffset", .size), ("shadowRadius", .number),
        ("shadowPath", .path),
        ("contents", .image), ("contentsRect", .rect), ("contentsCenter", .rect), ("contentsScale", .number),
        ("contentsGravity", .name(gravities)), ("rasterizationScale", .number), ("shouldRasterize", .bool),
        ("minificationFilterBias", .number), ("compositingFilter", .name(compositingFilters)),
        ("filters", .filters),
        ("magnificationFilter", .name(contentsFilters)), ("minificationFilter", .name(contentsFilters)),
        ("beginTime", .number), ("duration", .number), ("speed", .number), ("timeOffset", .number),
        ("repeatCount", .number), ("repeatDuration", .number), ("autoreverses", .bool), ("fillMode", .name(fillModes)),
    ]

    static let shape: [(String, SceneValueKind)] = [
        ("path", .path), ("fillColor", .color), ("fillRule", .name(["non-zero", "even-odd"])),
        ("strokeColor", .color), ("lineWidth", .number), ("miterLimit", .number),
        ("lineCap", .name(["butt", "round", "square"])), ("lineJoin", .name(["miter", "round", "bevel"])),
        ("lineDashPhase", .number), ("lineDashPattern", .numbers), ("strokeStart", .number), ("strokeEnd", .number),
    ]

    static let gradient: [(String, SceneValueKind)] = [
        ("colors", .colors), ("locations", .numbers), ("startPoint", .point), ("endPoint", .point),
        ("type", .name(["axial", "radial", "conic"])),
    ]

    static let replicator: [(String, SceneValueKind)] = [
        ("instanceCount", .number), ("instanceDelay", .number), ("instanceTransform", .transform),
        ("instanceColor", .color), ("instanceRedOffset", .number), ("instanceGreenOffset", .number),
        ("instanceBlueOffset", .number), ("instanceAlphaOffset", .number), ("preservesDepth", .bool),
    ]

    static let text: [(String, SceneValueKind)] = [
        ("string", .string), ("font", .font), ("fontSize", .number), ("foregroundColor", .color), ("wrapped", .bool),
        ("truncationMode", .name(["none", "start", "middle", "end"])),
        ("alignmentMode", .name(["natural", "left", "right", "center", "justified"])),
        ("allowsFontSubpixelQuantization", .bool),
    ]

    static let gravities = [
        "center", "top", "bottom", "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight",
        "resize", "resizeAspect", "resizeAspectFill",
    ]
    static let fillModes = ["removed", "forwards", "backwards", "both"]
    /// CALayer's `CALayerContentsFilter` names (kCAFilterLinear, kCAFilterNearest, kCAFilterTrilinear).
    static let contentsFilters = ["linear", "nearest", "trilinear"]

    /// `compositingFilter` names the compositor draws (CALayer's compositingFilter strings: Core Image's
    /// composite-operation filter names, with or without the "CI" prefix; see LayerCompositingFilter).
    static let compositingFilters: [String] = {
        let names = [
            "multiplyBlendMode", "screenBlendMode", "overlayBlendMode", "darkenBlendMode", "lightenBlendMode",
            "colorDodgeBlendMode", "colorBurnBlendMode", "softLightBlendMode", "hardLightBlendMode",
            "differenceBlendMode", "exclusionBlendMode", "hueBlendMode", "saturationBlendMode", "colorBlendMode",
            "luminosityBlendMode", "sourceOverCompositing", "sourceInCompositing", "sourceOutCompositing",
            "sourceAtopCompositing", "additionCompositing", "minimumCompositing", "maximumCompositing",
        ]
        return names + names.map { "CI" + $0.prefix(1).uppercased() + $0.dropFirst() }
    }()

    /// The `filters` entries the compositor draws (docs/semantics.md §9.5).
    static let layerFilters = CIFilter.filterNames(inCategory: kCICategoryColorEffect)

    /// Keys of Core Animation the engine does not render: accepted, warned about once, ignored.
    static let unsupportedKeys = [
        "backgroundFilters", "cornerCurve", "drawsAsynchronously", "style",
        "delegate", "edgeAntialiasingMask", "wantsExtendedDynamicRangeContent",
    ]

    /// The properties of `layerClass`, in application order.
    static func properties(of layerClass: SceneLayerClass) -> [(String, SceneValueKind)] {
        switch layerClass {
        case .layer, .transform: return base
        case .shape: return base + shape
        case .gradient: return base + gradient
        case .replicator: return base + replicator
        case .text: return base + text
        }
    }

    /// The kind of top-level property `key` on `layerClass`, or nil.
    static func kind(of key: String, in layerClass: SceneLayerClass) -> SceneValueKind? {
        properties(of: layerClass).first { $0.0 == key }?.1
    }

    /// The application rank of `key` (unknown keys last).
    static func rank(of key: String, in layerClass: SceneLayerClass) -> Int {
        properties(of: layerClass).firstIndex { $0.0 == key } ?? Int.max
    }
}
