// libFuzzer target for the path filler and stroker: the input bytes become a CGMutablePath (moves, lines,
// quadratic and cubic curves, closes, arcs of all three kinds, rects, rounded rects, ellipses, sub-paths
// added through a transform), an affine transform, a fill rule and a stroke style (width, cap, join,
// miter limit, dash phase and lengths, flatness). Coordinates include extreme and non-finite values.
// The path is filled and stroked into a 32×32 CGContext under the transform, and also outlined and dashed
// as paths (copy(strokingWithWidth:…), copy(dashingWithPhase:…)) and filled. Any result is fine; a crash,
// a sanitizer report, a run over the -timeout or memory over -rss_limit_mb is a failure.
import OpenQuartz

fileprivate extension FuzzBytes {
    mutating func rect() -> CGRect { CGRect(x: number(), y: number(), width: number(), height: number()) }
    mutating func transform() -> CGAffineTransform {
        switch byte() % 4 {
        case 0: return .identity
        case 1: return CGAffineTransform(rotationAngle: number())
        case 2: return CGAffineTransform(scaleX: number(), y: number())
        default: return CGAffineTransform(a: number(), b: number(), c: number(), d: number(), tx: number(), ty: number())
        }
    }
}

/// At most this many path operations, so one input stays small.
private let maximumElements = 48
/// A path adds a copy of itself only while it has at most this many elements: unbounded doubling made
/// 48 operations into up to 2^47 elements, far beyond what one input should cost (each curve may flatten to
/// `PathFlattening.maximumSegmentsPerCurve` segments, and every one is stroked and filled several times).
private let maximumElementsToDouble = 64
private let side = 32

private func makePath(_ bytes: inout FuzzBytes) -> CGMutablePath {
    let path = CGMutablePath()
    for _ in 0..<maximumElements where !bytes.isAtEnd {
        let op = bytes.byte()
        let t: CGAffineTransform = op & 0x80 != 0 ? bytes.transform() : .identity
        switch (op & 0x7F) % 14 {
        case 0: path.move(to: bytes.point(), transform: t)
        case 1, 2: path.addLine(to: bytes.point(), transform: t)
        case 3: path.addQuadCurve(to: bytes.point(), control: bytes.point(), transform: t)
        case 4: path.addCurve(to: bytes.point(), control1: bytes.point(), control2: bytes.point(), transform: t)
        case 5: path.closeSubpath()
        case 6: path.addArc(center: bytes.point(), radius: bytes.number(), startAngle: bytes.number(),
                            endAngle: bytes.number(), clockwise: bytes.bool(), transform: t)
        case 7: path.addRelativeArc(center: bytes.point(), radius: bytes.number(), startAngle: bytes.number(),
                                    delta: bytes.number(), transform: t)
        case 8: path.addArc(tangent1End: bytes.point(), tangent2End: bytes.point(), radius: bytes.number(), transform: t)
        case 9: path.addRect(bytes.rect(), transform: t)
        case 10: path.addRoundedRect(in: bytes.rect(), cornerWidth: bytes.number(), cornerHeight: bytes.number(), transform: t)
        case 11: path.addEllipse(in: bytes.rect(), transform: t)
        case 12: path.addLines(between: (0..<Int(bytes.byte() % 6)).map { _ in bytes.point() }, transform: t)
        default:  // doubles the path
            if path.geometry.elementTypes.count <= maximumElementsToDouble {
                path.addPath(path.copy() ?? CGMutablePath(), transform: t)
            }
        }
    }
    return path
}

public enum PathExercise {
    /// Runs one input of the `path` fuzz target (Fuzz/README.md): any result but a crash, a hang or a
    /// runaway allocation is fine.
    public static func run(_ data: UnsafePointer<UInt8>, _ size: Int) {
        var bytes = FuzzBytes(data, count: size, halfStepKinds: 7)
        // Style first (fixed length), then the transform, then the path to the end of the input.
        let rule: CGPathFillRule = bytes.bool() ? .evenOdd : .winding
        let lineWidth = bytes.number()
        let cap = CGLineCap(rawValue: Int32(bytes.byte() % 3)) ?? .butt
        let join = CGLineJoin(rawValue: Int32(bytes.byte() % 3)) ?? .miter
        let miterLimit = bytes.number()
        let dashPhase = bytes.number()
        let dashes = (0..<Int(bytes.byte() % 5)).map { _ in bytes.number() }
        let flatness = bytes.number()
        let antialias = bytes.bool()
        let transform = bytes.transform()
        let path = makePath(&bytes)

        guard let context = CGContext(data: nil, width: side, height: side, bitsPerComponent: 8, bytesPerRow: 0,
                                      space: CGColorSpaceCreateDeviceRGB(),
                                      bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { abort() }
        context.setShouldAntialias(antialias)
        context.setFlatness(flatness)
        context.concatenate(transform)
        context.setFillColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 0.75)
        context.addPath(path)
        context.fillPath(using: rule)

        context.setLineWidth(lineWidth)
        context.setLineCap(cap)
        context.setLineJoin(join)
        context.setMiterLimit(miterLimit)
        context.setLineDash(phase: dashPhase, lengths: dashes)
        context.addPath(path)
        context.strokePath()

        // The same stroke as paths (the stroker and the dasher on their own), filled untransformed.
        context.concatenate(transform.inverted())
        context.setLineDash(phase: 0, lengths: [])
        let outline = path.copy(strokingWithWidth: lineWidth, lineCap: cap, lineJoin: join, miterLimit: miterLimit)
        context.addPath(outline)
        context.fillPath(using: .winding)
        let dashed = path.copy(dashingWithPhase: dashPhase, lengths: dashes)
        context.addPath(dashed)
        context.fillPath(using: rule)
        _ = path.boundingBoxOfPath
        _ = path.contains(CGPoint(x: 16, y: 16), using: rule)
    }
}
