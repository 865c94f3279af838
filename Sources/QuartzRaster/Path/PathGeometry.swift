// The element storage behind CGPath: a Sendable value (two copy-on-write arrays), so copying a path is O(1)
// and a later mutation of one copy never shows in another.
//
// Coordinate space: the path's own user space (Core Graphics' y-up convention for angles and "clockwise";
// the numbers themselves are whatever the caller put in). Numbers: CGFloat (Double on Linux).
import Foundation
import QuartzMath

/// The elements of a path as a plain value: element kinds plus their points, in order.
/// `CGPath` wraps one; renderer snapshots can hold it directly because it is `Sendable`.
public struct PathGeometry: Sendable, Equatable {
    /// One element with its points (the same information as `CGPathElement`, without pointers).
    public enum Element: Equatable, Sendable {
        case moveTo(CGPoint)
        case lineTo(CGPoint)
        case quadCurveTo(control: CGPoint, end: CGPoint)
        case curveTo(control1: CGPoint, control2: CGPoint, end: CGPoint)
        case closeSubpath
    }

    /// Element kinds in order.
    public private(set) var elementTypes: [CGPathElementType] = []
    /// All element points in order (`elementTypes[i].pointCount` of them per element).
    public private(set) var points: [CGPoint] = []
    /// The start point of the current subpath (where `closeSubpath` returns to).
    public private(set) var subpathStartPoint: CGPoint? = nil
    /// The end point of the last element (Apple's `currentPoint`), nil while the path is empty.
    public private(set) var currentPoint: CGPoint? = nil

    public init() {}

    /// Element arrays built elsewhere (PathOutlineBuffer), which keeps them consistent: `points` holds
    /// `pointCount` points per element and the two optional points are what appending them would have left.
    init(elementTypes: [CGPathElementType], points: [CGPoint], subpathStartPoint: CGPoint?, currentPoint: CGPoint?) {
        self.elementTypes = elementTypes
        self.points = points
        self.subpathStartPoint = subpathStartPoint
        self.currentPoint = currentPoint
    }

    public var isEmpty: Bool { elementTypes.isEmpty }

    // MARK: Appending (points are taken as given: transforms are applied by the caller)

    public mutating func move(to p: CGPoint) {
        elementTypes.append(.moveToPoint)
        points.append(p)
        subpathStartPoint = p
        currentPoint = p
    }

    /// Like Core Graphics, a segment needs a current point; without one it is ignored.
    public mutating func addLine(to p: CGPoint) {
        guard currentPoint != nil else { return }
        elementTypes.append(.addLineToPoint)
        points.append(p)
        currentPoint = p
    }

    public mutating func addQuadCurve(to end: CGPoint, control: CGPoint) {
        guard currentPoint != nil else { return }
        elementTypes.append(.addQuadCurveToPoint)
        points.append(control)
        points.append(end)
        currentPoint = end
    }

    public mutating func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        guard currentPoint != nil else { return }
        elementTypes.append(.addCurveToPoint)
        points.append(control1)
        points.append(control2)
        points.append(end)
        currentPoint = end
    }

    /// Closes the current subpath; the current point returns to the subpath's start. A close right after
    /// another close (or on an empty path) adds nothing.
    public mutating func closeSubpath() {
        guard currentPoint != nil, elementTypes.last != .closeSubpath else { return }
        elementTypes.append(.closeSubpath)
        currentPoint = subpathStartPoint
    }

    /// Appends every element of `other` mapped through `transform` (Apple's `addPath(_:transform:)`).
    public mutating func append(_ other: PathGeometry, transform: CGAffineTransform = .identity) {
        other.forEachElement { element in
            switch element {
            case .moveTo(let p): move(to: p.applying(transform))
            case .lineTo(let p): addLine(to: p.applying(transform))
            case .quadCurveTo(let c, let e): addQuadCurve(to: e.applying(transform), control: c.applying(transform))
            case .curveTo(let c1, let c2, let e):
                addCurve(to: e.applying(transform), control1: c1.applying(transform), control2: c2.applying(transform))
            case .closeSubpath: closeSubpath()
            }
        }
    }

    /// The same elements with every point mapped through `transform`.
    public func applying(_ transform: CGAffineTransform) -> PathGeometry {
        if transform.isIdentity { return self }
        var copy = self
        copy.points = points.map { $0.applying(transform) }
        copy.subpathStartPoint = subpathStartPoint?.applying(transform)
        copy.currentPoint = currentPoint?.applying(transform)
        return copy
    }

    // MARK: Reading

    /// Calls `body` with every element in order.
    public func forEachElement(_ body: (Element) throws -> Void) rethrows {
        var index = 0
        for type in elementTypes {
            switch type {
            case .moveToPoint: try body(.moveTo(points[index]))
            case .addLineToPoint: try body(.lineTo(points[index]))
            case .addQuadCurveToPoint: try body(.quadCurveTo(control: points[index], end: points[index + 1]))
            case .addCurveToPoint:
                try body(.curveTo(control1: points[index], control2: points[index + 1], end: points[index + 2]))
            case .closeSubpath: try body(.closeSubpath)
            }
            index += type.pointCount
        }
    }

    /// All elements as an array (handy for tests and debugging).
    public var elements: [Element] {
        var result: [Element] = []
        result.reserveCapacity(elementTypes.count)
        forEachElement { result.append($0) }
        return result
    }

    /// Exact element-by-element equality, as `CGPathEqualToPath`.
    public static func == (lhs: PathGeometry, rhs: PathGeometry) -> Bool {
        lhs.elementTypes == rhs.elementTypes && lhs.points == rhs.points
    }
}
