import Foundation
import Testing
@testable import QuartzRaster

@Suite struct PaintImageTests {
    /// 2×2 opaque image: red, green / blue, white (premultiplied = straight since opaque).
    let tiny = CGImage(bitmap: PremultipliedRGBA8Bitmap(
        width: 2, height: 2, pixels: [0xFF00_00FF, 0xFF00_FF00, 0xFFFF_0000, 0xFFFF_FFFF]))

    /// Bilinear reference in Double at image point (u, v), clamping taps to the edge (texel centres at +0.5).
    func bilinearReference(_ bitmap: PremultipliedRGBA8Bitmap, u: Double, v: Double) -> [Int] {
        let fu = u - 0.5, fv = v - 0.5
        let x0 = Int(fu.rounded(.down)), y0 = Int(fv.rounded(.down))
        let fx = fu - Double(x0), fy = fv - Double(y0)
        func texel(_ x: Int, _ y: Int) -> [Double] {
            paintBytes(bitmap[min(max(x, 0), bitmap.width - 1), min(max(y, 0), bitmap.height - 1)].packed).map(Double.init)
        }
        var out = [Int]()
        for c in 0..<4 {
            let top = texel(x0, y0)[c] * (1 - fx) + texel(x0 + 1, y0)[c] * fx
            let bottom = texel(x0, y0 + 1)[c] * (1 - fx) + texel(x0 + 1, y0 + 1)[c] * fx
            out.append(Int((top * (1 - fy) + bottom * fy).rounded()))
        }
        return out
    }

    // SCENES.md: "sampled with bilinear filtering at pixel centres and clamped to its edge texels".
    // Device → image scale 1/4: pixel x samples u = (x + 0.5)/4, fractions are multiples of 1/256, so the
    // 8-bit weights are exact and every pixel must equal the rounded Double bilinear value.
    @Test func bilinearExactOnATinyImage() {
        let shader = PaintImageShader(image: tiny, deviceToImage: .scale(x: 0.25, y: 0.25), filter: .linear)
        for y in 0..<8 {
            let row = paintShadeRow(shader, x: 0, y: y, count: 8)
            for x in 0..<8 {
                let u = (Double(x) + 0.5) / 4, v = (Double(y) + 0.5) / 4
                #expect(paintBytes(row[x]) == bilinearReference(tiny.bitmap, u: u, v: v), "pixel \(x), \(y)")
            }
        }
        // Spot values: (3, 3) is 3/8 of the way from texel 0 to texel 1 both ways.
        // R = 255·(5/8·5/8 + 3/8·3/8) = 135.47 → 135; G = 255·(3/8) = 95.6 → 96; B = 255·3/8 = 96.
        #expect(paintBytes(paintShadeRow(shader, x: 3, y: 3, count: 1)[0]) == [135, 96, 96, 255])
    }

    // Clamp to edge: samples outside the image take the nearest edge texel.
    @Test func clampToEdge() {
        let shader = PaintImageShader(image: tiny, deviceToImage: .translation(x: -10.25, y: 0), filter: .linear)
        #expect(paintShadeRow(shader, x: 0, y: 0, count: 3) == [0xFF00_00FF, 0xFF00_00FF, 0xFF00_00FF])
        let far = PaintImageShader(image: tiny, deviceToImage: .translation(x: 1e9 + 0.3, y: 1e9), filter: .nearest)
        #expect(paintShadeRow(far, x: 0, y: 0, count: 2) == [0xFFFF_FFFF, 0xFFFF_FFFF])
    }

    // Nearest: the texel containing the sample point.
    @Test func nearestPicksTheContainingTexel() {
        let shader = PaintImageShader(image: tiny, deviceToImage: .scale(x: 0.25, y: 0.25), filter: .nearest)
        let row0 = paintShadeRow(shader, x: 0, y: 0, count: 8)
        #expect(row0 == [UInt32](repeating: 0xFF00_00FF, count: 4) + [UInt32](repeating: 0xFF00_FF00, count: 4))
        #expect(paintShadeRow(shader, x: 4, y: 4, count: 1) == [0xFFFF_FFFF])
    }

    // The opacity multiplier scales every premultiplied channel by round(255·opacity)/255, rounded.
    @Test func opacityMultiplier() {
        let shader = PaintImageShader(image: tiny, deviceToImage: .identity, filter: .nearest, opacity: 0.5)
        let p = paintShadeRow(shader, x: 1, y: 1, count: 1)[0]
        #expect(paintBytes(p) == [128, 128, 128, 128])  // round(255 · 128 / 255) = 128
        let none = PaintImageShader(image: tiny, deviceToImage: .identity, filter: .linear, opacity: 0)
        #expect(paintShadeRow(none, x: 0, y: 0, count: 2) == [0, 0])
    }

    // The integer-translation fast path copies texels (with edge clamping) and must agree with the general
    // affine path on the same mapping.
    @Test func integerTranslationCopiesTexels() {
        var bitmap = PremultipliedRGBA8Bitmap(width: 5, height: 3)
        for y in 0..<3 { for x in 0..<5 { bitmap[x, y] = PremultipliedRGBA8(r: UInt8(x * 40), g: UInt8(y * 80), b: 0, a: 255) } }
        let image = CGImage(bitmap: bitmap)
        let copy = PaintImageShader(image: image, deviceToImage: .translation(x: -2, y: 1), filter: .linear)
        #expect(copy.copyOffset != nil)
        // A map that is the same translation but not flagged as one (tiny shear of 0) goes the affine way.
        let general = PaintImageShader(
            image: image, deviceToImage: PaintProjectiveTransform(1, -0.0, -2, 0, 1, 1, 0, 0, 1).concatenating(after: .scale(x: 1, y: 1)),
            filter: .linear)
        for y in -1..<4 {
            let a = paintShadeRow(copy, x: -3, y: y, count: 12)
            for (i, p) in a.enumerated() {
                let tx = min(max(-3 + i - 2, 0), 4), ty = min(max(y + 1, 0), 2)
                #expect(p == bitmap[tx, ty].packed)
            }
            var affine = [UInt32](repeating: 0, count: 12)
            affine.withUnsafeMutableBufferPointer { general.shade(x: -3, y: y, count: 12, into: $0.baseAddress!) }
            #expect(affine == a)
        }
    }

    // Perspective: a point whose homography image is exactly a texel centre returns that texel. The map
    // image → device (u, v) ↦ (u, v) / (k·u + 1) with k = 1/2.5 − 1/3.5 sends texel centre (3.5, 3.5) to the
    // device pixel centre (2.5, 2.5).
    @Test func perspectiveExactAtAKnownPoint() throws {
        var bitmap = PremultipliedRGBA8Bitmap(width: 4, height: 4)
        for y in 0..<4 { for x in 0..<4 { bitmap[x, y] = PremultipliedRGBA8(r: UInt8(x * 60), g: UInt8(y * 60), b: 7, a: 255) } }
        let image = CGImage(bitmap: bitmap)
        let k = 1 / 2.5 - 1 / 3.5
        let imageToDevice = PaintProjectiveTransform(1, 0, 0, 0, 1, 0, k, 0, 1)
        let deviceToImage = try #require(imageToDevice.inverted())
        for filter in [PaintImageFilter.nearest, .linear, .trilinear] {
            let shader = PaintImageShader(image: image, deviceToImage: deviceToImage, filter: filter)
            #expect(shader.isAffine == false)
            if filter != .trilinear {
                #expect(paintShadeRow(shader, x: 2, y: 2, count: 1)[0] == bitmap[3, 3].packed, "\(filter)")
            }
        }
    }

    // Perspective-correct interpolation across a row: a 16×1 ramp (red = 16 i + 8 at texel i) is linear in
    // u, so each pixel's red is 16·u for the projectively mapped u (±1 for the 1/256 weight quantisation and
    // rounding); the affine interpolation of the row's end points would be off by far more mid-row.
    @Test func perspectiveIsCorrectAcrossARow() throws {
        var ramp = PremultipliedRGBA8Bitmap(width: 16, height: 1)
        for i in 0..<16 { ramp[i, 0] = PremultipliedRGBA8(r: UInt8(16 * i + 8), g: 0, b: 0, a: 255) }
        let deviceToImage = PaintProjectiveTransform(0.3, 0, 0, 0, 0, 0.5, 0.02, 0, 1)
        let shader = PaintImageShader(image: CGImage(bitmap: ramp), deviceToImage: deviceToImage, filter: .linear)
        let row = paintShadeRow(shader, x: 0, y: 0, count: 120)
        var maxAffineError = 0.0
        let uStart = try #require(deviceToImage.apply(x: 0.5, y: 0.5)).x
        let uEnd = try #require(deviceToImage.apply(x: 119.5, y: 0.5)).x
        for x in 0..<120 {
            let u = try #require(deviceToImage.apply(x: Double(x) + 0.5, y: 0.5)).x
            let expected = 16 * min(max(u, 0.5), 15.5)
            #expect(abs(Double(paintBytes(row[x])[0]) - expected) <= 1, "pixel \(x)")
            let affineU = uStart + (uEnd - uStart) * Double(x) / 119
            maxAffineError = max(maxAffineError, abs(16 * min(max(affineU, 0.5), 15.5) - expected))
        }
        #expect(maxAffineError > 20)
    }

    // Mipmaps (Skia/tiny-skia style): 2×2 box for even sizes, (1, 2, 1) taps for odd ones, down to 1×1.
    @Test func mipmapLevelContentsWithOddSizes() throws {
        var bitmap = PremultipliedRGBA8Bitmap(width: 5, height: 3)
        for y in 0..<3 { for x in 0..<5 { bitmap[x, y] = PremultipliedRGBA8(r: UInt8(x * 50), g: UInt8(y * 100), b: 0, a: 255) } }
        let texture = try #require(CGImage(bitmap: bitmap).mipmappedTexture())
        #expect(texture.levelCount == 3)
        let l1 = texture.levelBitmap(1)
        #expect(l1.width == 2 && l1.height == 1)
        // Level 1 (0, 0): red (0 + 2·50 + 100)/4 = 50, green (0 + 2·100 + 200)/4 = 100.
        // Level 1 (1, 0): red (100 + 2·150 + 200)/4 = 150.
        #expect(l1[0, 0] == PremultipliedRGBA8(r: 50, g: 100, b: 0, a: 255))
        #expect(l1[1, 0] == PremultipliedRGBA8(r: 150, g: 100, b: 0, a: 255))
        let l2 = texture.levelBitmap(2)
        #expect(l2.width == 1 && l2.height == 1)
        #expect(l2[0, 0] == PremultipliedRGBA8(r: 100, g: 100, b: 0, a: 255))
        // Even sizes: a 1-px checkerboard averages to (0 + 255 + 0 + 255)/4 = 127.5 → 128 everywhere.
        let checker = try #require(paintChecker(size: 8).mipmappedTexture())
        #expect(checker.levelCount == 4)
        #expect(checker.levelBitmap(1).pixels.allSatisfy { $0 == 0xFF80_8080 })
        #expect(checker.levelBitmap(0) == paintChecker(size: 8).bitmap)
    }

    // The mipmap chain is built once and shared by concurrent readers.
    @Test func mipmapsAreBuiltOnceForConcurrentReaders() {
        let image = paintChecker(size: 64)
        let ids = PaintIdentityBox()
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            if let t = image.mipmappedTexture() { ids.insert(ObjectIdentifier(t)) }
        }
        #expect(ids.count == 1)
    }

    // A 1-px checkerboard minified 7.3× must not alias with trilinear filtering: mean near 50 % grey and a
    // small spread; plain bilinear on the full-size image aliases (large spread), which shows the test bites.
    @Test func minifiedCheckerboardDoesNotAlias() {
        let image = paintChecker(size: 256)
        func stats(_ filter: PaintImageFilter, _ map: PaintProjectiveTransform) -> (mean: Double, deviation: Double) {
            let shader = PaintImageShader(image: image, deviceToImage: map, filter: filter)
            var values: [Double] = []
            for y in 0..<30 { values += paintShadeRow(shader, x: 0, y: y, count: 30).map { Double($0 & 0xFF) } }
            let mean = values.reduce(0, +) / Double(values.count)
            let variance = values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)
            return (mean, variance.squareRoot())
        }
        let scale = PaintProjectiveTransform.scale(x: 7.3, y: 7.3)
        let tri = stats(.trilinear, scale)
        #expect(abs(tri.mean - 127.5) < 2)
        #expect(tri.deviation < 2)
        #expect(stats(.linear, scale).deviation > 30)
        // Under perspective (LOD per 16-px block).
        let perspective = PaintProjectiveTransform(6, 0.5, 0, 0.3, 6.5, 0, 0.002, 0.001, 1)
        let p = stats(.trilinear, perspective)
        #expect(abs(p.mean - 127.5) < 3)
        #expect(p.deviation < 4)
    }

    // The level of detail is log2 of the larger Jacobian column (OpenGL's ρ).
    @Test func levelOfDetailFromTheJacobian() {
        #expect(PaintImageShader.levelOfDetail(dudx: 4, dvdx: 0, dudy: 0, dvdy: 2) == 2)
        #expect(PaintImageShader.levelOfDetail(dudx: 3, dvdx: 4, dudy: 0, dvdy: 1) == log2(5.0))
        let shader = PaintImageShader(
            image: tiny, deviceToImage: PaintProjectiveTransform(1, 0, 0, 0, 1, 0, 0.5, 0, 1), filter: .trilinear)
        // At px = 2 (W = 2): du/dx = (1·2 − 2·0.5)/4 = 0.25, dv/dy = 1/2, so ρ = 1/2 and λ = −1.
        #expect(shader.lodAt(px: 2, py: 0) == -1)
        #expect(shader.lodAt(px: -4, py: 0) == nil)  // W = −1: behind the viewer
    }

    // Apple cropping(to:): the rect is made integral and intersected with the bounds; nil when empty.
    @Test func croppingAndImageProperties() throws {
        var bitmap = PremultipliedRGBA8Bitmap(width: 4, height: 3)
        for y in 0..<3 { for x in 0..<4 { bitmap[x, y] = PremultipliedRGBA8(r: UInt8(x), g: UInt8(y), b: 0, a: 255) } }
        let image = CGImage(bitmap: bitmap)
        #expect(image.bitsPerComponent == 8 && image.bitsPerPixel == 32 && image.bytesPerRow == 16)
        #expect(image.alphaInfo == .premultipliedLast && image.bitmapInfo.alphaInfo == .premultipliedLast)
        let crop = try #require(image.cropping(to: CGRect(x: 1.5, y: 0.2, width: 10, height: 1)))
        #expect(crop.width == 3 && crop.height == 2)  // integral rect (1, 0, 4, 2) clipped to x < 4
        #expect(crop.bitmap[0, 0] == bitmap[1, 0] && crop.bitmap[2, 1] == bitmap[3, 1])
        #expect(image.cropping(to: CGRect(x: 10, y: 10, width: 2, height: 2)) == nil)
        #expect(image.cropping(to: CGRect(x: CGFloat.nan, y: 0, width: 2, height: 2)) == nil)
        // An empty image has no texture and its shader draws nothing.
        let empty = CGImage(bitmap: PremultipliedRGBA8Bitmap(width: 0, height: 0))
        #expect(empty.mipmappedTexture() == nil)
        let s = PaintImageShader(image: empty, deviceToImage: .identity)
        #expect(paintShadeRow(s, x: 0, y: 0, count: 2) == [0, 0])
    }

    // Span splitting does not change output (LOD blocks are aligned to device x, positions per pixel).
    @Test func spanSplittingDoesNotChangeOutput() {
        let image = paintChecker(size: 64)
        let map = PaintProjectiveTransform(3, 0.5, 1, 0.3, 3.5, 2, 0.004, 0.001, 1)
        for filter in [PaintImageFilter.nearest, .linear, .trilinear] {
            let s = PaintImageShader(image: image, deviceToImage: map, filter: filter, opacity: 0.7)
            let whole = paintShadeRow(s, x: 5, y: 9, count: 90)
            let parts = paintShadeRow(s, x: 5, y: 9, count: 21) + paintShadeRow(s, x: 26, y: 9, count: 69)
            #expect(whole == parts)
        }
    }
}

/// An opaque 1-px black/white checkerboard image.
func paintChecker(size: Int) -> CGImage {
    var bitmap = PremultipliedRGBA8Bitmap(width: size, height: size)
    for y in 0..<size { for x in 0..<size { bitmap.pixels[y * size + x] = (x + y) % 2 == 0 ? 0xFF00_0000 : 0xFFFF_FFFF } }
    return CGImage(bitmap: bitmap)
}

/// A thread-safe set of object identities for the concurrency test.
final class PaintIdentityBox: @unchecked Sendable {
    private let lock = NSLock()
    private var ids = Set<ObjectIdentifier>()
    func insert(_ id: ObjectIdentifier) { lock.lock(); ids.insert(id); lock.unlock() }
    var count: Int { lock.lock(); defer { lock.unlock() }; return ids.count }
}
