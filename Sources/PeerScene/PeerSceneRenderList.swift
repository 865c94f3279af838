// A peer-benchmark scene as the compositor's render list: what a layer tree built from the scene would
// draw. Rectangles and rounded rectangles (`prim` hints) become background-colour quads with a
// `cornerRadius`, other paths shape-layer fills and strokes, images `contents` stretched over the item's
// rect (bilinear both ways, as the peers sample), the 4x4 matrices the layer transforms, and each item's
// opacity the layer's opacity. Units: device pixels, y down; colours straight-alpha sRGB as in the file.
import Foundation
import QuartzCompositor
import QuartzMath
import QuartzPNG
import QuartzRaster

public struct PeerSceneRenderListBuilder: Sendable {
    public let scene: PeerScene
    /// Each item's content, built once; frames only change transforms and opacities.
    let contents: [RenderContent]
    /// Offscreen buffers and tile scratches kept from frame to frame (as a CARenderer keeps its pool).
    let pool = CompositorSurfacePool()

    /// Decodes the scene's images and builds every item's content. Throws when an image cannot be read.
    public init(scene: PeerScene) throws {
        self.scene = scene
        let images = try scene.loadImages()
        var contents: [RenderContent] = []
        contents.reserveCapacity(scene.items.count)
        for (index, item) in scene.items.enumerated() {
            guard let content = Self.content(of: item, images: images) else {
                throw PeerSceneError(file: scene.name, problem: "items[\(index)] cannot be mapped to a layer")
            }
            contents.append(content)
        }
        self.contents = contents
    }

    /// The scene's opaque background as a premultiplied pixel.
    public var background: PremultipliedRGBA8 {
        let b = scene.background
        return PremultipliedRGBA8(straightRed: b[0], green: b[1], blue: b[2], alpha: b[3])
    }

    /// The render list of the static scene, or of animation frame `frame` (its transforms and opacities).
    public func renderList(frame: Int? = nil) -> RenderList {
        var nodes: [RenderNode] = []
        nodes.reserveCapacity(contents.count)
        if let frame, scene.frames.indices.contains(frame) {
            // An animation frame: each item's 16 matrix numbers and opacity are read in place (no per-item
            // array); the same values as `placement(ofItem:frame:)`.
            let entries = scene.frames[frame]
            for index in contents.indices {
                let e = entries[index]
                let transform = CATransform3D(
                    m11: e[0], m12: e[1], m13: e[2], m14: e[3], m21: e[4], m22: e[5], m23: e[6], m24: e[7],
                    m31: e[8], m32: e[9], m33: e[10], m34: e[11], m41: e[12], m42: e[13], m43: e[14], m44: e[15])
                nodes.append(.item(RenderItem(transform: transform, content: contents[index], opacity: e[16])))
            }
            return RenderList(nodes)
        }
        for index in contents.indices {
            let placement = scene.placement(ofItem: index, frame: frame)
            nodes.append(.item(RenderItem(
                transform: PeerSceneRasterRenderer.matrix(placement.transform), content: contents[index],
                opacity: placement.opacity)))
        }
        return RenderList(nodes)
    }

    /// Renders a frame into `bitmap` (which must have the scene's size): background fill, then every item.
    public func render(
        _ list: RenderList, into bitmap: inout PremultipliedRGBA8Bitmap, threads: Int = 1, tileSize: Int = 64
    ) {
        let options = CompositorOptions(threads: threads, tileSize: tileSize, background: background)
        Compositor.render(list, into: &bitmap, options: options, pool: pool)
    }

    /// Renders the static scene (or animation frame `frame`) into a new bitmap.
    public func render(frame: Int? = nil, threads: Int = 1, tileSize: Int = 64) -> PremultipliedRGBA8Bitmap {
        var bitmap = PremultipliedRGBA8Bitmap(width: scene.width, height: scene.height, filledWith: background)
        render(renderList(frame: frame), into: &bitmap, threads: threads, tileSize: tileSize)
        return bitmap
    }

    static func color(_ c: [Double]) -> CGColor {
        CGColor(red: c[0], green: c[1], blue: c[2], alpha: c[3])
    }

    static func content(of item: PeerScene.Item, images: [String: CGImage]) -> RenderContent? {
        switch item.kind {
        case "image":
            guard let name = item.image, let image = images[name], let r = item.rect, r.count == 4 else { return nil }
            let rect = CGRect(x: r[0], y: r[1], width: r[2], height: r[3])
            let placement = RenderImagePlacement(
                localRect: rect, texelRect: CGRect(x: 0, y: 0, width: image.width, height: image.height))
            return .image(RenderImage(image: image, placement: placement))
        case "shape":
            guard let pathData = item.path else { return nil }
            if let fill = item.fill {
                // A rect or rounded-rect hint is a layer's background colour with its corner radius.
                if let r = item.prim?.rrect, r.count == 5 {
                    let shape = RenderRoundedRect(rect: CGRect(x: r[0], y: r[1], width: r[2], height: r[3]), cornerRadius: r[4])
                    return .solid(shape, color: color(fill.color))
                }
                if let r = item.prim?.rect, r.count == 4 {
                    return .solid(RenderRoundedRect(rect: CGRect(x: r[0], y: r[1], width: r[2], height: r[3])),
                                  color: color(fill.color))
                }
                let geometry = PeerSceneRasterRenderer.path(pathData).geometry
                return .shapeFill(geometry, fillRule: fill.isEvenOdd ? .evenOdd : .winding, color: color(fill.color))
            }
            guard let stroke = item.stroke else { return nil }
            let style = PathStrokeStyle(
                lineWidth: stroke.width, lineCap: PeerSceneRasterRenderer.cap(stroke.cap),
                lineJoin: PeerSceneRasterRenderer.join(stroke.join), miterLimit: stroke.miterLimit ?? 4)
            let geometry = PeerSceneRasterRenderer.path(pathData).geometry
            return .shapeStroke(RenderStroke(path: geometry, style: style), color: color(stroke.color))
        default:
            return nil
        }
    }
}
