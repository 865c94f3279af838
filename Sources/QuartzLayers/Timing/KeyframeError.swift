// What is wrong with a keyframe description (spec §3.3). Apple does not raise for these. Bad key times are
// ignored, as Apple documents, and the animation runs with its default key times; the other errors leave the
// animation unable to change its property. Either way the engine reports the error.
import Foundation

public enum KeyframeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A keyframe animation needs at least one value.
    case noValues
    /// `keyTimes` must have one entry per value (linear, cubic), or one more than the values
    /// (discrete: "one less element in the values array than the keyTimes array"; one entry per
    /// value is accepted too).
    case keyTimeCountMismatch(keyTimes: Int, values: Int, mode: CAAnimationCalculationMode)
    /// Key times must be numbers in [0, 1].
    case keyTimeOutOfRange(index: Int, value: Double)
    /// "Each successive value in the array must be greater than, or equal to, the previous value."
    case keyTimesDecreasing(index: Int)
    /// Tension, continuity and bias values must be finite.
    case splineParameterNotFinite(name: String, index: Int)
    /// Paced modes need finite distances between successive values.
    case valuesNotPaceable

    public var description: String {
        switch self {
        case .noValues:
            return "keyframe animation has no values"
        case .keyTimeCountMismatch(let keyTimes, let values, let mode):
            let expected = mode == .discrete ? "\(values) or \(values + 1)" : "\(values)"
            return "keyTimes has \(keyTimes) entries for \(values) values; calculation mode '\(mode.rawValue)' needs \(expected)"
        case .keyTimeOutOfRange(let index, let value):
            return "keyTimes[\(index)] = \(value) is not a number in [0, 1]"
        case .keyTimesDecreasing(let index):
            return "keyTimes[\(index)] is smaller than keyTimes[\(index - 1)]; key times must not decrease"
        case .splineParameterNotFinite(let name, let index):
            return "\(name)[\(index)] is not a finite number"
        case .valuesNotPaceable:
            return "paced calculation needs finite distances between successive values"
        }
    }
}
