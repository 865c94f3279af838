// UIKit's geometry strings, which ported code uses to write points and rects into property lists and
// animation tables: `NSCoder.string(for:)` writes "{x, y}", "{w, h}", "{{x, y}, {w, h}}" and
// "[a, b, c, d, tx, ty]"; `NSCoder.cgPoint(for:)` and friends read them back. As UIKit's readers (the
// `CGPointFromString` family), a string without the expected numbers reads as zero.
import Foundation

extension NSCoder {
    public class func string(for point: CGPoint) -> String { "{\(number(point.x)), \(number(point.y))}" }
    public class func string(for size: CGSize) -> String { "{\(number(size.width)), \(number(size.height))}" }
    public class func string(for rect: CGRect) -> String { "{\(string(for: rect.origin)), \(string(for: rect.size))}" }
    public class func string(for transform: CGAffineTransform) -> String {
        let t = transform
        return "[\([t.a, t.b, t.c, t.d, t.tx, t.ty].map(number).joined(separator: ", "))]"
    }

    public class func cgPoint(for string: String) -> CGPoint {
        guard let n = numbers(in: string, count: 2) else { return .zero }
        return CGPoint(x: n[0], y: n[1])
    }

    public class func cgSize(for string: String) -> CGSize {
        guard let n = numbers(in: string, count: 2) else { return .zero }
        return CGSize(width: n[0], height: n[1])
    }

    public class func cgRect(for string: String) -> CGRect {
        guard let n = numbers(in: string, count: 4) else { return .zero }
        return CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    public class func cgAffineTransform(for string: String) -> CGAffineTransform {
        guard let n = numbers(in: string, count: 6) else { return .identity }
        return CGAffineTransform(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5])
    }

    /// Shortest form that reads back exactly ("1", "0.5", "1e+100").
    private static func number(_ value: CGFloat) -> String {
        let double = Double(value)
        if double == double.rounded(), abs(double) < 1e15 { return String(Int64(double)) }
        return "\(double)"
    }

    /// The numbers between the braces, brackets and commas, when there are exactly `count` of them.
    private static func numbers(in string: String, count: Int) -> [Double]? {
        let separators = CharacterSet(charactersIn: "{}[], \t\n")
        let parts = string.components(separatedBy: separators).filter { !$0.isEmpty }
        guard parts.count == count else { return nil }
        let values = parts.compactMap(Double.init)
        return values.count == count && values.allSatisfy(\.isFinite) ? values : nil
    }
}
