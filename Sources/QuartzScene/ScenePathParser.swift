// Paths in JSON: SVG path data (a string) or a list of CGMutablePath commands, each a one-key object:
// move [x, y], line [x, y], quad [cx, cy, x, y], curve [c1x, c1y, c2x, c2y, x, y], close (any value),
// rect / ellipse [x, y, width, height], arc {center, radius, startAngle, endAngle, clockwise}.
import Foundation
import QuartzJSON
import QuartzRaster

extension SceneValueParser {
    func cgPath(_ json: SceneJSONValue, at path: String) -> CGPath? {
        switch json {
        case .string(let data):
            do {
                return try SVGPathData.path(from: data)
            } catch {
                diagnostics.error(path, .invalidPath, "invalid SVG path data: \(error)")
                return nil
            }
        case .array(let commands):
            let result = CGMutablePath()
            for (index, command) in commands.enumerated() {
                guard appendCommand(command, to: result, at: ScenePath.index(path, index)) else { return nil }
            }
            return result
        default:
            fail(path, .path, json)
            return nil
        }
    }

    private func appendCommand(_ json: SceneJSONValue, to result: CGMutablePath, at path: String) -> Bool {
        guard case .object(let object) = json, object.count == 1, let (name, argument) = object.first else {
            diagnostics.error(path, .invalidPath, "expected one command: move, line, quad, curve, close, rect, ellipse or arc")
            return false
        }
        let argumentPath = ScenePath.key(path, name)
        func points(_ count: Int) -> [CGPoint]? {
            guard case .array(let array) = argument, array.count == count * 2 else {
                diagnostics.error(argumentPath, .invalidPath, "\(name) needs \(count * 2) numbers")
                return nil
            }
            var numbers: [Double] = []
            for (index, element) in array.enumerated() {
                guard let value = number(element, at: ScenePath.index(argumentPath, index)) else { return nil }
                numbers.append(value)
            }
            return stride(from: 0, to: numbers.count, by: 2).map { CGPoint(x: numbers[$0], y: numbers[$0 + 1]) }
        }
        let needsCurrentPoint = ["line", "quad", "curve"].contains(name)
        if needsCurrentPoint && result.isEmpty {
            diagnostics.error(argumentPath, .invalidPath, "\(name) needs a current point: start with move")
            return false
        }
        switch name {
        case "move":
            guard let p = points(1) else { return false }
            result.move(to: p[0])
        case "line":
            guard let p = points(1) else { return false }
            result.addLine(to: p[0])
        case "quad":
            guard let p = points(2) else { return false }
            result.addQuadCurve(to: p[1], control: p[0])
        case "curve":
            guard let p = points(3) else { return false }
            result.addCurve(to: p[2], control1: p[0], control2: p[1])
        case "close":
            result.closeSubpath()
        case "rect", "ellipse":
            guard let p = points(2) else { return false }
            let rect = CGRect(x: p[0].x, y: p[0].y, width: p[1].x, height: p[1].y)
            if name == "rect" { result.addRect(rect) } else { result.addEllipse(in: rect) }
        case "arc":
            guard let reader = SceneObjectReader(argument, path: argumentPath, diagnostics: diagnostics, what: "an arc") else { return false }
            let center = reader.raw("center").flatMap { parse($0, as: .point, at: reader.path("center")) }?.value as? CGPoint
            let radius = reader.nonNegative("radius")
            let start = reader.number("startAngle"), end = reader.number("endAngle")
            let clockwise = reader.bool("clockwise") ?? false
            reader.finish(known: "an arc has center, radius, startAngle, endAngle, clockwise")
            guard let center, let radius, let start, let end else {
                for key in ["center", "radius", "startAngle", "endAngle"] where !reader.has(key) {
                    diagnostics.error(reader.path(key), .missingKey, "an arc needs \(key)")
                }
                return false
            }
            result.addArc(center: center, radius: radius, startAngle: start, endAngle: end, clockwise: clockwise)
        default:
            diagnostics.error(path, .invalidPath, "unknown path command \"\(name)\" (move, line, quad, curve, close, rect, ellipse, arc)")
            return false
        }
        return true
    }
}
