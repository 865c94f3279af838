// The peer-benchmark scene format (schema `peerbench-scene/1`, fixtures/peer-scenes/SCENES.md): the
// scenes Skia, Blend2D, cairo and ThorVG render, decoded into plain values so our renderers can draw
// the same frames. Units are device pixels, y down; colours are straight-alpha sRGB floats; matrices
// are CATransform3D-style row-major 4x4 (p' = p·M).
import Foundation

public struct PeerScene: Sendable {
    public struct Image: Sendable, Decodable {
        public var file: String
        public var width: Int
        public var height: Int
    }

    public struct PathData: Sendable, Decodable {
        /// Absolute commands: M (1 point), L (1 point), C (3 points), Z (none).
        public var verbs: String
        /// All points, flattened x, y pairs, in verb order.
        public var pts: [Double]
    }

    public struct Fill: Sendable, Decodable {
        public var color: [Double]
        public var rule: String?
        public var isEvenOdd: Bool { rule == "evenodd" }
    }

    public struct Stroke: Sendable, Decodable {
        public var color: [Double]
        public var width: Double
        public var cap: String?
        public var join: String?
        public var miterLimit: Double?

        enum CodingKeys: String, CodingKey {
            case color, width, cap, join
            case miterLimit = "miter_limit"
        }
    }

    /// An optional hint that the path is exactly a rectangle or a rounded rectangle.
    public struct Primitive: Sendable, Decodable {
        public var rect: [Double]?
        public var rrect: [Double]?
    }

    public struct Item: Sendable, Decodable {
        public var kind: String
        public var path: PathData?
        public var fill: Fill?
        public var stroke: Stroke?
        public var prim: Primitive?
        public var image: String?
        public var rect: [Double]?
        /// 16 numbers, row-major, or nil for identity.
        public var transform: [Double]?
        public var opacity: Double?
    }

    public var name: String
    public var width: Int
    public var height: Int
    public var background: [Double]
    public var requires: [String]
    public var images: [String: Image]
    public var items: [Item]
    /// Animated scenes: per frame, per item, 16 matrix numbers then the opacity.
    public var frames: [[[Double]]]
    public var referenceFrame: Int?
    /// The folder the scene file is in (images are relative to it).
    public var directory: URL
}

public struct PeerSceneError: Error, CustomStringConvertible {
    public var file: String
    public var problem: String
    public var description: String { "\(file): \(problem)" }
}

extension PeerScene {
    private struct Document: Decodable {
        var schema: String
        var name: String
        var width: Int
        var height: Int
        var background: [Double]
        var requires: [String]?
        var images: [String: Image]?
        var items: [Item]
        var frames: [[[Double]]]?
        var reference_frame: Int?
    }

    /// Decodes and validates a scene file.
    public init(contentsOf url: URL) throws {
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: Data(contentsOf: url))
        } catch {
            throw PeerSceneError(file: url.path, problem: "not a readable peerbench scene: \(error)")
        }
        guard document.schema == "peerbench-scene/1" else {
            throw PeerSceneError(file: url.path, problem: "schema '\(document.schema)' is not peerbench-scene/1")
        }
        guard document.width > 0, document.height > 0, document.background.count == 4 else {
            throw PeerSceneError(file: url.path, problem: "size or background is invalid")
        }
        for (index, item) in document.items.enumerated() {
            if let problem = Self.validate(item, images: document.images ?? [:]) {
                throw PeerSceneError(file: url.path, problem: "items[\(index)]: \(problem)")
            }
        }
        for (index, frame) in (document.frames ?? []).enumerated()
        where frame.count != document.items.count || frame.contains(where: { $0.count != 17 }) {
            throw PeerSceneError(file: url.path, problem: "frames[\(index)]: needs 17 numbers per item")
        }
        name = document.name
        width = document.width
        height = document.height
        background = document.background
        requires = document.requires ?? []
        images = document.images ?? [:]
        items = document.items
        frames = document.frames ?? []
        referenceFrame = document.reference_frame
        directory = url.deletingLastPathComponent()
    }

    private static func validate(_ item: Item, images: [String: Image]) -> String? {
        if let t = item.transform, t.count != 16 { return "transform has \(t.count) numbers, not 16" }
        switch item.kind {
        case "shape":
            guard let path = item.path else { return "shape without a path" }
            guard (item.fill == nil) != (item.stroke == nil) else { return "a shape needs exactly one of fill, stroke" }
            let needed = path.verbs.reduce(0) { count, verb in
                switch verb {
                case "M", "L": count + 2
                case "C": count + 6
                default: count
                }
            }
            if let bad = path.verbs.first(where: { !"MLCZ".contains($0) }) { return "unknown path verb '\(bad)'" }
            if needed != path.pts.count { return "path verbs need \(needed) numbers, pts has \(path.pts.count)" }
            if let c = item.fill?.color ?? item.stroke?.color, c.count != 4 { return "colour needs 4 numbers" }
        case "image":
            guard let name = item.image, images[name] != nil else { return "unknown image '\(item.image ?? "")'" }
            guard item.rect?.count == 4 else { return "image rect needs 4 numbers" }
        default:
            return "unknown kind '\(item.kind)'"
        }
        return nil
    }

    /// The transform and opacity of item `index` in animation frame `frame` (or the item's own).
    public func placement(ofItem index: Int, frame: Int? = nil) -> (transform: [Double]?, opacity: Double) {
        if let frame, frames.indices.contains(frame) {
            let entry = frames[frame][index]
            return (Array(entry[0..<16]), entry[16])
        }
        return (items[index].transform, items[index].opacity ?? 1)
    }
}
