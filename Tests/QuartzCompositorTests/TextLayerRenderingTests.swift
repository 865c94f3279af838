// CATextLayer drawn by the compositor: glyph outlines filled by our own filler, checked against the
// outlines' exact areas, Apple's top-aligned first line [A: DOC-catextlayer "The first line is aligned to
// the top of the layer"], byte equality across threads and tiles, flipped geometry and animated sizes.
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster
import QuartzText
import Testing
@testable import QuartzCompositor

private let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

/// Signed area of a path (font units), curves flattened into 256 steps each.
private func area(of path: PathGeometry) -> Double {
    var total = 0.0, start = CGPoint.zero, last = CGPoint.zero
    func edge(_ p: CGPoint) { total += Double(last.x * p.y - p.x * last.y) / 2; last = p }
    for element in path.elements {
        switch element {
        case .moveTo(let p): start = p; last = p
        case .lineTo(let p): edge(p)
        case .quadCurveTo(let c, let e):
            let p0 = last
            for i in 1...256 {
                let t = Double(i) / 256, u = 1 - t
                edge(CGPoint(x: u * u * p0.x + 2 * u * t * c.x + t * t * e.x, y: u * u * p0.y + 2 * u * t * c.y + t * t * e.y))
            }
        case .curveTo(let c1, let c2, let e):
            let p0 = last
            for i in 1...256 {
                let t = Double(i) / 256, u = 1 - t
                let x = u * u * u * p0.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * e.x
                let y = u * u * u * p0.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * e.y
                edge(CGPoint(x: x, y: y))
            }
        case .closeSubpath: edge(start)
        }
    }
    return abs(total)
}

private func coverageSum(_ bitmap: PremultipliedRGBA8Bitmap) -> Double {
    var sum = 0
    for y in 0..<bitmap.height { for x in 0..<bitmap.width { sum += Int(bitmap[x, y].a) } }
    return Double(sum) / 255
}

@Suite struct TextLayerRenderingTests {
    func textScene(_ string: String, size: CGFloat, frame: CGRect, width: Int = 200, height: Int = 200,
                   configure: (CATextLayer) -> Void = { _ in }) -> LayersScene {
        let scene = LayersScene(width: width, height: height, background: nil)
        scene.add(CATextLayer()) { layer in
            layer.frame = frame
            layer.string = string
            layer.font = try! CGFont(contentsOfFile: dejaVuSans)
            layer.fontSize = size
            layer.foregroundColor = CGColor(gray: 0, alpha: 1)
            configure(layer)
        }
        return scene
    }

    @Test("the filled coverage of a glyph equals its outline's area", arguments: ["l", "o", "g"])
    func coverageEqualsOutlineArea(character: String) throws {
        // 204.8 pt over 2048 units per em: one font unit is 0.1 pixel.
        let scene = textScene(character, size: 204.8, frame: CGRect(x: 10, y: 0, width: 190, height: 260), height: 260)
        let bitmap = try scene.render()
        let face = try FontLibrary.shared.face(atPath: dejaVuSans).0
        let outlineArea = area(of: face.outline(ofGlyph: face.native.glyph(for: Unicode.Scalar(character)!))) * 0.01
        let covered = coverageSum(bitmap)
        // Exact-area coverage of the flattened outline, quantised to 1/255 per pixel. The filler flattens
        // curves into chords (inside a convex arc), which loses a little area on curved glyphs: 0.5 % at
        // this size; the straight-sided "l" is within a pixel.
        let tolerance = character == "l" ? 1 : outlineArea * 0.005
        #expect(abs(covered - outlineArea) < tolerance, "covered \(covered) vs area \(outlineArea)")
    }

    @Test("the first baseline sits one ascent below the top of the bounds")
    func firstBaselineFromTop() throws {
        // DejaVu Sans: ascender 1901 units; at 20.48 pt that is 19.01 pt. Bounds top at 1.49 puts the
        // baseline at y = 20.5, half-way down pixel row 20: the stem of "l" covers that row half.
        let scene = textScene("l", size: 20.48, frame: CGRect(x: 10, y: 1.49, width: 100, height: 40))
        let bitmap = try scene.render()
        let columns = (0..<bitmap.width).filter { x in bitmap[x, 15].a == 255 }
        #expect(!columns.isEmpty, "the stem covers whole pixels in row 15")
        for x in columns {
            #expect(abs(Int(bitmap[x, 20].a) - 128) <= 1, "row 20 at x \(x): \(bitmap[x, 20].a)")
            #expect(bitmap[x, 21].a == 0)
        }
    }

    @Test("text pixels are identical at 1, 2 and 4 threads and 16 and 64 pixel tiles, under a 3-D transform")
    func deterministic() throws {
        let scene = textScene("Sphinx of black quartz, judge my vow. — Sphinx of black quartz.", size: 22,
                              frame: CGRect(x: 10, y: 10, width: 180, height: 180)) { layer in
            layer.isWrapped = true
            layer.alignmentMode = .justified
            var t = CATransform3DIdentity
            t.m34 = -1 / 400
            layer.transform = CATransform3DRotate(t, 0.5, 1, 1, 0)
        }
        let reference = try scene.render(threads: 1, tileSize: 64)
        #expect(coverageSum(reference) > 500)
        for (threads, tile) in [(2, 64), (4, 16), (1, 16), (4, 64)] {
            let other = try scene.render(threads: threads, tileSize: tile)
            #expect(other.pixels == reference.pixels, "threads \(threads), tile \(tile)")
        }
    }

    @Test("in a geometry-flipped superlayer the text stays upright, like contents (spec §0.1)")
    func flippedGeometry() throws {
        let plain = textScene("Ag", size: 40, frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let flipped = LayersScene(width: 200, height: 200, background: nil)
        let parent = flipped.add(CALayer()) { $0.frame = CGRect(x: 0, y: 0, width: 200, height: 200); $0.isGeometryFlipped = true }
        flipped.add(CATextLayer(), to: parent) { layer in
            layer.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
            layer.string = "Ag"
            layer.font = try! CGFont(contentsOfFile: dejaVuSans)
            layer.fontSize = 40
            layer.foregroundColor = CGColor(gray: 0, alpha: 1)
        }
        #expect(try flipped.render().pixels == plain.render().pixels)
    }

    @Test("an animated fontSize renders as the interpolated size (Apple: fontSize is animatable)")
    func animatedFontSize() throws {
        let animated = textScene("Size", size: 20, frame: CGRect(x: 0, y: 0, width: 200, height: 100), width: 200, height: 100)
        animated.run {
            let layer = animated.root.sublayers![0]
            let animation = CABasicAnimation(keyPath: "fontSize")
            animation.fromValue = 20
            animation.toValue = 40
            animation.duration = 1
            layer.add(animation, forKey: "grow")
            CATransaction.flush()
        }
        let still = textScene("Size", size: 30, frame: CGRect(x: 0, y: 0, width: 200, height: 100), width: 200, height: 100)
        #expect(try animated.render(at: 0.5).pixels == still.render().pixels)
    }

    @Test("text outside the bounds is clipped, as Apple's bounds-sized text backing store clips it")
    func clippedToBounds() throws {
        let scene = textScene("WWWWWWWW", size: 40, frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        let bitmap = try scene.render()
        let outside = (60..<200).contains { x in (0..<60).contains { y in bitmap[x, y].a != 0 } }
        #expect(!outside)
        #expect(coverageSum(bitmap) > 100)
    }
}
