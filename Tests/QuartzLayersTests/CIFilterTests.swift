// CIFilter for CATransition.filter: names, input keys, defaults and attributes as the Core Image Filter
// Reference lists them [A: CIFR CICategoryTransition], input validation, and the filter reaching the
// transition state (spec §5.2: "filter (when set, type/subtype are ignored)").
import Foundation
import QuartzMath
import QuartzRaster
import Testing

@testable import QuartzLayers

@Suite struct CIFilterTests {
    /// Apple: `init?(name:)` is nil for a name Core Image does not know (here: not a drawn transition).
    @Test func namesAndUnknownNames() {
        #expect(CIFilter(name: "CIBarsSwipeTransition")?.name == "CIBarsSwipeTransition")
        #expect(CIFilter(name: "CIGaussianBlur") == nil && CIFilter(name: "") == nil)
        #expect(CIFilter.filterNames(inCategory: kCICategoryTransition)
            == ["CIBarsSwipeTransition", "CICopyMachineTransition", "CIDissolveTransition", "CIModTransition",
                "CISwipeTransition"])
        #expect(CIFilter.filterNames(inCategory: "CICategoryBlur").isEmpty)
    }

    /// Input keys in the reference's order, images first; defaults (iOS sets them at creation) from the
    /// reference: bars swipe angle π, width 30, bar offset 10; swipe extent [0 0 300 300], colour white,
    /// angle 0, width 300, opacity 0; copy machine colour (0.6, 1, 0.8), width 200, opacity 1.3.
    @Test func inputKeysAndDefaults() throws {
        let bars = try #require(CIFilter(name: "CIBarsSwipeTransition"))
        #expect(bars.inputKeys == ["inputImage", "inputTargetImage", "inputAngle", "inputWidth", "inputBarOffset", "inputTime"])
        #expect((bars.value(forKey: "inputAngle") as? NSNumber)?.doubleValue == Double.pi)
        #expect((bars.value(forKey: "inputWidth") as? NSNumber)?.doubleValue == 30)
        #expect((bars.value(forKey: "inputBarOffset") as? NSNumber)?.doubleValue == 10)
        #expect(bars.value(forKey: "inputImage") == nil && bars.outputKeys == ["outputImage"])
        let swipe = try #require(CIFilter(name: "CISwipeTransition"))
        #expect(swipe.inputKeys == ["inputImage", "inputTargetImage", "inputExtent", "inputColor", "inputTime", "inputAngle",
                                    "inputWidth", "inputOpacity"])
        #expect((swipe.value(forKey: "inputExtent") as? CIVector)?.cgRectValue == CGRect(x: 0, y: 0, width: 300, height: 300))
        #expect(swipe.value(forKey: "inputColor") as? CIColor == CIColor.white)
        #expect((swipe.value(forKey: "inputWidth") as? NSNumber)?.doubleValue == 300)
        let copy = try #require(CIFilter(name: "CICopyMachineTransition"))
        #expect(copy.value(forKey: "inputColor") as? CIColor == CIColor(red: 0.6, green: 1, blue: 0.8))
        #expect((copy.value(forKey: "inputOpacity") as? NSNumber)?.doubleValue == 1.3)
        #expect(try #require(CIFilter(name: "CIDissolveTransition")).inputKeys == ["inputImage", "inputTargetImage", "inputTime"])
    }

    /// `attributes` as Core Image's: the filter name and categories, per input its class, type and default.
    @Test func attributes() throws {
        let attributes = try #require(CIFilter(name: "CIBarsSwipeTransition")).attributes
        #expect(attributes[kCIAttributeFilterName] as? String == "CIBarsSwipeTransition")
        #expect((attributes[kCIAttributeFilterCategories] as? [String])?.contains(kCICategoryTransition) == true)
        let width = try #require(attributes["inputWidth"] as? [String: Any])
        #expect(width[kCIAttributeClass] as? String == "NSNumber" && width[kCIAttributeType] as? String == "CIAttributeTypeDistance")
        #expect((width[kCIAttributeDefault] as? NSNumber)?.doubleValue == 30 && (width[kCIAttributeMin] as? NSNumber)?.doubleValue == 2)
        #expect((attributes["inputImage"] as? [String: Any])?[kCIAttributeClass] as? String == "CIImage")
        #expect((attributes["inputBarOffset"] as? [String: Any])?[kCIAttributeDisplayName] as? String == "Bar Offset")
    }

    /// Seed 004 listing 5-2 sets NSNumber floats; Swift numbers, CGRect and CGColor are accepted too; nil
    /// restores the default and `setDefaults` all of them.
    @Test func settingValues() throws {
        let filter = try #require(CIFilter(name: "CIBarsSwipeTransition"))
        filter.setValue(NSNumber(value: Float(3.14)), forKey: "inputAngle")
        filter.setValue(30.0, forKey: "inputWidth")
        filter.setValue(Float(12), forKey: "inputBarOffset")
        #expect((filter.value(forKey: "inputAngle") as? NSNumber)?.doubleValue == Double(Float(3.14)))
        #expect((filter.value(forKey: "inputBarOffset") as? NSNumber)?.doubleValue == 12)
        filter.setValue(nil, forKey: "inputBarOffset")
        #expect((filter.value(forKey: "inputBarOffset") as? NSNumber)?.doubleValue == 10)
        filter.setDefaults()
        #expect((filter.value(forKey: "inputAngle") as? NSNumber)?.doubleValue == Double.pi)
        let swipe = try #require(CIFilter(name: "CISwipeTransition"))
        swipe.setValue(CGRect(x: 1, y: 2, width: 3, height: 4), forKey: "inputExtent")
        swipe.setValue(CGColor(red: 0, green: 0.5, blue: 1, alpha: 1), forKey: "inputColor")
        #expect((swipe.value(forKey: "inputExtent") as? CIVector) == CIVector(x: 1, y: 2, z: 3, w: 4))
        #expect(swipe.value(forKey: "inputColor") as? CIColor == CIColor(red: 0, green: 0.5, blue: 1))
    }

    /// Refused values leave the input unchanged (Core Image raises for unknown keys; here no crash).
    @Test func validation() throws {
        let filter = try #require(CIFilter(name: "CISwipeTransition"))
        #expect(throws: CIFilterInputError.unknownKey(filter: "CISwipeTransition", key: "inputRadius")) {
            try filter.checkedInput(3, forKey: "inputRadius")
        }
        #expect(throws: CIFilterInputError.imageSuppliedByTransition(key: "inputTargetImage")) {
            try filter.checkedInput(nil, forKey: "inputTargetImage")
        }
        #expect(throws: CIFilterInputError.wrongType(key: "inputWidth", expected: "NSNumber")) {
            try filter.checkedInput("wide", forKey: "inputWidth")
        }
        #expect(throws: CIFilterInputError.wrongType(key: "inputExtent", expected: "CIVector with 4 values")) {
            try filter.checkedInput(CIVector(x: 1, y: 2), forKey: "inputExtent")
        }
        #expect(throws: CIFilterInputError.notFinite(key: "inputAngle")) { try filter.checkedInput(Double.nan, forKey: "inputAngle") }
        #expect(throws: CIFilterInputError.wrongType(key: "inputOpacity", expected: "NSNumber")) {
            try filter.checkedInput(true, forKey: "inputOpacity")
        }
        filter.setValue(Double.infinity, forKey: "inputWidth")
        filter.setValue("x", forKey: "inputColor")
        filter.setValue(1, forKey: "nonsense")
        #expect((filter.value(forKey: "inputWidth") as? NSNumber)?.doubleValue == 300)
        #expect(filter.value(forKey: "inputColor") as? CIColor == CIColor.white && filter.value(forKey: "nonsense") == nil)
    }

    /// CIModTransition as the reference lists it [A: CIFR CIModTransition]: inputs in its order, centre
    /// [150 150] (a position), angle 2, radius 150 (minimum 1, slider 1…200), compression 300 (minimum 1,
    /// slider 1…800), display name "Mod"; Apple's kCIInputCenterKey / kCIInputRadiusKey name the inputs.
    @Test func modTransitionInputsAndDefaults() throws {
        let mod = try #require(CIFilter(name: "CIModTransition"))
        #expect(mod.inputKeys == ["inputImage", "inputTargetImage", "inputCenter", "inputTime", "inputAngle", "inputRadius",
                                  "inputCompression"])
        #expect(kCIInputCenterKey == "inputCenter" && kCIInputRadiusKey == "inputRadius")
        #expect(mod.value(forKey: kCIInputCenterKey) as? CIVector == CIVector(x: 150, y: 150))
        #expect((mod.value(forKey: kCIInputAngleKey) as? NSNumber)?.doubleValue == 2)
        #expect((mod.value(forKey: kCIInputRadiusKey) as? NSNumber)?.doubleValue == 150)
        #expect((mod.value(forKey: "inputCompression") as? NSNumber)?.doubleValue == 300)
        #expect((mod.value(forKey: kCIInputTimeKey) as? NSNumber)?.doubleValue == 0)
        let attributes = mod.attributes
        #expect(attributes[kCIAttributeFilterDisplayName] as? String == "Mod")
        let center = try #require(attributes["inputCenter"] as? [String: Any])
        #expect(center[kCIAttributeClass] as? String == "CIVector" && center[kCIAttributeType] as? String == "CIAttributeTypePosition")
        let radius = try #require(attributes["inputRadius"] as? [String: Any])
        #expect(radius[kCIAttributeType] as? String == "CIAttributeTypeDistance")
        #expect((radius[kCIAttributeMin] as? NSNumber)?.doubleValue == 1 && (radius[kCIAttributeSliderMax] as? NSNumber)?.doubleValue == 200)
        let compression = try #require(attributes["inputCompression"] as? [String: Any])
        #expect((compression[kCIAttributeMin] as? NSNumber)?.doubleValue == 1)
        #expect((compression[kCIAttributeSliderMax] as? NSNumber)?.doubleValue == 800)
        let angle = try #require(attributes["inputAngle"] as? [String: Any])
        #expect((angle[kCIAttributeSliderMin] as? NSNumber)?.doubleValue == -Double.pi && angle[kCIAttributeMin] == nil)
    }

    /// CIModTransition's inputs are checked like the others': the centre takes a CIVector of two values or a
    /// CGPoint (not a rectangle), numbers must be finite; refused values leave the input as it was.
    @Test func modTransitionValidation() throws {
        let mod = try #require(CIFilter(name: "CIModTransition"))
        mod.setValue(CGPoint(x: 60, y: 40), forKey: kCIInputCenterKey)
        #expect(mod.value(forKey: kCIInputCenterKey) as? CIVector == CIVector(x: 60, y: 40))
        #expect(throws: CIFilterInputError.wrongType(key: "inputCenter", expected: "CIVector with 2 values")) {
            try mod.checkedInput(CIVector(x: 1, y: 2, z: 3, w: 4), forKey: kCIInputCenterKey)
        }
        #expect(throws: CIFilterInputError.wrongType(key: "inputCenter", expected: "CIVector with 2 values")) {
            try mod.checkedInput(CGRect(x: 0, y: 0, width: 1, height: 1), forKey: kCIInputCenterKey)
        }
        #expect(throws: CIFilterInputError.notFinite(key: "inputCenter")) {
            try mod.checkedInput(CIVector(x: .nan, y: 0), forKey: kCIInputCenterKey)
        }
        #expect(throws: CIFilterInputError.notFinite(key: "inputCompression")) {
            try mod.checkedInput(-Double.infinity, forKey: "inputCompression")
        }
        #expect(throws: CIFilterInputError.wrongType(key: "inputRadius", expected: "NSNumber")) {
            try mod.checkedInput(CGPoint.zero, forKey: kCIInputRadiusKey)
        }
        #expect(throws: CIFilterInputError.unknownKey(filter: "CIModTransition", key: "inputWidth")) {
            try mod.checkedInput(3, forKey: kCIInputWidthKey)
        }
        mod.setValue(Double.nan, forKey: kCIInputRadiusKey)
        mod.setValue(CIVector(x: 1), forKey: kCIInputCenterKey)
        #expect((mod.value(forKey: kCIInputRadiusKey) as? NSNumber)?.doubleValue == 150)
        #expect(mod.value(forKey: kCIInputCenterKey) as? CIVector == CIVector(x: 60, y: 40))
        // Below the reference's minimum is accepted here as by Core Image (the renderer clamps to 1).
        #expect(try mod.checkedInput(0, forKey: kCIInputRadiusKey) == .number(0))
    }

    /// The transition state carries the filter's inputs as they were when the transition was added
    /// (later changes to the filter object do not apply); a non-CIFilter object is marked unsupported.
    @Test func transitionStateCarriesTheFilter() throws {
        let scene = EngineScene()
        let layer = scene.addLayer { $0.bounds = CGRect(x: 0, y: 0, width: 10, height: 10) }
        let filter = try #require(CIFilter(name: "CIBarsSwipeTransition"))
        filter.setValue(45, forKey: "inputWidth")
        scene.run {
            let transition = CATransition()
            transition.type = .push
            transition.duration = 2
            transition.filter = filter
            layer.add(transition, forKey: nil)
            CATransaction.flush()
        }
        filter.setValue(99, forKey: "inputWidth")
        let state = try #require(scene.context.snapshot(of: scene.root, atMediaTime: 1)
            .layers.first { $0.layerID == layer.layerSerial }?.transition)
        #expect(state.filter?.name == "CIBarsSwipeTransition" && state.filter?.isSupported == true)
        #expect(state.filter?.number("inputWidth") == 45 && abs(state.progress - 0.5) <= 1e-12)

        let other = scene.addLayer()
        scene.run {
            let transition = CATransition()
            transition.filter = "CIBarsSwipeTransition"
            other.add(transition, forKey: nil)
            CATransaction.flush()
        }
        let unsupported = try #require(scene.context.snapshot(of: scene.root, atMediaTime: 0.1)
            .layers.first { $0.layerID == other.layerSerial }?.transition?.filter)
        #expect(!unsupported.isSupported && unsupported.name == "String")
    }

    /// The UIKit-style types' raw strings (Apple's private CATransition strings; "crossDissolve" is ours).
    @Test func typeStrings() {
        #expect(CATransitionType.flip.rawValue == "oglFlip" && CATransitionType.curlUp.rawValue == "pageCurl")
        #expect(CATransitionType.curlDown.rawValue == "pageUnCurl" && CATransitionType.crossDissolve.rawValue == "crossDissolve")
    }
}
