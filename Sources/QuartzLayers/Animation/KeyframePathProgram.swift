// A CGPath as keyframes (spec §3.5): each non-moveto element is one keyframe segment with an equal share
// of time (or `keyTimes`), evaluated at the Bézier parameter = segment-local fraction after that segment's
// timing function (Apple: `timingFunctions` "define the pacing for each keyframe segment"); `paced` moves at
// constant speed by arc length and ignores them, as it does for values. Moveto jumps take no time; a closing segment is a line keyframe.
// Coordinates are the path's own (the superlayer space of a `position` animation).
import Foundation
import QuartzRaster

struct KeyframePathProgram: Sendable {
    /// One timed segment as a cubic Bézier (lines and quads are raised to cubics exactly).
    struct Segment: Sendable {
        var p0: CGPoint, c1: CGPoint, c2: CGPoint, p3: CGPoint

        func point(at s: Double) -> CGPoint {
            let u = 1 - s
            let a = u * u * u, b = 3 * u * u * s, c = 3 * u * s * s, d = s * s * s
            return CGPoint(
                x: a * p0.x + b * c1.x + c * c2.x + d * p3.x,
                y: a * p0.y + b * c1.y + c * c2.y + d * p3.y)
        }

        /// The derivative; at a degenerate end (control point on the end point) it falls back to the chord.
        func tangent(at s: Double) -> CGPoint {
            let u = 1 - s
            let t = CGPoint(
                x: 3 * u * u * (c1.x - p0.x) + 6 * u * s * (c2.x - c1.x) + 3 * s * s * (p3.x - c2.x),
                y: 3 * u * u * (c1.y - p0.y) + 6 * u * s * (c2.y - c1.y) + 3 * s * s * (p3.y - c2.y))
            if t.x * t.x + t.y * t.y > 1e-24 { return t }
            return CGPoint(x: p3.x - p0.x, y: p3.y - p0.y)
        }
    }

    let segments: [Segment]
    /// Start time of each segment in [0, 1], plus a final 1.
    let segmentTimes: [Double]
    let isPaced: Bool
    /// Segment i's timing function; segments past the end are linear. Empty when paced.
    let segmentTimingFunctions: [CAMediaTimingFunction]
    /// Why the given key times were not used (Apple ignores invalid key times), nil when they were.
    let ignoredKeyTimes: KeyframeError?
    /// For paced: per segment, cumulative arc length at uniform parameter samples (`samplesPerSegment` + 1).
    let arcTables: [[Double]]
    static let samplesPerSegment = 64

    /// Nil when the path has no timed segment.
    init?(path: CGPath, keyTimes: [Double]?, paced: Bool, timingFunctions: [CAMediaTimingFunction]? = nil) {
        var segments: [Segment] = []
        var current = CGPoint.zero, subpathStart = CGPoint.zero
        for element in path.geometry.elements {
            switch element {
            case .moveTo(let point):
                current = point
                subpathStart = point
            case .lineTo(let point):
                segments.append(Segment(p0: current, c1: current.lerp(point, 1.0 / 3), c2: current.lerp(point, 2.0 / 3), p3: point))
                current = point
            case .quadCurveTo(let control, let end):
                segments.append(Segment(p0: current, c1: current.lerp(control, 2.0 / 3), c2: end.lerp(control, 2.0 / 3), p3: end))
                current = end
            case .curveTo(let control1, let control2, let end):
                segments.append(Segment(p0: current, c1: control1, c2: control2, p3: end))
                current = end
            case .closeSubpath:
                let end = subpathStart
                segments.append(Segment(p0: current, c1: current.lerp(end, 1.0 / 3), c2: current.lerp(end, 2.0 / 3), p3: end))
                current = end
            }
        }
        guard !segments.isEmpty, segments.allSatisfy({ $0.p0.x.isFinite && $0.p0.y.isFinite && $0.p3.x.isFinite && $0.p3.y.isFinite }) else {
            return nil
        }
        self.segments = segments
        isPaced = paced
        segmentTimingFunctions = paced ? [] : (timingFunctions ?? [])
        // One key time per keyframe point: the moveto start plus each segment end. Paced ignores them.
        let validationError = paced ? nil : keyTimes.flatMap {
            KeyframeInterpolator<Double>.validationError($0, valueCount: segments.count + 1, mode: .linear)
        }
        var tables: [[Double]] = []
        if paced {
            for segment in segments {
                var table = [0.0]
                var previous = segment.p0
                for step in 1...Self.samplesPerSegment {
                    let point = segment.point(at: Double(step) / Double(Self.samplesPerSegment))
                    table.append(table[table.count - 1] + hypot(point.x - previous.x, point.y - previous.y))
                    previous = point
                }
                tables.append(table)
            }
            let lengths = tables.map { $0[$0.count - 1] }
            let total = lengths.reduce(0, +)
            var times = [0.0]
            for length in lengths { times.append(times[times.count - 1] + (total > 0 ? length / total : 1 / Double(lengths.count))) }
            times[times.count - 1] = 1
            segmentTimes = times
        } else if let keyTimes, validationError == nil {
            segmentTimes = keyTimes
        } else {
            segmentTimes = (0...segments.count).map { Double($0) / Double(segments.count) }
        }
        ignoredKeyTimes = validationError
        arcTables = tables
    }

    /// The point and tangent at animation progress `progress` in [0, 1].
    func sample(atProgress progress: Double) -> (point: CGPoint, tangent: CGPoint) {
        let p = min(max(progress, 0), 1)
        var index = segments.count - 1
        for i in 0..<segments.count where p < segmentTimes[i + 1] {
            index = i
            break
        }
        let start = segmentTimes[index], end = segmentTimes[index + 1]
        var s = end > start ? (p - start) / (end - start) : 1
        s = min(max(s, 0), 1)
        if index < segmentTimingFunctions.count { s = segmentTimingFunctions[index].value(atProgress: s) }
        if isPaced { s = parameter(forArcFraction: s, in: arcTables[index]) }
        let segment = segments[index]
        return (segment.point(at: s), segment.tangent(at: s))
    }

    /// Inverts a cumulative arc-length table: the Bézier parameter at `fraction` of the segment's length.
    private func parameter(forArcFraction fraction: Double, in table: [Double]) -> Double {
        let total = table[table.count - 1]
        guard total > 0 else { return fraction }
        let target = fraction * total
        var low = 0, high = table.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if table[mid] <= target { low = mid } else { high = mid }
        }
        let span = table[high] - table[low]
        let local = span > 0 ? (target - table[low]) / span : 0
        return (Double(low) + local) / Double(Self.samplesPerSegment)
    }
}

extension CGPoint {
    fileprivate func lerp(_ other: CGPoint, _ t: Double) -> CGPoint {
        CGPoint(x: x + (other.x - x) * t, y: y + (other.y - y) * t)
    }
}
