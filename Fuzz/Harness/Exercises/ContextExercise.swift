// libFuzzer target for CGContext drawing sequences: the input bytes become up to 64 calls on a 32×32
// bitmap context (premultipliedLast or noneSkipLast): save/restore, transforms, clips (rect, rects, path,
// image mask, reset), fills, strokes, ellipses, line segments, clears, path drawing modes, images
// (stretched, tiled, cropped, the context's own snapshot), linear and radial gradients, shadows, alpha,
// blend modes, interpolation quality, antialiasing, dashes and transparency layers (nested, unbalanced).
// Numbers include extreme and non-finite values. Any picture is fine; a crash, a sanitizer report, a run
// over the -timeout or memory over -rss_limit_mb is a failure.
import OpenQuartz

fileprivate extension FuzzBytes {
    mutating func size() -> CGSize { CGSize(width: number(), height: number()) }
    mutating func rect() -> CGRect { CGRect(origin: point(), size: size()) }
    mutating func color() -> CGColor { CGColor(red: unit(), green: unit(), blue: unit(), alpha: unit()) }
    /// A premultiplied image of 1…8 × 1…8 pixels.
    mutating func image() -> CGImage {
        let width = 1 + Int(byte() % 8), height = 1 + Int(byte() % 8)
        let pixels = (0..<width * height).map { _ -> UInt32 in
            let a = byte(), r = min(byte(), a), g = min(byte(), a), b = min(byte(), a)
            return UInt32(a) << 24 | UInt32(b) << 16 | UInt32(g) << 8 | UInt32(r)
        }
        return CGImage(bitmap: PremultipliedRGBA8Bitmap(width: width, height: height, pixels: pixels))
    }
    /// A short path in the context's current path.
    mutating func path(into context: CGContext) {
        for _ in 0..<(1 + Int(byte() % 6)) {
            switch byte() % 7 {
            case 0: context.move(to: point())
            case 1: context.addLine(to: point())
            case 2: context.addQuadCurve(to: point(), control: point())
            case 3: context.addCurve(to: point(), control1: point(), control2: point())
            case 4: context.addArc(center: point(), radius: number(), startAngle: number(), endAngle: number(), clockwise: bool())
            case 5: context.addRect(rect())
            default: context.closePath()
            }
        }
    }
}

private let side = 32
private let maximumCalls = 64

public enum ContextExercise {
    /// Runs one input of the `context` fuzz target (Fuzz/README.md): any result but a crash, a hang or a
    /// runaway allocation is fine.
    public static func run(_ data: UnsafePointer<UInt8>, _ size: Int) {
        var bytes = FuzzBytes(data, count: size, halfStepKinds: 8)
        let alpha: CGImageAlphaInfo = bytes.bool() ? .noneSkipLast : .premultipliedLast
        guard let c = CGContext(data: nil, width: side, height: side, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: alpha.rawValue) else { abort() }
        for _ in 0..<maximumCalls where !bytes.isAtEnd {
            switch bytes.byte() % 40 {
            case 0: c.saveGState()
            case 1: c.restoreGState()
            case 2: c.translateBy(x: bytes.number(), y: bytes.number())
            case 3: c.scaleBy(x: bytes.number(), y: bytes.number())
            case 4: c.rotate(by: bytes.number())
            case 5: c.concatenate(CGAffineTransform(a: bytes.number(), b: bytes.number(), c: bytes.number(),
                                                    d: bytes.number(), tx: bytes.number(), ty: bytes.number()))
            case 6: c.clip(to: bytes.rect())
            case 7: c.clip(to: (0..<Int(bytes.byte() % 4)).map { _ in bytes.rect() })
            case 8: bytes.path(into: c); c.clip(using: bytes.bool() ? .evenOdd : .winding)
            case 9: c.clip(to: bytes.rect(), mask: bytes.image())
            case 10: c.resetClip()
            case 11: c.fill(bytes.rect())
            case 12: c.stroke(bytes.rect(), width: bytes.number())
            case 13: c.fillEllipse(in: bytes.rect())
            case 14: c.strokeEllipse(in: bytes.rect())
            case 15: bytes.path(into: c); c.drawPath(using: CGPathDrawingMode(rawValue: Int32(bytes.byte() % 5)) ?? .fill)
            case 16: c.draw(bytes.image(), in: bytes.rect(), byTiling: bytes.bool())
            case 17:
                let colors = (0..<(1 + Int(bytes.byte() % 4))).map { _ in bytes.color() }
                var locations = colors.map { _ in bytes.number() }
                let gradient = bytes.bool() ? CGGradient(colorsSpace: nil, colors: colors, locations: &locations)
                                            : CGGradient(colorsSpace: nil, colors: colors, locations: nil)
                guard let gradient else { break }
                let options = CGGradientDrawingOptions(rawValue: UInt32(bytes.byte() % 4))
                if bytes.bool() {
                    c.drawLinearGradient(gradient, start: bytes.point(), end: bytes.point(), options: options)
                } else {
                    c.drawRadialGradient(gradient, startCenter: bytes.point(), startRadius: bytes.number(),
                                         endCenter: bytes.point(), endRadius: bytes.number(), options: options)
                }
            case 18: c.setShadow(offset: bytes.size(), blur: bytes.number(), color: bytes.bool() ? bytes.color() : nil)
            case 19: c.setShadow(offset: bytes.size(), blur: bytes.number())
            case 20: c.setAlpha(bytes.number())
            case 21: c.setBlendMode(CGBlendMode(rawValue: Int32(bytes.byte() % 28)) ?? .normal)
            case 22: c.beginTransparencyLayer(auxiliaryInfo: nil)
            case 23: c.beginTransparencyLayer(in: bytes.rect(), auxiliaryInfo: nil)
            case 24: c.endTransparencyLayer()
            case 25: c.setFillColor(bytes.color())
            case 26: c.setStrokeColor(red: bytes.number(), green: bytes.number(), blue: bytes.number(), alpha: bytes.number())
            case 27:
                c.setLineWidth(bytes.number())
                c.setLineCap(CGLineCap(rawValue: Int32(bytes.byte() % 3)) ?? .butt)
                c.setLineJoin(CGLineJoin(rawValue: Int32(bytes.byte() % 3)) ?? .miter)
                c.setMiterLimit(bytes.number())
            case 28: c.setLineDash(phase: bytes.number(), lengths: (0..<Int(bytes.byte() % 4)).map { _ in bytes.number() })
            case 29: c.setShouldAntialias(bytes.bool())
            case 30: c.interpolationQuality = CGInterpolationQuality(rawValue: Int32(bytes.byte() % 5)) ?? .default
            case 31: c.clear(bytes.rect())
            case 32: c.strokeLineSegments(between: (0..<Int(bytes.byte() % 6)).map { _ in bytes.point() })
            case 33: c.setFlatness(bytes.number())
            case 34: bytes.path(into: c); c.replacePathWithStrokedPath(); c.fillPath()
            case 35: if let image = c.makeImage() { c.draw(image, in: bytes.rect(), byTiling: bytes.bool()) }
            case 36: if let image = bytes.image().cropping(to: bytes.rect()) { c.draw(image, in: bytes.rect()) }
            case 37: c.setAllowsAntialiasing(bytes.bool())
            case 38: c.fill((0..<Int(bytes.byte() % 4)).map { _ in bytes.rect() })
            default: c.setFillColor(gray: bytes.number(), alpha: bytes.number())
            }
        }
        _ = c.bitmap
    }
}
