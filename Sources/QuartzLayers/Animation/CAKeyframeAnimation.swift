// CAKeyframeAnimation (spec §3): values or a path, key times, per-segment timing functions,
// calculation modes and rotation along a path.
import Foundation
import QuartzRaster

/// Apple's `CAAnimationRotationMode` (raw strings as Apple's constants).
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Rotates the layer to the path's tangent.
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    /// Rotates to the tangent plus 180°.
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

/// Apple: an animation through a sequence of values.
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// Apple: the keyframe values.
    open var values: [Any]?
    /// Apple: a path for point properties; overrides `values` ("Each point in the path except for moveto
    /// points defines a single keyframe"). Copied when set, as Apple's.
    open var path: CGPath? {
        get { storedPath }
        set { storedPath = newValue?.copy() }
    }
    /// Apple: when each keyframe applies, in [0, 1].
    open var keyTimes: [NSNumber]?
    /// Apple: one timing function per segment.
    open var timingFunctions: [CAMediaTimingFunction]?
    /// Apple: how values between keyframes are computed. Default `.linear`.
    open var calculationMode: CAAnimationCalculationMode = .linear
    /// Apple: Kochanek–Bartels parameters for the cubic modes (default 0: Catmull-Rom).
    open var tensionValues: [NSNumber]?
    open var continuityValues: [NSNumber]?
    open var biasValues: [NSNumber]?
    /// Apple: rotate along the path's tangent; undefined without a path.
    open var rotationMode: CAAnimationRotationMode?

    var storedPath: CGPath?

    public required init() {}

    override func copyState(from other: CAAnimation) {
        super.copyState(from: other)
        guard let other = other as? CAKeyframeAnimation else { return }
        values = other.values
        storedPath = other.storedPath
        keyTimes = other.keyTimes
        timingFunctions = other.timingFunctions
        calculationMode = other.calculationMode
        tensionValues = other.tensionValues
        continuityValues = other.continuityValues
        biasValues = other.biasValues
        rotationMode = other.rotationMode
    }
}
