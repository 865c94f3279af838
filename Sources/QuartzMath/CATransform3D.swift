// Apple's CATransform3D: sixteen CGFloats m11…m44, row-major, for ROW vectors: a point transforms as
// p' = p · M, translation sits in m41 m42 m43 and perspective in the fourth column (m14 m24 m34)
// [spec §0.1, §9.1; Apple CATransform3D.h]. Storage is four SIMD4<Double> rows so the maths
// (see CATransform3D+Functions.swift) runs on vector registers; m11… are computed views of the rows.
import Foundation

public struct CATransform3D: Hashable, Sendable {
    /// Row 1 = (m11, m12, m13, m14): the image of the x axis.
    public var row1: SIMD4<Double>
    /// Row 2 = (m21, m22, m23, m24): the image of the y axis.
    public var row2: SIMD4<Double>
    /// Row 3 = (m31, m32, m33, m34): the image of the z axis.
    public var row3: SIMD4<Double>
    /// Row 4 = (m41, m42, m43, m44): translation and the homogeneous scale.
    public var row4: SIMD4<Double>

    /// All sixteen elements zero, like the zero-initialised C struct Apple imports into Swift.
    @inlinable public init() {
        row1 = .zero; row2 = .zero; row3 = .zero; row4 = .zero
    }

    /// Builds a transform from its four rows (an addition to Apple's API, for engine code).
    @inlinable public init(row1: SIMD4<Double>, row2: SIMD4<Double>, row3: SIMD4<Double>, row4: SIMD4<Double>) {
        self.row1 = row1; self.row2 = row2; self.row3 = row3; self.row4 = row4
    }

    /// Apple's memberwise initialiser.
    @inlinable public init(
        m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
        m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
        m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
        m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
    ) {
        row1 = SIMD4(Double(m11), Double(m12), Double(m13), Double(m14))
        row2 = SIMD4(Double(m21), Double(m22), Double(m23), Double(m24))
        row3 = SIMD4(Double(m31), Double(m32), Double(m33), Double(m34))
        row4 = SIMD4(Double(m41), Double(m42), Double(m43), Double(m44))
    }

    @inlinable public var m11: CGFloat { get { CGFloat(row1.x) } set { row1.x = Double(newValue) } }
    @inlinable public var m12: CGFloat { get { CGFloat(row1.y) } set { row1.y = Double(newValue) } }
    @inlinable public var m13: CGFloat { get { CGFloat(row1.z) } set { row1.z = Double(newValue) } }
    @inlinable public var m14: CGFloat { get { CGFloat(row1.w) } set { row1.w = Double(newValue) } }
    @inlinable public var m21: CGFloat { get { CGFloat(row2.x) } set { row2.x = Double(newValue) } }
    @inlinable public var m22: CGFloat { get { CGFloat(row2.y) } set { row2.y = Double(newValue) } }
    @inlinable public var m23: CGFloat { get { CGFloat(row2.z) } set { row2.z = Double(newValue) } }
    @inlinable public var m24: CGFloat { get { CGFloat(row2.w) } set { row2.w = Double(newValue) } }
    @inlinable public var m31: CGFloat { get { CGFloat(row3.x) } set { row3.x = Double(newValue) } }
    @inlinable public var m32: CGFloat { get { CGFloat(row3.y) } set { row3.y = Double(newValue) } }
    @inlinable public var m33: CGFloat { get { CGFloat(row3.z) } set { row3.z = Double(newValue) } }
    @inlinable public var m34: CGFloat { get { CGFloat(row3.w) } set { row3.w = Double(newValue) } }
    @inlinable public var m41: CGFloat { get { CGFloat(row4.x) } set { row4.x = Double(newValue) } }
    @inlinable public var m42: CGFloat { get { CGFloat(row4.y) } set { row4.y = Double(newValue) } }
    @inlinable public var m43: CGFloat { get { CGFloat(row4.z) } set { row4.z = Double(newValue) } }
    @inlinable public var m44: CGFloat { get { CGFloat(row4.w) } set { row4.w = Double(newValue) } }

    /// Row `index` (0…3) as a vector; engine code that loops over rows uses this.
    @inlinable public subscript(row index: Int) -> SIMD4<Double> {
        get {
            switch index {
            case 0: return row1
            case 1: return row2
            case 2: return row3
            default: precondition(index == 3, "CATransform3D row index \(index) is outside 0…3"); return row4
            }
        }
        set {
            switch index {
            case 0: row1 = newValue
            case 1: row2 = newValue
            case 2: row3 = newValue
            default: precondition(index == 3, "CATransform3D row index \(index) is outside 0…3"); row4 = newValue
            }
        }
    }

    /// The transpose, for column-oriented consumers (columns of `self` become rows).
    @inlinable public var transposed: CATransform3D {
        CATransform3D(
            row1: SIMD4(row1.x, row2.x, row3.x, row4.x), row2: SIMD4(row1.y, row2.y, row3.y, row4.y),
            row3: SIMD4(row1.z, row2.z, row3.z, row4.z), row4: SIMD4(row1.w, row2.w, row3.w, row4.w))
    }

    /// True when every element is finite (neither NaN nor ±infinity).
    @inlinable public var isFinite: Bool {
        // x * 0 is ±0 for finite x and NaN for NaN or ±inf; summing zeros cannot overflow.
        let zero = SIMD4<Double>.zero
        var lanes = row1 * zero
        lanes += row2 * zero
        lanes += row3 * zero
        lanes += row4 * zero
        return lanes == zero
    }
}

// Equality is Apple's CATransform3DEqualToTransform: exact, element by element (IEEE: -0 == 0, NaN != NaN).
// The synthesised `==` on the four SIMD rows is exactly that, and Double's hash treats -0 and 0 alike.

extension CATransform3D: CustomStringConvertible {
    public var description: String {
        let names = ["m11", "m12", "m13", "m14", "m21", "m22", "m23", "m24",
                     "m31", "m32", "m33", "m34", "m41", "m42", "m43", "m44"]
        let values = [row1, row2, row3, row4].flatMap { [$0.x, $0.y, $0.z, $0.w] }
        let fields = zip(names, values).map { "\($0): \($1)" }
        return "CATransform3D(" + fields.joined(separator: ", ") + ")"
    }
}
