// Apple's CGColorSpace, reduced to what a renderer working in 8-bit sRGB-encoded values needs: RGB and
// grey spaces with either the sRGB transfer curve or a linear one. Name constants carry Apple's string
// values ("kCGColorSpaceSRGB" …); Foundation on Linux has no CFString, so `CFString` is a String alias here.
import Foundation

/// Apple names colour spaces with CFString constants; on Linux they are plain Swift strings.
public typealias CFString = String

/// Apple's `CGColorSpaceModel` with its raw values.
public enum CGColorSpaceModel: Int32, Sendable, Hashable {
    case unknown = -1
    case monochrome = 0
    case rgb = 1
    case cmyk = 2
    case lab = 3
    case deviceN = 4
    case indexed = 5
    case pattern = 6
    case XYZ = 7
}

/// A colour space (`CGColorSpace`): immutable and shareable across threads.
public final class CGColorSpace: Sendable, Hashable, CustomStringConvertible {
    /// How stored component values relate to the sRGB-encoded values the renderer works in.
    enum Encoding: Sendable, Hashable {
        /// Components are sRGB-encoded (gamma) values: used as they are.
        case sRGB
        /// Components are linear light: encoded with the sRGB transfer function before use.
        case linear
    }

    public static let sRGB: CFString = "kCGColorSpaceSRGB"
    public static let extendedSRGB: CFString = "kCGColorSpaceExtendedSRGB"
    public static let linearSRGB: CFString = "kCGColorSpaceLinearSRGB"
    public static let extendedLinearSRGB: CFString = "kCGColorSpaceExtendedLinearSRGB"
    public static let genericRGBLinear: CFString = "kCGColorSpaceGenericRGBLinear"
    public static let genericGrayGamma2_2: CFString = "kCGColorSpaceGenericGrayGamma2_2"
    public static let linearGray: CFString = "kCGColorSpaceLinearGray"
    public static let extendedGray: CFString = "kCGColorSpaceExtendedGray"
    public static let extendedLinearGray: CFString = "kCGColorSpaceExtendedLinearGray"
    static let deviceRGBName: CFString = "kCGColorSpaceDeviceRGB"
    static let deviceGrayName: CFString = "kCGColorSpaceDeviceGray"

    /// The space's name (Apple: `name: CFString?`).
    public let name: CFString?
    public let model: CGColorSpaceModel
    let encoding: Encoding

    init(name: CFString, model: CGColorSpaceModel, encoding: Encoding) {
        self.name = name
        self.model = model
        self.encoding = encoding
    }

    /// Apple's `CGColorSpace(name:)`: nil for a name this renderer does not support (for example Display P3,
    /// whose wider gamut an 8-bit sRGB pipeline cannot represent).
    public convenience init?(name: CFString) {
        switch name {
        case CGColorSpace.sRGB, CGColorSpace.extendedSRGB, CGColorSpace.deviceRGBName:
            self.init(name: name, model: .rgb, encoding: .sRGB)
        case CGColorSpace.linearSRGB, CGColorSpace.extendedLinearSRGB, CGColorSpace.genericRGBLinear:
            self.init(name: name, model: .rgb, encoding: .linear)
        case CGColorSpace.genericGrayGamma2_2, CGColorSpace.extendedGray, CGColorSpace.deviceGrayName:
            self.init(name: name, model: .monochrome, encoding: .sRGB)
        case CGColorSpace.linearGray, CGColorSpace.extendedLinearGray:
            self.init(name: name, model: .monochrome, encoding: .linear)
        default:
            return nil
        }
    }

    /// Colour components, not counting alpha (Apple: `numberOfComponents`).
    public var numberOfComponents: Int { model == .monochrome ? 1 : 3 }

    static let shared = (
        sRGB: CGColorSpace(name: CGColorSpace.sRGB, model: .rgb, encoding: .sRGB),
        deviceRGB: CGColorSpace(name: CGColorSpace.deviceRGBName, model: .rgb, encoding: .sRGB),
        gray: CGColorSpace(name: CGColorSpace.genericGrayGamma2_2, model: .monochrome, encoding: .sRGB),
        deviceGray: CGColorSpace(name: CGColorSpace.deviceGrayName, model: .monochrome, encoding: .sRGB)
    )

    public static func == (lhs: CGColorSpace, rhs: CGColorSpace) -> Bool {
        lhs.name == rhs.name && lhs.model == rhs.model && lhs.encoding == rhs.encoding
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(model)
    }

    public var description: String { "CGColorSpace(\(name ?? "unnamed"))" }
}

/// Apple's device RGB space. Treated as sRGB (what the device is here).
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace.shared.deviceRGB }

/// Apple's device grey space, treated as sRGB-encoded grey.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace.shared.deviceGray }

/// sRGB's encoding curve (IEC 61966-2-1): linear light in 0…1 to an encoded value in 0…1.
@inlinable
package func paintSRGBEncode(_ linear: Double) -> Double {
    if linear <= 0.0031308 { return 12.92 * linear }
    if linear == 1 { return 1 }  // 1.055 − 0.055 is 0.9999999999999999 in Double
    return 1.055 * pow(linear, 1 / 2.4) - 0.055
}

/// sRGB's decoding curve (IEC 61966-2-1): an encoded value in 0…1 to linear light.
@inlinable
package func paintSRGBDecode(_ encoded: Double) -> Double {
    if encoded <= 0.04045 { return encoded / 12.92 }
    return pow((encoded + 0.055) / 1.055, 2.4)
}
