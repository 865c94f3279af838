// The Core Image filters OpenQuartz draws, with their inputs, types and defaults as the Core Image Filter
// Reference lists them: the transition filters CATransition.filter takes [A: CIFR "CICategoryTransition":
// CIBarsSwipeTransition, CICopyMachineTransition, CIDissolveTransition, CIModTransition, CISwipeTransition]
// and the colour effects CALayer.filters takes [A: CIFR "CICategoryColorEffect": CIColorInvert,
// CIMaskToAlpha]. Apple's slider ranges are UI hints, not limits; the renderer guards its own geometry (see
// RenderTransition+Filters).
import Foundation

public let kCIInputImageKey = "inputImage"
public let kCIInputTargetImageKey = "inputTargetImage"
public let kCIInputTimeKey = "inputTime"
public let kCIInputExtentKey = "inputExtent"
public let kCIInputColorKey = "inputColor"
public let kCIInputAngleKey = "inputAngle"
public let kCIInputWidthKey = "inputWidth"
public let kCIInputCenterKey = "inputCenter"
public let kCIInputRadiusKey = "inputRadius"
public let kCIOutputImageKey = "outputImage"

public let kCIAttributeFilterName = "CIAttributeFilterName"
public let kCIAttributeFilterDisplayName = "CIAttributeFilterDisplayName"
public let kCIAttributeFilterCategories = "CIAttributeFilterCategories"
public let kCIAttributeClass = "CIAttributeClass"
public let kCIAttributeType = "CIAttributeType"
public let kCIAttributeDefault = "CIAttributeDefault"
public let kCIAttributeMin = "CIAttributeMin"
public let kCIAttributeMax = "CIAttributeMax"
public let kCIAttributeSliderMin = "CIAttributeSliderMin"
public let kCIAttributeSliderMax = "CIAttributeSliderMax"
public let kCIAttributeDisplayName = "CIAttributeDisplayName"
public let kCICategoryTransition = "CICategoryTransition"
public let kCICategoryColorEffect = "CICategoryColorEffect"
public let kCICategoryBuiltIn = "CICategoryBuiltIn"

/// One input of a filter: its key, value kind, Core Image attribute type and default.
struct CIFilterInputSpec: Sendable {
    enum Kind: Sendable, Equatable {
        case image
        case number
        /// A CIVector of exactly this many values (a rectangle 4, a position 2).
        case vector(Int)
        case color
    }

    let key: String
    let kind: Kind
    /// `kCIAttributeType`, e.g. "CIAttributeTypeAngle".
    let type: String?
    let defaultValue: CIFilterValue?
    var minimum: Double? = nil
    var maximum: Double? = nil
    var sliderRange: ClosedRange<Double>? = nil

    var attributeClass: String {
        switch kind {
        case .image: return "CIImage"
        case .number: return "NSNumber"
        case .vector: return "CIVector"
        case .color: return "CIColor"
        }
    }

    /// "inputBarOffset" → "Bar Offset".
    var displayName: String {
        var name = ""
        for c in key.dropFirst("input".count) {
            if c.isUppercase && !name.isEmpty { name.append(" ") }
            name.append(c)
        }
        return name
    }
}

/// A filter OpenQuartz knows: its name, display name and inputs in Apple's order.
struct CIFilterSpec: Sendable {
    let name: String
    let displayName: String
    let inputs: [CIFilterInputSpec]
    /// `kCICategoryTransition` (CATransition.filter) or `kCICategoryColorEffect` (CALayer.filters).
    var category = kCICategoryTransition

    /// `kCIAttributeFilterCategories` as the reference lists them for the filter's kind.
    var categories: [String] {
        category == kCICategoryTransition
            ? [kCICategoryTransition, "CICategoryVideo", "CICategoryStillImage", kCICategoryBuiltIn]
            : [kCICategoryColorEffect, "CICategoryVideo", "CICategoryInterlaced", "CICategoryNonSquarePixels",
               "CICategoryStillImage", kCICategoryBuiltIn]
    }

    func input(_ key: String) -> CIFilterInputSpec? { inputs.first { $0.key == key } }

    static func named(_ name: String) -> CIFilterSpec? { all.first { $0.name == name } }

    private static let image = CIFilterInputSpec(key: kCIInputImageKey, kind: .image, type: nil, defaultValue: nil)
    private static let target = CIFilterInputSpec(key: kCIInputTargetImageKey, kind: .image, type: nil, defaultValue: nil)
    private static let time = CIFilterInputSpec(
        key: kCIInputTimeKey, kind: .number, type: "CIAttributeTypeTime", defaultValue: .number(0),
        minimum: 0, maximum: 1, sliderRange: 0...1)
    private static let extent = CIFilterInputSpec(
        key: kCIInputExtentKey, kind: .vector(4), type: "CIAttributeTypeRectangle",
        defaultValue: .vector([0, 0, 300, 300]))

    static let all: [CIFilterSpec] = [
        // "Transitions from one image to another by passing a bar over the source image."
        CIFilterSpec(name: "CIBarsSwipeTransition", displayName: "Bars Swipe", inputs: [
            image, target,
            CIFilterInputSpec(key: kCIInputAngleKey, kind: .number, type: "CIAttributeTypeAngle",
                              defaultValue: .number(3.141592653589793), sliderRange: 0...(2 * Double.pi)),
            CIFilterInputSpec(key: kCIInputWidthKey, kind: .number, type: "CIAttributeTypeDistance",
                              defaultValue: .number(30), minimum: 2, sliderRange: 2...300),
            CIFilterInputSpec(key: "inputBarOffset", kind: .number, type: "CIAttributeTypeScalar",
                              defaultValue: .number(10), minimum: 1, sliderRange: 1...100),
            time,
        ]),
        // "Transitions from one image to another by simulating the effect of a copy machine."
        CIFilterSpec(name: "CICopyMachineTransition", displayName: "Copy Machine", inputs: [
            image, target, extent,
            CIFilterInputSpec(key: kCIInputColorKey, kind: .color, type: "CIAttributeTypeOpaqueColor",
                              defaultValue: .color(red: 0.6, green: 1, blue: 0.8, alpha: 1)),
            time,
            CIFilterInputSpec(key: kCIInputAngleKey, kind: .number, type: "CIAttributeTypeAngle",
                              defaultValue: .number(0), sliderRange: 0...(2 * Double.pi)),
            CIFilterInputSpec(key: kCIInputWidthKey, kind: .number, type: "CIAttributeTypeDistance",
                              defaultValue: .number(200), minimum: 0.1, sliderRange: 0.1...500),
            CIFilterInputSpec(key: "inputOpacity", kind: .number, type: "CIAttributeTypeScalar",
                              defaultValue: .number(1.3), minimum: 0, sliderRange: 0...3),
        ]),
        // "Uses a dissolve to transition from one image to another."
        CIFilterSpec(name: "CIDissolveTransition", displayName: "Dissolve", inputs: [image, target, time]),
        // "Transitions from one image to another by revealing the target image through irregularly shaped
        // holes." Defaults: centre [150 150], angle 2, radius 150 (minimum 1, slider 1…200), compression 300
        // (minimum 1, slider 1…800) [A: CIFR CIModTransition].
        CIFilterSpec(name: "CIModTransition", displayName: "Mod", inputs: [
            image, target,
            CIFilterInputSpec(key: kCIInputCenterKey, kind: .vector(2), type: "CIAttributeTypePosition",
                              defaultValue: .vector([150, 150])),
            time,
            CIFilterInputSpec(key: kCIInputAngleKey, kind: .number, type: "CIAttributeTypeAngle",
                              defaultValue: .number(2), sliderRange: -Double.pi...Double.pi),
            CIFilterInputSpec(key: kCIInputRadiusKey, kind: .number, type: "CIAttributeTypeDistance",
                              defaultValue: .number(150), minimum: 1, sliderRange: 1...200),
            CIFilterInputSpec(key: "inputCompression", kind: .number, type: "CIAttributeTypeDistance",
                              defaultValue: .number(300), minimum: 1, sliderRange: 1...800),
        ]),
        // "Transitions from one image to another by simulating a swiping action."
        CIFilterSpec(name: "CISwipeTransition", displayName: "Swipe", inputs: [
            image, target, extent,
            CIFilterInputSpec(key: kCIInputColorKey, kind: .color, type: "CIAttributeTypeOpaqueColor",
                              defaultValue: .color(red: 1, green: 1, blue: 1, alpha: 1)),
            time,
            CIFilterInputSpec(key: kCIInputAngleKey, kind: .number, type: "CIAttributeTypeAngle",
                              defaultValue: .number(0), sliderRange: -Double.pi...Double.pi),
            CIFilterInputSpec(key: kCIInputWidthKey, kind: .number, type: "CIAttributeTypeDistance",
                              defaultValue: .number(300), minimum: 0.1, sliderRange: 0.1...800),
            CIFilterInputSpec(key: "inputOpacity", kind: .number, type: "CIAttributeTypeScalar",
                              defaultValue: .number(0), minimum: 0, sliderRange: 0...1),
        ]),
        // "Inverts the colors in an image."
        CIFilterSpec(name: "CIColorInvert", displayName: "Color Invert", inputs: [image], category: kCICategoryColorEffect),
        // "Converts a grayscale image to a white image that is masked by alpha. The white values from the source
        // image produce the inside of the mask; the black values become completely transparent."
        CIFilterSpec(name: "CIMaskToAlpha", displayName: "Mask to Alpha", inputs: [image], category: kCICategoryColorEffect),
    ]
}
