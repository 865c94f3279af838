// Font fallback: a character the run's face does not map is drawn from the first installed face that maps
// it, in fontconfig's order of preference for the run's family (its charset match), as Core Text substitutes
// fonts for missing characters. U+1D400 MATHEMATICAL BOLD CAPITAL A is not in DejaVu Sans but is in DejaVu
// Serif (fonts-dejavu-core), which the test machines install.
import Foundation
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzText

@Suite struct FontFallbackTests {
    static let boldA: Unicode.Scalar = "\u{1D400}"

    @Test("a character the face lacks is shaped in a face that has it; its neighbours keep the run's face")
    func fallbackFace() throws {
        let sans = TestFonts.sans
        #expect(!sans.covers(Self.boldA))
        let shaped = TextShaper.shape(StyledText("A\u{1D400}B", style: TestFonts.style(size: 20)))
        try #require(shaped.glyphs.count == 3)
        #expect(shaped.glyphs[0].face === sans && shaped.glyphs[2].face === sans)
        let stand = shaped.glyphs[1].face
        #expect(stand !== sans)
        #expect(stand.covers(Self.boldA), "\(stand)")
        #expect(shaped.glyphs[1].glyph == stand.native.glyph(for: Self.boldA) && shaped.glyphs[1].glyph != 0)
        // The pen moves by the stand-in's own advance.
        let advance = Double(stand.native.advance(ofGlyph: shaped.glyphs[1].glyph)) * 20 / stand.unitsPerEm
        #expect(abs(shaped.glyphs[2].x - shaped.glyphs[1].x - advance) <= 1.0 / 64)
    }

    /// Lohit Devanagari (fonts-lohit-deva, installed by .ci/run) draws the Devanagari DejaVu Sans lacks; it
    /// stands higher and deeper (ascent 999/1024 em against 1901/2048, descent 365/1024 against 483/2048),
    /// so a line holding one of its letters is measured by it, in Core Text's line bounds and in a frame.
    @Test("a line's ascent and descent include the fallback face that draws what its font lacks",
          .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/lohit-devanagari/Lohit-Devanagari.ttf")))
    func fallbackFaceMeasuresTheLine() throws {
        let sans = TestFonts.sans
        let lohit = try FontLibrary.shared.face(atPath: "/usr/share/fonts/truetype/lohit-devanagari/Lohit-Devanagari.ttf").0
        #expect(!sans.covers("\u{0915}") && lohit.covers("\u{0915}"))
        let latin = TextLayout.metrics(of: StyledText("Ab", style: TestFonts.style(size: 20)))
        #expect(latin.ascent == sans.ascent(atSize: 20) && latin.descent == sans.descent(atSize: 20))
        let mixed = TextLayout.metrics(of: StyledText("Ab \u{0915}", style: TestFonts.style(size: 20)))
        let shaped = TextShaper.shape(StyledText("Ab \u{0915}", style: TestFonts.style(size: 20)))
        let stand = try #require(shaped.glyphs.last?.face)
        #expect(stand !== sans)
        #expect(mixed.ascent == max(sans.ascent(atSize: 20), stand.ascent(atSize: 20)))
        #expect(mixed.descent == max(sans.descent(atSize: 20), stand.descent(atSize: 20)))
        #expect(mixed.ascent > latin.ascent && mixed.descent > latin.descent)
        var ascent: CGFloat = 0, descent: CGFloat = 0
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: "Ab \u{0915}", attributes: [.font: CoreTextLineTests.font(20)]))
        _ = CTLineGetTypographicBounds(line, &ascent, &descent, nil)
        #expect(Double(ascent) == mixed.ascent && Double(descent) == mixed.descent)
        // In a frame the second line's baseline moves down by the taller line above it.
        let layout = TestFonts.layout("Ab \u{0915}\nAb", size: 20)
        try #require(layout.lines.count == 2)
        #expect(layout.lines[0].baselineY == mixed.ascent)
        #expect(layout.lines[1].baselineY == mixed.ascent + mixed.descent + mixed.leading + latin.ascent)
    }

    @Test("the same character resolves to the same face every time (cached per face and character)")
    func cached() {
        let library = FontLibrary.shared
        let first = library.fallbackFace(for: Self.boldA, like: TestFonts.sans)
        let second = library.fallbackFace(for: Self.boldA, like: TestFonts.sans)
        #expect(first != nil && first === second)
    }

    @Test("a combining mark stays in the face of the character it combines with")
    func clustersStayTogether() throws {
        let shaped = TextShaper.shape(StyledText("\u{1D400}\u{0301}", style: TestFonts.style(size: 20)))
        try #require(!shaped.glyphs.isEmpty)
        let face = shaped.glyphs[0].face
        #expect(shaped.glyphs.allSatisfy { $0.face === face })
        #expect(face !== TestFonts.sans)
    }

    @Test("a character no installed face has keeps the run's face and its .notdef glyph; controls need no stand-in")
    func noFaceHasIt() throws {
        let unassigned: Unicode.Scalar = "\u{10FFFD}"  // plane 16 private use: in no installed font
        #expect(FontLibrary.shared.fallbackFace(for: unassigned, like: TestFonts.sans) == nil)
        let shaped = TextShaper.shape(StyledText("a\u{10FFFD}", style: TestFonts.style(size: 20)))
        try #require(shaped.glyphs.count == 2)
        #expect(shaped.glyphs[1].face === TestFonts.sans && shaped.glyphs[1].glyph == 0)
        #expect(FontFallback.needsNoGlyph(0x0A) && FontFallback.needsNoGlyph(0x200D) && FontFallback.needsNoGlyph(0xFE0F))
        #expect(!FontFallback.needsNoGlyph(0x1D400))
    }

    @Test("Core Text draws the stand-in's outline: the line's ink is the fallback glyph's box at the pen")
    func drawn() throws {
        let line = CTLineCreateWithAttributedString(NSAttributedString(
            string: "\u{1D400}", attributes: [.font: CoreTextLineTests.font(64)]))
        let glyph = try #require(line.glyphs.first)
        #expect(glyph.face !== TestFonts.sans)
        let context = TextContexts.make(width: 64, height: 64)
        context.textPosition = CGPoint(x: 2, y: 10)
        CTLineDraw(line, context)
        let box = glyph.face.outline(ofGlyph: glyph.glyph).tightBounds
        let scale = 64 / glyph.face.unitsPerEm
        // The ink's bounding rows: from the glyph's top to its bottom (y up from the baseline at 10).
        let rows = TextContexts.alphaRows(context)
        let inked = rows.indices.filter { rows[$0].contains { $0 > 0 } }
        #expect(inked.first == 64 - Int((10 + box.maxY * scale).rounded(.up)))
        #expect(inked.last == 64 - Int((10 + box.minY * scale).rounded(.down)) - 1)
    }
}
