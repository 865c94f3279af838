// Line breaking (UAX #14 subset, LineBreaker.swift), truncation with "…" and alignment offsets, with
// exact strings and offsets. DejaVu Sans Mono makes widths predictable: every glyph advances
// round(1233 · size · 64 / 2048) / 64 points, "…" included.
import Foundation
import Testing
@testable import QuartzText

private let size = 20.0
/// One monospace advance at `size` in points (HarfBuzz rounds it to 26.6).
private let cell = (1233.0 * size * 64 / 2048).rounded() / 64

private func lines(_ text: String, width: Double, wrapped: Bool = true, truncation: TextTruncation = .none,
                   height: Double = .infinity, alignment: TextAlignment = .natural) -> [TextLine] {
    TestFonts.layout(text, size: size, face: TestFonts.mono, width: width, height: height, wrapped: wrapped,
                     truncation: truncation, alignment: alignment).lines
}

@Suite struct LineBreakingTests {
    @Test("wrapping breaks after spaces (UAX #14 LB18); trailing spaces hang")
    func breaksAfterSpaces() {
        let result = lines("the quick brown fox", width: cell * 10.5).map(\.text)
        #expect(result == ["the quick ", "brown fox"])
        #expect(lines("the quick brown fox", width: cell * 10.5)[0].width == cell * 9, "the hanging space takes no width")
    }

    @Test("a break after a hyphen (LB21) but not between a hyphen and a digit (LB25 subset)")
    func hyphens() {
        #expect(lines("well-known", width: cell * 7).map(\.text) == ["well-", "known"])
        #expect(lines("ab -5 cd", width: cell * 4).map(\.text) == ["ab ", "-5 ", "cd"])
    }

    @Test("mandatory breaks at LF, CR LF and U+2028 split paragraphs even when not wrapping (LB4, LB5)")
    func mandatoryBreaks() {
        #expect(lines("a\nb\r\nc\u{2028}d", width: 1000, wrapped: false).map(\.text) == ["a", "b", "c", "d"])
        #expect(lines("a\n\nb", width: 1000, wrapped: false).map(\.text) == ["a", "", "b"])
    }

    @Test("a word wider than the line breaks between grapheme clusters, never inside one")
    func emergencyBreakKeepsClusters() {
        // "e" + combining acute is one cluster: it never splits from its accent.
        let text = "e\u{0301}e\u{0301}e\u{0301}e\u{0301}"
        let result = lines(text, width: cell * 1.5)
        #expect(result.map(\.text) == ["e\u{0301}", "e\u{0301}", "e\u{0301}", "e\u{0301}"])
    }

    @Test("lines stack from the top: the first baseline is one ascent down, the next a line height further")
    func baselines() {
        let face = TestFonts.mono
        let result = lines("ab cd", width: cell * 3)
        let ascent = face.ascent(atSize: size), descent = face.descent(atSize: size), leading = face.leading(atSize: size)
        #expect(result[0].baselineY == ascent)
        #expect(abs(result[1].baselineY - (2 * ascent + descent + leading)) < 1e-12)
    }
}

@Suite struct TruncationTests {
    @Test("end, start and middle truncation with U+2026 at a width of 5.5 cells", arguments: [
        (TextTruncation.end, "abcd\u{2026}"), (.start, "\u{2026}ghij"), (.middle, "ab\u{2026}ij"),
    ])
    func modes(mode: TextTruncation, expected: String) {
        let result = lines("abcdefghij", width: cell * 5.5, wrapped: false, truncation: mode)
        #expect(result.map(\.text) == [expected])
        #expect(result[0].width <= cell * 5.5)
    }

    @Test("text that fits is not truncated; spaces next to the ellipsis are dropped")
    func fitsAndSpaces() {
        #expect(lines("abc", width: cell * 3, wrapped: false, truncation: .end).map(\.text) == ["abc"])
        #expect(lines("abc defghij", width: cell * 5.5, wrapped: false, truncation: .end).map(\.text) == ["abc\u{2026}"])
        #expect(lines("abcdefg hij", width: cell * 5.5, wrapped: false, truncation: .start).map(\.text) == ["\u{2026}hij"])
    }

    @Test("wrapped text truncates its last line that fits in the height")
    func wrappedLastLine() {
        let face = TestFonts.mono
        let lineHeight = face.ascent(atSize: size) + face.descent(atSize: size) + face.leading(atSize: size)
        let result = lines("aaa bbb ccc ddd", width: cell * 5, truncation: .end, height: lineHeight * 2)
        #expect(result.map(\.text) == ["aaa ", "bbb\u{2026}"], "the space before the ellipsis is dropped")
    }

    @Test("none never truncates; an overlong line stays whole")
    func noneKeepsText() {
        #expect(lines("abcdefghij", width: cell * 2, wrapped: false).map(\.text) == ["abcdefghij"])
    }
}

@Suite struct AlignmentTests {
    let width = cell * 10

    @Test("left, right, center offsets are exact", arguments: [
        (TextAlignment.left, 0.0), (.right, 7.0), (.center, 3.5), (.natural, 0.0),
    ])
    func offsets(alignment: TextAlignment, cells: Double) {
        let line = lines("abc", width: width, wrapped: false, alignment: alignment)[0]
        #expect(line.originX == cells * cell)
        #expect(line.glyphs[0].x == cells * cell)
    }

    @Test("justified stretches the spaces of every line but a paragraph's last")
    func justified() {
        let result = lines("ab cd ef gh", width: cell * 6, alignment: .justified)
        #expect(result.map(\.text) == ["ab cd ", "ef gh"])
        // First line: "ab cd" is 5 cells, one space shares the sixth.
        #expect(result[0].glyphs[3].x == cell * 4)
        #expect(result[0].glyphs[4].x == cell * 5)
        // The last line is aligned naturally (left).
        #expect(result[1].glyphs.map(\.x) == [0, cell, 2 * cell, 3 * cell, 4 * cell])
    }
}
