// SVG path data (SVG 1.1 §8.3: M/L/H/V/C/S/Q/T/A/Z, absolute and relative) into a CGPath. Coordinates
// are the layer's own (user space, y down as Core Animation's layer space on this platform); elliptical
// arcs become cubic Béziers of at most 90° each (SVG 1.1 Appendix F.6 centre parameterisation).
import Foundation
import QuartzRaster

/// Why path data could not be parsed: the problem and the character offset where it was found.
package struct SVGPathDataError: Error, Sendable, Equatable, CustomStringConvertible {
    package let offset: Int
    package let message: String

    package var description: String { "\(message) at character \(offset)" }
}

/// Parses SVG path data.
package enum SVGPathData {
    /// The path described by `data`. An empty string is an empty path.
    package static func path(from data: String) throws(SVGPathDataError) -> CGMutablePath {
        var parser = Parser(bytes: Array(data.utf8))
        return try parser.parse()
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0
        let path = CGMutablePath()
        var current = CGPoint.zero
        var subpathStart = CGPoint.zero
        /// The last command's second control point (for S/T reflection), if it was a curve of that family.
        var lastCubicControl: CGPoint?
        var lastQuadControl: CGPoint?
        var hasCurrentPoint = false

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        mutating func parse() throws(SVGPathDataError) -> CGMutablePath {
            skipSeparators()
            var command: UInt8?
            while index < bytes.count {
                let byte = bytes[index]
                if Self.isCommand(byte) {
                    command = byte
                    index += 1
                } else if command == nil {
                    throw SVGPathDataError(offset: index, message: "path data must start with a command (M or m)")
                } else if command == UInt8(ascii: "Z") || command == UInt8(ascii: "z") {
                    throw SVGPathDataError(offset: index, message: "unexpected number after Z")
                }
                guard let letter = command else { break }
                if !hasCurrentPoint && letter != UInt8(ascii: "M") && letter != UInt8(ascii: "m") {
                    throw SVGPathDataError(offset: index - 1, message: "path data must start with a command (M or m)")
                }
                try run(letter)
                // After the coordinates of an M, further pairs are implicit L (SVG 1.1 §8.3.2).
                if letter == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
                if letter == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
                skipSeparators()
            }
            return path
        }

        static func isCommand(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "M"), UInt8(ascii: "m"), UInt8(ascii: "L"), UInt8(ascii: "l"), UInt8(ascii: "H"),
                UInt8(ascii: "h"), UInt8(ascii: "V"), UInt8(ascii: "v"), UInt8(ascii: "C"), UInt8(ascii: "c"),
                UInt8(ascii: "S"), UInt8(ascii: "s"), UInt8(ascii: "Q"), UInt8(ascii: "q"), UInt8(ascii: "T"),
                UInt8(ascii: "t"), UInt8(ascii: "A"), UInt8(ascii: "a"), UInt8(ascii: "Z"), UInt8(ascii: "z"):
                return true
            default:
                return false
            }
        }

        /// One command's parameters (one set; the caller loops for repeated sets).
        mutating func run(_ letter: UInt8) throws(SVGPathDataError) {
            let relative = letter >= UInt8(ascii: "a")
            let base = relative ? current : .zero
            func offset(_ x: Double, _ y: Double) -> CGPoint { CGPoint(x: base.x + x, y: base.y + y) }
            var cubicControl: CGPoint?
            var quadControl: CGPoint?
            switch letter | 0x20 {  // lower-case
            case UInt8(ascii: "m"):
                let point = offset(try number(), try number())
                path.move(to: point)
                current = point
                subpathStart = point
                hasCurrentPoint = true
            case UInt8(ascii: "l"):
                let point = offset(try number(), try number())
                path.addLine(to: point)
                current = point
            case UInt8(ascii: "h"):
                let x = try number()
                let point = CGPoint(x: relative ? current.x + x : x, y: current.y)
                path.addLine(to: point)
                current = point
            case UInt8(ascii: "v"):
                let y = try number()
                let point = CGPoint(x: current.x, y: relative ? current.y + y : y)
                path.addLine(to: point)
                current = point
            case UInt8(ascii: "c"):
                let c1 = offset(try number(), try number())
                let c2 = offset(try number(), try number())
                let end = offset(try number(), try number())
                path.addCurve(to: end, control1: c1, control2: c2)
                cubicControl = c2
                current = end
            case UInt8(ascii: "s"):
                let c1 = lastCubicControl.map { CGPoint(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
                let c2 = offset(try number(), try number())
                let end = offset(try number(), try number())
                path.addCurve(to: end, control1: c1, control2: c2)
                cubicControl = c2
                current = end
            case UInt8(ascii: "q"):
                let control = offset(try number(), try number())
                let end = offset(try number(), try number())
                path.addQuadCurve(to: end, control: control)
                quadControl = control
                current = end
            case UInt8(ascii: "t"):
                let control = lastQuadControl.map { CGPoint(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
                let end = offset(try number(), try number())
                path.addQuadCurve(to: end, control: control)
                quadControl = control
                current = end
            case UInt8(ascii: "a"):
                let rx = try number(), ry = try number(), rotation = try number()
                let largeArc = try flag(), sweep = try flag()
                let end = offset(try number(), try number())
                SVGArc(from: current, to: end, rx: rx, ry: ry, xAxisRotationDegrees: rotation,
                       largeArc: largeArc, sweep: sweep).append(to: path)
                current = end
            default:  // z
                path.closeSubpath()
                current = subpathStart
            }
            lastCubicControl = cubicControl
            lastQuadControl = quadControl
        }

        mutating func skipSeparators() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0x0C, UInt8(ascii: ",")].contains(bytes[index]) {
                index += 1
            }
        }

        /// A number (SVG grammar: sign, digits, fraction, exponent), preceded by separators.
        mutating func number() throws(SVGPathDataError) -> Double {
            skipSeparators()
            let start = index
            func digits() -> Int {
                let from = index
                while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                    index += 1
                }
                return index - from
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            var count = digits()
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                count += digits()
            }
            guard count > 0 else {
                index = start
                throw SVGPathDataError(offset: start, message: index < bytes.count ? "expected a number" : "expected a number, found the end of the data")
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                let mark = index
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                if digits() == 0 { index = mark }
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard let value = Double(text), value.isFinite else {
                throw SVGPathDataError(offset: start, message: "number \"\(text)\" is not finite")
            }
            return value
        }

        /// An arc flag: a single 0 or 1 (which may be written without a separator, "a1 1 0 00 1 1").
        mutating func flag() throws(SVGPathDataError) -> Bool {
            skipSeparators()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "0") || bytes[index] == UInt8(ascii: "1") else {
                throw SVGPathDataError(offset: index, message: "expected an arc flag (0 or 1)")
            }
            index += 1
            return bytes[index - 1] == UInt8(ascii: "1")
        }
    }
}
