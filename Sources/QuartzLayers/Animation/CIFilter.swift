// Core Image's CIFilter, for `CATransition.filter` and `CALayer.filters`: the filters of CIFilterCatalog,
// named and keyed as Core Image names them. The images are supplied by their user: a transition's
// inputImage and inputTargetImage are the layer's old and new appearance (`inputTime` is driven with the
// transition's progress q); a layer filter's inputImage is the layer's own picture.
import Foundation
import QuartzMath
import QuartzRaster

/// Why an input value was refused.
public enum CIFilterInputError: Error, Equatable, CustomStringConvertible {
    /// The filter has no input of that name (Core Image raises NSUndefinedKeyException).
    case unknownKey(filter: String, key: String)
    /// inputImage and inputTargetImage: CATransition sets them to the layer's old and new appearance.
    case imageSuppliedByTransition(key: String)
    /// The value is not of the input's class (`expected`: "NSNumber", "CIVector with 4 values", "CIColor").
    case wrongType(key: String, expected: String)
    /// NaN or an infinity.
    case notFinite(key: String)

    public var description: String {
        switch self {
        case .unknownKey(let filter, let key): return "\(filter) has no input \"\(key)\""
        case .imageSuppliedByTransition(let key): return "\"\(key)\" is supplied by the transition or layer the filter is set on"
        case .wrongType(let key, let expected): return "\"\(key)\" takes a \(expected)"
        case .notFinite(let key): return "\"\(key)\" must be finite"
        }
    }
}

/// Apple's `CIFilter`, limited to the transition filters CATransition can draw here and the colour effects
/// CALayer.filters can draw. Like Core Image on
/// iOS, a new filter has its inputs at their defaults [A: DOC-CIFilter init(name:) "the filter's input
/// parameters are automatically set to default values" on iOS].
open class CIFilter {
    private let spec: CIFilterSpec
    private var values: [String: CIFilterValue] = [:]

    /// Apple: the filter named `name`, or nil when there is none (here: none among the filters OpenQuartz
    /// draws: the transitions "CIBarsSwipeTransition", "CICopyMachineTransition", "CIDissolveTransition",
    /// "CIModTransition", "CISwipeTransition" and the colour effects "CIColorInvert", "CIMaskToAlpha").
    public init?(name: String) {
        guard let spec = CIFilterSpec.named(name) else { return nil }
        self.spec = spec
        setDefaults()
    }

    /// Apple: the names of the filters in `category` (nil: all), of those above.
    public class func filterNames(inCategory category: String?) -> [String] {
        CIFilterSpec.all.filter { spec in category.map(spec.categories.contains) ?? true }.map(\.name)
    }

    /// Apple: the filter's name, e.g. "CIBarsSwipeTransition".
    open var name: String { spec.name }

    /// Apple: the input keys in the reference's order (images first).
    open var inputKeys: [String] { spec.inputs.map(\.key) }

    open var outputKeys: [String] { [kCIOutputImageKey] }

    /// Apple: the filter's name, display name and categories, and for each input a dictionary with its
    /// class, type, default, display name and ranges (keys `kCIAttribute…`).
    open var attributes: [String: Any] {
        var result: [String: Any] = [
            kCIAttributeFilterName: spec.name,
            kCIAttributeFilterDisplayName: spec.displayName,
            kCIAttributeFilterCategories: spec.categories,
        ]
        for input in spec.inputs {
            var entry: [String: Any] = [kCIAttributeClass: input.attributeClass, kCIAttributeDisplayName: input.displayName]
            if let type = input.type { entry[kCIAttributeType] = type }
            if let value = input.defaultValue { entry[kCIAttributeDefault] = Self.object(for: value) }
            if let min = input.minimum { entry[kCIAttributeMin] = NSNumber(value: min) }
            if let max = input.maximum { entry[kCIAttributeMax] = NSNumber(value: max) }
            if let range = input.sliderRange {
                entry[kCIAttributeSliderMin] = NSNumber(value: range.lowerBound)
                entry[kCIAttributeSliderMax] = NSNumber(value: range.upperBound)
            }
            result[input.key] = entry
        }
        return result
    }

    /// Apple: sets every input to its default.
    open func setDefaults() {
        values = [:]
        for input in spec.inputs { if let value = input.defaultValue { values[input.key] = value } }
    }

    /// Apple: sets an input (NSNumber or any Swift number for numbers, CIVector or CGRect/CGPoint for
    /// vectors, CIColor or CGColor for colours); nil restores the default. A value `checkedInput` refuses
    /// leaves the input unchanged (Core Image would raise an exception for an unknown key).
    open func setValue(_ value: Any?, forKey key: String) {
        let checked: CIFilterValue?
        do { checked = try checkedInput(value, forKey: key) } catch { return }
        values[key] = checked ?? spec.input(key)?.defaultValue
    }

    /// Apple: the input's current value as Core Image returns it (NSNumber, CIVector, CIColor), or nil
    /// (images, unknown keys).
    open func value(forKey key: String) -> Any? {
        values[key].map(Self.object(for:))
    }

    /// The value `setValue(_:forKey:)` would store for `key` (nil for nil), or why it is refused.
    public func checkedInput(_ value: Any?, forKey key: String) throws -> CIFilterValue? {
        guard let input = spec.input(key) else { throw CIFilterInputError.unknownKey(filter: spec.name, key: key) }
        if input.kind == .image { throw CIFilterInputError.imageSuppliedByTransition(key: key) }
        guard let value else { return nil }
        let converted: CIFilterValue?
        switch input.kind {
        case .image: converted = nil
        case .number: converted = Self.number(value).map { .number($0) }
        case .vector(let count):
            var doubles: [Double]?
            if let v = value as? CIVector { doubles = v.doubles }
            else if let r = GeometryBox.rect(value), count == 4 { doubles = CIVector(cgRect: r).doubles }
            else if let p = GeometryBox.point(value), count == 2 { doubles = CIVector(cgPoint: p).doubles }
            converted = doubles.flatMap { $0.count == count ? .vector($0) : nil }
        case .color:
            let color = value as? CIColor ?? (value as? CGColor).map { CIColor(cgColor: $0) }
            converted = color.map {
                .color(red: Double($0.red), green: Double($0.green), blue: Double($0.blue), alpha: Double($0.alpha))
            }
        }
        guard let converted else { throw CIFilterInputError.wrongType(key: key, expected: Self.expected(input.kind)) }
        let finite: Bool
        switch converted {
        case .number(let v): finite = v.isFinite
        case .vector(let v): finite = v.allSatisfy(\.isFinite)
        case .color(let r, let g, let b, let a): finite = [r, g, b, a].allSatisfy(\.isFinite)
        }
        guard finite else { throw CIFilterInputError.notFinite(key: key) }
        return converted
    }

    /// The non-image inputs, for `TransitionFilter`.
    var inputValues: [String: CIFilterValue] { values }

    private static func number(_ value: Any) -> Double? {
        switch value {
        case let v as Double: return v
        case let v as Float: return Double(v)
        case let v as CGFloat: return Double(v)
        case let v as Int: return Double(v)
        case is Bool: return nil
        case let v as NSNumber: return v.doubleValue
        default: return nil
        }
    }

    private static func expected(_ kind: CIFilterInputSpec.Kind) -> String {
        switch kind {
        case .image: return "CIImage"
        case .number: return "NSNumber"
        case .vector(let n): return "CIVector with \(n) values"
        case .color: return "CIColor"
        }
    }

    private static func object(for value: CIFilterValue) -> Any {
        switch value {
        case .number(let v): return NSNumber(value: v)
        case .vector(let v): return CIVector(doubles: v)
        case .color(let r, let g, let b, let a): return CIColor(red: r, green: g, blue: b, alpha: a)
        }
    }
}
