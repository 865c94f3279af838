// Fill and stroke colours written in 0…255. Evidence: lottie-web's data manager divides the fill and stroke
// colours of files older than Bodymovin 4.1.9 by 255 (keyframe start and end values alike); lottie-ios's colour
// decoding divides a colour whose red, green and blue all exceed 1 by 255 whatever the version. rlottie 0.2
// and ThorVG 1.0 do neither and wrap such colours modulo 256 (web_adrock in the corpus draws a black figure on
// maroon instead of a white one on teal).
import Foundation
import QuartzLayers
import Testing
@testable import QuartzLottie

@Suite struct LottieColorUnitsTests {
    @Test func versionsBefore419WriteBytes() {
        #expect(LottieColorUnits.versionWritesBytes("4.0.0"))
        #expect(LottieColorUnits.versionWritesBytes("4.1.8"))
        #expect(LottieColorUnits.versionWritesBytes("3.9"))
        #expect(!LottieColorUnits.versionWritesBytes("4.1.9"))
        #expect(!LottieColorUnits.versionWritesBytes("4.1.10"))
        #expect(!LottieColorUnits.versionWritesBytes("5.7.0"))
        #expect(!LottieColorUnits.versionWritesBytes(""))
        #expect(!LottieColorUnits.versionWritesBytes("4.x"))
    }

    @Test func coloursAboveOneInEveryChannelAreBytesInAnyVersion() {
        #expect(LottieColorUnits.normalized([51, 102, 255], versionWritesBytes: false) == [0.2, 0.4, 1])
        // One channel at or below 1: taken as 0…1 (drawn clamped), as lottie-ios does.
        #expect(LottieColorUnits.normalized([2, 0.5, 0.25], versionWritesBytes: false) == [2, 0.5, 0.25])
        #expect(LottieColorUnits.normalized([255, 0, 0], versionWritesBytes: false) == [255, 0, 0])
        #expect(LottieColorUnits.normalized([255, 0, 0], versionWritesBytes: true) == [1, 0, 0])
    }

    /// The fill colour's components of a one-rectangle shape layer filled with `fill` (the `c` member's JSON).
    private func fillComponents(_ fill: String, version: String) throws -> [Double] {
        let items = #"[{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}},"# +
            #"{"ty":"fl","c":\#(fill),"o":{"a":0,"k":100}}]"#
        let layer = #"{"ty":4,"nm":"S","ip":0,"op":60,"ks":{},"shapes":\#(items)}"#
        let tree = LottieTree(try LottieAnimation(data: lottieDocument(layers: "[\(layer)]", version: version)))
        let shape = try #require(tree.allLayers.compactMap { $0 as? CAShapeLayer }.first)
        return try #require(shape.fillColor?.components).map { Double($0) }
    }

    @Test func anOldFileDrawsItsByteColours() throws {
        let components = try fillComponents(#"{"k":[118,196,181,255]}"#, version: "4.0.0")
        let expected: [Double] = [118.0 / 255, 196.0 / 255, 181.0 / 255, 1]
        #expect(components == expected)
    }

    @Test func anOldFilesKeyframedColoursAreBytesAtBothEnds() throws {
        // Bodymovin 4 keyframes: each holds its start `s` and end `e`; the last holds only its time.
        let fill = #"{"k":[{"t":0,"s":[0,0,255,255],"e":[255,0,0,255],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":30}]}"#
        let items = #"[{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}},"# +
            #"{"ty":"fl","c":\#(fill),"o":{"a":0,"k":100}}]"#
        let layer = #"{"ty":4,"nm":"S","ip":0,"op":60,"ks":{},"shapes":\#(items)}"#
        let tree = LottieTree(try LottieAnimation(data: lottieDocument(layers: "[\(layer)]", version: "4.0.0")))
        // Linear easing from blue at frame 0 to red at frame 30: frame 15 (0.5 s) is half of each.
        let bitmap = try tree.render(at: 0.5, width: 100, height: 100, scale: 1)
        let p = bitmap[50, 50]
        #expect((p.r, p.g, p.b) == (128, 0, 128))  // 127.5 rounds up
        let end = try tree.render(at: 1.5, width: 100, height: 100, scale: 1)[50, 50]
        #expect((end.r, end.g, end.b) == (255, 0, 0))
    }

    @Test func aNewFileKeepsItsUnitColours() throws {
        let components = try fillComponents(#"{"k":[0.2,0.4,0.6,1]}"#, version: "5.7.0")
        #expect(components == [0.2, 0.4, 0.6, 1])
    }
}
