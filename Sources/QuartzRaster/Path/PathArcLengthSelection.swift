// Cutting flattened contours by arc length: the shared core of dashing and strokeStart/strokeEnd trimming.
//
// Coordinate space: the contours' own space; distances are measured along the polyline in that space
// (closing segments of closed contours included). Numbers: Double.
import Foundation
import QuartzMath

/// A stretch [start, end] of arc length along one contour (start ≤ end).
struct PathArcInterval: Equatable {
    var start: Double
    var end: Double
}

/// One contour prepared for cutting: vertices (the start repeated at the end when closed) and the arc length
/// at each vertex.
struct PathMeasuredContour {
    let contour: FlattenedPathContour
    let vertices: [SIMD2<Double>]
    let smooth: [Bool]
    let distances: [Double]

    init(_ contour: FlattenedPathContour) {
        self.contour = contour
        var vertices = contour.points
        var smooth = contour.isSmooth
        if contour.isClosed, let first = vertices.first {
            vertices.append(first)
            smooth.append(false)
        }
        var distances = [0.0]
        distances.reserveCapacity(vertices.count)
        for i in 1..<max(vertices.count, 1) {
            distances.append(distances[i - 1] + pathDistance(vertices[i - 1], vertices[i]))
        }
        self.vertices = vertices
        self.smooth = smooth
        self.distances = distances
    }

    var length: Double { distances.last ?? 0 }

    /// The point at arc length `s` on segment `i` (distances[i] ≤ s ≤ distances[i + 1]).
    private func point(at s: Double, segment i: Int) -> SIMD2<Double> {
        let span = distances[i + 1] - distances[i]
        guard span > 0 else { return vertices[i] }
        let t = min(1, max(0, (s - distances[i]) / span))
        return vertices[i] + (vertices[i + 1] - vertices[i]) * t
    }

    /// The index of the segment containing arc length `s`, searching forward from `hint`.
    private func segment(containing s: Double, from hint: Int) -> Int {
        var i = max(0, min(hint, vertices.count - 2))
        while i < vertices.count - 2 && distances[i + 1] < s { i += 1 }
        return i
    }

    /// Appends the pieces covering `intervals` (sorted, disjoint, inside [0, length]) to `result`. A closed
    /// contour kept whole stays closed; on a closed contour a piece running into the end and one starting at
    /// the beginning join into one piece across the start point.
    func extract(_ intervals: [PathArcInterval], into result: inout [FlattenedPathContour]) {
        var culling: PathDashCulling? = nil
        _ = extract(intervals, into: &result, culling: &culling)
    }

    /// Appends the contour unchanged unless `culling` drops it (PathDashCulling.swift), charging it to the
    /// budget; false once the budget is exhausted.
    func appendWhole(into result: inout [FlattenedPathContour], culling: inout PathDashCulling?) -> Bool {
        if let near = culling?.nearSegmentCounts(vertices), near[near.count - 1] == 0 { return true }
        result.append(contour)
        return culling?.charge(points: contour.points.count) ?? true
    }

    /// `extract(_:into:)` keeping only the pieces `culling` lets through (PathDashCulling.swift), each
    /// charged to its budget; false, with the pieces so far appended, once the budget is exhausted.
    func extract(
        _ intervals: [PathArcInterval], into result: inout [FlattenedPathContour], culling: inout PathDashCulling?
    ) -> Bool {
        guard !intervals.isEmpty else { return true }
        let near = culling?.nearSegmentCounts(vertices)
        // Culled pieces: those running only along segments that cannot reach the area.
        if let near, near[near.count - 1] == 0 { return true }
        func keep(_ piece: FlattenedPathContour) -> Bool {
            culling?.charge(points: piece.points.count) ?? true
        }
        // Whether the piece over `interval` runs along a segment that may reach the area.
        func mayReach(_ interval: PathArcInterval, hint: Int) -> Bool {
            guard let near else { return true }
            let first = segment(containing: interval.start, from: hint)
            let last = segment(containing: interval.end, from: first)
            return near[last + 1] - near[first] > 0
        }
        let total = length
        if vertices.count < 2 {
            result.append(contour)  // a single point: nothing to cut
            return keep(contour)
        }
        if contour.isClosed, intervals.count == 1, intervals[0].start <= 0, intervals[0].end >= total {
            result.append(contour)
            return keep(contour)
        }
        var pieces = intervals
        var wrapped: FlattenedPathContour? = nil
        if contour.isClosed, pieces.count >= 2, pieces[0].start <= 0, pieces[pieces.count - 1].end >= total {
            let tailInterval = pieces.removeLast(), headInterval = pieces.removeFirst()
            if mayReach(tailInterval, hint: 0) || mayReach(headInterval, hint: 0) {
                let tail = piece(tailInterval, hint: 0)
                let head = piece(headInterval, hint: 0)
                // The tail ends at the start point and the head begins there: keep one copy, as a corner.
                var smooth = tail.isSmooth
                smooth[smooth.count - 1] = contour.isSmooth.first ?? false
                wrapped = FlattenedPathContour(
                    points: tail.points + head.points.dropFirst(), isClosed: false,
                    isSmooth: smooth + head.isSmooth.dropFirst())
            }
        }
        var hint = 0
        for interval in pieces {
            if mayReach(interval, hint: hint) {
                let p = piece(interval, hint: hint)
                result.append(p)
                guard keep(p) else { return false }
            }
            hint = segment(containing: interval.end, from: hint)
        }
        if let wrapped {
            result.append(wrapped)
            return keep(wrapped)
        }
        return true
    }

    /// The open polyline from arc length `start` to `end`.
    private func piece(_ interval: PathArcInterval, hint: Int) -> FlattenedPathContour {
        let first = segment(containing: interval.start, from: hint)
        var points = [point(at: interval.start, segment: first)]
        var smooth = [false]
        var i = first + 1
        while i < vertices.count - 1 && distances[i] < interval.end {
            if distances[i] > interval.start {
                points.append(vertices[i])
                smooth.append(self.smooth[i])
            }
            i += 1
        }
        let last = segment(containing: interval.end, from: first)
        points.append(point(at: interval.end, segment: last))
        smooth.append(false)
        return FlattenedPathContour(points: points, isClosed: false, isSmooth: smooth)
    }
}

extension PathGeometry {
    /// Polylines as path elements: a move, lines, and a close for closed contours.
    package init(contours: [FlattenedPathContour]) {
        self.init()
        for contour in contours {
            guard let first = contour.points.first else { continue }
            move(to: CGPoint(x: first.x, y: first.y))
            for p in contour.points.dropFirst() { addLine(to: CGPoint(x: p.x, y: p.y)) }
            if contour.isClosed { closeSubpath() }
        }
    }
}
