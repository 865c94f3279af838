// Image layers (lottie-docs, "Image layer": ty 2, `refId`) and image assets ("Assets": `w`, `h`, `u`, `p`,
// `e`): the image drawn from the layer's origin at the asset's w × h, as lottie-web and lottie-ios draw it,
// from a base64 data URL or a file beside the animation.
import Foundation
import QuartzImageIO
import QuartzPNG
import QuartzRaster
import Testing
@testable import QuartzLottie

@Suite("Lottie image layers")
struct LottieImageLayerTests {
    static let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
    static let blue = PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255)
    static let white = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)

    /// 8 × 8 pixels: the left half red, the right half blue.
    static func halves() -> PremultipliedRGBA8Bitmap {
        var bitmap = PremultipliedRGBA8Bitmap(width: 8, height: 8, filledWith: red)
        for y in 0..<8 { for x in 4..<8 { bitmap[x, y] = blue } }
        return bitmap
    }

    static func dataURL(_ data: Data, type: String = "image/png") -> String {
        "data:\(type);base64,\(data.base64EncodedString())"
    }

    /// An image layer at (20, 30) showing asset "i" drawn at `w` × `h`.
    static func document(image: String, w: Int = 16, h: Int = 16, folder: String = "", refId: String = "i") -> Data {
        let asset = #"{"id":"i","w":\#(w),"h":\#(h),"u":"\#(folder)","p":"\#(image)","e":\#(image.hasPrefix("data:") ? 1 : 0)}"#
        let layer = #"{"ty":2,"nm":"Image","refId":"\#(refId)","ip":0,"op":60,"ks":{"p":{"a":0,"k":[20,30]}}}"#
        return lottieDocument(layers: "[\(layer)]", assets: "[\(asset)]")
    }

    @Test func anEmbeddedPNGIsDrawnAtTheAssetSizeFromTheLayerOrigin() throws {
        let png = try PNGWriter.encode(Self.halves())
        let animation = try LottieAnimation(data: Self.document(image: Self.dataURL(png)))
        #expect(animation.unsupportedFeatures.isEmpty)
        let frame = try LottieTree(animation).render(at: 0, width: 100, height: 100, scale: 1)
        // The 8 px image scaled to 16 × 16 at (20, 30): red over x 20..<28, blue over 28..<36 (away from the
        // seam and the edges, where samples blend); white outside.
        #expect(frame[22, 36] == Self.red && frame[25, 40] == Self.red)
        #expect(frame[30, 33] == Self.blue && frame[33, 44] == Self.blue)
        #expect(frame[18, 36] == Self.white && frame[38, 36] == Self.white && frame[24, 28] == Self.white && frame[24, 47] == Self.white)
    }

    @Test func anEmbeddedJPEGIsDecoded() throws {
        let jpeg = try JPEGWriter.encode(PremultipliedRGBA8Bitmap(width: 16, height: 16, filledWith: Self.blue), quality: 95)
        let animation = try LottieAnimation(data: Self.document(image: Self.dataURL(jpeg, type: "image/jpeg")))
        let frame = try LottieTree(animation).render(at: 0, width: 100, height: 100, scale: 1)
        // JPEG is lossy: the flat blue comes back within 4 levels.
        let pixel = frame[28, 38]
        #expect(pixel.r <= 4 && pixel.g <= 4 && pixel.b >= 251 && pixel.a == 255)
    }

    @Test func aFileImageIsReadFromTheAnimationsFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lottie-images-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
        try PNGWriter.write(Self.halves(), to: folder.appendingPathComponent("images/img_0.png").path)
        let file = folder.appendingPathComponent("animation.json")
        try Self.document(image: "img_0.png", folder: "images/").write(to: file)
        let frame = try LottieTree(LottieAnimation(contentsOf: file)).render(at: 0, width: 100, height: 100, scale: 1)
        #expect(frame[22, 36] == Self.red && frame[33, 44] == Self.blue)

        // Given as bytes without its folder, the file cannot be found: an error that says how to load it.
        let error = try #require(throws: LottieError.self) { try LottieAnimation(data: Self.document(image: "img_0.png", folder: "images/")) }
        #expect(error.path == "assets[0].p" && error.message.contains("images/img_0.png") && error.message.contains("contentsOf"))
        // With the folder named, the bytes load.
        _ = try LottieAnimation(data: Self.document(image: "img_0.png", folder: "images/"), directory: folder)
        // A file that is not there is named.
        let missing = try #require(throws: LottieError.self) {
            try LottieAnimation(data: Self.document(image: "gone.png", folder: "images/"), directory: folder)
        }
        #expect(missing.path == "assets[0].p" && missing.message.contains("images/gone.png"))
    }

    @Test(arguments: [
        ("data:image/png;base64,AAAA", "not a PNG, JPEG or WebP"),
        ("data:image/png;base64,@@@", "malformed"),
        ("data:image/png,iVBORw0K", "not base64"),
        ("data:image/png;base64", "no ','"),
    ])
    func badImageDataIsAnErrorNamingTheAsset(_ url: String, _ message: String) throws {
        let error = try #require(throws: LottieError.self) { try LottieAnimation(data: Self.document(image: url)) }
        #expect(error.path == "assets[0].p" && error.message.contains(message), "\(error)")
    }

    @Test func aTruncatedPNGIsAnErrorNamingTheAsset() throws {
        let png = try PNGWriter.encode(Self.halves())
        let error = try #require(throws: LottieError.self) { try LottieAnimation(data: Self.document(image: Self.dataURL(png.prefix(40)))) }
        #expect(error.path == "assets[0].p" && error.message.contains("cannot be decoded"), "\(error)")
    }

    @Test func aLayerNamingNoImageAssetIsAnError() throws {
        let png = try PNGWriter.encode(Self.halves())
        let error = try #require(throws: LottieError.self) { try LottieAnimation(data: Self.document(image: Self.dataURL(png), refId: "other")) }
        #expect(error.path == "layers[0].refId" && error.message.contains("'other'"), "\(error)")
    }

    @Test func thePixelsOfAllImagesAreBounded() throws {
        // Two 8 × 8 images (64 pixels each) under a limit of 100: the second is refused before it is decoded.
        let url = Self.dataURL(try PNGWriter.encode(Self.halves()))
        let assets = #"[{"id":"a","w":8,"h":8,"p":"\#(url)","e":1},{"id":"b","w":8,"h":8,"p":"\#(url)","e":1}]"#
        let data = lottieDocument(layers: "[]", assets: assets)
        _ = try LottieAnimation(data: data, vertexLimit: 1000, imagePixelLimit: 128)
        let error = try #require(throws: LottieError.self) { try LottieAnimation(data: data, vertexLimit: 1000, imagePixelLimit: 100) }
        #expect(error.path == "assets[1].p" && error.message.contains("at most 36 more pixels"), "\(error)")
    }
}
