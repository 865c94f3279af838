// The process-wide layout cache of plain strings: a second text source with the same string, font, size,
// colour and options reuses the first one's layout; long strings are not kept; a full cache starts over.
import Foundation
import QuartzRaster
import Testing
@testable import QuartzText

@Suite struct TextLayoutCacheTests {
    @Test("the same plain string laid out by two sources is shaped once and gives the same layout")
    func sharedAcrossSources() throws {
        let cache = TextLayoutCache(capacity: 8)
        let key = TextSource.LayoutKey(font: .name("DejaVu Sans"), fontSize: 20, color: .black,
                                       options: TextLayoutOptions(width: 100, height: 40))
        var made = 0
        let make = { () -> TextLayout? in
            made += 1
            return TestFonts.layout("Hello", size: 20)
        }
        let first = try #require(cache.layout(of: "Hello", key: key, make: make))
        let second = try #require(cache.layout(of: "Hello", key: key, make: make))
        #expect(made == 1 && cache.count == 1)
        #expect(first.lines.map(\.glyphs) == second.lines.map(\.glyphs))
        var other = key
        other.fontSize = 21
        _ = cache.layout(of: "Hello", key: other, make: make)
        #expect(made == 2 && cache.count == 2)
    }

    @Test("strings beyond the length limit are laid out but not kept; a full cache is emptied first")
    func bounded() {
        let cache = TextLayoutCache(capacity: 2)
        let key = TextSource.LayoutKey(font: .name("DejaVu Sans"), fontSize: 20, color: .black,
                                       options: TextLayoutOptions(width: 100, height: 40))
        let long = String(repeating: "x", count: TextLayoutCache.maximumStringLength + 1)
        _ = cache.layout(of: long, key: key) { TestFonts.layout("x") }
        #expect(cache.count == 0)
        for word in ["a", "b", "c"] { _ = cache.layout(of: word, key: key) { TestFonts.layout(word) } }
        #expect(cache.count == 1)
    }

    @Test("text sources use the shared cache for plain strings")
    func sourcesUseIt() {
        let options = TextLayoutOptions(width: 77, height: 33)
        let string = "cache \(UUID().uuidString)"
        let a = TextSource(string: string), b = TextSource(string: string)
        let first = a.layout(font: .name("DejaVu Sans"), fontSize: 17, color: .black, options: options)
        let second = b.layout(font: .name("DejaVu Sans"), fontSize: 17, color: .black, options: options)
        #expect(first?.lines.map(\.glyphs) == second?.lines.map(\.glyphs))
        // The shared cache answers for that string without laying it out again.
        var madeAgain = false
        let key = TextSource.LayoutKey(font: .name("DejaVu Sans"), fontSize: 17, color: .black, options: options)
        _ = TextLayoutCache.shared.layout(of: string, key: key) {
            madeAgain = true
            return nil
        }
        #expect(!madeAgain)
    }
}
