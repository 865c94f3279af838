// `style` defaults. Apple, CALayer.style: "An optional dictionary used to store
// property values that aren't explicitly defined by the layer. … If the style dictionary does not define a
// value for an attribute, the receiver's defaultValue(forKey:) class method is called. … The style
// dictionary may itself contain a style key, which is searched recursively" [A: DOC-calayer/style].
import Foundation
import QuartzMath
import QuartzRaster
import Testing

@testable import QuartzLayers

/// A class default for a custom key and for a built-in property.
final class DefaultedLayer: CALayer {
    override class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "weight": return 7.0
        case "borderWidth": return CGFloat(3)
        default: return super.defaultValue(forKey: key)
        }
    }
}

@Suite("Style defaults")
struct StyleDefaultsTests {
    /// Built-in properties not set explicitly take the style's value; the model getter, value(forKey:) and
    /// the committed snapshot all show it.
    @Test func styleSuppliesUnsetBuiltInProperties() throws {
        let scene = EngineScene()
        let layer = scene.addLayer {
            $0.style = ["cornerRadius": CGFloat(8), "opacity": Float(0.5), "position": CGPoint(x: 30, y: 40)]
        }
        #expect(layer.cornerRadius == 8 && layer.opacity == 0.5 && layer.position == CGPoint(x: 30, y: 40))
        #expect(layer.value(forKey: "cornerRadius") as? CGFloat == 8)
        let entry = try #require(scene.presented(layer, at: 0))
        #expect(entry.cornerRadius == 8 && entry.opacity == 0.5 && entry.position == CGPoint(x: 30, y: 40))
        #expect(layer.presentation()?.cornerRadius == 8)
    }

    /// An explicitly set value wins over the style, also when the style changes later; removing the style
    /// returns unset properties to their defaults.
    @Test func explicitValuesWinAndStyleRemovalRestoresDefaults() throws {
        let scene = EngineScene()
        let layer = scene.addLayer {
            $0.style = ["cornerRadius": CGFloat(8), "borderWidth": CGFloat(2)]
            $0.cornerRadius = 3
        }
        #expect(layer.cornerRadius == 3 && layer.borderWidth == 2)
        scene.run { CATransaction.setDisableActions(true); layer.style = ["cornerRadius": CGFloat(20), "borderWidth": CGFloat(5)] }
        #expect(layer.cornerRadius == 3 && layer.borderWidth == 5)
        scene.run { CATransaction.setDisableActions(true); layer.style = nil }
        #expect(layer.cornerRadius == 3 && layer.borderWidth == 0)
        scene.advance(to: 1)
        #expect(try #require(scene.presented(layer, at: 1)).borderWidth == 0)
    }

    /// Nested `style` dictionaries are searched recursively, the nearest level first.
    @Test func nestedStylesAreSearchedNearestFirst() {
        let scene = EngineScene()
        let layer = scene.addLayer {
            $0.style = ["cornerRadius": CGFloat(4), "style": ["cornerRadius": CGFloat(9), "borderWidth": CGFloat(6)]]
        }
        #expect(layer.cornerRadius == 4 && layer.borderWidth == 6)
        // A style that contains itself (through a copy) terminates: the depth is bounded.
        var loop: [AnyHashable: Any] = ["shadowRadius": CGFloat(1)]
        for _ in 0..<100 { loop = ["style": loop] }
        scene.run { layer.style = loop }
        #expect(layer.shadowRadius == 3)  // 100 levels deep: beyond the bound, so the built-in default
    }

    /// Custom keys: explicit value → style → defaultValue(forKey:); without any, nil.
    @Test func customKeysFollowTheSameOrder() {
        let scene = EngineScene()
        let layer = scene.addLayer(DefaultedLayer())
        #expect(layer.value(forKey: "weight") as? Double == 7)
        #expect(layer.value(forKey: "unknownKey") == nil)
        layer.style = ["weight": 9.0, "style": ["label": "nested"]]
        #expect(layer.value(forKey: "weight") as? Double == 9)
        #expect(layer.value(forKey: "label") as? String == "nested")
        layer.setValue(11.0, forKey: "weight")
        #expect(layer.value(forKey: "weight") as? Double == 11)
    }

    /// When the style lacks a built-in property, the class's defaultValue(forKey:) applies to it.
    @Test func classDefaultValueAppliesWhenStyleLacksTheKey() throws {
        let scene = EngineScene()
        let layer = scene.addLayer(DefaultedLayer()) { $0.style = ["cornerRadius": CGFloat(2)] }
        #expect(layer.cornerRadius == 2 && layer.borderWidth == 3)
        #expect(try #require(scene.presented(layer, at: 0)).borderWidth == 3)
    }

    /// Without any style, a subclass's defaultValue(forKey:) for a built-in property is the new layer's value
    /// (Apple, CALayer.defaultValue(forKey:): "Specifies the default value associated with the specified
    /// key"); an explicit set still wins, and this module's classes keep the built-in defaults.
    @Test func classDefaultValueAppliesToNewLayers() throws {
        let scene = EngineScene()
        let layer = scene.run { DefaultedLayer() }
        #expect(layer.borderWidth == 3)
        #expect(layer.value(forKey: "borderWidth") as? CGFloat == 3)
        _ = scene.addLayer(layer)
        #expect(try #require(scene.presented(layer, at: 0)).borderWidth == 3)
        let explicit = scene.addLayer(DefaultedLayer()) { $0.borderWidth = 1 }
        #expect(explicit.borderWidth == 1)
        #expect(scene.run { CALayer() }.borderWidth == 0)
    }

    /// An animation of a style-supplied property starts from the style value (spec §2.1 "current value").
    @Test func animationsReadStyleValuesUnderneath() throws {
        let scene = EngineScene()
        let layer = scene.addLayer { $0.style = ["cornerRadius": CGFloat(10)] }
        let animation = CABasicAnimation(keyPath: "cornerRadius")
        animation.toValue = CGFloat(20)
        animation.duration = 2
        scene.run { layer.add(animation, forKey: "r") }
        scene.advance(to: 0)
        #expect(try #require(scene.presented(layer, at: 1)).cornerRadius == 15)
    }
}
