// JSON values into the Swift values the engine's key-value coding takes: CGPoint, CGRect, CGColor,
// CATransform3D, CGPath, CGImage, … Every problem is reported at its JSON path and parsing goes on.
import Foundation
import QuartzJSON
import QuartzLayers
import QuartzMath
import QuartzRaster
import QuartzText

/// A parsed property value (nil for JSON null). Invariant: it holds only immutable values — structs,
/// CGColor, CGImage, and CGPath copies nobody mutates — so sharing it between threads is safe.
struct SceneValue: @unchecked Sendable {
    let value: Any?
}

/// Converts JSON values by kind, reporting problems to `diagnostics`.
final class SceneValueParser {
    let diagnostics: SceneDiagnostics
    let images: SceneImageLoader
    /// Every font the scene names, resolved, in the order first named (`Scene.fonts`).
    private(set) var fonts: [FontResolution] = []

    init(diagnostics: SceneDiagnostics, images: SceneImageLoader) {
        self.diagnostics = diagnostics
        self.images = images
    }

    func fail(_ path: String, _ kind: SceneValueKind, _ json: SceneJSONValue) {
        diagnostics.error(path, .wrongType, "expected \(kind.expectation), got \(json.typeName)")
    }

    /// The value of `json` as `kind`; nil after reporting an error.
    func parse(_ json: SceneJSONValue, as kind: SceneValueKind, at path: String) -> SceneValue? {
        switch kind {
        case .number:
            return number(json, at: path).map { SceneValue(value: $0) }
        case .bool:
            guard case .bool(let flag) = json else { fail(path, kind, json); return nil }
            return SceneValue(value: flag)
        case .point:
            guard let pair = numbers(json, count: 2, names: ["x", "y"], kind: kind, at: path) else { return nil }
            return SceneValue(value: CGPoint(x: pair[0], y: pair[1]))
        case .size:
            guard let pair = numbers(json, count: 2, names: ["width", "height"], kind: kind, at: path) else { return nil }
            return SceneValue(value: CGSize(width: pair[0], height: pair[1]))
        case .rect:
            guard let four = numbers(json, count: 4, names: ["x", "y", "width", "height"], kind: kind, at: path) else { return nil }
            return SceneValue(value: CGRect(x: four[0], y: four[1], width: four[2], height: four[3]))
        case .numbers:
            if case .null = json { return SceneValue(value: nil) }
            guard case .array(let array) = json else { fail(path, kind, json); return nil }
            var result: [Double] = []
            for (index, element) in array.enumerated() {
                guard let value = number(element, at: ScenePath.index(path, index)) else { return nil }
                result.append(value)
            }
            return SceneValue(value: result.map { CGFloat($0) })
        case .name(let names):
            guard case .string(let string) = json else { fail(path, kind, json); return nil }
            guard names.contains(string) else {
                diagnostics.error(path, .unknownName, "\"\(string)\" is not one of \(names.joined(separator: ", "))")
                return nil
            }
            return SceneValue(value: string)
        case .filters:
            if case .null = json { return SceneValue(value: nil) }
            guard case .array(let array) = json else { fail(path, kind, json); return nil }
            var names: [String] = []
            for (index, element) in array.enumerated() {
                guard let name = parse(element, as: .name(SceneSchema.layerFilters), at: ScenePath.index(path, index)) else {
                    return nil
                }
                names.append(name.value as! String)
            }
            return SceneValue(value: SceneLayerFilters(names: names))
        case .transform:
            return transform(json, at: path).map { SceneValue(value: $0) }
        case .color:
            if case .null = json { return SceneValue(value: nil) }
            return color(json, at: path).map { SceneValue(value: $0) }
        case .colors:
            if case .null = json { return SceneValue(value: nil) }
            guard case .array(let array) = json else { fail(path, kind, json); return nil }
            var colors: [CGColor] = []
            for (index, element) in array.enumerated() {
                guard let color = color(element, at: ScenePath.index(path, index)) else { return nil }
                colors.append(color)
            }
            return SceneValue(value: colors)
        case .string:
            if case .null = json { return SceneValue(value: nil) }
            guard case .string(let string) = json else { fail(path, kind, json); return nil }
            return SceneValue(value: string)
        case .font:
            return font(json, at: path)
        case .image:
            if case .null = json { return SceneValue(value: nil) }
            guard case .string(let file) = json else { fail(path, kind, json); return nil }
            return images.image(file, at: path, diagnostics: diagnostics).map { SceneValue(value: $0) }
        case .path:
            if case .null = json { return SceneValue(value: nil) }
            return cgPath(json, at: path).map { SceneValue(value: $0) }
        case .cornerMask:
            return cornerMask(json, at: path).map { SceneValue(value: $0) }
        }
    }

    /// A finite number.
    func number(_ json: SceneJSONValue, at path: String) -> Double? {
        guard case .number(let number) = json else { fail(path, .number, json); return nil }
        guard number.isFinite else {
            diagnostics.error(path, .outOfRange, "must be a finite number")
            return nil
        }
        return number
    }

    /// `count` finite numbers from an array or an object with the given field names.
    func numbers(_ json: SceneJSONValue, count: Int, names: [String], kind: SceneValueKind, at path: String) -> [Double]? {
        var elements: [(SceneJSONValue, String)] = []
        switch json {
        case .array(let array):
            guard array.count == count else {
                diagnostics.error(path, .wrongType, "expected \(kind.expectation), got an array of \(array.count) elements")
                return nil
            }
            elements = array.enumerated().map { ($0.element, ScenePath.index(path, $0.offset)) }
        case .object(let object):
            guard Set(object.keys) == Set(names) else {
                diagnostics.error(path, .wrongType, "expected \(kind.expectation), got an object with keys \(object.keys.sorted().joined(separator: ", "))")
                return nil
            }
            elements = names.map { (object[$0]!, ScenePath.key(path, $0)) }
        default:
            fail(path, kind, json)
            return nil
        }
        var result: [Double] = []
        for (element, elementPath) in elements {
            guard let value = number(element, at: elementPath) else { return nil }
            result.append(value)
        }
        return result
    }

    /// "#RRGGBB", "#RRGGBBAA" (sRGB bytes), or 3–4 components in [0, 1].
    func color(_ json: SceneJSONValue, at path: String) -> CGColor? {
        switch json {
        case .string(let text):
            let hex = text.hasPrefix("#") ? text.dropFirst() : Substring("")
            guard hex.count == 6 || hex.count == 8, let packed = UInt32(hex, radix: 16) else {
                diagnostics.error(path, .wrongType, "\"\(text)\" is not a colour: write \"#RRGGBB\" or \"#RRGGBBAA\" in hexadecimal")
                return nil
            }
            let rgba = hex.count == 6 ? packed << 8 | 0xFF : packed
            func channel(_ shift: UInt32) -> CGFloat { CGFloat((rgba >> shift) & 0xFF) / 255 }
            return CGColor(red: channel(24), green: channel(16), blue: channel(8), alpha: channel(0))
        case .array(let array):
            guard array.count == 3 || array.count == 4 else {
                diagnostics.error(path, .wrongType, "a colour array needs 3 or 4 components, got \(array.count)")
                return nil
            }
            var components: [Double] = []
            for (index, element) in array.enumerated() {
                let elementPath = ScenePath.index(path, index)
                guard let value = number(element, at: elementPath) else { return nil }
                guard value >= 0 && value <= 1 else {
                    diagnostics.error(elementPath, .outOfRange, "colour components must be in [0, 1], got \(SceneFormat.number(value))")
                    return nil
                }
                components.append(value)
            }
            return CGColor(red: components[0], green: components[1], blue: components[2], alpha: components.count == 4 ? components[3] : 1)
        default:
            fail(path, .color, json)
            return nil
        }
    }

    /// Corner names ("layerMinXMinYCorner", …) or the raw mask 0–15.
    func cornerMask(_ json: SceneJSONValue, at path: String) -> CACornerMask? {
        let corners: [(String, CACornerMask)] = [
            ("layerMinXMinYCorner", .layerMinXMinYCorner), ("layerMaxXMinYCorner", .layerMaxXMinYCorner),
            ("layerMinXMaxYCorner", .layerMinXMaxYCorner), ("layerMaxXMaxYCorner", .layerMaxXMaxYCorner),
        ]
        switch json {
        case .number(let raw):
            guard raw >= 0, raw < 16, raw == raw.rounded() else {
                diagnostics.error(path, .outOfRange, "a corner mask number must be an integer 0–15, got \(SceneFormat.number(raw))")
                return nil
            }
            return CACornerMask(rawValue: UInt(raw))
        case .array(let names):
            var mask: CACornerMask = []
            for (index, element) in names.enumerated() {
                guard let name = element.stringValue, let corner = corners.first(where: { $0.0 == name }) else {
                    diagnostics.error(ScenePath.index(path, index), .unknownName,
                                      "expected one of \(corners.map(\.0).joined(separator: ", "))")
                    return nil
                }
                mask.insert(corner.1)
            }
            return mask
        default:
            fail(path, .cornerMask, json)
            return nil
        }
    }
}

extension SceneValueParser {
    /// A font by name (resolved now, so `quartz-render info` can list it; a missing family falls back and
    /// is reported once) or by file (relative to the scene file; a file that is not a usable font is an error).
    func font(_ json: SceneJSONValue, at path: String) -> SceneValue? {
        switch json {
        case .null:
            note(try? FontLibrary.shared.resolve(name: "Helvetica"))
            return SceneValue(value: nil)
        case .string(let name):
            note(try? FontLibrary.shared.resolve(name: name))
            return SceneValue(value: name)
        case .object(let object):
            guard object.count == 1, case .string(let file)? = object["path"] else {
                diagnostics.error(path, .wrongType, "expected \(SceneValueKind.font.expectation)")
                return nil
            }
            let url = file.hasPrefix("/") ? URL(fileURLWithPath: file) : images.baseDirectory.appendingPathComponent(file)
            do {
                let font = try CGFont(contentsOfFile: url.path)
                note(font.resolution)
                return SceneValue(value: font)
            } catch {
                diagnostics.error(ScenePath.key(path, "path"), .badFont, error.description)
                return nil
            }
        default:
            fail(path, .font, json)
            return nil
        }
    }

    /// Records a text layer's default font (Helvetica) when it names none.
    func noteDefaultFont() { note(try? FontLibrary.shared.resolve(name: "Helvetica")) }

    private func note(_ resolution: FontResolution?) {
        guard let resolution, !fonts.contains(resolution) else { return }
        fonts.append(resolution)
    }
}

