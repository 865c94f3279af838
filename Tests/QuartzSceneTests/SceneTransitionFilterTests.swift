// The scene format's UIKit-style transition types and Core Image transition filters (docs/scene-format.md
// "Transition types", "Transition filters"; spec §5.2: when a filter is set, type and subtype are ignored).
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster
import Testing

@testable import QuartzScene
import QuartzTestSupport

@Suite struct SceneTransitionFilterTests {
    static func transition(_ animation: String) -> String {
        sceneJSON(layers: #"[{"name": "a", "frame": [0, 0, 50, 50]}]"#, extra: """
            "script": [{"at": 0.25, "addAnimation": [{"layer": "a", "animation": \(animation)}]}]
            """)
    }

    /// The fixture loads cleanly; at t = 1 (half-way) each layer carries its type, or its filter with the
    /// inputs given and Core Image's defaults for the rest (CIBarsSwipeTransition as in seed 004 listing 5-2).
    @Test func fixtureScene() throws {
        let scene = try loadFixtureScene("transitions-uikit-and-filters.json")
        #expect(scene.warnings.isEmpty, "\(scene.warnings)")
        let tree = scene.tree(atTime: 1.0)
        for (name, type) in [("flip", "oglFlip"), ("curlUp", "pageCurl"), ("curlDown", "pageUnCurl"), ("crossDissolve", "crossDissolve")] {
            let state = try #require(tree.presented(name)?.transition, "\(name)")
            #expect(state.type.rawValue == type && state.filter == nil && close(state.progress, 0.5), "\(name)")
        }
        let bars = try #require(tree.presented("barsSwipe")?.transition?.filter)
        #expect(bars.name == "CIBarsSwipeTransition" && bars.isSupported)
        #expect(bars.inputs == ["inputAngle": .number(3.14), "inputWidth": .number(30), "inputBarOffset": .number(10), "inputTime": .number(0)])
        let swipe = try #require(tree.presented("swipe")?.transition?.filter)
        #expect(swipe.number("inputWidth") == 60 && swipe.number("inputOpacity") == 0.5 && swipe.number("inputAngle") == 0)
        #expect(swipe.color("inputColor").map { [$0.red, $0.green, $0.blue, $0.alpha] } == [1, 1, 1, 1])
        let copy = try #require(tree.presented("copyMachine")?.transition?.filter)
        #expect(copy.vector("inputExtent") == [0, 0, 300, 300] && copy.number("inputOpacity") == 1.3)
        #expect(try #require(tree.presented("dissolve")?.transition?.filter).name == "CIDissolveTransition")
    }

    /// The Swift names are accepted as aliases of Apple's strings.
    @Test func typeAliases() throws {
        for (alias, raw) in [("flip", "oglFlip"), ("curlUp", "pageCurl"), ("curlDown", "pageUnCurl")] {
            let scene = try loadScene(Self.transition(#"{"class": "transition", "type": "\#(alias)", "duration": 1}"#))
            #expect(try #require(scene.tree(atTime: 0.5).presented("a")?.transition).type.rawValue == raw)
        }
    }

    /// Validation names the JSON path: an unknown filter, an unknown input, an image input, a wrong type, a
    /// missing name, and a filter that is not an object.
    @Test func filterErrorsNameTheirPath() {
        let base = "script[0].addAnimation[0].animation.filter"
        func errors(_ filter: String) -> [String] {
            loadErrors(Self.transition(#"{"class": "transition", "filter": \#(filter)}"#)).map { "\($0.path) \($0.kind)" }
        }
        #expect(errors(#"{"name": "CIPageCurlTransition"}"#) == ["\(base).name unknownName"])
        #expect(errors(#"{"name": "CISwipeTransition", "inputRadius": 3}"#) == ["\(base).inputRadius unknownKey"])
        #expect(errors(#"{"name": "CISwipeTransition", "inputImage": 3}"#) == ["\(base).inputImage wrongType"])
        #expect(errors(#"{"name": "CISwipeTransition", "inputWidth": "wide"}"#) == ["\(base).inputWidth wrongType"])
        #expect(errors(#"{"name": "CISwipeTransition", "inputExtent": [0, 0, 10]}"#) == ["\(base).inputExtent wrongType"])
        #expect(errors(#"{"name": "CISwipeTransition", "inputColor": "red"}"#) == ["\(base).inputColor wrongType"])
        #expect(errors(#"{"inputWidth": 3}"#) == ["\(base) missingKey"])
        #expect(errors(#"3"#) == ["\(base) wrongType"])
    }

    /// A filter makes the type irrelevant but it is still validated; the message says what is wrong.
    @Test func messages() {
        let issues = loadErrors(Self.transition(#"{"class": "transition", "type": "oglFlip", "filter": {"name": "CIBarsSwipeTransition", "inputImage": 1}}"#))
        #expect(issues.count == 1 && issues.first?.message.contains("supplied by the transition") == true, "\(issues)")
    }
}
