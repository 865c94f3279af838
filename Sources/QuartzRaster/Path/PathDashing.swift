// Dashing and strokeStart/strokeEnd trimming of flattened contours.
//
// Coordinate space: the contours' own space (user space for `copy(dashingWithPhase:…)`); lengths and phase
// are in the same units. Numbers: Double.
//
// Dash semantics (Core Graphics, after PostScript's setdash): `lengths` alternate painted and unpainted
// stretches and repeat; an odd count is used twice over (so [a] means a on, a off); `phase` is how far into
// the pattern the dashing starts, and the pattern restarts at `phase` on every subpath. Zero-length painted
// stretches stay as zero-length pieces (dots with round caps). On a closed subpath a dash running over the
// start point continues into the first dash as one piece (no caps at the seam; Apple does not document
// this case). Invalid patterns draw the path undashed: an empty list, any negative or non-finite length,
// a zero or non-finite total (finite lengths can sum to +∞, which leaves no period to lay out),
// or more than `PathDashing.maximumDashCount` dashes on one subpath (which bounds time and memory for
// patterns like [1e-9, 1e-9]: that subpath is drawn undashed), or more than that many on the other
// subpaths together (then the whole path is drawn undashed). Strokes drawn into a known area also drop the dashes that cannot reach it and
// fall back to undashed beyond a work budget (PathDashCulling.swift). Either limit is reported once per
// process on standard error (PathDashLimitReport.swift).
//
// Trimming (spec §10.1, CAShapeLayer strokeStart/strokeEnd): the stroked part is [start·L, end·L] of the
// total length L of all subpaths in order, closing segments included; both fractions are clamped to [0, 1];
// start ≥ end leaves nothing. With both dashing and trimming the dash phase is measured from the untrimmed
// path start (§10.1 [U]).
import Foundation
import QuartzMath

package enum PathDashing {
    /// The most dashes one subpath may produce before the pattern is treated as invalid.
    package static let maximumDashCount = 1 << 20

    /// The pieces of `contours` painted by the dash pattern (rules in the file header).
    package static func dash(_ contours: [FlattenedPathContour], phase: Double, lengths: [Double]) -> [FlattenedPathContour] {
        select(contours, phase: phase, lengths: lengths, trimStart: 0, trimEnd: 1)
    }

    /// `dash` for a stroke that `culling` bounds: only the pieces that may reach its area, and the contours
    /// undashed when those pieces would outline more than its budget.
    static func dash(
        _ contours: [FlattenedPathContour], phase: Double, lengths: [Double], culling: PathDashCulling
    ) -> [FlattenedPathContour] {
        select(contours, phase: phase, lengths: lengths, trimStart: 0, trimEnd: 1, culling: culling)
    }

    /// Dashing and trimming together: dashes laid out on the whole path, then cut to [trimStart, trimEnd]
    /// (fractions of the total length). `lengths` may be empty for trimming only.
    package static func select(
        _ contours: [FlattenedPathContour], phase: Double, lengths: [Double], trimStart: Double, trimEnd: Double
    ) -> [FlattenedPathContour] {
        select(contours, phase: phase, lengths: lengths, trimStart: trimStart, trimEnd: trimEnd, culling: nil)
    }

    /// `select`, keeping only what `culling` lets through when it is given; past its budget the selection
    /// is made again without the pattern.
    static func select(
        _ contours: [FlattenedPathContour], phase: Double, lengths: [Double], trimStart: Double, trimEnd: Double,
        culling initialCulling: PathDashCulling?
    ) -> [FlattenedPathContour] {
        var culling = initialCulling
        let (start, end) = clampedTrim(trimStart, trimEnd)
        guard start < end else { return [] }
        let pattern = validPattern(lengths)
        if pattern == nil && start == 0 && end == 1 { return contours }
        let measured = contours.map(PathMeasuredContour.init)
        if pattern != nil, !dashCountFits(measured.map(\.length), pattern: pattern ?? []) {
            PathDashLimitReport.undashed(PathDashLimitReport.tooManyDashes)
            return select(contours, phase: phase, lengths: [], trimStart: trimStart, trimEnd: trimEnd)
        }
        let total = measured.reduce(0) { $0 + $1.length }
        let from = start * total, to = end * total
        var result: [FlattenedPathContour] = []
        var offset = 0.0
        for contour in measured {
            let length = contour.length
            defer { offset += length }
            // The trim window in this contour's own arc length.
            let window = PathArcInterval(start: max(0, from - offset), end: min(length, to - offset))
            if length == 0 {
                if total == 0 || (offset >= from && offset <= to) {
                    guard contour.appendWhole(into: &result, culling: &culling) else {
                        PathDashLimitReport.undashed(PathDashLimitReport.overBudget)
                        return select(contours, phase: phase, lengths: [], trimStart: trimStart, trimEnd: trimEnd)
                    }
                }
                continue
            }
            guard window.start < window.end else { continue }
            var intervals: [PathArcInterval]
            if let pattern, let dashes = dashIntervals(length: length, pattern: pattern, phase: phase) {
                intervals = dashes.compactMap { dash in
                    let a = max(dash.start, window.start), b = min(dash.end, window.end)
                    return a <= b && !(a == b && dash.start != dash.end) ? PathArcInterval(start: a, end: b) : nil
                }
            } else {
                if pattern != nil { PathDashLimitReport.undashed(PathDashLimitReport.tooManyDashes) }
                intervals = [window]
            }
            guard contour.extract(intervals, into: &result, culling: &culling) else {
                PathDashLimitReport.undashed(PathDashLimitReport.overBudget)
                return select(contours, phase: phase, lengths: [], trimStart: trimStart, trimEnd: trimEnd)
            }
        }
        return result
    }

    /// The pattern with an odd count doubled, or nil when it cannot dash (see the file header).
    /// True when `select` hands its contours back unchanged: no valid dash pattern and a trim window of [0, 1]
    /// (after select's clamping), so a stroker may take the flattened contours as they are made.
    package static func selectsEverything(lengths: [Double], trimStart: Double, trimEnd: Double) -> Bool {
        let (start, end) = clampedTrim(trimStart, trimEnd)
        return start == 0 && end == 1 && validPattern(lengths) == nil
    }

    /// The trim fractions clamped to [0, 1], NaN meaning the untrimmed end.
    private static func clampedTrim(_ trimStart: Double, _ trimEnd: Double) -> (start: Double, end: Double) {
        (trimStart.isNaN ? 0 : min(1, max(0, trimStart)), trimEnd.isNaN ? 1 : min(1, max(0, trimEnd)))
    }

    static func validPattern(_ lengths: [Double]) -> [Double]? {
        guard !lengths.isEmpty, lengths.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return nil }
        let pattern = lengths.count % 2 == 1 ? lengths + lengths : lengths
        let total = pattern.reduce(0, +)
        guard total > 0, total.isFinite else { return nil }
        return pattern
    }

    /// The number of dashes a contour of `length` gets, as `dashIntervals` estimates it before laying them out.
    static func dashEstimate(length: Double, pattern: [Double]) -> Double {
        length / pattern.reduce(0, +) * Double(pattern.count / 2)
    }

    /// True when the subpaths that can be dashed (at most `maximumDashCount` dashes each; the others are
    /// drawn undashed) have at most `maximumDashCount` dashes together: many subpaths of many dashes each
    /// must not add up to unbounded work either.
    static func dashCountFits(_ lengths: [Double], pattern: [Double]) -> Bool {
        var dashes = 0.0
        for length in lengths {
            let n = dashEstimate(length: length, pattern: pattern)
            if n <= Double(maximumDashCount) { dashes += n }
        }
        return dashes <= Double(maximumDashCount)
    }

    /// The painted intervals along a contour of `length`, or nil when there would be too many.
    static func dashIntervals(length: Double, pattern: [Double], phase: Double) -> [PathArcInterval]? {
        let period = pattern.reduce(0, +)
        guard period > 0, period.isFinite,
            length / period * Double(pattern.count / 2) <= Double(maximumDashCount)
        else { return nil }
        // Find where in the pattern the contour starts: `into` ≤ period, so one pass through the pattern
        // reaches it (the bound allows a second for rounding).
        var into = phase.isFinite ? pathPositiveRemainder(phase, period) : 0
        var index = 0
        for _ in 0..<(2 * pattern.count) {
            guard into >= pattern[index] && into > 0 else { break }
            into -= pattern[index]
            index = (index + 1) % pattern.count
        }
        var intervals: [PathArcInterval] = []
        var position = 0.0
        var remaining = max(0, pattern[index] - into)
        // Each pass through the pattern advances `position` by the period, so ⌈length / period⌉ + 2 passes
        // (at most 2^20 + 2 by the guard) reach the end with room for rounding: the loop always ends.
        let steps = (Int((length / period).rounded(.up)) + 2) * pattern.count
        for _ in 0..<steps {
            guard position <= length else { break }
            if index % 2 == 0 && (position < length || remaining == 0) {
                intervals.append(PathArcInterval(start: position, end: min(position + remaining, length)))
            }
            position += remaining
            index = (index + 1) % pattern.count
            remaining = pattern[index]
        }
        return intervals
    }
}

extension CGPath {
    /// Apple's `copy(dashingWithPhase:lengths:transform:)`: the painted dashes as open subpaths (curves are
    /// flattened to lines within `PathStroker.defaultTolerance`), each point mapped through `transform`.
    public func copy(dashingWithPhase phase: CGFloat, lengths: [CGFloat], transform: CGAffineTransform = .identity) -> CGPath {
        let contours = storage.flattenedContours(tolerance: PathStroker.defaultTolerance)
        let dashed = PathDashing.dash(contours, phase: Double(phase), lengths: lengths.map { Double($0) })
        return CGPath(geometry: PathGeometry(contours: dashed).applying(transform))
    }

    /// The part of the path between the fractions `start` and `end` of its total length (CAShapeLayer's
    /// strokeStart/strokeEnd, spec §10.1), flattened within `tolerance`.
    package func trimmedContours(from start: Double, to end: Double, tolerance: Double = PathStroker.defaultTolerance) -> [FlattenedPathContour] {
        PathDashing.select(storage.flattenedContours(tolerance: tolerance), phase: 0, lengths: [], trimStart: start, trimEnd: end)
    }
}
