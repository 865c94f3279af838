// The small algebra that basic, keyframe and spring animations need from an animated value
// (spec §2.1–§2.4, §3.4): interpolation, the additive combination, scaling for spline tangents and
// cumulative repeats, and a distance for paced timing. Conformances here: Double, Float, CGFloat,
// CGPoint, CGSize, CGRect (component-wise, spec §2.4). Transforms and colours conform elsewhere.
import Foundation

/// A value an animation can interpolate.
///
/// For vector-like values every operation is component-wise. Types whose addition is not
/// commutative (transforms: concatenation) read `a.adding(b)` as "a, then b", and the engine forms an
/// additive animation's result as `animationValue.adding(underlyingValue)` (spec §2.2).
package protocol AnimationInterpolatable: Sendable {
    /// The identity of `adding(_:)`: zero for numbers and vectors, the identity for transforms.
    static var additiveIdentity: Self { get }
    /// `self + (end − self)·fraction`; fractions outside [0,1] extrapolate (spring overshoot).
    func interpolated(to end: Self, fraction: Double) -> Self
    /// The additive combination (spec §2.1 `from + by`, §2.2 additive, §2.3 cumulative).
    func adding(_ other: Self) -> Self
    /// The inverse of `adding(_:)` (spec §2.1 `to − by`; spline differences).
    func subtracting(_ other: Self) -> Self
    /// Scaling by a real factor (Kochanek–Bartels tangents, spec §3.4).
    func scaled(by factor: Double) -> Self
    /// `count` copies combined with `adding(_:)`: the accumulated end value of §2.3's
    /// `cumulative`. Defaults to `scaled(by:)`; types whose scaling is not repeated addition
    /// (transforms) should implement it by repeated combination.
    func repeatedlyAdded(_ count: Int) -> Self
    /// Distance used by paced calculation modes (spec §3.4: |Δ| for scalars, Euclidean otherwise).
    func pacingDistance(to other: Self) -> Double
}

extension AnimationInterpolatable {
    @inlinable
    package func interpolated(to end: Self, fraction: Double) -> Self {
        adding(end.subtracting(self).scaled(by: fraction))
    }

    @inlinable
    package func repeatedlyAdded(_ count: Int) -> Self { scaled(by: Double(count)) }
}

extension Double: AnimationInterpolatable {
    package static var additiveIdentity: Double { 0 }
    @inlinable package func interpolated(to end: Double, fraction: Double) -> Double { self + (end - self) * fraction }
    @inlinable package func adding(_ other: Double) -> Double { self + other }
    @inlinable package func subtracting(_ other: Double) -> Double { self - other }
    @inlinable package func scaled(by factor: Double) -> Double { self * factor }
    @inlinable package func pacingDistance(to other: Double) -> Double { abs(other - self) }
}

extension Float: AnimationInterpolatable {
    package static var additiveIdentity: Float { 0 }
    @inlinable package func interpolated(to end: Float, fraction: Double) -> Float {
        Float(Double(self) + (Double(end) - Double(self)) * fraction)
    }
    @inlinable package func adding(_ other: Float) -> Float { self + other }
    @inlinable package func subtracting(_ other: Float) -> Float { self - other }
    @inlinable package func scaled(by factor: Double) -> Float { Float(Double(self) * factor) }
    @inlinable package func pacingDistance(to other: Float) -> Double { abs(Double(other) - Double(self)) }
}

extension CGFloat: AnimationInterpolatable {
    package static var additiveIdentity: CGFloat { 0 }
    @inlinable package func interpolated(to end: CGFloat, fraction: Double) -> CGFloat {
        self + (end - self) * CGFloat(fraction)
    }
    @inlinable package func adding(_ other: CGFloat) -> CGFloat { self + other }
    @inlinable package func subtracting(_ other: CGFloat) -> CGFloat { self - other }
    @inlinable package func scaled(by factor: Double) -> CGFloat { self * CGFloat(factor) }
    @inlinable package func pacingDistance(to other: CGFloat) -> Double { Swift.abs(Double(other - self)) }
}

extension CGPoint: AnimationInterpolatable {
    package static var additiveIdentity: CGPoint { .zero }
    @inlinable package func adding(_ other: CGPoint) -> CGPoint { CGPoint(x: x + other.x, y: y + other.y) }
    @inlinable package func subtracting(_ other: CGPoint) -> CGPoint { CGPoint(x: x - other.x, y: y - other.y) }
    @inlinable package func scaled(by factor: Double) -> CGPoint {
        CGPoint(x: x * CGFloat(factor), y: y * CGFloat(factor))
    }
    @inlinable package func interpolated(to end: CGPoint, fraction: Double) -> CGPoint {
        CGPoint(x: x.interpolated(to: end.x, fraction: fraction), y: y.interpolated(to: end.y, fraction: fraction))
    }
    @inlinable package func pacingDistance(to other: CGPoint) -> Double {
        Double(((other.x - x) * (other.x - x) + (other.y - y) * (other.y - y)).squareRoot())
    }
}

extension CGSize: AnimationInterpolatable {
    package static var additiveIdentity: CGSize { .zero }
    @inlinable package func adding(_ other: CGSize) -> CGSize {
        CGSize(width: width + other.width, height: height + other.height)
    }
    @inlinable package func subtracting(_ other: CGSize) -> CGSize {
        CGSize(width: width - other.width, height: height - other.height)
    }
    @inlinable package func scaled(by factor: Double) -> CGSize {
        CGSize(width: width * CGFloat(factor), height: height * CGFloat(factor))
    }
    @inlinable package func interpolated(to end: CGSize, fraction: Double) -> CGSize {
        CGSize(
            width: width.interpolated(to: end.width, fraction: fraction),
            height: height.interpolated(to: end.height, fraction: fraction))
    }
    @inlinable package func pacingDistance(to other: CGSize) -> Double {
        let dw = other.width - width, dh = other.height - height
        return Double((dw * dw + dh * dh).squareRoot())
    }
}

/// Rects interpolate `origin.x, origin.y, size.width, size.height` component-wise, without
/// standardising negative sizes (spec §2.4 [I]).
extension CGRect: AnimationInterpolatable {
    package static var additiveIdentity: CGRect { .zero }
    @inlinable package func adding(_ other: CGRect) -> CGRect {
        CGRect(origin: origin.adding(other.origin), size: size.adding(other.size))
    }
    @inlinable package func subtracting(_ other: CGRect) -> CGRect {
        CGRect(origin: origin.subtracting(other.origin), size: size.subtracting(other.size))
    }
    @inlinable package func scaled(by factor: Double) -> CGRect {
        CGRect(origin: origin.scaled(by: factor), size: size.scaled(by: factor))
    }
    @inlinable package func interpolated(to end: CGRect, fraction: Double) -> CGRect {
        CGRect(
            origin: origin.interpolated(to: end.origin, fraction: fraction),
            size: size.interpolated(to: end.size, fraction: fraction))
    }
    @inlinable package func pacingDistance(to other: CGRect) -> Double {
        let dx = other.origin.x - origin.x, dy = other.origin.y - origin.y
        let dw = other.size.width - size.width, dh = other.size.height - size.height
        return Double((dx * dx + dy * dy + dw * dw + dh * dh).squareRoot())
    }
}
