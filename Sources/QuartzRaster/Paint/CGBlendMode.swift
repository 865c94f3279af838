// Apple's Core Graphics enumerations for compositing and image quality, with Apple's raw values
// (CGContext.h / CGImage.h), so values read from Apple code or files mean the same thing here.

/// Apple's `CGBlendMode` (all 28 cases, same raw values).
public enum CGBlendMode: Int32, Sendable, Hashable, CaseIterable {
    case normal = 0
    case multiply = 1
    case screen = 2
    case overlay = 3
    case darken = 4
    case lighten = 5
    case colorDodge = 6
    case colorBurn = 7
    case softLight = 8
    case hardLight = 9
    case difference = 10
    case exclusion = 11
    case hue = 12
    case saturation = 13
    case color = 14
    case luminosity = 15
    case clear = 16
    case copy = 17
    case sourceIn = 18
    case sourceOut = 19
    case sourceAtop = 20
    case destinationOver = 21
    case destinationIn = 22
    case destinationOut = 23
    case destinationAtop = 24
    case xor = 25
    case plusDarker = 26
    case plusLighter = 27
}

/// Apple's `CGInterpolationQuality` (note Apple's order: high is 3, medium 4).
public enum CGInterpolationQuality: Int32, Sendable, Hashable, CaseIterable {
    case `default` = 0
    case none = 1
    case low = 2
    case medium = 4
    case high = 3
}

/// Apple's `CGImageAlphaInfo`.
public enum CGImageAlphaInfo: UInt32, Sendable, Hashable, CaseIterable {
    case none = 0
    case premultipliedLast = 1
    case premultipliedFirst = 2
    case last = 3
    case first = 4
    case noneSkipLast = 5
    case noneSkipFirst = 6
    case alphaOnly = 7
}

/// Apple's `CGBitmapInfo`: the alpha info in the low 5 bits, float and byte-order flags above.
public struct CGBitmapInfo: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    public static let floatInfoMask = CGBitmapInfo(rawValue: 0xF00)
    public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    public static let byteOrderDefault = CGBitmapInfo(rawValue: 0 << 12)
    public static let byteOrder16Little = CGBitmapInfo(rawValue: 1 << 12)
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
    public static let byteOrder16Big = CGBitmapInfo(rawValue: 3 << 12)
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)
    /// Host order: little-endian on every platform Swift on Linux supports.
    public static let byteOrder16Host = byteOrder16Little
    public static let byteOrder32Host = byteOrder32Little

    /// The alpha info stored in the low bits, or nil for an unknown value.
    public var alphaInfo: CGImageAlphaInfo? {
        CGImageAlphaInfo(rawValue: rawValue & CGBitmapInfo.alphaInfoMask.rawValue)
    }
}

/// Apple's `CGGradientDrawingOptions`: whether the end colours extend beyond the start and end points.
public struct CGGradientDrawingOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1 << 0)
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 1 << 1)
}
