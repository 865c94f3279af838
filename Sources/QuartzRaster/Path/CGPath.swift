// Apple's immutable `CGPath`: a class, as in Core Graphics' Swift API, with value-like behaviour — it holds a
// `PathGeometry` (copy-on-write arrays), so `copy()` is O(1) and no later mutation of a `CGMutablePath`
// reaches a copy taken earlier.
//
// Coordinate space: the path's user space. Apple's angles and "clockwise" are meant in a y-up space; in a
// y-down (iOS-style or device) space the same path looks mirrored, so "clockwise" arcs appear
// counter-clockwise there. Numbers: CGFloat (Double).
import Foundation
import QuartzMath

/// An immutable graphics path (Apple's `CGPath`).
///
/// `@unchecked Sendable`: an immutable `CGPath` never changes after creation; `CGMutablePath` (the only
/// subclass) must, as in Core Graphics, not be mutated while another thread reads it.
public class CGPath: Equatable, Hashable, CustomStringConvertible, @unchecked Sendable {
    /// Only `CGMutablePath` writes this.
    var storage: PathGeometry

    init(geometry: PathGeometry) {
        storage = geometry
    }

    /// The path's elements as a Sendable value (O(1): the arrays are shared copy-on-write).
    public var geometry: PathGeometry { storage }

    // MARK: Apple's factory initialisers

    /// A closed rectangle subpath: move to (minX, minY), lines to (maxX, minY), (maxX, maxY), (minX, maxY),
    /// close — "starting by moving to the bottom left corner and then adding lines counter-clockwise"
    /// (Apple, `CGPathAddRect`; bottom-left and counter-clockwise in the y-up sense).
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(rect: rect, transform: transform?.pointee ?? .identity)
    }

    /// Convenience form of `init(rect:transform:)` taking the transform by value.
    public convenience init(rect: CGRect, transform: CGAffineTransform = .identity) {
        var g = PathGeometry()
        g.appendRect(rect, transform: transform)
        self.init(geometry: g)
    }

    /// An ellipse inscribed in `rect`: four cubic Béziers starting at the right-most point (maxX, midY)
    /// and running through (midX, maxY) first, then closed.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(ellipseIn: rect, transform: transform?.pointee ?? .identity)
    }

    public convenience init(ellipseIn rect: CGRect, transform: CGAffineTransform = .identity) {
        var g = PathGeometry()
        g.appendEllipse(in: rect, transform: transform)
        self.init(geometry: g)
    }

    /// A rounded rectangle; element order in `PathGeometry.appendRoundedRect`.
    public convenience init(
        roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
        transform: UnsafePointer<CGAffineTransform>?
    ) {
        self.init(
            roundedRect: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
            transform: transform?.pointee ?? .identity)
    }

    public convenience init(
        roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
        transform: CGAffineTransform = .identity
    ) {
        var g = PathGeometry()
        g.appendRoundedRect(rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight, transform: transform)
        self.init(geometry: g)
    }

    /// Wraps existing elements.
    public convenience init(_ geometry: PathGeometry) {
        self.init(geometry: geometry)
    }

    // MARK: Queries

    public var isEmpty: Bool { storage.isEmpty }

    /// The end point of the last element; `.zero` for an empty path (as Core Graphics).
    public var currentPoint: CGPoint { storage.currentPoint ?? .zero }

    /// The box of all points including control points; `.null` when empty.
    public var boundingBox: CGRect { storage.controlPointBounds }

    /// The tight box of the drawn geometry (no control points); `.null` when empty.
    public var boundingBoxOfPath: CGRect { storage.tightBounds }

    /// True when the path is exactly one axis-aligned rectangle subpath (move, three or four lines, optional
    /// close, the last line returning to the start); writes the rectangle to `rect` when non-nil.
    public func isRect(_ rect: UnsafeMutablePointer<CGRect>?) -> Bool {
        guard let found = storage.rectangle else { return false }
        rect?.pointee = found
        return true
    }

    /// Calls `block` with each element in order. `element.pointee.points` is valid only during the call.
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        // Invariant: `scratch` holds 3 initialised points (the most any element carries) for the whole loop
        // and is freed after it; each element's points are copied in before `block` sees them.
        let scratch = UnsafeMutablePointer<CGPoint>.allocate(capacity: 3)
        scratch.initialize(repeating: .zero, count: 3)
        defer { scratch.deinitialize(count: 3); scratch.deallocate() }
        var index = 0
        for type in storage.elementTypes {
            for k in 0..<type.pointCount { scratch[k] = storage.points[index + k] }
            index += type.pointCount
            var element = CGPathElement(type: type, points: scratch)
            withUnsafePointer(to: &element) { block($0) }
        }
    }

    // MARK: Copies

    /// An immutable copy (O(1)); Apple's signature returns an optional.
    public func copy() -> CGPath? { CGPath(geometry: storage) }

    /// A mutable copy (O(1) until one side is mutated).
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(copying: storage) }

    /// A copy with every point mapped through `*transform` (the identity when nil).
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        CGPath(geometry: storage.applying(transform?.pointee ?? .identity))
    }

    /// Convenience form of `copy(using:)` taking the transform by value.
    public func copy(using transform: CGAffineTransform) -> CGPath? {
        CGPath(geometry: storage.applying(transform))
    }

    /// A mutable copy with every point mapped through `*transform`.
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        CGMutablePath(copying: storage.applying(transform?.pointee ?? .identity))
    }

    // MARK: Equality

    /// Element-by-element equality (`CGPathEqualToPath`): same kinds, bit-equal points.
    public static func == (lhs: CGPath, rhs: CGPath) -> Bool {
        lhs === rhs || lhs.storage == rhs.storage
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.elementTypes)
        for p in storage.points {
            hasher.combine(p.x.bitPattern)
            hasher.combine(p.y.bitPattern)
        }
    }

    public var description: String {
        "CGPath(\(storage.elementTypes.count) elements, boundingBox: \(boundingBox))"
    }
}

extension PathGeometry {
    /// The rectangle when the elements are exactly one axis-aligned rectangle subpath.
    var rectangle: CGRect? {
        let types = elementTypes
        guard types.first == .moveToPoint else { return nil }
        var body = Array(types.dropFirst())
        if body.last == .closeSubpath { body.removeLast() }
        guard body.count == 3 || body.count == 4, body.allSatisfy({ $0 == .addLineToPoint }) else { return nil }
        var corners = Array(points.prefix(1 + body.count))
        if corners.count == 5 {
            guard corners[4] == corners[0] else { return nil }
            corners.removeLast()
        } else if types.last != .closeSubpath {
            return nil  // three open lines leave one side missing
        }
        // Edges must alternate horizontal and vertical.
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4]
            let horizontal = a.y == b.y, vertical = a.x == b.x
            let expectHorizontal = (i % 2 == 0) == (corners[0].y == corners[1].y)
            if expectHorizontal ? !horizontal : !vertical { return nil }
        }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(),
            minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite
        else { return nil }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
