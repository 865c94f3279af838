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
}
