// The reader's limits on what a file may make libpng allocate. The PNG specification allows chunks of up to
// 2^31 − 1 bytes; libpng 1.6 limits chunks other than IDAT to 8 MB by default (PNG_USER_CHUNK_MALLOC_MAX)
// but, when reading, reports a longer one only as a warning and then allocates and clears the whole length
// (a 114-byte file claiming a 2 GiB tEXt chunk allocated 2 GiB). The shim refuses any chunk but IDAT above
// 4 MiB before libpng sees it, with an error that says so, and reports a header above the pixel cap as
// too large as soon as the header is read.
import Foundation
import QuartzRaster
import Testing

@testable import QuartzPNG
import QuartzTestSupport

@Suite struct PNGReaderLimitsTests {
    /// The limit the error names (OQ_PNG_MAXIMUM_CHUNK_BYTES in pngshim.c).
    static let chunkLimit = 4 << 20

    /// A 3×2 palette image whose tEXt chunk claims 0x0700_0010 bytes (117 MB) and is cut short after 18.
    static let claimsHugeText: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00, 0x02, 0x08, 0x03, 0x00, 0x00, 0x00, 0xAA, 0xAA, 0x96,
        0x28, 0x00, 0x00, 0x00, 0x12, 0x50, 0x4C, 0x54, 0x45, 0xFF, 0x00, 0x00, 0x00, 0xFF, 0x00, 0x00,
        0x00, 0xFF, 0x0A, 0x14, 0x1E, 0xC8, 0x64, 0x32, 0xFF, 0xFF, 0xFF, 0x3E, 0x33, 0xF9, 0xF6, 0x00,
        0x00, 0x00, 0x06, 0x62, 0x4B, 0x47, 0x44, 0xFF, 0x80, 0x00, 0x01, 0xBF, 0x00, 0xA7, 0x98, 0x77,
        0x56, 0x07, 0x00, 0x00, 0x10, 0x74, 0x45, 0x58, 0x74, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63,
        0x72, 0x60, 0x64, 0x62, 0x60, 0x66, 0xD2, 0xD2, 0xD2, 0xC9, 0xD2, 0xD2, 0xD2, 0xD2, 0xD2, 0x60,
        0x60, 0x82,
    ]

    /// `claimsHugeText` with the tEXt length set to 2^31 − 1.
    static var claimsMaximalText: [UInt8] {
        var bytes = claimsHugeText
        bytes.replaceSubrange(81..<85, with: [0x7F, 0xFF, 0xFF, 0xFF])
        return bytes
    }

    static func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var table = [UInt32](repeating: 0, count: 256)
        for n in 0..<256 {
            var c = UInt32(n)
            for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            table[n] = c
        }
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes { crc = table[Int((crc ^ UInt32(b)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    /// A chunk with its length and CRC.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let n = UInt32(data.count)
        let body = Array(type.utf8) + data
        let crc = crc32(body)
        return [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + body
            + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    }

    /// fixtures/png/rgb8.png with a tEXt chunk of `textBytes` bytes ("Comment", a NUL, then 'x's) after IHDR.
    static func rgb8(withTextOf textBytes: Int) throws -> Data {
        let file = try [UInt8](Data(contentsOf: fixturesDirectory.appendingPathComponent("png/rgb8.png")))
        let afterHeader = 8 + 25  // signature, then IHDR (length, type, 13 bytes, CRC)
        let text = Array("Comment".utf8) + [0] + [UInt8](repeating: 0x78, count: textBytes - 8)
        return Data(file[..<afterHeader] + chunk("tEXt", text) + file[afterHeader...])
    }

    func reason(_ body: () throws(PNGError) -> PremultipliedRGBA8Bitmap) -> String? {
        do {
            _ = try body()
            return nil
        } catch {
            guard case .unreadable(_, let reason) = error else { return "unexpected \(error)" }
            return reason
        }
    }

    /// Both readers refuse the claimed 117 MB and 2 GiB text chunks at their header, naming the chunk, its
    /// length and the limit, without allocating for them.
    @Test func oversizedTextChunkIsAnErrorNamingIt() throws {
        let cases: [([UInt8], Int)] = [(Self.claimsHugeText, 0x0700_0010), (Self.claimsMaximalText, 0x7FFF_FFFF)]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("png-limits-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (bytes, length) in cases {
            let expected = "the tEXt chunk is \(length) bytes, more than the limit of \(Self.chunkLimit) bytes for any chunk but IDAT"
            #expect(reason { () throws(PNGError) in try PNGReader.read(data: Data(bytes)) } == expected)
            let path = folder.appendingPathComponent("text-\(length).png").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            #expect(reason { () throws(PNGError) in try PNGReader.read(contentsOf: path) } == expected)
            #expect(throws: PNGError.unreadable(path: path, reason: expected)) { _ = try PNGReader.read(contentsOf: path) }
        }
    }

    /// A complete file whose text chunk is one byte over the limit is refused the same way; at the limit it
    /// reads, pixels intact (the text itself is not used).
    @Test func textChunkLimitIsExact() throws {
        let over = try Self.rgb8(withTextOf: Self.chunkLimit + 1)
        let expected = "the tEXt chunk is \(Self.chunkLimit + 1) bytes, more than the limit of \(Self.chunkLimit) bytes for any chunk but IDAT"
        #expect(reason { () throws(PNGError) in try PNGReader.read(data: over) } == expected)
        let at = try Self.rgb8(withTextOf: Self.chunkLimit)
        let plain = try PNGReader.read(contentsOf: fixturesDirectory.appendingPathComponent("png/rgb8.png").path)
        #expect(try PNGReader.read(data: at) == plain)
    }

    /// A header above the pixel cap is "too large" with its size, whichever side is too long.
    @Test func headerAboveThePixelCapIsTooLarge() throws {
        let data = try Data(contentsOf: fixturesDirectory.appendingPathComponent("png/rgb8.png"))
        #expect(throws: PNGError.tooLarge(path: "PNG data", width: 3, height: 2, maximumPixels: 5)) {
            _ = try PNGReader.read(data: data, maximumPixels: 5)
        }
        #expect(throws: PNGError.tooLarge(path: "PNG data", width: 3, height: 2, maximumPixels: 2)) {
            _ = try PNGReader.read(data: data, maximumPixels: 2)
        }
        #expect(try PNGReader.read(data: data, maximumPixels: 6).width == 3)
    }
}
