// Glyph outlines from FreeType as paths (font units, y up), cached per face and glyph.
import Foundation
import QuartzRaster
import Testing
@testable import QuartzText

@Suite struct GlyphOutlineTests {
    @Test("DejaVu Sans 'o' decodes to two closed contours of quadratic segments (a TrueType font)")
    func quadraticOutline() throws {
        let face = TestFonts.sans
        let outline = try face.native.outline(ofGlyph: face.native.glyph(for: "o"))
        let elements = outline.elements
        let moves = elements.filter { if case .moveTo = $0 { true } else { false } }.count
        let closes = elements.filter { if case .closeSubpath = $0 { true } else { false } }.count
        let quads = elements.filter { if case .quadCurveTo = $0 { true } else { false } }.count
        #expect(moves == 2 && closes == 2)
        #expect(quads > 4)
    }

    @Test("'l' is a rectangle: its outline's box is the glyph's ink box in font units")
    func rectangleGlyph() throws {
        let face = TestFonts.sans
        let outline = try face.native.outline(ofGlyph: face.native.glyph(for: "l"))
        let box = outline.tightBounds
        #expect(box.minY == 0)
        #expect(box.maxY == 1556, "DejaVu Sans ascender of 'l'")
        #expect(box.width > 100 && box.width < 300)
    }

    @Test("the second lookup of a glyph is a cache hit and returns the same path")
    func cacheHits() {
        let face = try! FontFace(path: TestFonts.sansPath)
        let glyph = face.native.glyph(for: "g")
        let first = face.outline(ofGlyph: glyph)
        let second = face.outline(ofGlyph: glyph)
        #expect(first == second)
        #expect(face.outlines.statistics.hits == 1)
        #expect(face.outlines.statistics.misses == 1)
    }

    @Test("a space has an empty outline and an out-of-range glyph is an error, not a crash")
    func emptyAndBadGlyphs() {
        let face = TestFonts.sans
        #expect(face.outline(ofGlyph: face.native.glyph(for: " ")).isEmpty)
        #expect(throws: FontError.self) { try face.native.outline(ofGlyph: 1_000_000) }
        #expect(face.outline(ofGlyph: 1_000_000).isEmpty)
    }

    @Test("a text's fill paths hold one scaled outline per inked glyph, flipped to y down")
    func fillPaths() {
        let layout = TestFonts.layout("ll", size: 20.48)
        let paths = layout.fillPaths()
        #expect(paths.count == 1)
        let box = paths[0].path.tightBounds
        // 1556 font units at 20.48 pt / 2048 units per em = 15.56 pt above the baseline.
        let baseline = layout.lines[0].baselineY
        #expect(abs(box.minY - (baseline - 15.56)) < 1e-9)
        #expect(abs(box.maxY - baseline) < 1e-9)
    }
}

@Suite struct TextBadInputTests {
    @Test("NaN, negative and infinite sizes lay out as nothing or at the maximum, never trap", arguments: [
        Double.nan, -12, 0, .infinity, 1e300,
    ])
    func oddSizes(size: Double) {
        let layout = TestFonts.layout("Hello", size: size)
        let clamped = TextLimits.fontSize(size)
        #expect(clamped >= 0 && clamped <= TextLimits.maximumFontSize)
        if clamped == 0 { #expect(layout.fillPaths().isEmpty) }
        else { #expect(!layout.fillPaths().isEmpty) }
    }

    @Test("a 10 MB string is cut to the layout limit and laid out in bounded time and memory")
    func hugeString() {
        let word = "lorem ipsum "
        let huge = String(repeating: word, count: 10_000_000 / word.utf8.count)
        let text = StyledText(huge, style: TestFonts.style(size: 12))
        #expect(text.wasCut)
        #expect(text.count == TextLimits.maximumScalarCount)
        let layout = TextLayout(text: text, options: TextLayoutOptions(width: 400, height: 300, isWrapped: true, truncation: .end))
        // Wrapped and truncated to the height: only the lines that fit are kept.
        #expect(layout.lines.count < 30)
        #expect(layout.lines.last!.text.hasSuffix("\u{2026}"))
    }

    @Test("an unpaired surrogate in attributed text becomes U+FFFD and shapes")
    func unpairedSurrogate() {
        let string = NSString(characters: [0x41, 0xD800, 0x42], length: 3) as String
        let attributed = NSAttributedString(string: string)
        let text = TextAttributes.styledText(attributed, fallback: TestFonts.style())
        #expect(text.scalars == [0x41, 0xFFFD, 0x42])
        #expect(TextLayout(text: text, options: TextLayoutOptions(width: 100, height: 100)).lines.count == 1)
    }

    @Test("attributed runs keep their own font, size and colour; runs without attributes use Core Text's defaults")
    func attributedRuns() {
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let text = NSMutableAttributedString(string: "ab😀cd")
        text.addAttributes([.font: CTFontCreateWithName("DejaVu Sans Mono" as CFString, 30, nil), .foregroundColor: red],
                           range: NSRange(location: 4, length: 2))
        let styled = TextAttributes.styledText(text, fallback: TestFonts.style(size: 12, color: .black))
        // UTF-16 offset 4 is after the emoji's surrogate pair: scalar 3.
        #expect(styled.runs.map(\.range) == [0..<3, 3..<5])
        #expect(styled.runs[1].style.size == 30)
        #expect(styled.runs[1].style.color == red)
        #expect(styled.runs[1].style.face.familyName == "DejaVu Sans Mono")
    }
}
