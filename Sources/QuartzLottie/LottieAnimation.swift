// A loaded Lottie (Bodymovin JSON) animation: its composition's size, frame range and markers, what it uses
// that is not built, and the CALayer tree that plays it.
import Foundation
import QuartzLayers

/// A named time range of the composition (lottie-docs, "Markers": `cm`, `tm`, `dr`, in frames).
public struct LottieMarker: Hashable, Sendable {
    public let name: String
    public let frame: Double
    public let durationInFrames: Double
}

/// A Lottie animation loaded from JSON.
public struct LottieAnimation: Sendable {
    /// `w`, `h`: the composition size in points.
    public let width: Double
    public let height: Double
    /// `fr`: frames per second.
    public let frameRate: Double
    /// `ip`, `op`: the first frame and the frame after the last.
    public let inFrame: Double
    public let outFrame: Double
    /// `v`, the Bodymovin version that wrote the file ("" when absent).
    public let version: String
    public let name: String
    public let markers: [LottieMarker]
    /// What the file uses that is not built (expressions, text layers, effects, merge paths, …), each once,
    /// in the order first met. The rest of the file still renders; these parts are left out or drawn statically.
    public let unsupportedFeatures: [String]

    let root: LottieComposition
    let assets: [String: LottieComposition]
    let images: [String: LottieImageAsset]

    /// The playing time, (outFrame − inFrame) / frameRate seconds.
    public var duration: Double { (outFrame - inFrame) / frameRate }
    public var frameCount: Int { Int((outFrame - inFrame).rounded(.up)) }
    /// The whole frames from ip before op, where animations under time remapping are sampled.
    var sampledFrameCount: Int { max(1, frameCount) }

    /// Reads a Lottie document. Image assets that are files (not data URLs) are read from `directory`, the
    /// folder the animation was exported to; without it such a file is an error.
    public init(data: Data, directory: URL? = nil) throws(LottieError) {
        try self.init(data: data, directory: directory, vertexLimit: LottieLimits.maximumTotalPathVertices)
    }

    /// `vertexLimit`: the vertices read in all paths, `imagePixelLimit` the pixels of all images decoded (tests
    /// lower them to reach them with small files).
    init(data: Data, directory: URL? = nil, vertexLimit: Int, imagePixelLimit: Int = LottieLimits.maximumImagePixels) throws(LottieError) {
        let document = try LottieJSON.parse(data)
        _ = try document.object()
        let version = try document.optionalString("v") ?? ""
        let log = LottieFeatureLog(vertexLimit: vertexLimit, colorsInBytes: LottieColorUnits.versionWritesBytes(version))
        width = try document.required("w").number()
        height = try document.required("h").number()
        frameRate = try document.required("fr").number()
        inFrame = try document.required("ip").number()
        outFrame = try document.required("op").number()
        guard width > 0, height > 0 else { throw document.fail("the composition size \(width)×\(height) must be positive") }
        guard frameRate > 0 else { throw LottieError(path: "fr", message: "the frame rate must be positive, found \(frameRate)") }
        guard outFrame > inFrame else { throw LottieError(path: "op", message: "the out frame \(outFrame) must be after the in frame \(inFrame)") }
        self.version = version
        name = try document.optionalString("nm") ?? ""
        var markers: [LottieMarker] = []
        for node in try document.member("markers")?.array() ?? [] {
            markers.append(LottieMarker(name: try node.optionalString("cm") ?? "", frame: try node.required("tm").number(),
                                        durationInFrames: try node.optionalNumber("dr") ?? 0))
        }
        self.markers = markers
        var assets: [String: LottieComposition] = [:], images: [String: LottieImageAsset] = [:]
        var imageReader = LottieImageReader(directory: directory, pixelLimit: imagePixelLimit)
        for node in try document.member("assets")?.array() ?? [] {
            let id = try node.required("id").string()
            if let layers = node.member("layers") {
                assets[id] = LottieComposition(layers: try layers.layerList(log: log))
            } else if node.has("p") {
                images[id] = try imageReader.read(node)
            }
        }
        self.assets = assets
        self.images = images
        root = LottieComposition(layers: try document.required("layers").layerList(log: log))
        if document.has("fonts") || document.has("chars") { log.note("text layers") }
        let counter = LottieLayerCounter(assets: assets, images: images, sampledFrameCount: max(1, Int((outFrame - inFrame).rounded(.up))))
        try counter.check(root, path: "layers", depth: 0, visiting: [])
        unsupportedFeatures = log.names
    }

    public init(contentsOf url: URL) throws(LottieError) {
        let data: Data
        do {
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
            guard size <= LottieLimits.maximumFileSize else {
                throw LottieError(path: "$", message: "the file has \(size) bytes; at most \(LottieLimits.maximumFileSize) are read")
            }
            data = try Data(contentsOf: url)
        } catch let error as LottieError {
            throw error
        } catch {
            throw LottieError(path: "$", message: "cannot read \(url.path): \(error.localizedDescription)")
        }
        try self.init(data: data, directory: url.deletingLastPathComponent())
    }

    /// The layer tree, built in the current `LayerTreeContext` with actions disabled. The root's bounds are the
    /// composition size (origin zero, anchor point (0.5, 0.5), positioned at the centre of those bounds). Its
    /// animations span the composition: at layer time t of the root's superlayer (media time for a root added
    /// to a plain tree), the tree shows frame inFrame + t · frameRate, holding the last frame after the end.
    /// Play, pause or scrub it with the root's `beginTime`, `speed` and `timeOffset`. `motionPaths`: how layers
    /// travel along curved motion paths; After Effects' way by default, Core Animation's (as lottie-ios's Core
    /// Animation back-end draws them) on request.
    public func makeLayer(motionPaths: LottieMotionPathTiming = .afterEffects) -> CALayer {
        LottieLayerBuilder(animation: self, motionPaths: motionPaths).makeRoot()
    }
}

/// Checks asset references before anything is built: every precomp and image asset exists, none contains itself, nesting,
/// the number of layers placed and the layer-frames sampled under time remapping stay bounded.
struct LottieLayerCounter {
    let assets: [String: LottieComposition]
    let images: [String: LottieImageAsset]
    /// The frames each layer under time remapping is sampled at.
    let sampledFrameCount: Int

    func check(_ composition: LottieComposition, path: String, depth: Int, visiting: Set<String>) throws(LottieError) {
        var total = 0, sampled = 0, shapes = 0
        try count(composition, path: path, depth: depth, visiting: visiting, remapped: nil, total: &total, sampled: &sampled,
                  shapes: &shapes)
    }

    /// `remapped`: the path of the time remap the composition is under, if any.
    private func count(_ composition: LottieComposition, path: String, depth: Int, visiting: Set<String>, remapped: String?,
                       total: inout Int, sampled: inout Int, shapes: inout Int) throws(LottieError) {
        for layer in composition.layers {
            total += 1
            guard total <= LottieLimits.maximumBuiltLayers else {
                throw LottieError(path: layer.path, message: "more than \(LottieLimits.maximumBuiltLayers) layers would be built (precomps counted each time they are placed)")
            }
            if let remapped {
                sampled += sampledFrameCount
                guard sampled <= LottieLimits.maximumSampledLayerFrames else {
                    throw LottieError(path: remapped, message: "time remapping would sample more than \(LottieLimits.maximumSampledLayerFrames) layer-frames (layers under remapping × \(sampledFrameCount) frames)")
                }
            }
            if case .shapes(let items) = layer.content {
                let (sum, overflow) = shapes.addingReportingOverflow(LottieShapeItem.builtLayerCount(items))
                guard !overflow, sum <= LottieLimits.maximumBuiltShapeLayers else {
                    throw LottieError(path: layer.path, message: "more than \(LottieLimits.maximumBuiltShapeLayers) layers would be built for shapes (repeater copies counted each)")
                }
                shapes = sum
            }
            if case .image(let id) = layer.content, images[id] == nil {
                throw LottieError(path: "\(layer.path).refId", message: "no image asset has the id '\(id)'")
            }
            guard case .precomp(let id, _, _) = layer.content else { continue }
            guard let asset = assets[id] else { throw LottieError(path: "\(layer.path).refId", message: "no precomp asset has the id '\(id)'") }
            guard !visiting.contains(id) else { throw LottieError(path: "\(layer.path).refId", message: "the precomp '\(id)' contains itself") }
            guard depth < LottieLimits.maximumPrecompDepth else {
                throw LottieError(path: "\(layer.path).refId", message: "precomps nest deeper than \(LottieLimits.maximumPrecompDepth) levels")
            }
            let remap = remapped ?? (layer.timeRemap != nil ? "\(layer.path).tm" : nil)
            try count(asset, path: "assets['\(id)'].layers", depth: depth + 1, visiting: visiting.union([id]), remapped: remap,
                      total: &total, sampled: &sampled, shapes: &shapes)
        }
    }
}

extension LottieAnimation {
    /// Whether `data` is a Lottie document: a JSON object with "v", "fr", "ip", "op" and "layers" (lottie-docs,
    /// "Composition") and no "version", which names an OpenQuartz scene file's format. The nesting is checked
    /// before parsing, so any input is safe to test.
    public static func isLottieDocument(_ data: Data) -> Bool {
        guard let document = try? LottieJSON.parse(data), document.isObject else { return false }
        return ["v", "fr", "ip", "op", "layers"].allSatisfy(document.has) && !document.has("version")
    }

    /// The layers and animations `makeLayer()` builds, counted on a tree in its own context.
    public func builtCounts() -> (layers: Int, animations: Int) {
        let context = LayerTreeContext(clock: ManualMediaClock(time: 0))
        context.logger = nil
        return context.perform {
            var layers = 0, animations = 0
            func visit(_ layer: CALayer) {
                layers += 1
                animations += layer.animationKeys()?.count ?? 0
                for sublayer in layer.sublayers ?? [] { visit(sublayer) }
            }
            visit(makeLayer())
            return (layers, animations)
        }
    }
}
