// The layer tree of a Lottie file: parenting (lottie-docs, "Layers": `parent` is the `ind` of the layer whose
// transform applies too, not its opacity or visibility), in/out points (visible for ip ≤ frame < op), layer
// order (the first layer on top), solids and shapes, and the features reported as not built.
import Foundation
import QuartzLayers
import QuartzRaster
import Testing
@testable import QuartzLottie

@Suite("Lottie layer tree")
struct LottieLayerTreeTests {
    private let red = ##"{"ty":1,"nm":"R","sc":"#ff0000","sw":10,"sh":10,"ip":0,"op":60"##

    private func pixel(_ bitmap: PremultipliedRGBA8Bitmap, _ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let p = bitmap[x, y]
        return (p.r, p.g, p.b)
    }

    @Test func childrenMoveWithTheirParentsTransform() throws {
        // Parent: a null at (50, 50) scaled 200 %, at 50 % opacity (not inherited); child: a 10 × 10 red solid at
        // (10, 0) in the parent's space → 20 × 20 at (70, 50)…(90, 70) in the composition.
        let parent = #"{"ty":3,"nm":"N","ind":1,"ip":0,"op":60,"ks":{"p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[200,200]},"o":{"a":0,"k":50}}}"#
        let child = red + #","ind":2,"parent":1,"ks":{"p":{"a":0,"k":[10,0]}}}"#
        let lottie = try LottieAnimation(data: lottieDocument(layers: "[\(child),\(parent)]"))
        let tree = LottieTree(lottie)
        let bitmap = try tree.render(at: 0, width: 100, height: 100, scale: 1)
        #expect(pixel(bitmap, 80, 60) == (255, 0, 0))
        #expect(pixel(bitmap, 72, 52) == (255, 0, 0))
        #expect(pixel(bitmap, 88, 68) == (255, 0, 0))
        #expect(pixel(bitmap, 65, 60) == (255, 255, 255))
        #expect(pixel(bitmap, 60, 55) == (255, 255, 255))
    }

    @Test func parentRotationTurnsTheChildAboutTheParentsAnchor() throws {
        // Parent at (50, 50) turned 90° clockwise (y down); the child's solid at (10, 0)…(20, 10) lands at
        // (40, 60)…(50, 70).
        let parent = #"{"ty":3,"nm":"N","ind":1,"ip":0,"op":60,"ks":{"p":{"a":0,"k":[50,50]},"r":{"a":0,"k":90}}}"#
        let child = red + #","ind":2,"parent":1,"ks":{"p":{"a":0,"k":[10,0]}}}"#
        let bitmap = try LottieTree(LottieAnimation(data: lottieDocument(layers: "[\(child),\(parent)]"))).render(at: 0, width: 100, height: 100, scale: 1)
        #expect(pixel(bitmap, 45, 65) == (255, 0, 0))
        #expect(pixel(bitmap, 65, 55) == (255, 255, 255))
    }

    @Test func inAndOutPointsShowTheLayerForItsFrames() throws {
        let layer = ##"{"ty":1,"nm":"V","sc":"#0000ff","sw":100,"sh":100,"ip":15,"op":45,"ks":{}}"##
        let tree = LottieTree(try LottieAnimation(data: lottieDocument(layers: "[\(layer)]")))
        func visible(at time: Double) -> Bool {
            guard let entry = tree.snapshot(at: time).layers.first(where: { $0.name == "V" }) else { return false }
            return !entry.isHidden
        }
        // Frames 14, 15, 44, 45 at 30 fps.
        #expect(!visible(at: 14.0 / 30))
        #expect(visible(at: 15.0 / 30))
        #expect(visible(at: 44.0 / 30))
        #expect(!visible(at: 45.0 / 30))
        let hidden = try #require(tree.allLayers.first { $0.name == "V" }?.animation(forKey: "hidden") as? CAKeyframeAnimation)
        #expect(hidden.calculationMode == .discrete)
        #expect(try #require(hidden.keyTimes).map(\.doubleValue) == [0, 0.25, 0.75, 1])
        #expect(try #require(hidden.values).compactMap { $0 as? Bool } == [true, false, true])
    }

    @Test func theFirstLayerIsOnTop() throws {
        let top = ##"{"ty":1,"nm":"A","sc":"#00ff00","sw":100,"sh":100,"ip":0,"op":60,"ks":{}}"##
        let bottom = ##"{"ty":1,"nm":"B","sc":"#0000ff","sw":100,"sh":100,"ip":0,"op":60,"ks":{}}"##
        let bitmap = try LottieTree(LottieAnimation(data: lottieDocument(layers: "[\(top),\(bottom)]"))).render(at: 0, width: 100, height: 100, scale: 1)
        #expect(pixel(bitmap, 50, 50) == (0, 255, 0))
    }

    @Test func shapeGroupsFillsAndStrokes() throws {
        // A group moved by (20, 0): a 40 × 20 rectangle centred at (30, 50) filled red at 100 %, under a blue 4 pt
        // stroke listed before the fill (so drawn above it).
        let items = #"""
        [{"ty":"gr","it":[
          {"ty":"rc","p":{"a":0,"k":[30,50]},"s":{"a":0,"k":[40,20]},"r":{"a":0,"k":0}},
          {"ty":"st","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":4},"lc":2,"lj":2},
          {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"r":1},
          {"ty":"tr","p":{"a":0,"k":[20,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]
        """#
        let layer = #"{"ty":4,"nm":"S","ip":0,"op":60,"ks":{},"shapes":\#(items)}"#
        let bitmap = try LottieTree(LottieAnimation(data: lottieDocument(layers: "[\(layer)]"))).render(at: 0, width: 100, height: 100, scale: 1)
        #expect(pixel(bitmap, 50, 50) == (255, 0, 0))      // inside: the fill
        #expect(pixel(bitmap, 50, 40) == (0, 0, 255))      // on the top edge: the stroke
        #expect(pixel(bitmap, 20, 50) == (255, 255, 255))  // left of the moved rectangle
    }

    @Test func aRectangleWhoseRoundnessReachesZeroKeepsOnePathStructure() throws {
        // Roundness 20 → 0 over frames 0…30, linear, on a 40 × 40 square centred at (50, 50): every keyframed path
        // has the rounded outline's 10 elements (square corners as zero-length curves), so the paths interpolate
        // (Core Animation interpolates paths element by element) instead of jumping to the last one.
        let roundness = #"{"a":1,"k":[{"t":0,"s":[20],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":30,"s":[0]}]}"#
        let items = #"[{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]},"r":\#(roundness)},"# +
            #"{"ty":"fl","c":{"a":0,"k":[1,0,0]},"o":{"a":0,"k":100}}]"#
        let layer = #"{"ty":4,"nm":"S","ip":0,"op":60,"ks":{},"shapes":\#(items)}"#
        let tree = LottieTree(try LottieAnimation(data: lottieDocument(layers: "[\(layer)]")))
        let shape = try #require(tree.allLayers.compactMap { $0 as? CAShapeLayer }.first)
        let paths = try #require((shape.animation(forKey: "path") as? CAKeyframeAnimation)?.values as? [CGPath])
        #expect(paths.count == 2)
        #expect(paths.allSatisfy { $0.geometry.elements.count == 10 })
        // Frame 15: radius 10, so the corner pixel (31, 31), 12.7 pt from its corner circle's centre, is outside;
        // frame 30: a square, so it is inside.
        #expect(pixel(try tree.render(at: 0.5, width: 100, height: 100, scale: 1), 31, 31) == (255, 255, 255))
        #expect(pixel(try tree.render(at: 0.5, width: 100, height: 100, scale: 1), 34, 50) == (255, 0, 0))
        #expect(pixel(try tree.render(at: 1.0, width: 100, height: 100, scale: 1), 31, 31) == (255, 0, 0))
    }

    @Test func animatedPathsAreKeyframedPaths() throws {
        let a = #"{"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]],"v":[[0,0],[100,0],[0,100]],"c":true}"#
        let b = #"{"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]],"v":[[0,0],[50,0],[0,50]],"c":true}"#
        let items = #"[{"ty":"sh","ks":{"a":1,"k":[{"t":0,"s":[\#(a)]},{"t":60,"s":[\#(b)]}]}},{"ty":"fl","c":{"a":0,"k":[1,0,0]},"o":{"a":0,"k":100}}]"#
        let layer = #"{"ty":4,"nm":"S","ip":0,"op":60,"ks":{},"shapes":\#(items)}"#
        let tree = LottieTree(try LottieAnimation(data: lottieDocument(layers: "[\(layer)]")))
        let shape = try #require(tree.allLayers.compactMap { $0 as? CAShapeLayer }.first)
        let animation = try #require(shape.animation(forKey: "path") as? CAKeyframeAnimation)
        #expect(try #require(animation.values).count == 2)
        #expect(try #require(animation.keyTimes).map(\.doubleValue) == [0, 1])
        // At frame 30 the triangle's legs are 75 long: (50, 20) is inside, (60, 20) outside (x + y > 75).
        let half = try tree.render(at: 1, width: 100, height: 100, scale: 1)
        #expect(pixel(half, 10, 10) == (255, 0, 0))
        #expect(pixel(half, 60, 20) == (255, 255, 255))
        #expect(pixel(half, 50, 20) == (255, 0, 0))
    }

    @Test func unsupportedFeaturesAreNamedOnce() throws {
        let text = #"{"ty":5,"ip":0,"op":60,"ks":{"o":{"a":0,"k":100,"x":"value * 2"}},"t":{}}"#
        let masked = #"{"ty":4,"ip":0,"op":60,"hasMask":true,"masksProperties":[],"tt":3,"ks":{},"ef":[{"ty":5}],"shapes":[{"ty":"mm"},{"ty":"zz"},{"ty":"mm"}]}"#
        let lottie = try LottieAnimation(data: lottieDocument(layers: "[\(text),\(masked),\(text)]"))
        #expect(lottie.unsupportedFeatures == ["text layers", "expressions", "effects", "merge paths", "shape item 'zz'"])
    }

    @Test func trimsOnFillsAreReported() throws {
        // A trim reaches the fill in a group within its own: the fill is drawn whole, and said so.
        let inner = #"{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,20]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0]},"o":{"a":0,"k":100}}]}"#
        let trim = #"{"ty":"tm","s":{"a":0,"k":0},"e":{"a":0,"k":50},"o":{"a":0,"k":0}}"#
        let trimmed = try LottieAnimation(data: lottieDocument(layers: #"[{"ty":4,"ip":0,"op":60,"ks":{},"shapes":[\#(inner),\#(trim)]}]"#))
        #expect(trimmed.unsupportedFeatures == ["trims on fills (the fill is drawn untrimmed)"])
        let untrimmed = try LottieAnimation(data: lottieDocument(layers: #"[{"ty":4,"ip":0,"op":60,"ks":{},"shapes":[\#(inner)]}]"#))
        #expect(untrimmed.unsupportedFeatures.isEmpty)
    }

    @Test func timeStretchOutsidePrecompsIsReported() throws {
        let stretched = try LottieAnimation(data: lottieDocument(layers: #"[{"ty":3,"ip":0,"op":60,"sr":0.5,"ks":{}}]"#))
        #expect(stretched.unsupportedFeatures == ["time stretch on layers other than precomps (ignored, as lottie-ios ignores it)"])
        let precomp = #"[{"ty":0,"refId":"p","w":10,"h":10,"ip":0,"op":60,"sr":0.5,"ks":{}}]"#
        #expect(try LottieAnimation(data: lottieDocument(layers: precomp, assets: #"[{"id":"p","layers":[]}]"#)).unsupportedFeatures.isEmpty)
    }

    @Test func curvesOnPointsOtherThanPositionsAreReported() throws {
        let curved = #"{"a":1,"k":[{"t":0,"s":[0,0],"to":[5,0],"ti":[0,0]},{"t":10,"s":[10,0]}]}"#
        let straight = #"{"a":1,"k":[{"t":0,"s":[0,0],"to":[0,0],"ti":[0,0]},{"t":10,"s":[10,0]}]}"#
        func features(_ point: String) throws -> [String] {
            let items = #"[{"ty":"el","p":\#(point),"s":{"a":0,"k":[10,10]}},{"ty":"fl","c":{"a":0,"k":[1,0,0]},"o":{"a":0,"k":100}}]"#
            return try LottieAnimation(data: lottieDocument(layers: #"[{"ty":4,"ip":0,"op":60,"ks":{},"shapes":\#(items)}]"#)).unsupportedFeatures
        }
        #expect(try features(curved) == ["spatial curves on points other than positions (straight lines used)"])
        #expect(try features(straight).isEmpty)
    }

    @Test func fixturesReportWhatIsNotBuilt() throws {
        func features(_ name: String) throws -> [String] { try LottieAnimation(contentsOf: lottieFixture(name)).unsupportedFeatures }
        let easing = "per-dimension easing (the first dimension's handle is used)"
        #expect(try features("ios_RadialGradients.json") == ["radial gradient highlight", easing])
        #expect(try features("ios_GradientMatte.json") == ["merge paths", "trims on fills (the fill is drawn untrimmed)"])
        #expect(try features("ios_TimeRemap.json").isEmpty)
        #expect(try features("ios_TimeRemapMasks.json") == [easing])
    }

    @Test func compositionQueries() throws {
        let data = Data(#"{"v":"5.7.4","nm":"demo","fr":25,"ip":5,"op":105,"w":320,"h":240,"layers":[],"markers":[{"cm":"intro","tm":5,"dr":20},{"cm":"loop","tm":25,"dr":80}]}"#.utf8)
        let lottie = try LottieAnimation(data: data)
        #expect(lottie.width == 320 && lottie.height == 240)
        #expect(lottie.frameRate == 25 && lottie.inFrame == 5 && lottie.outFrame == 105)
        #expect(lottie.duration == 4)
        #expect(lottie.version == "5.7.4" && lottie.name == "demo")
        #expect(lottie.markers == [LottieMarker(name: "intro", frame: 5, durationInFrames: 20), LottieMarker(name: "loop", frame: 25, durationInFrames: 80)])
        let root = LottieTree(lottie).root
        #expect(root.bounds == CGRect(x: 0, y: 0, width: 320, height: 240))
    }
}
