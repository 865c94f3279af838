// Core Graphics geometry that Foundation on Linux lacks and animation code uses: `equalTo(_:)` on points,
// sizes and rectangles (Apple: "Returns whether two points are equal", the CGPointEqualToPoint family),
// `CGVector`, and the Darwin float constants `HUGE` and `MAXFLOAT` (the C library's `M_PI` family is
// already there).
import Foundation

extension CGPoint {
    /// Apple: whether the two points are equal.
    public func equalTo(_ point2: CGPoint) -> Bool { self == point2 }
}

extension CGSize {
    /// Apple: whether the two sizes are equal.
    public func equalTo(_ size2: CGSize) -> Bool { self == size2 }
}

extension CGRect {
    /// Apple: whether the two rectangles have equal size and origin (`CGRectEqualToRect`, which compares
    /// standardized rectangles, so a rectangle equals its flipped-sign twin).
    public func equalTo(_ rect2: CGRect) -> Bool {
        let a = standardized, b = rect2.standardized
        return a.origin == b.origin && a.size == b.size
    }
}

/// Apple's two-dimensional vector.
public struct CGVector: Hashable, Sendable, CustomStringConvertible {
    public var dx: CGFloat
    public var dy: CGFloat

    public init() { self.init(dx: 0, dy: 0) }
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }
    public init(dx: Double, dy: Double) { self.init(dx: CGFloat(dx), dy: CGFloat(dy)) }
    public init(dx: Int, dy: Int) { self.init(dx: CGFloat(dx), dy: CGFloat(dy)) }

    public static let zero = CGVector()

    public var description: String { "(\(dx), \(dy))" }
}

/// Darwin's `HUGE`: the largest float, written as `repeatCount = HUGE` for "forever".
public let HUGE = Float.greatestFiniteMagnitude
/// Darwin's `MAXFLOAT`: the largest float, the other spelling of "forever" in animation code.
public let MAXFLOAT = Float.greatestFiniteMagnitude
