import Foundation
import QuartzRaster
import Testing

@testable import QuartzPNG

@Suite struct PNGWriterTests {
    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("oq-png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A bitmap whose pixels are all valid premultiplied values, some translucent.
    func sampleBitmap(opaque: Bool) -> PremultipliedRGBA8Bitmap {
        var bitmap = PremultipliedRGBA8Bitmap(width: 17, height: 9)
        for y in 0..<9 {
            for x in 0..<17 {
                let a = opaque ? 255 : UInt8((x * 15 + y * 7) % 256)
                bitmap[x, y] = PremultipliedRGBA8(straightR: UInt8(x * 13 % 256), g: UInt8(y * 29 % 256), b: 77, a: a)
            }
        }
        return bitmap
    }

    // Premultiplied → straight → premultiplied is lossless for values that came from straight input.
    @Test(arguments: PNGCompression.allCases, [true, false])
    func roundTripsExactly(compression: PNGCompression, opaque: Bool) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("out.png").path
        let bitmap = sampleBitmap(opaque: opaque)
        try PNGWriter.write(bitmap, to: path, compression: compression)
        #expect(try PNGReader.read(contentsOf: path) == bitmap)
        // Only the finished file remains: the temporary was renamed.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.png"])
    }

    @Test func opaqueBitmapsAreWrittenAsRGB() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("rgb.png").path
        try PNGWriter.write(sampleBitmap(opaque: true), to: path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        // IHDR colour type byte (offset 25): 2 = RGB, 6 = RGBA.
        #expect(data[25] == 2)
        try PNGWriter.write(sampleBitmap(opaque: false), to: path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path))[25] == 6)
    }

    @Test func failedWriteLeavesNothingAndNamesTheFile() throws {
        let path = "/nonexistent-directory/out.png"
        do {
            try PNGWriter.write(sampleBitmap(opaque: true), to: path)
            Issue.record("write to a missing directory succeeded")
        } catch {
            guard case .writeFailed(let p, let reason) = error else { Issue.record("\(error)"); return }
            #expect(p == path)
            #expect(reason.contains("No such file"))
        }
    }

    @Test func emptyBitmapIsRefused() {
        #expect(throws: PNGError.unwritableSize(path: "/tmp/x.png", width: 0, height: 4)) {
            try PNGWriter.write(PremultipliedRGBA8Bitmap(width: 0, height: 4), to: "/tmp/x.png")
        }
    }

    @Test func existingFileIsReplacedOnlyWhenComplete() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("keep.png").path
        try PNGWriter.write(sampleBitmap(opaque: true), to: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: PNGError.self) {
            try PNGWriter.write(PremultipliedRGBA8Bitmap(width: 0, height: 0), to: path)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    /// `durable: false` only skips the fsyncs: the same bytes as an in-memory encode, renamed into place, and
    /// no temporary file left behind.
    @Test(arguments: [true, false])
    func durabilityChangesNoBytes(durable: Bool) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("frame.png").path
        let bitmap = sampleBitmap(opaque: false)
        try PNGWriter.write(bitmap, to: path, compression: .fast, durable: durable)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == PNGWriter.encode(bitmap, compression: .fast))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["frame.png"])
    }
}

/// The filter-type byte of each row, read by inflating the concatenated IDAT chunks.
func rowFilterBytes(png: Data, rowBytes: Int, rows: Int) throws -> [UInt8] {
    var idat = Data()
    var offset = 8
    while offset + 8 <= png.count {
        let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        let kind = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
        if kind == "IDAT" { idat.append(png[offset + 8..<offset + 8 + length]) }
        offset += 12 + length
    }
    let raw = try Inflate.zlib(idat)
    return (0..<rows).map { raw[$0 * (rowBytes + 1)] }
}
