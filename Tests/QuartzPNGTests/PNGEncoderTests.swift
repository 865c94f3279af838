// The in-memory encoder (PNGWriter.encode) against the reader and the file writer, and the file writer's
// durability contract (temporary file fsynced, renamed, nothing left behind). PNG itself is lossless
// (PNG spec §1), so a straight-alpha round trip of straight-derived premultiplied pixels is exact.
import Foundation
import QuartzRaster
import Testing

@testable import QuartzPNG

@Suite struct PNGEncoderTests {
    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("oq-png-enc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// 23 × 11 pixels of varied colour; translucent ones (alpha 0…254 included) unless `opaque`.
    func sampleBitmap(opaque: Bool) -> PremultipliedRGBA8Bitmap {
        var bitmap = PremultipliedRGBA8Bitmap(width: 23, height: 11)
        for y in 0..<11 {
            for x in 0..<23 {
                let a = opaque ? 255 : UInt8((x * 37 + y * 11) % 256)
                bitmap[x, y] = PremultipliedRGBA8(
                    straightR: UInt8(x * 11 % 256), g: UInt8((y * 23 + x) % 256), b: UInt8((x * y * 7) % 256), a: a)
            }
        }
        return bitmap
    }

    @Test(arguments: PNGCompression.allCases, [true, false])
    func encodeRoundTripsExactly(compression: PNGCompression, opaque: Bool) throws {
        let bitmap = sampleBitmap(opaque: opaque)
        let data = try PNGWriter.encode(bitmap, compression: compression)
        // The PNG signature (PNG spec §5.2) and then IHDR with colour type 2 (RGB) or 6 (RGBA) at byte 25.
        #expect(Array(data.prefix(8)) == [137, 80, 78, 71, 13, 10, 26, 10])
        #expect(data[25] == (opaque ? 2 : 6))
        #expect(try PNGReader.read(data: data) == bitmap)
    }

    /// The memory encoder and the file writer share one libpng pipeline: the same settings give the same bytes.
    @Test(arguments: PNGCompression.allCases, [true, false])
    func encodedBytesEqualTheWrittenFile(compression: PNGCompression, opaque: Bool) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("frame.png").path
        let bitmap = sampleBitmap(opaque: opaque)
        try PNGWriter.write(bitmap, to: path, compression: compression)
        let file = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(try PNGWriter.encode(bitmap, compression: compression) == file)
        // The temporary file was renamed (after its fsync), so only the final name remains.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["frame.png"])
    }

    /// A bitmap larger than the encoder's first 4 KiB buffer: the write callback must grow it (noise
    /// compresses poorly, so the output is far above 4 KiB).
    @Test func encodeGrowsItsBufferForLargeImages() throws {
        var bitmap = PremultipliedRGBA8Bitmap(width: 97, height: 61)
        var state: UInt32 = 12345
        for i in bitmap.pixels.indices {
            state = state &* 1_664_525 &+ 1_013_904_223  // LCG: deterministic noise
            bitmap.pixels[i] = PremultipliedRGBA8(straightR: UInt8(truncatingIfNeeded: state >> 24), g: UInt8(truncatingIfNeeded: state >> 16),
                                                  b: UInt8(truncatingIfNeeded: state >> 8), a: 255).packed
        }
        let data = try PNGWriter.encode(bitmap, compression: .smallest)
        #expect(data.count > 4096 * 4)
        #expect(try PNGReader.read(data: data) == bitmap)
    }

    @Test func encodeRefusesEmptyBitmapsWithItsName() {
        #expect(throws: PNGError.unwritableSize(path: "frame 3", width: 0, height: 5)) {
            try PNGWriter.encode(PremultipliedRGBA8Bitmap(width: 0, height: 5), name: "frame 3")
        }
        #expect(throws: PNGError.unwritableSize(path: "PNG data", width: 4, height: 0)) {
            try PNGWriter.encode(PremultipliedRGBA8Bitmap(width: 4, height: 0))
        }
    }

    /// `pixels` is a public var: a bitmap whose pixel array no longer matches its size is refused, not read
    /// past its end.
    @Test func encodeRefusesMismatchedPixelCounts() {
        var bitmap = PremultipliedRGBA8Bitmap(width: 4, height: 4)
        bitmap.pixels.removeLast()
        #expect(throws: PNGError.unwritableSize(path: "PNG data", width: 4, height: 4)) {
            try PNGWriter.encode(bitmap)
        }
    }

    /// A file written into a folder holding an older PNG replaces it whole (the rename is atomic).
    @Test func rewriteReplacesTheOldFileWhole() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("frame.png").path
        try PNGWriter.write(sampleBitmap(opaque: true), to: path)
        let translucent = sampleBitmap(opaque: false)
        try PNGWriter.write(translucent, to: path)
        #expect(try PNGReader.read(contentsOf: path) == translucent)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["frame.png"])
    }
}
