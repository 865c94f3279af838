// The NSValue boxes that ported Core Animation code puts geometry in: QuartzCore's
// `NSValue(caTransform3D:)` / `caTransform3DValue` and UIKit's `NSValue(cgPoint:)`, `(cgSize:)`,
// `(cgRect:)`, `(cgAffineTransform:)` and their `…Value` accessors, next to the `NSValue(point:)`,
// `(size:)`, `(rect:)` Foundation on Linux already has.
//
// Foundation on Linux stores points, sizes and rects itself (objCType `{CGPoint=dd}` …) but cannot box other
// structs, so a transform is stored as an array of doubles (objCType `[16d]`, `[6d]`, in Apple's element
// order). Reading a box of another type gives the zero value instead of Foundation's trap.
import Foundation

extension NSValue {
    /// QuartzCore: a value holding `t`.
    public convenience init(caTransform3D t: CATransform3D) {
        let elements = [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
                        t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44].map(Double.init)
        self.init(doubles: elements, objCType: GeometryBox.transform3DType)
    }

    /// QuartzCore: the transform this value holds; the zero transform when it holds something else.
    public var caTransform3DValue: CATransform3D { GeometryBox.transform3D(self) ?? CATransform3D() }

    /// UIKit: a value holding `point` (the same box as `NSValue(point:)`).
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    /// UIKit: a value holding `size`.
    public convenience init(cgSize size: CGSize) { self.init(size: size) }
    /// UIKit: a value holding `rect`.
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }

    /// UIKit: a value holding `transform`.
    public convenience init(cgAffineTransform transform: CGAffineTransform) {
        let t = transform
        self.init(doubles: [t.a, t.b, t.c, t.d, t.tx, t.ty].map(Double.init), objCType: GeometryBox.affineTransformType)
    }

    /// UIKit: the point this value holds; `.zero` when it holds something else.
    public var cgPointValue: CGPoint { GeometryBox.point(self) ?? .zero }
    /// UIKit: the size this value holds; `.zero` when it holds something else.
    public var cgSizeValue: CGSize { GeometryBox.size(self) ?? .zero }
    /// UIKit: the rectangle this value holds; `.zero` when it holds something else.
    public var cgRectValue: CGRect { GeometryBox.rect(self) ?? .zero }
    /// UIKit: the affine transform this value holds; the zero transform when it holds something else.
    public var cgAffineTransformValue: CGAffineTransform {
        GeometryBox.affineTransform(self) ?? CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0)
    }

    private convenience init(doubles: [Double], objCType: String) {
        unsafe self.init(bytes: doubles, objCType: objCType)
    }
}

/// Reads geometry from whatever Core Animation code passes for it: the Swift value itself or its NSValue box.
package enum GeometryBox {
    static let transform3DType = "[16d]"
    static let affineTransformType = "[6d]"

    package static func point(_ value: Any) -> CGPoint? {
        if let point = value as? CGPoint { return point }
        guard let box = foundationBox(value) else { return nil }
        return storedValue(of: box) as? CGPoint
    }

    package static func size(_ value: Any) -> CGSize? {
        if let size = value as? CGSize { return size }
        guard let box = foundationBox(value) else { return nil }
        return storedValue(of: box) as? CGSize
    }

    package static func rect(_ value: Any) -> CGRect? {
        if let rect = value as? CGRect { return rect }
        guard let box = foundationBox(value) else { return nil }
        return storedValue(of: box) as? CGRect
    }

    package static func transform3D(_ value: Any) -> CATransform3D? {
        if let transform = value as? CATransform3D { return transform }
        guard let m = doubles(in: value, objCType: transform3DType, count: 16) else { return nil }
        return CATransform3D(
            m11: m[0], m12: m[1], m13: m[2], m14: m[3], m21: m[4], m22: m[5], m23: m[6], m24: m[7],
            m31: m[8], m32: m[9], m33: m[10], m34: m[11], m41: m[12], m42: m[13], m43: m[14], m44: m[15])
    }

    package static func affineTransform(_ value: Any) -> CGAffineTransform? {
        if let transform = value as? CGAffineTransform { return transform }
        guard let m = doubles(in: value, objCType: affineTransformType, count: 6) else { return nil }
        return CGAffineTransform(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5])
    }

    /// `value` as an NSValue object, never a Swift number bridged into one.
    private static func foundationBox(_ value: Any) -> NSValue? {
        guard let object = value as? NSValue, !(object is NSNumber), type(of: value) is AnyClass else { return nil }
        return object
    }

    // Foundation on Linux allocates a new C string on every `objCType` call and never frees it, so boxes are
    // read through their stored properties instead: a geometry box (NSValue(point:), (size:), (rect:)) keeps
    // its value as `_value`; a box of bytes keeps its type encoding as `_typeInfo.name`.

    /// The value a geometry box holds, nil for other boxes.
    private static func storedValue(of box: NSValue) -> Any? {
        Mirror(reflecting: box).children.first { $0.label == "_value" }?.value
    }

    /// The type encoding of a box made from bytes, nil for other boxes.
    private static func typeEncoding(of box: NSValue) -> String? {
        guard let info = Mirror(reflecting: box).children.first(where: { $0.label == "_typeInfo" })?.value else { return nil }
        return Mirror(reflecting: info).children.first { $0.label == "name" }?.value as? String
    }

    private static func doubles(in value: Any, objCType type: String, count: Int) -> [Double]? {
        guard let box = foundationBox(value), typeEncoding(of: box) == type else { return nil }
        var elements = [Double](repeating: 0, count: count)
        unsafe elements.withUnsafeMutableBytes { unsafe box.getValue($0.baseAddress!) }
        return elements
    }
}
