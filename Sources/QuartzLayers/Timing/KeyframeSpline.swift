// Kochanek–Bartels spline through keyframe values (spec §3.4, cubic and cubicPaced modes): Hermite
// segments with tangents from tension t, continuity c and bias b per keyframe; the missing neighbour
// at either end is the end point itself [U]; each segment is parameterised uniformly on [0,1]
// whatever the key times [U]. For cubicPaced, a table of chord lengths re-times it by arc length.
import Foundation

struct KeyframeSpline<Value: AnimationInterpolatable>: Sendable {
    let values: [Value]
    /// TS_i: the tangent leaving keyframe i.
    private let outgoing: [Value]
    /// TD_i: the tangent arriving at keyframe i.
    private let incoming: [Value]
    /// Cumulative chord length at each sample, `samplesPerSegment` samples per segment plus the end;
    /// just `[0]` when the arc length is not measured.
    private var cumulativeLength: [Double]
    private let samplesPerSegment: Int

    var segmentCount: Int { values.count - 1 }

    /// - Parameters:
    ///   - tension, continuity, bias: per keyframe; missing entries are 0 (Catmull-Rom).
    ///   - measuresArcLength: whether to build the arc-length table (cubicPaced only).
    init(
        values: [Value], tension: [Double]?, continuity: [Double]?, bias: [Double]?, measuresArcLength: Bool
    ) throws(KeyframeError) {
        for (name, list) in [("tensionValues", tension), ("continuityValues", continuity), ("biasValues", bias)] {
            if let bad = list?.firstIndex(where: { !$0.isFinite }) {
                throw .splineParameterNotFinite(name: name, index: bad)
            }
        }
        self.values = values
        var outgoing: [Value] = [], incoming: [Value] = []
        outgoing.reserveCapacity(values.count)
        incoming.reserveCapacity(values.count)
        let last = values.count - 1
        for i in values.indices {
            let t = Self.parameter(tension, i), c = Self.parameter(continuity, i), b = Self.parameter(bias, i)
            // P_i − P_{i−1} and P_{i+1} − P_i, with P_{−1} = P_0 and P_n = P_{n−1}.
            let before = values[i].subtracting(values[max(i - 1, 0)])
            let after = values[min(i + 1, last)].subtracting(values[i])
            let k = (1 - t) / 2
            outgoing.append(before.scaled(by: k * (1 + c) * (1 + b)).adding(after.scaled(by: k * (1 - c) * (1 - b))))
            incoming.append(before.scaled(by: k * (1 - c) * (1 + b)).adding(after.scaled(by: k * (1 + c) * (1 - b))))
        }
        self.outgoing = outgoing
        self.incoming = incoming
        // Enough samples that chords follow the curve, bounded so huge keyframe lists stay small.
        let segments = max(values.count - 1, 1)
        samplesPerSegment = max(4, min(64, 65_536 / segments))
        cumulativeLength = [0]
        if measuresArcLength { cumulativeLength = buildLengthTable() }
    }

    private static func parameter(_ list: [Double]?, _ index: Int) -> Double {
        guard let list, index < list.count else { return 0 }
        return list[index]
    }

    /// The Hermite segment `segment` at parameter s ∈ [0,1]:
    /// `h00·P_i + h10·TS_i + h01·P_{i+1} + h11·TD_{i+1}`.
    func point(segment: Int, parameter s: Double) -> Value {
        let i = min(max(segment, 0), values.count - 1)
        if i == values.count - 1 { return values[i] }
        let s2 = s * s, s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s
        let h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
        return values[i].scaled(by: h00).adding(outgoing[i].scaled(by: h10))
            .adding(values[i + 1].scaled(by: h01)).adding(incoming[i + 1].scaled(by: h11))
    }

    // MARK: - Arc length (cubicPaced)

    private func buildLengthTable() -> [Double] {
        guard segmentCount > 0 else { return [0] }
        var table = [0.0]
        table.reserveCapacity(segmentCount * samplesPerSegment + 1)
        var previous = values[0]
        for segment in 0..<segmentCount {
            for step in 1...samplesPerSegment {
                let next = point(segment: segment, parameter: Double(step) / Double(samplesPerSegment))
                table.append(table[table.count - 1] + previous.pacingDistance(to: next))
                previous = next
            }
        }
        return table
    }

    private var totalLength: Double { cumulativeLength[cumulativeLength.count - 1] }

    /// Whether the measured length is a finite number (infinite or NaN values make it neither).
    var hasFiniteLength: Bool { totalLength.isFinite }

    /// Whether arc-length pacing is possible: a finite, non-zero length.
    private var hasPaceableLength: Bool { totalLength > 0 && totalLength.isFinite }

    /// The arc-length fraction at each keyframe (the effective key times of cubicPaced).
    var keyframeArcFractions: [Double] {
        guard hasPaceableLength else { return KeyframeInterpolator<Value>.evenKeyTimes(count: values.count) }
        return (0...segmentCount).map { cumulativeLength[$0 * samplesPerSegment] / totalLength }
    }

    /// Segment and parameter at which the curve has covered `fraction` of its length: table lookup,
    /// then bisection inside the sample interval on the chord from the sample point.
    func segmentParameter(atArcFraction fraction: Double) -> (segment: Int, parameter: Double) {
        guard segmentCount > 0 else { return (0, 0) }
        guard hasPaceableLength else {
            let position = fraction * Double(segmentCount)
            let segment = min(Int(position), segmentCount - 1)
            return (segment, position - Double(segment))
        }
        let target = fraction * totalLength
        guard let sample = KeyframeInterpolator<Value>.lastIndex(in: cumulativeLength, notAfter: target),
            sample < cumulativeLength.count - 1
        else { return target <= 0 ? (0, 0) : (segmentCount - 1, 1) }
        let segment = sample / samplesPerSegment
        let step = 1 / Double(samplesPerSegment)
        var low = Double(sample % samplesPerSegment) * step, high = low + step
        let remaining = target - cumulativeLength[sample]
        if remaining <= 0 { return (segment, low) }
        let anchor = point(segment: segment, parameter: low)
        for _ in 0..<48 {
            let mid = 0.5 * (low + high)
            if anchor.pacingDistance(to: point(segment: segment, parameter: mid)) < remaining { low = mid } else { high = mid }
        }
        return (segment, 0.5 * (low + high))
    }
}
