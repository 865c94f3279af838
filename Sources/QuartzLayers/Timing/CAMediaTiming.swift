// Apple's CAMediaTiming protocol and its fill-mode names (spec §1.1, [A: SDK-CAMediaTiming]).
// The maths lives on `MediaTimingNode`; layers and animations conform to this protocol and hand
// their fields to the engine through `timingNode`.
import Foundation

/// Apple's `CFTimeInterval`: seconds as a Double. Foundation on Linux does not provide it.
public typealias CFTimeInterval = Double

/// The timing members shared by layers and animations, with Apple's names, types and defaults.
///
/// Apple's protocol is `@objc` and therefore class-bound; ours is not, so that the value type
/// `MediaTimingNode` can adopt it too.
public protocol CAMediaTiming {
    /// Begin time in the parent's time space. Default 0.
    var beginTime: CFTimeInterval { get set }
    /// Basic duration of one iteration. Default 0 (an animation gets 0.25 s when added to a layer).
    var duration: CFTimeInterval { get set }
    /// Rate of local time relative to parent time. Default 1. `Float`, as in Apple's header.
    var speed: Float { get set }
    /// Additional offset in active local time. Default 0.
    var timeOffset: CFTimeInterval { get set }
    /// Number of iterations, may be fractional; `.greatestFiniteMagnitude` or `.infinity` repeat forever.
    var repeatCount: Float { get set }
    /// Total active time, measured in active local time; 0 means unused.
    var repeatDuration: CFTimeInterval { get set }
    /// Whether each iteration plays backwards after playing forwards.
    var autoreverses: Bool { get set }
    /// What the object shows outside its active interval.
    var fillMode: CAMediaTimingFillMode { get set }
}

extension CAMediaTiming {
    /// A value snapshot of the timing fields, for the pure evaluation functions.
    package var timingNode: MediaTimingNode {
        MediaTimingNode(
            beginTime: beginTime, duration: duration, speed: speed, timeOffset: timeOffset,
            repeatCount: repeatCount, repeatDuration: repeatDuration, autoreverses: autoreverses,
            fillMode: fillMode)
    }
}

/// Apple's fill modes. Raw strings are Apple's constants' values ([V: GS-tests constants.m]).
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// No contribution outside the active interval (the default).
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    /// Holds the end-of-interval value after the active interval.
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// Shows the first frame before the active interval.
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    /// Both `backwards` and `forwards`.
    public static let both = CAMediaTimingFillMode(rawValue: "both")

    /// Whether the object contributes before its active interval. Unknown strings behave as `removed`.
    public var fillsBackwards: Bool { self == .backwards || self == .both }
    /// Whether the object contributes after its active interval. Unknown strings behave as `removed`.
    public var fillsForwards: Bool { self == .forwards || self == .both }
}
