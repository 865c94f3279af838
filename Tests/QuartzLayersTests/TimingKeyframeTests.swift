// CAKeyframeAnimation maths (spec §3) against basic_keyframe.json's keyframe section (6 decimals:
// `VectorTolerance.sixDecimals`), plus key time validation, the cubicPaced re-timing and the
// animation-level timing function order of §3.2.
import Foundation
import Testing

@testable import QuartzLayers

@Suite("Timing: keyframe interpolation")
struct TimingKeyframeTests {
    static func keyframeVectors() throws -> JSONObject {
        try loadVectorObject("basic_keyframe.json").object("keyframe")
    }

    static func check(_ interpolator: KeyframeInterpolator<Double>, _ key: String, letters: Bool = false) throws {
        let samples = try keyframeVectors().objects(key)
        #expect(!samples.isEmpty)
        for sample in samples {
            let p = try sample.double("p")
            let expected: Double
            if letters {
                // Discrete cases name values "A", "B", "C"; our values are 0, 1, 2.
                let letter = try sample.string("value")
                expected = Double(try #require(["A", "B", "C"].firstIndex(of: letter)))
            } else {
                expected = try sample.double("value")
            }
            #expect(isClose(interpolator.value(atProgress: p), expected, VectorTolerance.sixDecimals), "\(key) p \(p)")
        }
    }

    @Test("Calculation modes carry Apple's raw strings; paced modes ignore timing, cubic modes use the spline")
    func calculationModes() {
        let modes: [CAAnimationCalculationMode] = [.linear, .discrete, .paced, .cubic, .cubicPaced]
        #expect(modes.map(\.rawValue) == ["linear", "discrete", "paced", "cubic", "cubicPaced"])
        #expect(modes.map(\.isPaced) == [false, false, true, false, true])
        #expect(modes.map(\.isCubic) == [false, false, false, true, true])
    }

    @Test("linear: the objc.io shake with explicit keyTimes (spec §3.4)")
    func linearShake() throws {
        let shake = try KeyframeInterpolator(values: [0.0, 10, -10, 10, 0], keyTimes: [0, 1.0 / 6, 3.0 / 6, 5.0 / 6, 1])
        try Self.check(shake, "linear_shake")
    }

    @Test("linear: default keyTimes are evenly spaced i/(n−1) (spec §3.3)")
    func linearDefaultKeyTimes() throws {
        let keyframes = try KeyframeInterpolator(values: [0.0, 100, 50])
        #expect(keyframes.effectiveKeyTimes == [0, 0.5, 1])
        try Self.check(keyframes, "linear_default_keytimes")
    }

    /// The generator used Double control points (0.42); Apple's, and ours, are Float
    /// (0.41999998688…), which moves the eased progress by up to 1e-8 — 1e-6 on this 100-wide
    /// segment. Tolerance: 6-decimal rounding plus that 1e-6.
    @Test("linear: per-segment timing functions [easeIn, easeOut] (spec §3.2)")
    func segmentTimingFunctions() throws {
        let keyframes = try KeyframeInterpolator(
            values: [0.0, 100, 50],
            timingFunctions: [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeOut)])
        for sample in try Self.keyframeVectors().objects("linear_segment_timing_functions") {
            let p = try sample.double("p")
            let value = keyframes.value(atProgress: p)
            #expect(isClose(value, try sample.double("value"), VectorTolerance.sixDecimals + 1e-6), "p \(p)")
        }
        // Without the segment functions the same progress is plain linear.
        #expect(try KeyframeInterpolator(values: [0.0, 100, 50]).value(atProgress: 0.25) == 50)
    }

    @Test("paced: key times from distances, Apple's example [310, 60, 120, 60, 310] (spec §3.4)")
    func paced() throws {
        let keyframes = try KeyframeInterpolator(
            values: [310.0, 60, 120, 60, 310], keyTimes: [0, 0.9, 0.9, 0.95, 1], calculationMode: .paced,
            timingFunctions: [CAMediaTimingFunction(name: .easeIn)], timingFunction: CAMediaTimingFunction(name: .easeOut))
        let expectedTimes = try Self.keyframeVectors().doubles("paced_keyTimes")
        #expect(keyframes.effectiveKeyTimes.count == expectedTimes.count)
        for (time, expected) in zip(keyframes.effectiveKeyTimes, expectedTimes) {
            #expect(isClose(time, expected, VectorTolerance.sixDecimals))
        }
        // keyTimes and both kinds of timing function are ignored (spec §3.3 [U]).
        try Self.check(keyframes, "paced")
    }

    @Test("discrete: keyTimes with one more entry than values (Apple's rule, spec §3.3)")
    func discreteExplicit() throws {
        let keyframes = try KeyframeInterpolator(values: [0.0, 1, 2], keyTimes: [0, 0.5, 0.75, 1], calculationMode: .discrete)
        try Self.check(keyframes, "discrete_explicit_keyTimes_n_plus_1", letters: true)
    }

    @Test("discrete: default keyTimes i/(n−1), last value only at p = 1 (spec §3.3 [U])")
    func discreteDefault() throws {
        let keyframes = try KeyframeInterpolator(values: [0.0, 1, 2], calculationMode: .discrete)
        try Self.check(keyframes, "discrete_default_keyTimes", letters: true)
        // One key time per value is accepted too: each value holds until the next key time.
        let paired = try KeyframeInterpolator(values: [0.0, 1, 2], keyTimes: [0, 0.2, 0.4], calculationMode: .discrete)
        #expect(paired.value(atProgress: 0.3) == 1)
        #expect(paired.value(atProgress: 0.9) == 2)
    }

    @Test("cubic: Catmull-Rom through [0, 10, 0, 10], end tangents from the end points (spec §3.4 [U])")
    func cubicCatmullRom() throws {
        let keyframes = try KeyframeInterpolator(values: [0.0, 10, 0, 10], calculationMode: .cubic)
        try Self.check(keyframes, "cubic_catmull_rom")
    }

    @Test("cubic: tension 1 zeroes every tangent (spec §3.4 Kochanek–Bartels)")
    func cubicTension() throws {
        let keyframes = try KeyframeInterpolator(values: [0.0, 10, 0, 10], calculationMode: .cubic, tensionValues: [1, 1, 1, 1])
        try Self.check(keyframes, "cubic_tension_1_is_linear_hermite_zero_tangent")
    }

    /// Kochanek–Bartels formulas of spec §3.4 evaluated by hand for values [0, 10, 30] with
    /// c = 0.5, b = −0.5, t = 0 at keyframe 1. Segment 0 at s = ½ is
    /// h00·0 + h10·TS_0 + h01·10 + h11·TD_1 = ⅛·TS_0 + ½·10 − ⅛·TD_1, with TS_0 = ½·0 + ½·10 = 5
    /// (the missing neighbour is P_0 itself) and TD_1 = ½(1−c)(1+b)·10 + ½(1+c)(1−b)·20 = 23.75.
    @Test("cubic: continuity and bias enter the tangents as specified")
    func cubicContinuityBias() throws {
        let keyframes = try KeyframeInterpolator(
            values: [0.0, 10, 30], calculationMode: .cubic, continuityValues: [0, 0.5], biasValues: [0, -0.5])
        let expected = 0.125 * 5 + 0.5 * 10 - 0.125 * 23.75
        #expect(abs(keyframes.value(atProgress: 0.25) - expected) <= 1e-12)
    }

    /// Spec §3.5 path vectors, reproduced with point keyframes: (0,0) → (10,0) → (10,90).
    @Test("Points: linear and paced keyframes along (0,0) → (10,0) → (10,90)")
    func pointKeyframes() throws {
        let points = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 90)]
        let vectors = try Self.keyframeVectors()
        for (mode, key) in [(CAAnimationCalculationMode.linear, "path_lines_linear"), (.paced, "path_lines_paced")] {
            let keyframes = try KeyframeInterpolator(values: points, calculationMode: mode)
            for sample in try vectors.objects(key) {
                let p = try sample.double("p")
                let expected = try sample.doubles("value")
                let point = keyframes.value(atProgress: p)
                #expect(isClose(Double(point.x), expected[0], VectorTolerance.sixDecimals), "\(key) p \(p)")
                #expect(isClose(Double(point.y), expected[1], VectorTolerance.sixDecimals), "\(key) p \(p)")
            }
        }
    }

    @Test("cubicPaced: a monotonic scalar spline moves at constant speed")
    func cubicPacedScalar() throws {
        // [0, 10, 30] with Catmull-Rom tangents is monotonic, so its arc length is the value itself.
        let keyframes = try KeyframeInterpolator(values: [0.0, 10, 30], keyTimes: [0, 0.9, 1], calculationMode: .cubicPaced)
        for step in 0...40 {
            let p = Double(step) / 40
            #expect(abs(keyframes.value(atProgress: p) - 30 * p) <= 1e-9, "p \(p)")
        }
        #expect(keyframes.effectiveKeyTimes.count == 3)
        #expect(abs(keyframes.effectiveKeyTimes[1] - 1.0 / 3) <= 1e-9)
    }

    @Test("cubicPaced: a curved point spline is traversed at even speed")
    func cubicPacedPoints() throws {
        let square = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100), CGPoint(x: 0, y: 100)]
        let keyframes = try KeyframeInterpolator(values: square, calculationMode: .cubicPaced)
        #expect(keyframes.value(atProgress: 0) == square[0])
        #expect(keyframes.value(atProgress: 1) == square[3])
        var steps: [Double] = []
        var previous = keyframes.value(atProgress: 0)
        for step in 1...200 {
            let next = keyframes.value(atProgress: Double(step) / 200)
            steps.append(previous.pacingDistance(to: next))
            previous = next
        }
        let shortest = try #require(steps.min()), longest = try #require(steps.max())
        #expect(longest / shortest < 1.001)
        // The plain cubic mode does not move evenly on the same values.
        let uneven = try KeyframeInterpolator(values: square, calculationMode: .cubic)
        let unevenSteps = (1...200).map { step in
            uneven.value(atProgress: Double(step - 1) / 200).pacingDistance(to: uneven.value(atProgress: Double(step) / 200))
        }
        #expect(try #require(unevenSteps.max()) / #require(unevenSteps.min()) > 1.5)
    }

    /// Spec §3.2: the animation's timing function applies to the whole progress before the segment
    /// lookup: easeIn(0.5) = 0.315357 of [0, 100] → 31.5357 (and not 50).
    @Test("The animation-level timing function applies before the segment lookup")
    func animationTimingFunction() throws {
        let keyframes = try KeyframeInterpolator(values: [0.0, 100], timingFunction: CAMediaTimingFunction(name: .easeIn))
        #expect(isClose(keyframes.value(atProgress: 0.5), 31.5357, 1e-4))
    }

    @Test("Key times that do not span [0,1] hold the end values; repeated key times jump (spec §3.3 [U])")
    func keyTimeEdges() throws {
        let keyframes = try KeyframeInterpolator(values: [10.0, 20, 30, 40], keyTimes: [0.2, 0.5, 0.5, 0.8])
        #expect(keyframes.value(atProgress: 0) == 10)
        #expect(keyframes.value(atProgress: 0.35) == 15)
        #expect(keyframes.value(atProgress: 0.5) == 30)
        #expect(keyframes.value(atProgress: 0.65) == 35)
        #expect(keyframes.value(atProgress: 0.95) == 40)
        #expect(try KeyframeInterpolator(values: [7.0]).value(atProgress: 0.5) == 7)
        #expect(keyframes.value(atProgress: .nan) == 10)
    }

    @Test("Malformed descriptions throw clear errors")
    func errors() {
        #expect(throws: KeyframeError.noValues) { try KeyframeInterpolator<Double>(values: []) }
        #expect(throws: KeyframeError.splineParameterNotFinite(name: "biasValues", index: 1)) {
            try KeyframeInterpolator(values: [0.0, 1, 2], calculationMode: .cubic, biasValues: [0, .nan])
        }
        #expect(throws: KeyframeError.valuesNotPaceable) {
            try KeyframeInterpolator(values: [0.0, .infinity, 2], calculationMode: .paced)
        }
        #expect(throws: KeyframeError.valuesNotPaceable) {
            try KeyframeInterpolator(values: [0.0, 1, .nan], calculationMode: .cubicPaced)
        }
        #expect(KeyframeError.keyTimesDecreasing(index: 2).description.contains("keyTimes[2]"))
    }

    /// Apple, CAKeyframeAnimation.keyTimes: "If the values in this array are invalid or inappropriate for the
    /// current calculation mode, they are ignored." The default key times `i/(n−1)` apply instead, and the
    /// interpolator says why.
    @Test func invalidKeyTimesAreIgnored() throws {
        let cases: [([Double], CAAnimationCalculationMode, KeyframeError)] = [
            ([0, 1], .linear, .keyTimeCountMismatch(keyTimes: 2, values: 3, mode: .linear)),
            ([0, 0.1, 0.2, 0.3, 1], .discrete, .keyTimeCountMismatch(keyTimes: 5, values: 3, mode: .discrete)),
            ([0, 1.5, 1], .linear, .keyTimeOutOfRange(index: 1, value: 1.5)),
            ([0, 0.6, 0.4], .cubic, .keyTimesDecreasing(index: 2)),
        ]
        for (keyTimes, mode, reason) in cases {
            let keyframes = try KeyframeInterpolator(values: [0.0, 10, 20], keyTimes: keyTimes, calculationMode: mode)
            #expect(keyframes.ignoredKeyTimes == reason)
            #expect(keyframes.effectiveKeyTimes == [0, 0.5, 1])
        }
        let linear = try KeyframeInterpolator(values: [0.0, 10, 20], keyTimes: [0, 1])
        #expect(linear.value(atProgress: 0.25) == 5)
        #expect(linear.value(atProgress: 0.75) == 15)
        // NaN key times are out of range, not silently accepted.
        let nan = try KeyframeInterpolator(values: [0.0, 1], keyTimes: [0, .nan])
        guard case .keyTimeOutOfRange(index: 1, let value)? = nan.ignoredKeyTimes else {
            Issue.record("NaN key time not reported: \(String(describing: nan.ignoredKeyTimes))")
            return
        }
        #expect(value.isNaN)
        #expect(nan.value(atProgress: 0.5) == 0.5)
        // Valid key times are used and leave nothing to report.
        let valid = try KeyframeInterpolator(values: [0.0, 10, 20], keyTimes: [0, 0.8, 1])
        #expect(valid.ignoredKeyTimes == nil && valid.value(atProgress: 0.4) == 5)
        // Paced modes ignore key times by definition: nothing to report.
        let paced = try KeyframeInterpolator(values: [0.0, 10, 20], keyTimes: [0, 1], calculationMode: .paced)
        #expect(paced.ignoredKeyTimes == nil)
    }
}
