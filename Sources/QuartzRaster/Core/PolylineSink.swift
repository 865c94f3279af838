// The hand-off between path flattening and the filler.
//
// Coordinate space: device pixels, y down, pixel centres at half-integers. Numbers are Double so that
// the receiver can clip huge or non-finite input before narrowing to its own format.

/// Receives a flattened path as polylines. A contour starts at `move(to:)` and is closed
/// implicitly, by `closeContour()`, the next `move(to:)` or the end of the path; for filling, an open
/// contour is closed with a straight line just as Core Graphics does.
@usableFromInline package protocol PolylineSink {
    mutating func move(to point: SIMD2<Double>)
    mutating func line(to point: SIMD2<Double>)
    mutating func closeContour()
}
