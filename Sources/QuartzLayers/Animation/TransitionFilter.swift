// What the compositor needs of `CATransition.filter`: the filter's name and input values, captured when
// the transition is added (a Sendable copy of the mutable CIFilter).
import Foundation

/// A CIFilter input value: a number, a vector (CIVector) or a colour (CIColor, straight RGBA).
public enum CIFilterValue: Sendable, Equatable {
    case number(Double)
    case vector([Double])
    case color(red: Double, green: Double, blue: Double, alpha: Double)
}

/// A transition's filter at add time.
public struct TransitionFilter: Sendable, Equatable {
    /// The Core Image name, e.g. "CIBarsSwipeTransition"; for an unsupported object, its type's name.
    public let name: String
    /// The filter's non-image inputs by key ("inputAngle" → .number(3.14), …).
    public let inputs: [String: CIFilterValue]
    /// False when `CATransition.filter` held something other than a CIFilter OpenQuartz can draw: the
    /// compositor then draws the new appearance (reported once, when the transition was added).
    public let isSupported: Bool

    public init(name: String, inputs: [String: CIFilterValue], isSupported: Bool = true) {
        self.name = name
        self.inputs = inputs
        self.isSupported = isSupported && CIFilterSpec.named(name)?.category == kCICategoryTransition
    }

    /// The filter held by `CATransition.filter`, or nil when there is none.
    init?(_ object: Any?) {
        guard let object else { return nil }
        if let filter = object as? CIFilter {
            self.init(name: filter.name, inputs: filter.inputValues)
        } else {
            self.init(name: String(describing: type(of: object)), inputs: [:], isSupported: false)
        }
    }

    public func number(_ key: String) -> Double? {
        if case .number(let v)? = inputs[key] { return v }
        return nil
    }

    public func vector(_ key: String) -> [Double]? {
        if case .vector(let v)? = inputs[key] { return v }
        return nil
    }

    public func color(_ key: String) -> (red: Double, green: Double, blue: Double, alpha: Double)? {
        if case .color(let r, let g, let b, let a)? = inputs[key] { return (r, g, b, a) }
        return nil
    }
}

extension TransitionFilter {
    /// Writes one line to stderr for an unsupported filter object (once per added transition: the
    /// transition is compiled once, when `add(_:forKey:)` attaches it).
    static func reportIfUnsupported(_ filter: TransitionFilter?) {
        guard let filter, !filter.isSupported else { return }
        let line = "OpenQuartz: CATransition.filter \(filter.name) is not a supported Core Image transition "
            + "filter; the transition shows the new appearance\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}
