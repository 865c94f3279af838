// Typed property values: what Apple's `Any?` boxes become inside the engine, for storage,
// interpolation (spec §2.4) and snapshots. Numbers are Double internally whatever their API type.
import Foundation
import QuartzMath
import QuartzRaster

/// One property value in typed form.
enum LayerValue: Sendable {
    case number(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    case bool(Bool)
    case numbers([Double])
    case string(String)
    case transform(CATransform3D)
    case color(CGColor)
    case colors([CGColor])
    case image(CGImage)
    case path(CGPath)
    /// An absent optional value (nil colour, nil path, nil contents).
    case null

    /// The scalar of a `.number` or `.bool`; nil otherwise.
    var doubleValue: Double? {
        switch self {
        case .number(let value): return value
        case .bool(let flag): return flag ? 1 : 0
        default: return nil
        }
    }
}

/// How a property's value is boxed on Apple's `Any?` surface (which Swift type `value(forKey:)` returns).
enum LayerValueKind: Sendable, Equatable {
    case cgFloat
    case float
    case double
    case int
    case bool
    case point
    case size
    case rect
    case numbers
    case string
    case transform
    case color
    case colors
    case image
    case path
}

extension LayerValue: Equatable {
    /// Structural equality; images compare by identity (CGImage is an immutable reference type).
    static func == (lhs: LayerValue, rhs: LayerValue) -> Bool {
        switch (lhs, rhs) {
        case (.number(let a), .number(let b)): return a == b
        case (.point(let a), .point(let b)): return a == b
        case (.size(let a), .size(let b)): return a == b
        case (.rect(let a), .rect(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.numbers(let a), .numbers(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.transform(let a), .transform(let b)): return a == b
        case (.color(let a), .color(let b)): return a == b
        case (.colors(let a), .colors(let b)): return a == b
        case (.image(let a), .image(let b)): return a === b
        case (.path(let a), .path(let b)): return a == b
        case (.null, .null): return true
        default: return false
        }
    }
}

extension LayerValue {
    /// Converts an `Any?` from the KVC surface, accepting every numeric Swift type and NSNumber for scalars
    /// (Apple boxes them all as NSNumber) and geometry in its NSValue boxes (`NSValue(cgPoint:)`,
    /// `NSValue(caTransform3D:)` …, `NSValue+Geometry.swift`). Returns nil when the type does not fit the kind.
    init?(boxed value: Any?, as kind: LayerValueKind) {
        guard let value else {
            // nil is a value for the optional kinds (colours, images, paths, arrays).
            switch kind {
            case .color, .colors, .image, .path, .numbers: self = .null
            default: return nil
            }
            return
        }
        switch kind {
        case .cgFloat, .float, .double, .int:
            guard let number = LayerValue.number(from: value) else { return nil }
            self = .number(number)
        case .bool:
            if let flag = value as? Bool {
                self = .bool(flag)
            } else if let number = LayerValue.number(from: value) {
                self = .bool(number != 0)
            } else {
                return nil
            }
        case .point:
            guard let point = GeometryBox.point(value) else { return nil }
            self = .point(point)
        case .size:
            guard let size = GeometryBox.size(value) else { return nil }
            self = .size(size)
        case .rect:
            guard let rect = GeometryBox.rect(value) else { return nil }
            self = .rect(rect)
        case .numbers:
            if let doubles = value as? [Double] {
                self = .numbers(doubles)
            } else if let array = value as? [Any] {
                var doubles: [Double] = []
                doubles.reserveCapacity(array.count)
                for element in array {
                    guard let number = LayerValue.number(from: element) else { return nil }
                    doubles.append(number)
                }
                self = .numbers(doubles)
            } else {
                return nil
            }
        case .string:
            if let string = value as? String {
                self = .string(string)
            } else if let raw = value as? any RawRepresentable, let string = raw.rawValue as? String {
                self = .string(string)
            } else {
                return nil
            }
        case .transform:
            guard let transform = GeometryBox.transform3D(value), transform.isFinite else { return nil }
            self = .transform(transform)
        case .color:
            guard let color = value as? CGColor else { return nil }
            self = .color(color)
        case .colors:
            guard let array = value as? [Any] else { return nil }
            var colors: [CGColor] = []
            colors.reserveCapacity(array.count)
            for element in array {
                guard let color = element as? CGColor else { return nil }
                colors.append(color)
            }
            self = .colors(colors)
        case .image:
            guard let image = value as? CGImage else { return nil }
            self = .image(image)
        case .path:
            guard let path = value as? CGPath else { return nil }
            self = .path(path)
        }
    }

    /// Boxes the value as Apple's API type for `kind` (Float for `opacity`, CGFloat for `cornerRadius`, …).
    func boxed(as kind: LayerValueKind) -> Any? {
        switch (self, kind) {
        case (.number(let value), .cgFloat): return CGFloat(value)
        case (.number(let value), .float): return Float(value)
        case (.number(let value), .double): return value
        case (.number(let value), .int): return value.isFinite ? Int(exactly: value.rounded()) : nil
        case (.bool(let flag), _): return flag
        case (.point(let point), _): return point
        case (.size(let size), _): return size
        case (.rect(let rect), _): return rect
        case (.numbers(let numbers), _): return numbers.map { CGFloat($0) }
        case (.string(let string), _): return string
        case (.transform(let transform), _): return transform
        case (.color(let color), _): return color
        case (.colors(let colors), _): return colors
        case (.image(let image), _): return image
        case (.path(let path), _): return path
        default: return nil
        }
    }

    /// Any numeric Swift value (and NSNumber) as a Double.
    static func number(from value: Any) -> Double? {
        switch value {
        case let double as Double: return double
        case let cgFloat as CGFloat: return Double(cgFloat)
        case let float as Float: return Double(float)
        case let int as Int: return Double(int)
        case let int32 as Int32: return Double(int32)
        case let int64 as Int64: return Double(int64)
        case let uint as UInt: return Double(uint)
        case let number as NSNumber: return number.doubleValue
        default: return nil
        }
    }
}
