// libFuzzer target for text drawing: the input bytes become up to 48 calls on a 32×32 bitmap context:
// the text state (font, size, character spacing, drawing mode, text matrix and position), showGlyphs with
// arbitrary glyph indices and positions (arrays of different lengths), and Core Text lines, runs and frames
// of strings drawn from a small alphabet of scripts, marks, controls, surrogate-plane and unmapped scalars,
// with fonts, colours, kerns and underlines per run; plus transforms, clips and stroke styles in between.
// Numbers include extreme and non-finite values. Any picture is fine; a crash, a sanitizer report, a run
// over the -timeout or memory over -rss_limit_mb is a failure.
import OpenQuartz

/// The scalars strings are made of: Latin, Arabic, Hebrew, Devanagari, a combining mark, spaces and breaks,
/// joiners, an emoji, a mathematical letter (fallback), a private-use scalar of plane 16 (no font) and U+FFFD.
private let alphabet: [Unicode.Scalar] = [
    "a", "W", "f", "i", " ", "-", "\u{0627}", "\u{05D0}", "\u{0915}", "\u{094D}", "\u{0301}", "\n", "\r", "\t",
    "\u{200D}", "\u{00A0}", "\u{1F600}", "\u{1D400}", "\u{10FFFD}", "\u{FFFD}", "\u{2026}", "\u{2028}",
]

private let fonts: [CGFont] = {
    let path = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    return [CGFont("Helvetica"), CGFont("Menlo-Bold"), try? CGFont(contentsOfFile: path)].compactMap { $0 }
}()

fileprivate extension FuzzBytes {
    mutating func string() -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int(byte() % 24) { scalars.append(alphabet[Int(byte()) % alphabet.count]) }
        return String(scalars)
    }

    mutating func font() -> CGFont? { fonts.isEmpty ? nil : fonts[Int(byte()) % fonts.count] }

    mutating func transform() -> CGAffineTransform {
        CGAffineTransform(a: number(), b: number(), c: number(), d: number(), tx: number(), ty: number())
    }

    /// An attributed string of up to three runs, each with its own font, size, colour, kern and underline.
    mutating func attributedString() -> NSAttributedString {
        let result = NSMutableAttributedString(string: "")
        for _ in 0..<(1 + Int(byte() % 3)) {
            var attributes: [NSAttributedString.Key: Any] = [:]
            if bool(), let font = font() { attributes[.font] = CTFontCreateWithGraphicsFont(font, number(), nil, nil) }
            if bool() { attributes[.foregroundColor] = CGColor(red: unit(), green: unit(), blue: unit(), alpha: unit()) }
            if bool() { attributes[.kern] = NSNumber(value: Double(number())) }
            if bool() { attributes[.underlineStyle] = NSNumber(value: Int(byte())) }
            result.append(NSAttributedString(string: string(), attributes: attributes))
        }
        return result
    }

    mutating func range() -> CFRange { CFRange(location: Int(Int8(bitPattern: byte())), length: Int(Int8(bitPattern: byte()))) }
}

private let side = 32
private let maximumCalls = 48

public enum TextExercise {
    /// Runs one input of the `text` fuzz target (Fuzz/README.md): any result but a crash, a hang or a
    /// runaway allocation is fine.
    public static func run(_ data: UnsafePointer<UInt8>, _ size: Int) {
        var bytes = FuzzBytes(data, count: size, halfStepKinds: 8)
        guard let c = CGContext(data: nil, width: side, height: side, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { abort() }
        for _ in 0..<maximumCalls where !bytes.isAtEnd {
            switch bytes.byte() % 20 {
            case 0: if let font = bytes.font() { c.setFont(font) }
            case 1: c.setFontSize(bytes.number())
            case 2: c.setCharacterSpacing(bytes.number())
            case 3: c.setTextDrawingMode(CGTextDrawingMode(rawValue: Int32(bytes.byte() % 8)) ?? .fill)
            case 4: c.textMatrix = bytes.transform()
            case 5: c.textPosition = bytes.point()
            case 6:
                let glyphs = (0..<Int(bytes.byte() % 8)).map { _ in CGGlyph(bytes.byte()) << 4 | CGGlyph(bytes.byte() % 16) }
                let positions = (0..<Int(bytes.byte() % 8)).map { _ in bytes.point() }
                c.showGlyphs(glyphs, at: positions)
            case 7: CTLineDraw(CTLineCreateWithAttributedString(bytes.attributedString()), c)
            case 8:
                let line = CTLineCreateWithAttributedString(bytes.attributedString())
                var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0
                _ = CTLineGetTypographicBounds(line, &ascent, &descent, &leading)
                for run in CTLineGetGlyphRuns(line) {
                    let count = CTRunGetGlyphCount(run)
                    var glyphs = [CGGlyph](repeating: 0, count: count)
                    var positions = [CGPoint](repeating: .zero, count: count)
                    CTRunGetGlyphs(run, CFRange(), &glyphs)
                    CTRunGetPositions(run, CFRange(), &positions)
                    c.showGlyphs(glyphs, at: positions)
                    CTRunDraw(run, c, bytes.range())
                }
            case 9:
                let setter = CTFramesetterCreateWithAttributedString(bytes.attributedString())
                let rect = CGRect(x: bytes.number(), y: bytes.number(), width: bytes.number(), height: bytes.number())
                let frame = CTFramesetterCreateFrame(setter, bytes.range(), CGPath(rect: rect), nil)
                CTFrameDraw(frame, c)
                _ = CTFrameGetVisibleStringRange(frame)
            case 10:
                let setter = CTFramesetterCreateWithAttributedString(bytes.attributedString())
                var fit = CFRange()
                _ = CTFramesetterSuggestFrameSizeWithConstraints(setter, bytes.range(), nil, CGSize(width: bytes.number(), height: bytes.number()), &fit)
            case 11: c.saveGState()
            case 12: c.restoreGState()
            case 13: c.concatenate(bytes.transform())
            case 14: c.clip(to: CGRect(x: bytes.number(), y: bytes.number(), width: bytes.number(), height: bytes.number()))
            case 15:
                c.setLineWidth(bytes.number())
                c.setLineDash(phase: bytes.number(), lengths: (0..<Int(bytes.byte() % 3)).map { _ in bytes.number() })
            case 16: c.setStrokeColor(red: bytes.unit(), green: bytes.unit(), blue: bytes.unit(), alpha: bytes.unit())
            case 17: c.resetClip()
            case 18:
                guard let font = bytes.font() else { break }
                let units = Array(bytes.string().utf16)
                var glyphs = [CGGlyph](repeating: 0, count: units.count)
                if !units.isEmpty { _ = CTFontGetGlyphsForCharacters(CTFontCreateWithGraphicsFont(font, 12, nil, nil), units, &glyphs, units.count) }
            default: c.setFillColor(red: bytes.unit(), green: bytes.unit(), blue: bytes.unit(), alpha: bytes.unit())
            }
        }
        _ = c.bitmap
    }
}
