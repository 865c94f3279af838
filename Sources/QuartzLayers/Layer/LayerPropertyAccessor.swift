// One property's typed read and write on `LayerProperties`, built from plain get/set closures (not key-path
// projection, which copies the whole struct on every read), plus its boxing kind and implicit-animation flag.
import Foundation
import QuartzMath
import QuartzRaster

/// Reads and writes one property of `LayerProperties` in typed form. A final class so that per-frame code
/// passes it around with one reference count instead of copying its closures.
final class LayerPropertyAccessor: Sendable {
    let kind: LayerValueKind
    /// True when Core Animation creates an implicit animation for a change (spec §6.5).
    let hasImplicitAnimation: Bool
    /// Reads through `inout` so that hot callers holding the properties `inout` pass them without a copy
    /// (a by-value argument to a stored closure copies the whole kilobyte-sized struct).
    let read: @Sendable (inout LayerProperties) -> LayerValue
    /// Writes a value of the right case; returns false (and writes nothing) for a mismatched case.
    let write: @Sendable (inout LayerProperties, LayerValue) -> Bool
    /// Typed shortcuts for per-frame evaluation, set by the builders below for the kinds that have them:
    /// copy the property from a second state (resetting an animated property to its committed value), and
    /// read or write numbers, points and transforms without boxing them into a `LayerValue`.
    let copy: (@Sendable (inout LayerProperties, inout LayerProperties) -> Void)?
    let setNumber: (@Sendable (inout LayerProperties, Double) -> Void)?
    let setPoint: (@Sendable (inout LayerProperties, CGPoint) -> Void)?
    let getTransform: (@Sendable (inout LayerProperties) -> CATransform3D)?
    let setTransform: (@Sendable (inout LayerProperties, CATransform3D) -> Void)?

    init(
        kind: LayerValueKind, hasImplicitAnimation: Bool, read: @escaping @Sendable (inout LayerProperties) -> LayerValue,
        write: @escaping @Sendable (inout LayerProperties, LayerValue) -> Bool,
        copy: (@Sendable (inout LayerProperties, inout LayerProperties) -> Void)? = nil,
        setNumber: (@Sendable (inout LayerProperties, Double) -> Void)? = nil,
        setPoint: (@Sendable (inout LayerProperties, CGPoint) -> Void)? = nil,
        getTransform: (@Sendable (inout LayerProperties) -> CATransform3D)? = nil,
        setTransform: (@Sendable (inout LayerProperties, CATransform3D) -> Void)? = nil
    ) {
        self.kind = kind
        self.hasImplicitAnimation = hasImplicitAnimation
        self.read = read
        self.write = write
        self.copy = copy
        self.setNumber = setNumber
        self.setPoint = setPoint
        self.getTransform = getTransform
        self.setTransform = setTransform
    }

    static func scalar(
        _ get: @escaping @Sendable (inout LayerProperties) -> Double, _ set: @escaping @Sendable (inout LayerProperties, Double) -> Void, _ kind: LayerValueKind, animatable: Bool
    ) -> LayerPropertyAccessor {
        LayerPropertyAccessor(
            kind: kind, hasImplicitAnimation: animatable,
            read: { .number(get(&$0)) },
            write: { properties, value in
                guard let number = value.doubleValue, number.isFinite else { return false }
                set(&properties, number)
                return true
            },
            copy: { set(&$0, get(&$1)) }, setNumber: set)
    }

    static func float(
        _ get: @escaping @Sendable (inout LayerProperties) -> Float, _ set: @escaping @Sendable (inout LayerProperties, Float) -> Void, animatable: Bool
    ) -> LayerPropertyAccessor {
        LayerPropertyAccessor(
            kind: .float, hasImplicitAnimation: animatable,
            read: { .number(Double(get(&$0))) },
            write: { properties, value in
                // Infinity is meaningful for repeatCount (spec §1.1); NaN never is.
                guard let number = value.doubleValue, !number.isNaN else { return false }
                set(&properties, Float(number))
                return true
            })
    }

    static func flag(
        _ get: @escaping @Sendable (inout LayerProperties) -> Bool, _ set: @escaping @Sendable (inout LayerProperties, Bool) -> Void, animatable: Bool
    ) -> LayerPropertyAccessor {
        LayerPropertyAccessor(
            kind: .bool, hasImplicitAnimation: animatable,
            read: { .bool(get(&$0)) },
            write: { properties, value in
                switch value {
                case .bool(let flag): set(&properties, flag)
                case .number(let number): set(&properties, number != 0)
                default: return false
                }
                return true
            })
    }

    static func point(
        _ get: @escaping @Sendable (inout LayerProperties) -> CGPoint, _ set: @escaping @Sendable (inout LayerProperties, CGPoint) -> Void, animatable: Bool
    ) -> LayerPropertyAccessor {
        LayerPropertyAccessor(
            kind: .point, hasImplicitAnimation: animatable,
            read: { .point(get(&$0)) },
            write: { properties, value in
                guard case .point(let point) = value, point.x.isFinite, point.y.isFinite else { return false }
                set(&properties, point)
                return true
            },
            copy: { set(&$0, get(&$1)) }, setPoint: set)
    }

    static func size(
        _ get: @escaping @Sendable (inout LayerProperties) -> CGSize, _ set: @escaping @Sendable (inout LayerProperties, CGSize) -> Void, animatable: Bool
    ) -> LayerPropertyAccessor {
        LayerPropertyAccessor(
            kind: .size, hasImplicitAnimation: animatable,
            read: { .size(get(&$0)) },
            write: { properties, value in
                guard case .size(let size) = value, size.width.isFinite, size.height.isFinite else { return false }
                set(&properties, size)
                return true
            })
    }

    static func rect(
        _ get: @escaping @Sendable (inout LayerProperties) -> CGRect, _ set: @escaping @Sendable (inout LayerProperties, CGRect) -> Void, animatable: Bool
    ) -> LayerPropertyAccessor {
        LayerPropertyAccessor(
            kind: .rect, hasImplicitAnimation: animatable,
            read: { .rect(get(&$0)) },
            write: { properties, value in
                guard case .rect(let rect) = value, rect.origin.x.isFinite, rect.origin.y.isFinite,
                    rect.size.width.isFinite, rect.size.height.isFinite
                else { return false }
                set(&properties, rect)
                return true
            })
    }

    static func name(
        _ get: @escaping @Sendable (inout LayerProperties) -> String, _ set: @escaping @Sendable (inout LayerProperties, String) -> Void
    ) -> LayerPropertyAccessor {
        LayerPropertyAccessor(
            kind: .string, hasImplicitAnimation: false,
            read: { .string(get(&$0)) },
            write: { properties, value in
                guard case .string(let string) = value else { return false }
                set(&properties, string)
                return true
            })
    }

    static func numbers(
        _ get: @escaping @Sendable (inout LayerProperties) -> [Double]?, _ set: @escaping @Sendable (inout LayerProperties, [Double]?) -> Void, animatable: Bool
    ) -> LayerPropertyAccessor {
        LayerPropertyAccessor(
            kind: .numbers, hasImplicitAnimation: animatable,
            read: { properties in get(&properties).map { .numbers($0) } ?? .null },
            write: { properties, value in
                switch value {
                case .numbers(let numbers) where numbers.allSatisfy(\.isFinite): set(&properties, numbers)
                case .null: set(&properties, nil)
                default: return false
                }
                return true
            })
    }
}

extension LayerPropertyAccessor {
    static func transform(
        _ get: @escaping @Sendable (inout LayerProperties) -> CATransform3D, _ set: @escaping @Sendable (inout LayerProperties, CATransform3D) -> Void, animatable: Bool
    ) -> LayerPropertyAccessor {
        LayerPropertyAccessor(
            kind: .transform, hasImplicitAnimation: animatable,
            read: { .transform(get(&$0)) },
            write: { properties, value in
                guard case .transform(let transform) = value, transform.isFinite else { return false }
                set(&properties, transform)
                return true
            },
            copy: { set(&$0, get(&$1)) }, getTransform: get, setTransform: set)
    }

    static func color(
        _ get: @escaping @Sendable (inout LayerProperties) -> CGColor?, _ set: @escaping @Sendable (inout LayerProperties, CGColor?) -> Void, animatable: Bool
    ) -> LayerPropertyAccessor {
        LayerPropertyAccessor(
            kind: .color, hasImplicitAnimation: animatable,
            read: { properties in get(&properties).map { .color($0) } ?? .null },
            write: { properties, value in
                switch value {
                case .color(let color): set(&properties, color)
                case .null: set(&properties, nil)
                default: return false
                }
                return true
            })
    }

    static func colors(
        _ get: @escaping @Sendable (inout LayerProperties) -> [CGColor]?, _ set: @escaping @Sendable (inout LayerProperties, [CGColor]?) -> Void, animatable: Bool
    ) -> LayerPropertyAccessor {
        LayerPropertyAccessor(
            kind: .colors, hasImplicitAnimation: animatable,
            read: { properties in get(&properties).map { .colors($0) } ?? .null },
            write: { properties, value in
                switch value {
                case .colors(let colors): set(&properties, colors)
                case .null: set(&properties, nil)
                default: return false
                }
                return true
            })
    }

    static func cgPath(
        _ get: @escaping @Sendable (inout LayerProperties) -> CGPath?, _ set: @escaping @Sendable (inout LayerProperties, CGPath?) -> Void, animatable: Bool
    ) -> LayerPropertyAccessor {
        LayerPropertyAccessor(
            kind: .path, hasImplicitAnimation: animatable,
            read: { properties in get(&properties).map { .path($0) } ?? .null },
            write: { properties, value in
                switch value {
                case .path(let cgPath): set(&properties, cgPath)
                case .null: set(&properties, nil)
                default: return false
                }
                return true
            })
    }

    static func image(
        _ get: @escaping @Sendable (inout LayerProperties) -> CGImage?, _ set: @escaping @Sendable (inout LayerProperties, CGImage?) -> Void, animatable: Bool
    ) -> LayerPropertyAccessor {
        LayerPropertyAccessor(
            kind: .image, hasImplicitAnimation: animatable,
            read: { properties in get(&properties).map { .image($0) } ?? .null },
            write: { properties, value in
                switch value {
                case .image(let image): set(&properties, image)
                case .null: set(&properties, nil)
                default: return false
                }
                return true
            })
    }
}

extension LayerPropertyAccessor {
    /// The value in `properties` (a copy is read; for paths that are not per frame).
    func value(in properties: LayerProperties) -> LayerValue {
        var copy = properties
        return read(&copy)
    }
}

