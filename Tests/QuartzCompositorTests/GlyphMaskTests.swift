// Glyph runs drawn through cached glyph masks (CompositorGlyphMasks.swift) against the exact fill of the same
// outlines: the error bound the file states, determinism whatever the cache holds, the threads or the tiles,
// the cache's byte budget, and the transforms that must fill outlines exactly instead.
import Foundation
import QuartzMath
import QuartzRaster
@testable import QuartzText
import Testing
@testable import QuartzCompositor

private let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

@Suite struct GlyphMaskTests {
    static let black = CGColor(gray: 0, alpha: 1)

    /// "Sphinx of black quartz" at `size` px with its pen at (x, y), glyphs advanced by HarfBuzz-free
    /// fixed steps of 0.58 em (neighbours' ink overlaps at some sizes, which the masks must add).
    static func run(size: Double, x: Double, y: Double, text: String = "Sphinx of black quartz, judge my vow") throws -> RenderGlyphRun {
        let face = try FontLibrary.shared.face(atPath: dejaVuSans).0
        let glyphs = text.unicodeScalars.enumerated().map { i, scalar in
            PlacedGlyph(face: face, glyph: face.native.glyph(for: scalar), x: x + Double(i) * size * 0.58, y: y,
                        advance: size * 0.58, size: size, color: black, cluster: i)
        }
        return RenderGlyphRun(glyphs: glyphs, color: black)
    }

    static func render(_ content: RenderContent, transform: CATransform3D = CATransform3DIdentity, width: Int = 640,
                       height: Int = 120, threads: Int = 1, tileSize: Int = 64) throws -> PremultipliedRGBA8Bitmap {
        try Compositor.render(RenderList([.item(RenderItem(transform: transform, content: content))]), width: width,
                              height: height, options: CompositorOptions(threads: threads, tileSize: tileSize))
    }

    /// The file's bound: pens move by at most 1/32 px on each axis, which moves an edge crossing a pixel by
    /// up to 8/255 of its coverage, so a pixel with edges across both axes can differ by about 16/255 plus
    /// rounding. Measured over 5 sizes, 5 sub-pixel offsets and a non-uniform scale: at most 17/255 (asserted
    /// ≤ 20), and 1.3–3.1/255 on average over the inked pixels (asserted < 3.5).
    @Test(arguments: [9.0, 12.0, 16.0, 24.0, 48.0])
    func masksAgreeWithTheExactFill(size: Double) throws {
        var worst = 0, sum = 0, inked = 0
        for (dx, dy) in [(0.0, 0.0), (0.13, 0.71), (0.37, 0.5), (0.5, 0.03), (0.81, 0.94)] {
            for scale in [CATransform3DIdentity, CATransform3DMakeScale(1, 1.5, 1)] {
                let glyphs = try Self.run(size: size, x: 4 + dx, y: 2 + size + dy)
                let masked = try Self.render(.glyphs(glyphs), transform: scale)
                let exact = try Self.render(.shapeFill(glyphs.outlinePath, fillRule: .winding, color: Self.black), transform: scale)
                for (a, b) in zip(masked.pixels, exact.pixels) where a != 0 || b != 0 {
                    let d = abs(Int(a >> 24) - Int(b >> 24))
                    worst = max(worst, d)
                    sum += d
                    inked += 1
                }
            }
        }
        #expect(inked > 1000)
        #expect(worst <= 20, "largest difference \(worst)/255 at \(size) px")
        #expect(Double(sum) / Double(inked) < 3.5, "mean difference \(Double(sum) / Double(inked))/255 at \(size) px")
    }

    /// Masks are pure functions of their keys: a cold cache, a warm one, 1–4 threads and 16–64 px tiles give the
    /// same bytes.
    @Test func framesDoNotDependOnTheCacheThreadsOrTiles() throws {
        let glyphs = try Self.run(size: 17, x: 3.3, y: 40.6)
        GlyphMaskCache.shared.removeAll()
        let cold = try Self.render(.glyphs(glyphs))
        #expect(cold.pixels.contains { $0 != 0 })
        for (threads, tile) in [(1, 64), (2, 16), (4, 32), (1, 24)] {
            #expect(try Self.render(.glyphs(glyphs), threads: threads, tileSize: tile).pixels == cold.pixels,
                    "threads \(threads), tile \(tile)")
        }
    }

    /// Past its budget the cache drops the least recently used masks down to three quarters of it; a mask just
    /// used is still a hit afterwards.
    @Test func theCacheKeepsToItsBudget() throws {
        let cache = GlyphMaskCache(budget: 40_000)
        let clip = FillPixelBounds(width: 2000, height: 200)
        let projection = CompositorProjection(CATransform3DIdentity)
        for step in 0..<16 {
            let glyphs = try Self.run(size: 20, x: 2 + Double(step) / 16, y: 30 + Double(step) / 16)
            _ = CompositorGlyphMasks.coverage(of: glyphs, projection, clip: clip, deviceTolerance: 0.2, cache: cache)
            #expect(cache.statistics.bytes <= cache.budget)
        }
        let glyphs = try Self.run(size: 20, x: 2 + 15.0 / 16, y: 30 + 15.0 / 16, text: "S")
        let before = cache.statistics
        #expect(before.count > 0 && before.misses > before.count, "masks were evicted")
        _ = CompositorGlyphMasks.coverage(of: glyphs, projection, clip: clip, deviceTolerance: 0.2, cache: cache)
        #expect(cache.statistics.hits == before.hits + 1)
    }

    /// Masks only where a glyph's picture is a whole-pixel move of a cached one: rotated, mirrored, projected
    /// and over-256-pixel-em text fill their outlines exactly.
    @Test func transformsThatMustFillExactly() throws {
        let glyphs = try Self.run(size: 20, x: 2, y: 30, text: "Ag")
        let clip = FillPixelBounds(width: 400, height: 400)
        func masks(_ m: CATransform3D, _ run: RenderGlyphRun = glyphs) -> Bool {
            CompositorGlyphMasks.coverage(of: run, CompositorProjection(m), clip: clip, deviceTolerance: 0.2) != nil
        }
        #expect(masks(CATransform3DMakeTranslation(10.25, 3.5, 0)))
        #expect(masks(CATransform3DMakeScale(2, 3, 1)))
        #expect(!masks(CATransform3DMakeRotation(0.1, 0, 0, 1)))
        #expect(!masks(CATransform3DMakeScale(-1, 1, 1)))
        #expect(!masks(CATransform3DMakeScale(1, -1, 1)))
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        #expect(!masks(CATransform3DRotate(perspective, 0.3, 0, 1, 0)))
        // DejaVu Sans has 2048 units per em: 256 px is the largest em drawn through masks.
        #expect(masks(CATransform3DIdentity, try Self.run(size: 256, x: 2, y: 300, text: "A")))
        #expect(!masks(CATransform3DIdentity, try Self.run(size: 257, x: 2, y: 300, text: "A")))
    }
}
