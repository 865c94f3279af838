// Draws a peer-benchmark scene with the raster core alone (no layers): each item's path is flattened
// into the filler through its matrix, strokes go through the stroker first, images are sampled by the
// image shader through the inverse homography. Coordinate space: device pixels, y down; output is
// premultiplied RGBA8. This is what the agreement tests compare with Skia's rendering.
import Foundation
import QuartzMath
import QuartzPNG
import QuartzRaster

public struct PeerSceneRasterRenderer: Sendable {
    /// One item, decoded once: geometry in local space, colour premultiplied without the opacity.
    enum Prepared: Sendable {
        case fill(PathGeometry, straightColor: [Double], rule: CGPathFillRule, roundedRect: (CGRect, Double)?)
        case stroke(PathGeometry, straightColor: [Double], style: PathStrokeStyle)
        case image(CGImage, rect: CGRect)
    }

    public let scene: PeerScene
    let items: [Prepared]
    /// The flattening tolerance in device pixels (the filler's documented expectation).
    public var deviceTolerance = 0.2
    /// Draw `prim` hints with the analytic rect / rounded-rect coverage instead of the path, as the peers do.
    public var usesPrimitiveHints = true
    /// The compositing tile size in pixels; output is identical for every size.
    public var tileSize = 64

    public init(scene: PeerScene) throws {
        self.scene = scene
        let images = try scene.loadImages()
        items = scene.items.map { item in
            switch item.kind {
            case "image":
                let r = item.rect!
                return .image(images[item.image!]!, rect: CGRect(x: r[0], y: r[1], width: r[2], height: r[3]))
            default:
                let path = Self.path(item.path!)
                if let fill = item.fill {
                    let hint = item.prim?.rrect.map { (CGRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]), $0[4]) }
                        ?? item.prim?.rect.map { (CGRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]), 0) }
                    return .fill(path.geometry, straightColor: fill.color, rule: fill.isEvenOdd ? .evenOdd : .winding,
                                 roundedRect: hint)
                }
                let stroke = item.stroke!
                let style = PathStrokeStyle(
                    lineWidth: stroke.width, lineCap: Self.cap(stroke.cap), lineJoin: Self.join(stroke.join),
                    miterLimit: stroke.miterLimit ?? 4)
                return .stroke(path.geometry, straightColor: stroke.color, style: style)
            }
        }
    }

    /// Renders the scene (or animation frame `frame`) onto its opaque background.
    public func render(frame: Int? = nil, threading: FillThreading = .singleThreaded) -> PremultipliedRGBA8Bitmap {
        let b = scene.background
        var bitmap = PremultipliedRGBA8Bitmap(
            width: scene.width, height: scene.height,
            filledWith: PremultipliedRGBA8(straightRed: b[0], green: b[1], blue: b[2], alpha: b[3]))
        let clip = FillPixelBounds(width: scene.width, height: scene.height)
        for index in items.indices {
            let placement = scene.placement(ofItem: index, frame: frame)
            let matrix = Self.matrix(placement.transform)
            draw(items[index], matrix: matrix, opacity: placement.opacity, clip: clip, into: &bitmap, threading: threading)
        }
        return bitmap
    }

    func draw(
        _ item: Prepared, matrix: CATransform3D, opacity: Double, clip: FillPixelBounds,
        into bitmap: inout PremultipliedRGBA8Bitmap, threading: FillThreading
    ) {
        let affine = CATransform3DIsAffine(matrix) ? CATransform3DGetAffineTransform(matrix) : nil
        switch item {
        case let .fill(geometry, color, rule, hint):
            let premultiplied = Self.premultiplied(color, opacity: opacity)
            // Axis-aligned rectangles take the exact analytic rect coverage. Rotated rounded rects are
            // filled as paths: measured faster than the per-pixel analytic rounded rect (filler report).
            if usesPrimitiveHints, let affine, let (rect, radius) = hint, radius == 0, affine.b == 0, affine.c == 0 {
                bitmap.fill(FillRectCoverage(rect: rect.applying(affine)), color: premultiplied, tileSize: tileSize,
                            threading: threading)
                return
            }
            let coverage = Self.coverage(of: geometry, matrix: matrix, affine: affine, rule: rule, clip: clip,
                                         tolerance: deviceTolerance)
            bitmap.fill(coverage, color: premultiplied, tileSize: tileSize, threading: threading)
        case let .stroke(geometry, color, style):
            // Stroke in local space finely enough for the largest scale of the matrix.
            let scale = affine.map { max(hypot($0.a, $0.b), hypot($0.c, $0.d)) } ?? 1
            let outline = geometry.strokeOutline(style: style, tolerance: deviceTolerance / max(scale, 1e-9))
            let coverage = Self.coverage(of: outline, matrix: matrix, affine: affine, rule: .winding, clip: clip,
                                         tolerance: deviceTolerance)
            bitmap.fill(coverage, color: Self.premultiplied(color, opacity: opacity), tileSize: tileSize, threading: threading)
        case let .image(image, rect):
            // Texel space → item space → device; the shader needs the inverse.
            let texelToItem = PaintProjectiveTransform(
                rect.width / Double(image.width), 0, rect.minX, 0, rect.height / Double(image.height), rect.minY, 0, 0, 1)
            let itemToDevice = Self.homography(matrix)
            guard let deviceToImage = itemToDevice.concatenating(after: texelToItem).inverted() else { return }
            let shader = PaintImageShader(image: image, deviceToImage: deviceToImage, filter: .linear, opacity: opacity)
            let coverage = unsafe Self.coverage(of: CGPath(rect: rect, transform: nil).geometry, matrix: matrix, affine: affine,
                                         rule: .winding, clip: clip, tolerance: deviceTolerance)
            bitmap.fill(coverage, shader: shader, tileSize: tileSize, threading: threading)
        }
    }

    static func coverage(
        of geometry: PathGeometry, matrix: CATransform3D, affine: CGAffineTransform?, rule: CGPathFillRule,
        clip: FillPixelBounds, tolerance: Double
    ) -> FillPathCoverage {
        var builder = FillEdgeBuilder(clip: clip)
        if let affine {
            geometry.flatten(into: &builder, transform: affine, tolerance: tolerance)
        } else {
            // Projective: flatten in local units finely (the scenes' perspective magnifies at most ~2x),
            // then project each point with the divide.
            let h = homography(matrix)
            geometry.flatten(into: &builder, localTolerance: tolerance / 4) { p in
                h.apply(x: p.x, y: p.y) ?? SIMD2(.nan, .nan)
            }
        }
        builder.finish()
        return FillPathCoverage(builder: builder, fillRule: rule)
    }

    /// The 2-D homography of a CATransform3D acting on z = 0 points (SCENES.md, column-vector form).
    static func homography(_ m: CATransform3D) -> PaintProjectiveTransform {
        PaintProjectiveTransform(
            Double(m.m11), Double(m.m21), Double(m.m41),
            Double(m.m12), Double(m.m22), Double(m.m42),
            Double(m.m14), Double(m.m24), Double(m.m44))
    }

    static func matrix(_ numbers: [Double]?) -> CATransform3D {
        guard let n = numbers else { return CATransform3DIdentity }
        return CATransform3D(
            m11: n[0], m12: n[1], m13: n[2], m14: n[3], m21: n[4], m22: n[5], m23: n[6], m24: n[7],
            m31: n[8], m32: n[9], m33: n[10], m34: n[11], m41: n[12], m42: n[13], m43: n[14], m44: n[15])
    }

    static func premultiplied(_ c: [Double], opacity: Double) -> PremultipliedRGBA8 {
        PremultipliedRGBA8(straightRed: c[0], green: c[1], blue: c[2], alpha: c[3] * opacity)
    }

    static func path(_ data: PeerScene.PathData) -> CGPath {
        let path = CGMutablePath()
        var i = 0
        let p = data.pts
        func point() -> CGPoint {
            defer { i += 2 }
            return CGPoint(x: p[i], y: p[i + 1])
        }
        for verb in data.verbs {
            switch verb {
            case "M": path.move(to: point())
            case "L": path.addLine(to: point())
            case "C":
                let c1 = point(), c2 = point(), end = point()
                path.addCurve(to: end, control1: c1, control2: c2)
            case "Z": path.closeSubpath()
            default: break
            }
        }
        return path
    }

    static func cap(_ name: String?) -> CGLineCap {
        switch name {
        case "round": .round
        case "square": .square
        default: .butt
        }
    }

    static func join(_ name: String?) -> CGLineJoin {
        switch name {
        case "round": .round
        case "bevel": .bevel
        default: .miter
        }
    }
}
