// CAAnimation: the abstract animation class with CAMediaTiming, a delegate, removal on completion and
// arbitrary keyed values (spec §1.1, §1.4). Adding it to a layer copies it (spec §1.5).
import Foundation

/// Apple: the delegate of an animation. Both methods are optional (defaults do nothing).
/// Apple's protocol refines `NSObjectProtocol`; ours only requires a class.
public protocol CAAnimationDelegate: AnyObject {
    /// "Called when the animation begins its active duration."
    func animationDidStart(_ anim: CAAnimation)
    /// "Called when the animation either completes its active duration or is removed from the object it
    /// is attached to"; `flag` is true when it reached the end without being removed.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// Apple's abstract animation class.
open class CAAnimation: CAMediaTiming, CAAction {
    // CAMediaTiming (spec §1.1 defaults).
    open var beginTime: CFTimeInterval = 0
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses = false
    open var fillMode: CAMediaTimingFillMode = .removed

    /// Apple: the pacing of the animation; nil means linear (explicit animations, spec §6.4).
    open var timingFunction: CAMediaTimingFunction?
    /// Apple: the delegate. Retained, as Apple documents ("The delegate object is retained").
    open var delegate: (any CAAnimationDelegate)?
    /// Apple: whether the animation is removed from the layer when its active duration has passed. Default true.
    open var isRemovedOnCompletion = true

    /// Arbitrary values set with `setValue(_:forKey:)` (Apple's KVC extension for tagging animations).
    var taggedValues: [String: Any] = [:]

    /// Apple: an animation with default values. It is `required` here (Apple's is not) so `copy()` can
    /// make an instance of the receiver's class: subclasses write `required init()`.
    public required init() {}

    /// Apple (NSCopying): a copy of the animation. `add(_:forKey:)` attaches a copy, so later changes to
    /// the original do not affect the running animation (spec §1.5).
    open func copy() -> Any {
        let copy = type(of: self).init()
        copy.copyState(from: self)
        return copy
    }

    /// Copies the receiver's state from `other` (each subclass adds its own properties).
    func copyState(from other: CAAnimation) {
        beginTime = other.beginTime
        duration = other.duration
        speed = other.speed
        timeOffset = other.timeOffset
        repeatCount = other.repeatCount
        repeatDuration = other.repeatDuration
        autoreverses = other.autoreverses
        fillMode = other.fillMode
        timingFunction = other.timingFunction
        delegate = other.delegate
        isRemovedOnCompletion = other.isRemovedOnCompletion
        taggedValues = other.taggedValues
    }

    /// Apple: the default value of a property key (nil unless a subclass says otherwise).
    open class func defaultValue(forKey key: String) -> Any? { nil }

    /// Apple (KVC): a timing property by name, or a value stored with `setValue(_:forKey:)`.
    open func value(forKey key: String) -> Any? {
        switch key {
        case "beginTime": return beginTime
        case "duration": return duration
        case "speed": return speed
        case "timeOffset": return timeOffset
        case "repeatCount": return repeatCount
        case "repeatDuration": return repeatDuration
        case "autoreverses": return autoreverses
        case "fillMode": return fillMode
        case "timingFunction": return timingFunction
        case "removedOnCompletion": return isRemovedOnCompletion
        default: return taggedValues[key] ?? type(of: self).defaultValue(forKey: key)
        }
    }

    /// Apple (KVC): sets a timing property by name (ignored for a value of the wrong type), or tags the
    /// animation with an arbitrary value ("tagging animations", seed 000 §8.3/8.4).
    open func setValue(_ value: Any?, forKey key: String) {
        let number = value.flatMap { LayerValue.number(from: $0) }
        switch key {
        case "beginTime": if let number { beginTime = number }
        case "duration": if let number { duration = number }
        case "speed": if let number { speed = Float(number) }
        case "timeOffset": if let number { timeOffset = number }
        case "repeatCount": if let number { repeatCount = Float(number) }
        case "repeatDuration": if let number { repeatDuration = number }
        case "autoreverses": if let flag = value as? Bool { autoreverses = flag }
        case "fillMode":
            if let mode = value as? CAMediaTimingFillMode { fillMode = mode }
            else if let name = value as? String { fillMode = CAMediaTimingFillMode(rawValue: name) }
        case "timingFunction": timingFunction = value as? CAMediaTimingFunction
        case "removedOnCompletion": if let flag = value as? Bool { isRemovedOnCompletion = flag }
        default: taggedValues[key] = value
        }
    }

    /// Apple (CAAction): an animation runs by adding itself to the layer under the event's key, which is
    /// how implicit animations are attached under the property name (spec §6.3).
    open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }
}
