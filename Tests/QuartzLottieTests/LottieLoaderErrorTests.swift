// Bad Lottie input fails with a LottieError naming the JSON path, never a crash, hang or huge allocation.
// Required keys and types follow the Bodymovin schema (lottie-docs, "Composition": `v`, `fr`, `ip`, `op`,
// `w`, `h`, `layers`; "Layers": `ty`, `ip`, `op`; "Animated Properties": `k`; "Keyframe": `t`, `s`).
import Foundation
import Testing
@testable import QuartzLottie

@Suite("Lottie loader errors")
struct LottieLoaderErrorTests {
    private func error(_ data: Data) -> LottieError? {
        do {
            _ = try LottieAnimation(data: data)
            return nil
        } catch {
            return error
        }
    }

    private let shape = #"{"ty":4,"ip":0,"op":60,"st":0,"ks":{},"shapes":[]}"#

    @Test func truncatedJSON() throws {
        let full = lottieDocument(layers: "[\(shape)]")
        let failure = try #require(error(full.prefix(full.count / 2)))
        #expect(failure.path == "$")
        #expect(failure.message.hasPrefix("not valid JSON"))
    }

    @Test func topLevelMustBeAnObject() throws {
        let failure = try #require(error(Data("[1, 2]".utf8)))
        #expect(failure.description == "$: expected an object, found an array")
    }

    @Test func missingRequiredKey() throws {
        let failure = try #require(error(Data(#"{"v":"5","fr":30,"ip":0,"op":60,"w":100,"layers":[]}"#.utf8)))
        #expect(failure.description == "$: missing required key 'h'")
        let layer = try #require(error(lottieDocument(layers: #"[{"ty":4,"op":60,"shapes":[]}]"#)))
        #expect(layer.description == "layers[0]: missing required key 'ip'")
    }

    @Test func wrongTypes() throws {
        let rate = try #require(error(Data(#"{"fr":"30","ip":0,"op":60,"w":100,"h":100,"layers":[]}"#.utf8)))
        #expect(rate.description == "fr: expected a number, found a string")
        let position = #"{"ty":4,"ip":0,"op":60,"ks":{"p":{"a":1,"k":[{"t":0,"s":[0,0]},{"t":10,"s":[1,"x"]}]}},"shapes":[]}"#
        let keyframe = try #require(error(lottieDocument(layers: "[\(shape),\(position)]")))
        #expect(keyframe.description == "layers[1].ks.p.k[1].s[1]: expected a number in an array of numbers, found a string")
        let vector = #"{"ty":4,"ip":0,"op":60,"ks":{"a":{"a":0,"k":"centre"}},"shapes":[]}"#
        #expect(error(lottieDocument(layers: "[\(vector)]"))?.description == "layers[0].ks.a.k: expected an array of numbers, found a string")
    }

    @Test func nonFiniteAndHugeNumbers() throws {
        // JSON has no NaN: it is a syntax error at the document.
        let nan = try #require(error(Data(#"{"fr":NaN,"ip":0,"op":60,"w":100,"h":100,"layers":[]}"#.utf8)))
        #expect(nan.path == "$")
        let huge = try #require(error(Data(#"{"fr":30,"ip":0,"op":60,"w":1e300,"h":100,"layers":[]}"#.utf8)))
        #expect(huge.description == "w: the number 1e+300 is out of range (at most 1000000000.0 in magnitude)")
        let overflow = try #require(error(Data(#"{"fr":30,"ip":0,"op":60,"w":1e999,"h":100,"layers":[]}"#.utf8)))
        #expect(overflow.path == "$" || overflow.path == "w")
    }

    @Test func deepNestingIsRefusedAtTheLevelTooMany() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let failure = try #require(error(Data(#"{"layers":\#(deep)}"#.utf8)))
        #expect(failure.description == "$: arrays and objects nest deeper than 96 levels at line 1, column 106")
        var groups = #"{"ty":"fl","c":{"a":0,"k":[1,0,0]},"o":{"a":0,"k":100}}"#
        for _ in 0..<40 { groups = #"{"ty":"gr","it":[\#(groups)]}"# }
        let layer = #"{"ty":4,"ip":0,"op":60,"ks":{},"shapes":[\#(groups)]}"#
        let nested = try #require(error(lottieDocument(layers: "[\(layer)]")))
        #expect(nested.message == "groups nest deeper than 32 levels")
    }

    @Test func badCompositionValues() throws {
        #expect(error(Data(#"{"fr":0,"ip":0,"op":60,"w":100,"h":100,"layers":[]}"#.utf8))?.description == "fr: the frame rate must be positive, found 0.0")
        #expect(error(Data(#"{"fr":30,"ip":10,"op":10,"w":100,"h":100,"layers":[]}"#.utf8))?.description == "op: the out frame 10.0 must be after the in frame 10.0")
        let decreasing = #"{"ty":4,"ip":0,"op":60,"ks":{"o":{"a":1,"k":[{"t":30,"s":[0]},{"t":10,"s":[100]}]}},"shapes":[]}"#
        #expect(error(lottieDocument(layers: "[\(decreasing)]"))?.description == "layers[0].ks.o.k[1].t: keyframe times must not decrease (10.0 after 30.0)")
    }

    @Test func precompReferences() throws {
        let missing = #"{"ty":0,"refId":"nowhere","w":100,"h":100,"ip":0,"op":60,"ks":{}}"#
        #expect(error(lottieDocument(layers: "[\(missing)]"))?.description == "layers[0].refId: no precomp asset has the id 'nowhere'")
        let loop = #"[{"id":"a","layers":[{"ty":0,"refId":"a","w":10,"h":10,"ip":0,"op":60,"ks":{}}]}]"#
        let placed = #"{"ty":0,"refId":"a","w":100,"h":100,"ip":0,"op":60,"ks":{}}"#
        #expect(error(lottieDocument(layers: "[\(placed)]", assets: loop))?.description == "assets[0].layers[0].refId: the precomp 'a' contains itself")
    }

    @Test func tooManyLayersPlaced() throws {
        // 200 layers placing a precomp of 200 layers: 40 200 layers, over the 20 000 limit, refused before building.
        let inner = Array(repeating: shape, count: 200).joined(separator: ",")
        let assets = #"[{"id":"p","layers":[\#(inner)]}]"#
        let placement = #"{"ty":0,"refId":"p","w":100,"h":100,"ip":0,"op":60,"ks":{}}"#
        let failure = try #require(error(lottieDocument(layers: "[" + Array(repeating: placement, count: 200).joined(separator: ",") + "]", assets: assets)))
        #expect(failure.message == "more than 20000 layers would be built (precomps counted each time they are placed)")
    }

    @Test func unreadableFile() throws {
        let failure = try #require(#expect(throws: LottieError.self) {
            try LottieAnimation(contentsOf: URL(fileURLWithPath: "/nonexistent/file.json"))
        })
        #expect(failure.path == "$")
        #expect(failure.message.hasPrefix("cannot read /nonexistent/file.json"))
    }
}

@Suite("Lottie input bounds")
struct LottieInputBoundsTests {
    @Test func pathVerticesAreBoundedOverTheDocument() throws {
        // The document-wide budget (1 000 000 vertices by default) lowered to 1 000: 12 keyframes of a 90-vertex
        // path pass it at the twelfth.
        let vertices = Array(repeating: "[0,0]", count: 90).joined(separator: ",")
        let path = #"{"i":[\#(vertices)],"o":[\#(vertices)],"v":[\#(vertices)],"c":false}"#
        let keyframes = (0..<12).map { #"{"t":\#($0),"s":[\#(path)]}"# }.joined(separator: ",")
        let layer = #"{"ty":4,"ip":0,"op":60,"ks":{},"shapes":[{"ty":"sh","ks":{"a":1,"k":[\#(keyframes)]}}]}"#
        let failure = try #require(#expect(throws: LottieError.self) { try LottieAnimation(data: lottieDocument(layers: "[\(layer)]"), vertexLimit: 1000) })
        #expect(failure.description == "layers[0].shapes[0].ks.k[11].s: the paths hold more than 1000 vertices in all")
        #expect(LottieLimits.maximumTotalPathVertices == 1_000_000)
    }

    @Test func aDocumentIsLottieWithItsFiveKeysAndNoSceneVersion() {
        // docs/lottie.md: "a JSON object with v, fr, ip, op and layers and no scene-format version".
        #expect(LottieAnimation.isLottieDocument(lottieDocument(layers: "[]")))
        #expect(!LottieAnimation.isLottieDocument(Data(#"{"v":"5.7.0","fr":30,"ip":0,"op":60,"layers":[],"version":1}"#.utf8)))
        #expect(!LottieAnimation.isLottieDocument(Data(#"{"v":"5.7.0","fr":30,"ip":0,"op":60}"#.utf8)))
        #expect(!LottieAnimation.isLottieDocument(Data("[1, 2]".utf8)))
        #expect(!LottieAnimation.isLottieDocument(Data(#"{"v":"5"#.utf8)))
    }
}
