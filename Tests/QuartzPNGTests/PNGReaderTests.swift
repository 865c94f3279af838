import Foundation
import QuartzRaster
import Testing

@testable import QuartzPNG
import QuartzTestSupport

/// Fixtures come from fixtures/png/make_fixtures.py, which records each pixel's straight RGBA8 value.
@Suite struct PNGReaderTests {
    static let validFiles = [
        "gray8.png", "gray16.png", "grayalpha8.png", "grayalpha16.png", "rgb8.png", "rgb16.png",
        "rgba8.png", "rgba16.png", "palette8.png",
    ]

    static func expectedPixels(_ name: String) throws -> [[[Int]]] {
        let all = try loadFixtureJSON("png/expected.json") as! [String: Any]
        return all[name] as! [[[Int]]]
    }

    // Every colour type and bit depth PNG defines reads to the same straight values, premultiplied.
    // 16-bit samples are v·257, so libpng's reduction to 8 bits must give v back exactly.
    @Test(arguments: validFiles)
    func readsEveryColourTypeExactly(name: String) throws {
        let path = fixturesDirectory.appendingPathComponent("png/\(name)").path
        let bitmap = try PNGReader.read(contentsOf: path)
        let expected = try Self.expectedPixels(name)
        #expect(bitmap.width == 3 && bitmap.height == 2)
        for y in 0..<2 {
            for x in 0..<3 {
                let e = expected[y][x].map(UInt8.init)
                let want = PremultipliedRGBA8(straightR: e[0], g: e[1], b: e[2], a: e[3])
                #expect(bitmap[x, y] == want, "\(name) pixel (\(x), \(y))")
            }
        }
    }

    @Test(arguments: ["corrupt_crc.png", "truncated.png", "not_a_png.png"])
    func badFilesThrowWithTheirName(name: String) {
        let path = fixturesDirectory.appendingPathComponent("png/\(name)").path
        do {
            _ = try PNGReader.read(contentsOf: path)
            Issue.record("\(name) was read without an error")
        } catch {
            guard case .unreadable(let p, let reason) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(p == path)
            #expect(!reason.isEmpty)
            #expect(error.description.contains(name))
            // A file cut short says where the data stopped, not libpng's bare "Read Error".
            if name == "truncated.png" {
                #expect(reason.contains("the data ends early, after") && reason.contains("truncated or incomplete"), "\(reason)")
            }
        }
    }

    @Test func hugeHeaderIsRefusedBeforeAllocating() {
        let path = fixturesDirectory.appendingPathComponent("png/huge_header.png").path
        #expect(throws: PNGError.tooLarge(path: path, width: 100000, height: 100000,
                                          maximumPixels: PNGReader.defaultMaximumPixels)) {
            _ = try PNGReader.read(contentsOf: path)
        }
    }

    @Test func missingFileSaysSo() {
        #expect(throws: PNGError.unreadable(path: "/nonexistent/x.png", reason: "no such file")) {
            _ = try PNGReader.read(contentsOf: "/nonexistent/x.png")
        }
    }
}

/// Apple's CGImage(pngDataProviderSource:decode:shouldInterpolate:intent:) returns nil for bad data.
@Suite struct CGImagePNGTests {
    @Test func dataProviderFromFileAndBytesGiveTheSameImage() throws {
        let path = fixturesDirectory.appendingPathComponent("png/rgba8.png").path
        let fromFile = try #require(CGDataProvider(filename: path))
        let fromBytes = CGDataProvider(data: try Data(contentsOf: URL(fileURLWithPath: path)))
        let a = try #require(CGImage(pngDataProviderSource: fromFile, decode: nil, shouldInterpolate: true, intent: .defaultIntent))
        let b = try #require(CGImage(pngDataProviderSource: fromBytes, decode: nil, shouldInterpolate: true, intent: .defaultIntent))
        #expect(a.width == 3 && a.height == 2)
        #expect(a.bitmap == b.bitmap)
        #expect(a.bitmap == (try CGImage.loadPNG(atPath: path)).bitmap)
    }

    @Test func badDataGivesNilOrANamedError() throws {
        #expect(CGDataProvider(filename: "/nonexistent.png") == nil)
        let junk = CGDataProvider(data: Data("not a png".utf8))
        #expect(CGImage(pngDataProviderSource: junk, decode: nil, shouldInterpolate: false, intent: .defaultIntent) == nil)
        let truncated = try Data(contentsOf: fixturesDirectory.appendingPathComponent("png/truncated.png"))
        #expect(throws: PNGError.self) { _ = try PNGReader.read(data: truncated, name: "truncated bytes") }
        #expect(CGImage(pngDataProviderSource: CGDataProvider(data: Data()), decode: nil, shouldInterpolate: false,
                        intent: .defaultIntent) == nil)
    }
}
