// CAPropertyAnimation, CABasicAnimation and CAValueFunction (spec §2, §4.2).
import Foundation
import QuartzMath

/// Apple's `CAValueFunctionName` (raw strings as Apple's constants, spec §4.2).
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let rotateX = CAValueFunctionName(rawValue: "rotateX")
    public static let rotateY = CAValueFunctionName(rawValue: "rotateY")
    public static let rotateZ = CAValueFunctionName(rawValue: "rotateZ")
    public static let scale = CAValueFunctionName(rawValue: "scale")
    public static let scaleX = CAValueFunctionName(rawValue: "scaleX")
    public static let scaleY = CAValueFunctionName(rawValue: "scaleY")
    public static let scaleZ = CAValueFunctionName(rawValue: "scaleZ")
    public static let translate = CAValueFunctionName(rawValue: "translate")
    public static let translateX = CAValueFunctionName(rawValue: "translateX")
    public static let translateY = CAValueFunctionName(rawValue: "translateY")
    public static let translateZ = CAValueFunctionName(rawValue: "translateZ")
}

/// Apple: turns interpolated numbers into a transform matrix "before they are set as the new
/// presentation value" (spec §4.2). Immutable.
public final class CAValueFunction: Sendable {
    public let name: CAValueFunctionName
    let function: TransformValueFunction

    /// Apple: nil for an unknown name.
    public init?(name: CAValueFunctionName) {
        guard let function = TransformValueFunction(name: name.rawValue) else { return nil }
        self.name = name
        self.function = function
    }
}

/// Apple: an animation of one key path of the layer.
open class CAPropertyAnimation: CAAnimation {
    /// Apple: the animated key path ("position", "position.x", "transform.rotation.z", …).
    open var keyPath: String?

    /// Run as an action (spec §6.2): attached under the event key; an animation without a key path animates
    /// the event's property, which is what lets `action(forKey:)` / `defaultAction(forKey:)` return a bare
    /// `CABasicAnimation()` for a key (Apple's guide idiom; the defaulting itself is undocumented [U]).
    /// The caller's object keeps its nil key path: the attached copy gets the event key.
    open override func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard keyPath == nil, let layer = anObject as? CALayer, let keyed = copy() as? CAPropertyAnimation else {
            super.run(forKey: event, object: anObject, arguments: dict)
            return
        }
        keyed.keyPath = event
        layer.add(keyed, forKey: event)
    }
    /// Apple: when true the animation's value is added to the value underneath (spec §2.2).
    open var isAdditive = false
    /// Apple: when true each repeat cycle builds on the previous one's end value (spec §2.3).
    open var isCumulative = false
    /// Apple: a function applied to the interpolated values (spec §4.2).
    open var valueFunction: CAValueFunction?

    public required init() {}

    /// Apple: an animation of `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    override func copyState(from other: CAAnimation) {
        super.copyState(from: other)
        guard let other = other as? CAPropertyAnimation else { return }
        keyPath = other.keyPath
        isAdditive = other.isAdditive
        isCumulative = other.isCumulative
        valueFunction = other.valueFunction
    }
}

/// Apple: interpolation between two values (spec §2.1: all eight combinations of from/to/by).
open class CABasicAnimation: CAPropertyAnimation {
    open var fromValue: Any?
    open var toValue: Any?
    open var byValue: Any?

    public required init() {}

    override func copyState(from other: CAAnimation) {
        super.copyState(from: other)
        guard let other = other as? CABasicAnimation else { return }
        fromValue = other.fromValue
        toValue = other.toValue
        byValue = other.byValue
    }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "fromValue": return fromValue
        case "toValue": return toValue
        case "byValue": return byValue
        case "keyPath": return keyPath
        default: return super.value(forKey: key)
        }
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "fromValue": fromValue = value
        case "toValue": toValue = value
        case "byValue": byValue = value
        case "keyPath": keyPath = value as? String
        default: super.setValue(value, forKey: key)
        }
    }
}
