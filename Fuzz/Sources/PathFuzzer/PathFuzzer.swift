// libFuzzer target for the path filler and stroker: the input bytes become a CGMutablePath (moves, lines,
// quadratic and cubic curves, closes, arcs of all three kinds, rects, rounded rects, ellipses, sub-paths
// added through a transform), an affine transform, a fill rule and a stroke style (width, cap, join,
// miter limit, dash phase and lengths, flatness). Coordinates include extreme and non-finite values.
// The path is filled and stroked into a 32×32 CGContext under the transform, and also outlined and dashed
// as paths (copy(strokingWithWidth:…), copy(dashingWithPhase:…)) and filled. Any result is fine; a crash,
// a sanitizer report, a run over the -timeout or memory over -rss_limit_mb is a failure.
import OpenQuartz

private let extremes: [Double] = [1e300, -1e300, 1e-300, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                                  .leastNonzeroMagnitude, 16_777_216, -16_777_216, 1e15, 1e-9]
private let nonFinite: [Double] = [.infinity, -.infinity, .nan, -0.0]

/// Reads the input front to back; past its end every read gives zero.
private struct Bytes {
    let data: UnsafeBufferPointer<UInt8>
    var index = 0
    var isAtEnd: Bool { index >= data.count }
    mutating func byte() -> UInt8 {
        guard index < data.count else { return 0 }
        defer { index += 1 }
        return data[index]
    }
    mutating func bool() -> Bool { byte() & 1 == 1 }
    /// A coordinate-like number: mostly on or near the 32-pixel canvas, sometimes far off, huge, tiny,
    /// negative zero, infinite, NaN or an arbitrary bit pattern.
    mutating func number() -> CGFloat { CGFloat(rawNumber()) }
    mutating func rawNumber() -> Double {
        let kind = byte()
        switch kind % 16 {
        case 0...6: return Double(Int8(bitPattern: byte())) / 2           // −64 … 63.5 in half steps
        case 7, 8: return Double(Int16(bitPattern: UInt16(byte()) << 8 | UInt16(byte()))) / 64
        case 9: return Double(Int8(bitPattern: byte())) * 1e6
        case 10: return extremes[Int(kind / 16) % extremes.count]
        case 11: return nonFinite[Int(kind / 16) % nonFinite.count]
        case 12:
            var bits: UInt64 = 0
            for _ in 0..<8 { bits = bits << 8 | UInt64(byte()) }
            return Double(bitPattern: bits)
        default: return Double(byte()) / 255                              // 0 … 1
        }
    }
    mutating func point() -> CGPoint { CGPoint(x: number(), y: number()) }
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

/// At most this many path elements, so one input stays small.
private let maximumElements = 48
private let side = 32

private func makePath(_ bytes: inout Bytes) -> CGMutablePath {
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
        default: path.addPath(path.copy() ?? CGMutablePath(), transform: t)  // doubles the path
        }
    }
    return path
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = Bytes(data: UnsafeBufferPointer(start: data, count: size))
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
    return 0
}
