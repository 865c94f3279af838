// Apple's keyframe calculation modes (spec §3.4, [A: DOC-caanimationcalculationmode/*]).
import Foundation

/// How a keyframe animation computes values between its keyframes. Raw values are Apple's strings.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// "Simple linear calculation between keyframe values" (the default).
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    /// "Each keyframe value is used in turn, no interpolated values are calculated."
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    /// Linear, re-timed so the value moves at an even pace; keyTimes and timing functions ignored.
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    /// "Smooth spline calculation between keyframe values" (Kochanek–Bartels).
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    /// The cubic spline re-timed for an even pace along the curve.
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")

    /// Whether key times are computed from distances, ignoring `keyTimes` and both the per-segment
    /// `timingFunctions` and the animation's `timingFunction` (spec §3.3: header and reference page
    /// disagree on which one; the spec recommends ignoring both [U]).
    public var isPaced: Bool { self == .paced || self == .cubicPaced }
    /// Whether values between keyframes come from the Kochanek–Bartels spline.
    public var isCubic: Bool { self == .cubic || self == .cubicPaced }
}
