// Glyph positions against HarfBuzz itself (called directly here, with the default OpenType functions at
// scale size·64), kerning and ligatures present, right-to-left runs reversed into visual order.
import CHarfBuzz
import Foundation
import Testing
@testable import QuartzText

/// HarfBuzz's own answer: glyph ids and pen x positions in 26.6 for `text` at `size`.
private func harfBuzzReference(_ text: String, size: Double, path: String) -> (glyphs: [UInt32], x: [Int32], total: Int32) {
    let blob = hb_blob_create_from_file(path)
    let face = hb_face_create(blob, 0)
    let font = hb_font_create(face)
    let scale = Int32((size * 64).rounded())
    hb_font_set_scale(font, scale, scale)
    let buffer = hb_buffer_create()
    let scalars = text.unicodeScalars.map(\.value)
    hb_buffer_add_utf32(buffer, scalars, Int32(scalars.count), 0, Int32(scalars.count))
    hb_buffer_guess_segment_properties(buffer)
    hb_shape(font, buffer, nil, 0)
    var count: UInt32 = 0
    let infos = hb_buffer_get_glyph_infos(buffer, &count)!
    let positions = hb_buffer_get_glyph_positions(buffer, &count)!
    var glyphs: [UInt32] = [], xs: [Int32] = []
    var pen: Int32 = 0
    for i in 0..<Int(count) {
        glyphs.append(infos[i].codepoint)
        xs.append(pen + positions[i].x_offset)
        pen += positions[i].x_advance
    }
    hb_buffer_destroy(buffer); hb_font_destroy(font); hb_face_destroy(face); hb_blob_destroy(blob)
    return (glyphs, xs, pen)
}

@Suite struct ShapingTests {
    @Test("glyph positions equal HarfBuzz's to 1/64 px for a kerned DejaVu Sans string", arguments: [12.0, 16, 32, 96, 13.37])
    func positionsMatchHarfBuzz(size: Double) {
        let text = "AVATAR Wavy Type, LT. Yo! fi"
        let reference = harfBuzzReference(text, size: size, path: TestFonts.sansPath)
        let layout = TestFonts.layout(text, size: size)
        let glyphs = layout.lines[0].glyphs
        #expect(glyphs.map(\.glyph) == reference.glyphs)
        for (glyph, x) in zip(glyphs, reference.x) {
            // Positions are k/64 exactly; compare in 26.6 units.
            #expect((glyph.x * 64).rounded() == Double(x))
            #expect(abs(glyph.x * 64 - Double(x)) < 1e-9)
        }
        #expect(abs(layout.lines[0].width * 64 - Double(reference.total)) < 1e-9)
    }

    @Test("kerning moves glyphs: 'AV' is narrower than A's and V's nominal advances")
    func kerningApplies() {
        let face = TestFonts.sans
        let size = 100.0
        let a = face.native.glyph(for: "A"), v = face.native.glyph(for: "V")
        let nominal = Double(face.native.advance(ofGlyph: a) + face.native.advance(ofGlyph: v)) * size / face.unitsPerEm
        let shaped = TestFonts.layout("AV", size: size).lines[0].width
        #expect(shaped < nominal - 1, "DejaVu Sans kerns A–V by GPOS; shaped \(shaped) vs nominal \(nominal)")
    }

    @Test("the Arabic lam-alef ligature forms and the run comes out right to left")
    func arabicLigatureRightToLeft() {
        // لا (lam + alef) is one ligature glyph in DejaVu Sans; the run is right to left, so visual order
        // puts the logically first cluster at the right.
        let layout = TestFonts.layout("\u{0644}\u{0627} \u{0645}\u{0646}", size: 40)
        let glyphs = layout.lines[0].glyphs
        #expect(glyphs.count == 4, "lam-alef ligature + space + two letters: \(glyphs.map(\.glyph))")
        let clusters = glyphs.map(\.cluster)
        #expect(clusters == clusters.sorted(by: >), "visual order of a right-to-left run: clusters descending")
        #expect(glyphs.map(\.x) == glyphs.map(\.x).sorted())
        #expect(glyphs.allSatisfy { $0.glyph != 0 }, "DejaVu Sans covers Arabic")
    }

    @Test("a Hebrew paragraph aligns right by the natural alignment; mixed Latin keeps its own order")
    func hebrewNaturalAlignment() {
        let layout = TestFonts.layout("\u{05E9}\u{05DC}\u{05D5}\u{05DD} abc", size: 20, width: 300)
        let line = layout.lines[0]
        #expect(abs(line.originX + line.width - 300) < 1e-9)
        // "abc" is the logical end, so visually left of the Hebrew word, left to right inside.
        let latin = line.glyphs.filter { $0.cluster >= 5 }
        let hebrew = line.glyphs.filter { $0.cluster < 4 }
        #expect(latin.map(\.cluster) == [5, 6, 7])
        #expect(latin.last!.x < hebrew.first!.x)
    }

    @Test("the fi ligature forms in Latin text (HarfBuzz 'liga')")
    func latinLigature() {
        let glyphs = TestFonts.layout("fi", size: 20).lines[0].glyphs
        #expect(glyphs.count == 1)
    }
}
