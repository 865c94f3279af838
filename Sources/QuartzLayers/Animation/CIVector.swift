// Core Image's CIVector and CIColor: the value classes a CIFilter's vector and colour inputs take
// (inputExtent, inputCenter, inputColor). Immutable, like Apple's.
import Foundation
import QuartzRaster

/// Apple's `CIVector`: an immutable list of CGFloat values (a point, a rectangle as x, y, width, height, …).
public final class CIVector: Sendable, Hashable, CustomStringConvertible {
    private let values: [CGFloat]

    /// Apple: `init(values:count:)`, the first `count` values of the buffer.
    public init(values: UnsafePointer<CGFloat>, count: Int) {
        self.values = count > 0 ? Array(UnsafeBufferPointer(start: values, count: count)) : []
    }

    init(doubles: [Double]) { values = doubles.map { CGFloat($0) } }
    public init(x: CGFloat) { values = [x] }
    public init(x: CGFloat, y: CGFloat) { values = [x, y] }
    public init(x: CGFloat, y: CGFloat, z: CGFloat) { values = [x, y, z] }
    public init(x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat) { values = [x, y, z, w] }
    /// Apple: a 2-value vector (x, y).
    public convenience init(cgPoint p: CGPoint) { self.init(x: p.x, y: p.y) }
    /// Apple: a 4-value vector (x, y, width, height).
    public convenience init(cgRect r: CGRect) { self.init(x: r.origin.x, y: r.origin.y, z: r.size.width, w: r.size.height) }

    public var count: Int { values.count }
    /// Apple: the value at `index`, 0 when out of range.
    public func value(at index: Int) -> CGFloat { values.indices.contains(index) ? values[index] : 0 }
    public var x: CGFloat { value(at: 0) }
    public var y: CGFloat { value(at: 1) }
    public var z: CGFloat { value(at: 2) }
    public var w: CGFloat { value(at: 3) }
    public var cgPointValue: CGPoint { CGPoint(x: x, y: y) }
    public var cgRectValue: CGRect { CGRect(x: x, y: y, width: z, height: w) }

    /// Apple's string form, e.g. "[0 0 300 300]".
    public var stringRepresentation: String {
        "[" + values.map { "\(Double($0))" }.joined(separator: " ") + "]"
    }
    public var description: String { stringRepresentation }

    public static func == (a: CIVector, b: CIVector) -> Bool { a.values == b.values }
    public func hash(into hasher: inout Hasher) { hasher.combine(values) }
    var doubles: [Double] { values.map { Double($0) } }
}

/// Apple's `CIColor`: red, green, blue and alpha components (straight, not premultiplied).
public final class CIColor: Sendable, Hashable, CustomStringConvertible {
    public let red: CGFloat
    public let green: CGFloat
    public let blue: CGFloat
    public let alpha: CGFloat

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Apple: an opaque colour.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: 1)
    }

    /// Apple: the components of a CGColor (grey colours spread to red, green and blue).
    public convenience init(cgColor color: CGColor) {
        let c = color.components ?? [0, 0, 0, 1]
        switch c.count {
        case 2: self.init(red: c[0], green: c[0], blue: c[0], alpha: c[1])
        case 4...: self.init(red: c[0], green: c[1], blue: c[2], alpha: c[3])
        default: self.init(red: 0, green: 0, blue: 0, alpha: 1)
        }
    }

    public static let white = CIColor(red: 1, green: 1, blue: 1)
    public static let black = CIColor(red: 0, green: 0, blue: 0)
    public static let clear = CIColor(red: 0, green: 0, blue: 0, alpha: 0)

    public var numberOfComponents: Int { 4 }
    public var stringRepresentation: String { "\(Double(red)) \(Double(green)) \(Double(blue)) \(Double(alpha))" }
    public var description: String { stringRepresentation }

    public static func == (a: CIColor, b: CIColor) -> Bool {
        a.red == b.red && a.green == b.green && a.blue == b.blue && a.alpha == b.alpha
    }
    public func hash(into hasher: inout Hasher) { hasher.combine([red, green, blue, alpha]) }
}
