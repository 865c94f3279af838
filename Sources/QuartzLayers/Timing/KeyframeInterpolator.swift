// CAKeyframeAnimation's value maths (spec §3) over any AnimationInterpolatable value: key time
// validation and defaults, the five calculation modes, per-segment timing functions. Everything that
// depends only on the description (key times, paced times, spline tangents, arc-length table) is
// computed once in `init`; `value(atProgress:)` then only searches and interpolates.
import Foundation

/// A validated keyframe description, ready to evaluate at any progress.
package struct KeyframeInterpolator<Value: AnimationInterpolatable>: Sendable {
    package let values: [Value]
    package let calculationMode: CAAnimationCalculationMode
    /// The key times in use: the given `keyTimes`, the default even spacing `i/(n−1)`, or the
    /// distance-proportional times of a paced mode (spec §3.3, §3.4). For cubicPaced these are the
    /// arc-length fractions at the keyframes.
    package let effectiveKeyTimes: [Double]
    /// The animation-level timing function, applied to progress first (spec §3.2); nil in paced modes.
    let timingFunction: CAMediaTimingFunction?
    /// One optional function per segment (spec §3.2); empty in paced modes.
    let segmentTimingFunctions: [CAMediaTimingFunction]
    /// Kochanek–Bartels tangents for the cubic modes; nil otherwise.
    let spline: KeyframeSpline<Value>?
    /// Why the given `keyTimes` were not used, nil when they were (or none were given). Apple: "If the values
    /// in this array are invalid or inappropriate for the current calculation mode, they are ignored"; the
    /// default key times apply instead.
    package let ignoredKeyTimes: KeyframeError?

    /// Validates and prepares a keyframe description. Parameter names follow CAKeyframeAnimation.
    ///
    /// - Parameters:
    ///   - keyTimes: fractions in [0,1], non-decreasing; one per value (linear, cubic) or one more
    ///     than the values (discrete). Nil gives the even spacing `i/(n−1)` (spec §3.3 [I]; for
    ///     discrete [U]). Key times that break these rules are ignored and the even spacing used
    ///     (`ignoredKeyTimes` says why). Ignored, even if malformed, in paced modes ("ignored" [A]). For linear and
    ///     cubic Apple requires the first to be 0 and the last 1; when they are not, the first value
    ///     is held before the first key time and the last after the last one [U].
    ///   - timingFunctions: per segment (n − 1 for n values, spec §3.1); missing entries mean linear,
    ///     extra entries are unused.
    ///   - tensionValues, continuityValues, biasValues: Kochanek–Bartels parameters per keyframe for
    ///     the cubic modes; "Any unspecified values default to zero (giving a Catmull-Rom spline)" [A].
    ///   - timingFunction: the animation's own timing function (spec §3.2).
    package init(
        values: [Value], keyTimes: [Double]? = nil, calculationMode: CAAnimationCalculationMode = .linear,
        timingFunctions: [CAMediaTimingFunction]? = nil, tensionValues: [Double]? = nil,
        continuityValues: [Double]? = nil, biasValues: [Double]? = nil,
        timingFunction: CAMediaTimingFunction? = nil
    ) throws(KeyframeError) {
        guard !values.isEmpty else { throw .noValues }
        self.values = values
        self.calculationMode = calculationMode
        let paced = calculationMode.isPaced
        self.timingFunction = paced ? nil : timingFunction
        segmentTimingFunctions = paced ? [] : (timingFunctions ?? [])
        let spline: KeyframeSpline<Value>? =
            calculationMode.isCubic
            ? try KeyframeSpline(
                values: values, tension: tensionValues, continuity: continuityValues, bias: biasValues,
                measuresArcLength: calculationMode == .cubicPaced)
            : nil
        self.spline = spline
        var ignored: KeyframeError? = nil
        if calculationMode == .paced {
            effectiveKeyTimes = try Self.pacedKeyTimes(values)
        } else if let spline, calculationMode == .cubicPaced {
            guard spline.hasFiniteLength else { throw .valuesNotPaceable }
            effectiveKeyTimes = spline.keyframeArcFractions
        } else if let keyTimes, Self.validationError(keyTimes, valueCount: values.count, mode: calculationMode) == nil {
            effectiveKeyTimes = keyTimes
        } else {
            ignored = keyTimes.flatMap { Self.validationError($0, valueCount: values.count, mode: calculationMode) }
            effectiveKeyTimes = Self.evenKeyTimes(count: values.count)
        }
        ignoredKeyTimes = ignored
    }

    /// The value at `progress`, the animation's basic time divided by its duration (spec §3.2):
    /// the animation's timing function first, then the segment lookup, the segment's timing function
    /// and the mode's interpolation. Progress is clamped to [0,1]; NaN counts as 0.
    package func value(atProgress progress: Double) -> Value {
        var p = progress.isNaN ? 0 : min(max(progress, 0), 1)
        if let timingFunction { p = timingFunction.value(atProgress: p) }
        let count = values.count
        if count == 1 { return values[0] }
        if calculationMode == .discrete {
            // "Each value/keyTime pair represents the value from the specified time until the next
            // keyframe" [A]: the value of the last key time not after p.
            let index = Self.lastIndex(in: effectiveKeyTimes, notAfter: p) ?? 0
            return values[min(index, count - 1)]
        }
        if calculationMode == .cubicPaced, let spline {
            let (segment, s) = spline.segmentParameter(atArcFraction: p)
            return spline.point(segment: segment, parameter: s)
        }
        guard let found = Self.lastIndex(in: effectiveKeyTimes, notAfter: p) else { return values[0] }
        if found >= count - 1 { return values[count - 1] }
        let start = effectiveKeyTimes[found], span = effectiveKeyTimes[found + 1] - start
        var s = span > 0 ? (p - start) / span : 1
        if found < segmentTimingFunctions.count { s = segmentTimingFunctions[found].value(atProgress: s) }
        if let spline { return spline.point(segment: found, parameter: s) }
        return values[found].interpolated(to: values[found + 1], fraction: s)
    }

    // MARK: - Key times

    /// `i/(n−1)`; a single keyframe sits at 0.
    static func evenKeyTimes(count: Int) -> [Double] {
        count == 1 ? [0] : (0..<count).map { Double($0) / Double(count - 1) }
    }

    /// Key times proportional to the cumulative distance between successive values (spec §3.4;
    /// Apple's example [310, 60, 120, 60, 310] → [0, 0.403226, 0.5, 0.596774, 1]). Values that do
    /// not move at all are spaced evenly.
    static func pacedKeyTimes(_ values: [Value]) throws(KeyframeError) -> [Double] {
        var cumulative = [0.0]
        cumulative.reserveCapacity(values.count)
        for index in values.indices.dropFirst() {
            cumulative.append(cumulative[index - 1] + values[index - 1].pacingDistance(to: values[index]))
        }
        let total = cumulative[cumulative.count - 1]
        guard total.isFinite else { throw .valuesNotPaceable }
        guard total > 0 else { return evenKeyTimes(count: values.count) }
        var times = cumulative.map { $0 / total }
        times[times.count - 1] = 1
        return times
    }

    /// What breaks the spec §3.3 rules in given key times, nil when they are valid.
    static func validationError(_ keyTimes: [Double], valueCount: Int, mode: CAAnimationCalculationMode) -> KeyframeError? {
        let countFits = mode == .discrete
            ? keyTimes.count == valueCount || keyTimes.count == valueCount + 1
            : keyTimes.count == valueCount
        guard countFits else { return .keyTimeCountMismatch(keyTimes: keyTimes.count, values: valueCount, mode: mode) }
        for (index, time) in keyTimes.enumerated() {
            guard time >= 0, time <= 1 else { return .keyTimeOutOfRange(index: index, value: time) }
            if index > 0 && time < keyTimes[index - 1] { return .keyTimesDecreasing(index: index) }
        }
        return nil
    }

    /// The largest index whose key time is ≤ p, or nil when p precedes the first key time. A key
    /// time shared by several keyframes resolves to the last of them, so a repeated key time is an
    /// instant jump and a segment boundary belongs to the later segment.
    static func lastIndex(in keyTimes: [Double], notAfter p: Double) -> Int? {
        var low = 0, high = keyTimes.count  // first index with keyTimes[index] > p lies in [low, high]
        while low < high {
            let mid = (low + high) / 2
            if keyTimes[mid] <= p { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? nil : low - 1
    }
}
