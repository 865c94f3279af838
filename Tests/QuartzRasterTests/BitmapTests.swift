import Testing
@testable import QuartzRaster

@Suite struct BitmapTests {
    @Test func mulDiv255IsExactRounding() {
        for a in 0...255 {
            for b in 0...255 {
                let exact = (Double(a * b) / 255).rounded()
                #expect(Int(mulDiv255(UInt8(a), UInt8(b))) == Int(exact))
            }
        }
    }

    @Test func packedLayoutIsRGBAInMemory() {
        let p = PremultipliedRGBA8(r: 1, g: 2, b: 3, a: 4)
        #expect(p.packed == 0x0403_0201)
        let bytes = withUnsafeBytes(of: p.packed) { Array($0) }
        #expect(bytes == [1, 2, 3, 4])
    }

    @Test func straightRoundTripIsLosslessForOpaqueAndExactForTransparent() {
        let opaque = PremultipliedRGBA8(straightR: 10, g: 200, b: 255, a: 255)
        #expect(opaque.straight == (10, 200, 255, 255))
        let clear = PremultipliedRGBA8(straightR: 10, g: 200, b: 255, a: 0)
        #expect(clear.packed == 0)
        // Half alpha: 200·128/255 = 100.39 → 100; back: 100·255/128 = 199.2 → 199.
        let half = PremultipliedRGBA8(straightR: 200, g: 0, b: 0, a: 128)
        #expect(half.r == 100)
        #expect(half.straight.r == 199)
    }

    @Test func bitmapStraightBytesRoundTrip() {
        let bytes: [UInt8] = [255, 0, 0, 255, 0, 0, 0, 0, 12, 34, 56, 255]
        let bitmap = PremultipliedRGBA8Bitmap(width: 3, height: 1, straightRGBA8: bytes)
        #expect(bitmap.straightRGBA8Bytes() == bytes)
        #expect(!bitmap.isOpaque)
    }

    /// The output kernel equals the per-pixel definition (`straight`: (c · 255 + a / 2) / a, clamped; 0 where
    /// alpha is 0) for every premultiplied pixel value c ≤ a, for each colour channel, in every position of a
    /// four-pixel group and in the tail; opaque and clear groups take the copy and zero paths.
    @Test func straightBytesMatchThePerPixelDefinitionExhaustively() {
        var pixels: [UInt32] = []
        for a in 0...255 {
            for c in 0...a {
                // Each channel gets a different value ≤ a so a channel mix-up shows.
                let r = UInt32(c), g = UInt32((c * 7) % (a + 1)), b = UInt32((c * 13) % (a + 1))
                pixels.append(UInt32(a) << 24 | b << 16 | g << 8 | r)
            }
        }
        pixels += [UInt32](repeating: 0xFF10_2030, count: 8) + [UInt32](repeating: 0, count: 8) + [0x8040_2010]
        let bitmap = PremultipliedRGBA8Bitmap(width: pixels.count, height: 1, pixels: pixels)
        var expected: [UInt8] = []
        for packed in pixels {
            let s = PremultipliedRGBA8(packed: packed).straight
            expected += [s.r, s.g, s.b, s.a]
        }
        #expect(bitmap.straightRGBA8Bytes() == expected)
        // A reused buffer of the right size is overwritten, one of another size replaced.
        var buffer = [UInt8](repeating: 0xAB, count: expected.count)
        bitmap.writeStraightRGBA8(into: &buffer)
        #expect(buffer == expected)
        var small = [UInt8](repeating: 1, count: 3)
        bitmap.writeStraightRGBA8(into: &small)
        #expect(small == expected)
    }
}
