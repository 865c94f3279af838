// Apple's CAMediaTimingFunction (spec §7): a cubic Bézier from (0,0) to (1,1) with two Float control
// points, mapping animation progress in [0,1] to eased progress. Evaluation solves x(s) = progress
// for the curve parameter s with the classic UnitBezier Newton/bisection solver (spec §7.2).
import Foundation

/// Apple's names of the predefined timing functions; raw values are Apple's constant strings.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")

    /// Control points (c1x, c1y, c2x, c2y) of the predefined curves, as Apple returns them
    /// ([V: GS-tests camediatimingfunction.m, run on Apple]; spec §7.1). Nil for unknown names.
    var controlPoints: (Float, Float, Float, Float)? {
        switch self {
        case .linear: (0, 0, 1, 1)
        case .easeIn: (0.42, 0, 1, 1)
        case .easeOut: (0, 0, 0.58, 1)
        case .easeInEaseOut: (0.42, 0, 0.58, 1)
        case .default: (0.25, 0.1, 0.25, 1)
        default: nil
        }
    }
}

/// A timing curve: "one segment of a function describing a timing curve … modelled on a cubic
/// Bezier curve" whose points are (0,0), c1, c2, (1,1) ([A: SDK-CAMediaTimingFunction]).
///
/// Apple's class is an open `NSObject` subclass; this one is final and immutable so that it can be
/// shared across threads (`Sendable`). Two functions are equal when their control points are.
public final class CAMediaTimingFunction: Hashable, Sendable, CustomStringConvertible {
    /// The solver tolerance in x that reproduces Apple: with ε = 1e-5 the classic UnitBezier solver
    /// returns Apple's private `_solveForInput:` values at x = 0.67 to six decimals, including the
    /// linear curve's 0.669997 (spec §7.2, [V: GS-TF-2012]).
    public static let appleSolverEpsilon: Double = 1e-5

    private let c1x: Float, c1y: Float, c2x: Float, c2y: Float
    /// Internal so per-frame evaluation can keep the curve inline (a plain value) instead of the object.
    let curve: UnitBezierCurve

    /// A curve through (0,0), (c1x, c1y), (c2x, c2y), (1,1). The points are kept exactly as given
    /// ([V]: custom functions return their points unchanged); y outside [0,1] overshoots.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        self.c1x = c1x
        self.c1y = c1y
        self.c2x = c2x
        self.c2y = c2y
        curve = UnitBezierCurve(c1x: Double(c1x), c1y: Double(c1y), c2x: Double(c2x), c2y: Double(c2y))
    }

    /// One of Apple's predefined curves. An unknown name gives the linear curve (Apple raises an
    /// exception instead; we never crash on a name).
    public convenience init(name: CAMediaTimingFunctionName) {
        let points = name.controlPoints ?? (0, 0, 1, 1)
        self.init(controlPoints: points.0, points.1, points.2, points.3)
    }

    /// Apple's accessor: writes the x and y of control point `idx` (0…3) into `ptr[0]`, `ptr[1]`.
    /// Index 0 is always (0,0) and index 3 (1,1) ([V]). An index outside 0…3 leaves the buffer
    /// untouched (Apple documents only that it "must be between 0 and 3").
    public func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        guard let point = controlPoint(at: idx) else { return }
        // Invariant: Apple's contract is that `ptr` addresses at least two Floats.
        unsafe ptr[0] = point.x
        unsafe ptr[1] = point.y
    }

    /// The control point at `index` (0…3) without pointers, or nil outside that range.
    public func controlPoint(at index: Int) -> (x: Float, y: Float)? {
        switch index {
        case 0: (0, 0)
        case 1: (c1x, c1y)
        case 2: (c2x, c2y)
        case 3: (1, 1)
        default: nil
        }
    }

    /// The eased progress for animation progress `x`, solved the way Apple does (ε = 1e-5 in x).
    /// Input is clamped to [0,1] (spec §7.2 [I]); NaN counts as 0.
    public func value(atProgress x: Double) -> Double {
        curve.value(at: x, epsilon: Self.appleSolverEpsilon)
    }

    /// The eased progress solved to a chosen tolerance in x: `1e-14` gives the exact curve.
    /// Tolerances that are not positive and finite fall back to `appleSolverEpsilon`.
    public func value(atProgress x: Double, epsilon: Double) -> Double {
        let tolerance = epsilon > 0 && epsilon.isFinite ? epsilon : Self.appleSolverEpsilon
        return curve.value(at: x, epsilon: tolerance)
    }

    public static func == (lhs: CAMediaTimingFunction, rhs: CAMediaTimingFunction) -> Bool {
        lhs.c1x == rhs.c1x && lhs.c1y == rhs.c1y && lhs.c2x == rhs.c2x && lhs.c2y == rhs.c2y
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(c1x)
        hasher.combine(c1y)
        hasher.combine(c2x)
        hasher.combine(c2y)
    }

    public var description: String { "CAMediaTimingFunction(\(c1x), \(c1y), \(c2x), \(c2y))" }
}
