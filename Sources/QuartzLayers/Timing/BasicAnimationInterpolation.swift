// CABasicAnimation's value maths on any AnimationInterpolatable value: which endpoints the
// fromValue/toValue/byValue combination means (spec §2.1), interpolation at eased progress, and the
// cumulative and additive rules (spec §2.2, §2.3).
import Foundation

/// The start and end values a basic animation interpolates between.
package struct BasicAnimationEndpoints<Value: AnimationInterpolatable>: Sendable {
    package var start: Value
    package var end: Value

    package init(start: Value, end: Value) {
        self.start = start
        self.end = end
    }

    /// Resolves Apple's optional `fromValue`, `toValue`, `byValue` (spec §2.1, [A: SDK-CAAnimation]).
    ///
    /// - Parameters:
    ///   - current: the value of the key path underneath this animation now (`U`: the model value
    ///     with earlier animations applied). Re-evaluated every frame, so a to-less animation
    ///     retargets when the model changes (spec §2.1 [I]).
    ///   - previous: for the all-nil case, the presentation value captured when the animation was
    ///     added; the animation then runs from it to `current` (spec §2.1 [U]). Nil means `current`.
    ///
    /// | set | start | end |
    /// |---|---|---|
    /// | from, to (by ignored when all three are set: "no more than two should be non-nil") | from | to |
    /// | from, by | from | from + by |
    /// | by, to | to − by | to |
    /// | from | from | current |
    /// | to | current | to |
    /// | by | current | current + by |
    /// | none | previous | current |
    package init(fromValue: Value?, toValue: Value?, byValue: Value?, current: Value, previous: Value? = nil) {
        switch (fromValue, toValue, byValue) {
        case let (from?, to?, _): self.init(start: from, end: to)
        case let (from?, nil, by?): self.init(start: from, end: from.adding(by))
        case let (nil, to?, by?): self.init(start: to.subtracting(by), end: to)
        case let (from?, nil, nil): self.init(start: from, end: current)
        case let (nil, to?, nil): self.init(start: current, end: to)
        case let (nil, nil, by?): self.init(start: current, end: current.adding(by))
        case (nil, nil, nil): self.init(start: previous ?? current, end: current)
        }
    }

    /// The animation's own value at eased progress `fraction` in repeat cycle `cycle`.
    ///
    /// With `cumulative`, each completed cycle adds the end value once more: Apple's header reads
    /// "the value at the end of the previous repeat cycle, plus the value of the current repeat
    /// cycle", taken literally as `f(u) + k·f(end)` (spec §2.3: the literal/SMIL reading is
    /// recommended; for start ≠ 0 Apple's choice is [U]). Negative cycles add nothing.
    package func value(atFraction fraction: Double, cycle: Int = 0, cumulative: Bool = false) -> Value {
        let value = start.interpolated(to: end, fraction: fraction)
        guard cumulative, cycle > 0 else { return value }
        return value.adding(end.repeatedlyAdded(cycle))
    }

    /// The presentation value this animation produces over `underlying` (spec §2.2): a non-additive
    /// animation replaces it; an additive one is combined as `animationValue.adding(underlying)`
    /// (numbers add; transforms concatenate with the animation's matrix first).
    package func presentationValue(
        atFraction fraction: Double, cycle: Int = 0, cumulative: Bool = false, additive: Bool = false,
        over underlying: Value
    ) -> Value {
        let value = value(atFraction: fraction, cycle: cycle, cumulative: cumulative)
        return additive ? value.adding(underlying) : value
    }
}
