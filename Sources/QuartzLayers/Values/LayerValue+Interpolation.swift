// Interpolation and addition of typed property values (spec §2.4 table, §2.2 additive), so the timing
// maths (endpoint resolution, keyframes, springs) runs on every animatable type through one algebra.
// Mismatched or non-interpolable pairs (strings, images, flags) switch discretely at fraction 0.5 [U].
import Foundation
import QuartzMath
import QuartzRaster

extension LayerValue: AnimationInterpolatable {
    /// `.null` stands for "nothing to add": `x.adding(.null) == x`.
    static var additiveIdentity: LayerValue { .null }

    func interpolated(to end: LayerValue, fraction: Double) -> LayerValue {
        switch (self, end) {
        case (.number(let a), .number(let b)): return .number(a + (b - a) * fraction)
        case (.point(let a), .point(let b)): return .point(a.interpolated(to: b, fraction: fraction))
        case (.size(let a), .size(let b)): return .size(a.interpolated(to: b, fraction: fraction))
        case (.rect(let a), .rect(let b)): return .rect(a.interpolated(to: b, fraction: fraction))
        case (.transform(let a), .transform(let b)):
            // Decomposition and shortest-arc slerp (spec §9.6), QuartzMath.
            return .transform(CATransform3D.interpolated(from: a, to: b, fraction: fraction))
        case (.color(let a), .color(let b)):
            // Straight (non-premultiplied) sRGB components, linearly (spec §2.4 colour row).
            let from = a.straightSRGBRGBA, to = b.straightSRGBRGBA
            return .color(LayerValue.makeColor(from + (to - from) * fraction))
        case (.numbers(let a), .numbers(let b)) where a.count == b.count:
            return .numbers(zip(a, b).map { $0 + ($1 - $0) * fraction })
        case (.colors(let a), .colors(let b)) where a.count == b.count:
            return .colors(zip(a, b).map { pair in
                let from = pair.0.straightSRGBRGBA, to = pair.1.straightSRGBRGBA
                return LayerValue.makeColor(from + (to - from) * fraction)
            })
        case (.path(let a), .path(let b)):
            // "linear blend of the on-line points … If the two paths have a different number of control points
            // or segments the results are undefined" (SDK-CAShapeLayer): point-wise when compatible.
            guard let blended = LayerValue.blendPaths(a, b, fraction: fraction) else { return fraction < 0.5 ? self : end }
            return .path(blended)
        default:
            return fraction < 0.5 ? self : end
        }
    }

    /// Component-wise sums; transforms concatenate "self, then other" (spec §2.2).
    func adding(_ other: LayerValue) -> LayerValue {
        switch (self, other) {
        case (_, .null): return self
        case (.null, _): return other
        case (.number(let a), .number(let b)): return .number(a + b)
        case (.point(let a), .point(let b)): return .point(a.adding(b))
        case (.size(let a), .size(let b)): return .size(a.adding(b))
        case (.rect(let a), .rect(let b)): return .rect(a.adding(b))
        case (.transform(let a), .transform(let b)): return .transform(CATransform3DConcat(a, b))
        case (.color(let a), .color(let b)): return .color(LayerValue.makeColor(a.straightSRGBRGBA + b.straightSRGBRGBA))
        case (.numbers(let a), .numbers(let b)) where a.count == b.count: return .numbers(zip(a, b).map(+))
        default: return self
        }
    }

    /// The inverse of `adding(_:)`: for transforms `Concat(self, Invert(other))`.
    func subtracting(_ other: LayerValue) -> LayerValue {
        switch (self, other) {
        case (_, .null): return self
        case (.number(let a), .number(let b)): return .number(a - b)
        case (.point(let a), .point(let b)): return .point(a.subtracting(b))
        case (.size(let a), .size(let b)): return .size(a.subtracting(b))
        case (.rect(let a), .rect(let b)): return .rect(a.subtracting(b))
        case (.transform(let a), .transform(let b)): return .transform(CATransform3DConcat(a, CATransform3DInvert(b)))
        case (.color(let a), .color(let b)): return .color(LayerValue.makeColor(a.straightSRGBRGBA - b.straightSRGBRGBA))
        case (.numbers(let a), .numbers(let b)) where a.count == b.count: return .numbers(zip(a, b).map(-))
        default: return self
        }
    }

    /// Scaling (spline tangents, cumulative repeats); a transform scales along its decomposition from identity.
    func scaled(by factor: Double) -> LayerValue {
        switch self {
        case .number(let a): return .number(a * factor)
        case .point(let a): return .point(a.scaled(by: factor))
        case .size(let a): return .size(a.scaled(by: factor))
        case .rect(let a): return .rect(a.scaled(by: factor))
        case .transform(let a): return .transform(CATransform3D.interpolated(from: CATransform3DIdentity, to: a, fraction: factor))
        case .color(let a): return .color(LayerValue.makeColor(a.straightSRGBRGBA * factor))
        case .numbers(let a): return .numbers(a.map { $0 * factor })
        default: return self
        }
    }

    /// Repeated combination (cumulative transforms concatenate `count` times, spec §2.3).
    func repeatedlyAdded(_ count: Int) -> LayerValue {
        guard case .transform(let matrix) = self else { return scaled(by: Double(count)) }
        guard count > 0 else { return .transform(CATransform3DIdentity) }
        var result = CATransform3DIdentity
        // Bounded so that a huge cycle index (a 1e30 s clock) cannot loop for ever.
        for _ in 0..<min(count, 10_000) { result = CATransform3DConcat(result, matrix) }
        return .transform(result)
    }

    /// Paced-mode distance: |Δ| for numbers, Euclidean for vectors and straight colours (spec §3.4) [U for colours].
    func pacingDistance(to other: LayerValue) -> Double {
        switch (self, other) {
        case (.number(let a), .number(let b)): return abs(b - a)
        case (.point(let a), .point(let b)): return a.pacingDistance(to: b)
        case (.size(let a), .size(let b)): return a.pacingDistance(to: b)
        case (.rect(let a), .rect(let b)): return a.pacingDistance(to: b)
        case (.color(let a), .color(let b)):
            let d = b.straightSRGBRGBA - a.straightSRGBRGBA
            return (d * d).sum().squareRoot()
        case (.transform(let a), .transform(let b)):
            // Distance between the translations [U: Apple's metric for transforms is undocumented].
            let dx = Double(b.m41 - a.m41), dy = Double(b.m42 - a.m42), dz = Double(b.m43 - a.m43)
            return (dx * dx + dy * dy + dz * dz).squareRoot()
        default: return 0
        }
    }

    /// An sRGB colour from straight RGBA components.
    static func makeColor(_ rgba: SIMD4<Double>) -> CGColor {
        CGColor(red: CGFloat(rgba.x), green: CGFloat(rgba.y), blue: CGFloat(rgba.z), alpha: CGFloat(rgba.w))
    }

    /// Point-wise blend of two paths with identical element types; nil when they differ.
    static func blendPaths(_ a: CGPath, _ b: CGPath, fraction: Double) -> CGPath? {
        let from = a.geometry, to = b.geometry
        guard from.elementTypes == to.elementTypes, from.points.count == to.points.count else { return nil }
        let blended = CGMutablePath()
        var index = 0
        for type in from.elementTypes {
            func point(_ offset: Int) -> CGPoint {
                from.points[index + offset].interpolated(to: to.points[index + offset], fraction: fraction)
            }
            switch type {
            case .moveToPoint: blended.move(to: point(0))
            case .addLineToPoint: blended.addLine(to: point(0))
            case .addQuadCurveToPoint: blended.addQuadCurve(to: point(1), control: point(0))
            case .addCurveToPoint: blended.addCurve(to: point(2), control1: point(0), control2: point(1))
            case .closeSubpath: blended.closeSubpath()
            }
            index += type.pointCount
        }
        return blended
    }
}
