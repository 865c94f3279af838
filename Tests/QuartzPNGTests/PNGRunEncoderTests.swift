// The `fast` PNG setting's own encoder (png_run_length_encoder.c): every output must be a valid PNG that
// decodes to exactly the input, through libpng here and through ffmpeg where it is installed, whatever the
// content (flat, repeated rows, few colours, gradients, noise that does not compress), the channel count
// and the size (one pixel, one row, rows longer than a deflate block).
import Foundation
import QuartzRaster
import Testing
@testable import QuartzPNG

@Suite struct PNGRunEncoderTests {
    /// Deterministic bitmaps of several kinds; `opaque` ones encode as RGB.
    static func bitmap(kind: Int, width: Int, height: Int, opaque: Bool, seed: UInt32) -> PremultipliedRGBA8Bitmap {
        var state = seed
        func next() -> UInt8 {
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        let rowPattern = (0..<width).map { _ in (next(), next(), next(), next()) }
        var bitmap = PremultipliedRGBA8Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let p: (UInt8, UInt8, UInt8, UInt8)
                switch kind {
                case 0: p = (next(), next(), next(), next())                      // noise
                case 1: p = (40, 90, 200, 180)                                     // flat
                case 2: p = rowPattern[x]                                          // repeated rows
                case 3: p = (UInt8(next() % 3 * 100), UInt8(next() % 2 * 255), 7, next() % 2 == 0 ? 255 : 128)
                default: p = (UInt8(x * 255 / max(1, width - 1)), UInt8(y % 256), UInt8((x + y) % 256), 255)
                }
                bitmap[x, y] = PremultipliedRGBA8(straightR: p.0, g: p.1, b: p.2, a: opaque ? 255 : p.3)
            }
        }
        return bitmap
    }

    @Test(arguments: [(1, 1), (1, 37), (53, 1), (17, 9), (300, 41), (90_000, 3)], [true, false])
    func decodesToExactlyTheInput(size: (Int, Int), opaque: Bool) throws {
        for kind in 0..<5 {
            let bitmap = Self.bitmap(kind: kind, width: size.0, height: size.1, opaque: opaque, seed: UInt32(kind * 7 + size.0))
            let data = try PNGWriter.encode(bitmap, compression: .fast)
            // The straight samples round-trip, so the premultiplied pixels read back equal the written ones.
            let decoded = try PNGReader.read(data: data)
            #expect(try decoded == Self.reference(bitmap), "kind \(kind), \(size.0)x\(size.1), opaque \(opaque)")
        }
    }

    /// What `PNGReader` returns for `bitmap` (the premultiplied → straight → premultiplied round trip).
    static func reference(_ bitmap: PremultipliedRGBA8Bitmap) throws -> PremultipliedRGBA8Bitmap {
        try PNGReader.read(data: PNGWriter.encode(bitmap, compression: .balanced))
    }

    /// Each row takes SUB or UP, whichever leaves the smaller bytes: a block of identical noisy rows takes UP
    /// after its first row; rows of one colour each take SUB.
    @Test func rowsTakeTheFilterThatLeavesLess() throws {
        let repeated = Self.bitmap(kind: 2, width: 31, height: 6, opaque: false, seed: 3)
        let repeatedFilters = try rowFilterBytes(png: PNGWriter.encode(repeated, compression: .fast), rowBytes: 31 * 4, rows: 6)
        #expect(repeatedFilters == [1, 2, 2, 2, 2, 2])
        var striped = PremultipliedRGBA8Bitmap(width: 29, height: 5)
        for y in 0..<5 { for x in 0..<29 { striped[x, y] = PremultipliedRGBA8(straightR: UInt8(y * 50), g: 9, b: UInt8(250 - y * 40), a: 255) } }
        let stripedFilters = try rowFilterBytes(png: PNGWriter.encode(striped, compression: .fast), rowBytes: 29 * 3, rows: 5)
        #expect(stripedFilters == [1, 1, 1, 1, 1])
    }

    /// Rows repeating the row above are written without being filtered again: every filtered byte is 0 and
    /// the filter byte is still the one the cost rule picks (UP, or SUB for a row of zeros, where both cost
    /// 0 and ties go to SUB). Checked row by row against the rule written out here, and by decoding, on rows
    /// of zeros (transparent, or opaque black as RGB), repeated colours and rows that differ from the one
    /// above only in their last or first byte.
    @Test(arguments: [true, false])
    func repeatedRowsKeepTheFilterTheCostRulePicks(opaque: Bool) throws {
        let width = 45
        let pattern = Self.bitmap(kind: 0, width: width, height: 1, opaque: true, seed: 5)
        let zero = PremultipliedRGBA8(straightR: 0, g: 0, b: 0, a: opaque ? 255 : 0)
        // Per row: 0 zeros, 1 the pattern, 2 the pattern with its last pixel changed, 3 with its first changed.
        let rows = [1, 1, 0, 0, 0, 1, 1, 2, 2, 1, 3, 3, 0, 2, 2, 2]
        var bitmap = PremultipliedRGBA8Bitmap(width: width, height: rows.count)
        for (y, kind) in rows.enumerated() {
            for x in 0..<width {
                var p = kind == 0 ? zero : pattern[x, 0]
                if (kind == 2 && x == width - 1) || (kind == 3 && x == 0) { p = PremultipliedRGBA8(straightR: 9, g: 200, b: 31, a: 255) }
                bitmap[x, y] = p
            }
        }
        let png = try PNGWriter.encode(bitmap, compression: .fast)
        #expect(try PNGReader.read(data: png) == Self.reference(bitmap))
        let channels = opaque ? 3 : 4
        let samples: [[Int]] = (0..<rows.count).map { y in
            (0..<width).flatMap { x -> [Int] in
                let p = bitmap[x, y]
                let s = [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]  // alpha is 0 or 255: premultiplied = straight
                return Array(s.prefix(channels))
            }
        }
        func magnitude(_ d: Int) -> Int { let b = Int8(truncatingIfNeeded: d); return abs(Int(b)) }
        let expected: [UInt8] = samples.indices.map { y in
            guard y > 0 else { return 1 }
            let row = samples[y], above = samples[y - 1]
            let up = row.indices.reduce(0) { $0 + magnitude(row[$1] - above[$1]) }
            let sub = row.indices.reduce(0) { $0 + magnitude(row[$1] - ($1 >= channels ? row[$1 - channels] : 0)) }
            return up < sub ? 2 : 1
        }
        let filters = try rowFilterBytes(png: png, rowBytes: width * channels, rows: rows.count)
        #expect(filters == expected)
        #expect(filters[3] == 1 && filters[4] == 1 && filters[6] == 2 && filters[8] == 2 && filters[11] == 2)
    }

    /// Noise does not compress: it is stored, so the file is the samples plus the filter bytes and at most
    /// 5 bytes per 64 KB block and the chunk headers. Flat frames shrink to almost nothing.
    @Test func outputIsBoundedAndFlatFramesAreTiny() throws {
        let noise = Self.bitmap(kind: 0, width: 640, height: 360, opaque: false, seed: 11)
        let samples = 640 * 360 * 4 + 360
        let noiseSize = try PNGWriter.encode(noise, compression: .fast).count
        #expect(noiseSize <= samples + 5 * (samples / 65_535 + 2) + 64, "\(noiseSize) bytes for \(samples) of samples")
        let flat = Self.bitmap(kind: 1, width: 1920, height: 1080, opaque: true, seed: 0)
        let flatSize = try PNGWriter.encode(flat, compression: .fast).count
        #expect(flatSize < 20_000, "\(flatSize) bytes for a flat 1080p frame")
    }

    /// ffmpeg (installed by CI) decodes the files to the same samples.
    @Test func ffmpegDecodesTheSameSamples() throws {
        guard let ffmpeg = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first(where: FileManager.default.isExecutableFile) else {
            return  // without ffmpeg there is nothing to compare with; libpng's decode is checked above
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("png-runs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for kind in 0..<5 {
            let bitmap = Self.bitmap(kind: kind, width: 200, height: 120, opaque: false, seed: UInt32(kind))
            let path = folder.appendingPathComponent("k\(kind).png").path
            try PNGWriter.write(bitmap, to: path, compression: .fast, durable: false)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ffmpeg)
            process.arguments = ["-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgba", "-"]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let decoded = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            #expect([UInt8](decoded) == bitmap.straightRGBA8Bytes(), "kind \(kind)")
        }
    }

    /// Every vector tier of the row kernels (none, SSSE3, AVX2, as far as this machine has them) writes the
    /// same bytes: the filter costs and Adler-32 are exact integer sums, so a file does not depend on the
    /// machine that encoded it. Sizes cover rows shorter than one vector, tails of every length and blocks
    /// whose length is not a multiple of the vector width.
    @Test(arguments: [(1, 1), (7, 3), (8, 2), (33, 17), (257, 31), (1920, 40)], [true, false])
    func everyTierWritesTheSameBytes(size: (Int, Int), opaque: Bool) throws {
        for kind in 0..<5 {
            let bitmap = Self.bitmap(kind: kind, width: size.0, height: size.1, opaque: opaque, seed: UInt32(kind * 13 + size.1))
            let baseline = try PNGWriter.encodeRuns(bitmap, name: "tier", maximumTier: 0)
            for tier: Int32 in [1, 2] {
                #expect(try PNGWriter.encodeRuns(bitmap, name: "tier", maximumTier: tier) == baseline,
                        "kind \(kind), \(size.0)x\(size.1), opaque \(opaque), tier \(tier)")
            }
        }
    }
}
