// What the compositor draws of `CALayer.filters`: the Core Image colour effects, as values. Both map a
// premultiplied pixel to a premultiplied pixel and keep transparent pixels transparent, so a filtered layer
// covers exactly the pixels it covered before.
import Foundation

/// A `CALayer.filters` entry OpenQuartz draws.
public enum LayerFilter: String, Sendable, Hashable, CaseIterable {
    /// `CIColorInvert`: each colour channel becomes 1 − itself, alpha unchanged (on straight colour, so
    /// premultiplied r becomes a − r).
    case colorInvert = "CIColorInvert"
    /// `CIMaskToAlpha`: white whose alpha is the pixel's luminance, taken on premultiplied colour (so a
    /// transparent pixel stays transparent) with the weights of SVG's luminanceToAlpha, 0.2125, 0.7154 and
    /// 0.0721, which CSS Masking's luminance masks use (Apple does not publish its kernel).
    case maskToAlpha = "CIMaskToAlpha"

    /// The entries of `filters` that are drawn, in order.
    static func drawn(_ filters: [Any]?) -> [LayerFilter] {
        guard let filters else { return [] }
        return filters.compactMap { ($0 as? CIFilter).flatMap { LayerFilter(rawValue: $0.name) } }
    }

    /// Writes one line to stderr for each entry that is not drawn (set again, reported again).
    static func reportUnsupported(in filters: [Any]?) {
        for object in filters ?? [] {
            if let filter = object as? CIFilter, LayerFilter(rawValue: filter.name) != nil { continue }
            let name = (object as? CIFilter)?.name ?? String(describing: type(of: object))
            let drawn = allCases.map(\.rawValue).joined(separator: ", ")
            let line = "OpenQuartz: CALayer.filters entry \(name) is not drawn (drawn: \(drawn))\n"
            FileHandle.standardError.write(Data(line.utf8))
        }
    }
}
