// Apple's small path value types: element kinds, the element handed to `applyWithBlock`, line caps and joins.
// Raw values match Core Graphics' C enums (CGPath.h), so code that stores or compares them keeps working.
import Foundation

/// The kind of one path element (Apple's `CGPathElementType`).
public enum CGPathElementType: Int32, Sendable, Hashable {
    /// Starts a new subpath at `points[0]`.
    case moveToPoint = 0
    /// A straight line to `points[0]`.
    case addLineToPoint = 1
    /// A quadratic Bézier: control point `points[0]`, end point `points[1]`.
    case addQuadCurveToPoint = 2
    /// A cubic Bézier: control points `points[0]`, `points[1]`, end point `points[2]`.
    case addCurveToPoint = 3
    /// Closes the current subpath; carries no points.
    case closeSubpath = 4

    /// How many points an element of this kind carries.
    @inlinable public var pointCount: Int {
        switch self {
        case .moveToPoint, .addLineToPoint: return 1
        case .addQuadCurveToPoint: return 2
        case .addCurveToPoint: return 3
        case .closeSubpath: return 0
        }
    }
}

/// One element as `CGPath.applyWithBlock(_:)` reports it (Apple's `CGPathElement`): `points` addresses
/// `type.pointCount` points that stay valid only during the callback.
public struct CGPathElement {
    public var type: CGPathElementType
    public var points: UnsafeMutablePointer<CGPoint>

    public init(type: CGPathElementType, points: UnsafeMutablePointer<CGPoint>) {
        self.type = type
        self.points = points
    }
}

/// Line end styles (Apple's `CGLineCap`).
public enum CGLineCap: Int32, Sendable, Hashable {
    case butt = 0
    case round = 1
    case square = 2
}

/// Line corner styles (Apple's `CGLineJoin`).
public enum CGLineJoin: Int32, Sendable, Hashable {
    case miter = 0
    case round = 1
    case bevel = 2
}

/// Apple's fill rules (`CGPathFillRule`): nonzero winding and even-odd.
public enum CGPathFillRule: Int, Sendable, Hashable {
    case winding = 0
    case evenOdd = 1
}
