// The Core Foundation types Core Text's functions take, which swift-corelibs-foundation does not export on
// Linux: `CFIndex`, `CFRange` (with `CFRangeMake`), `UniChar`, and `CFAttributedString` (toll-free bridged to
// NSAttributedString on Apple platforms, so the same class here).
import Foundation

/// Core Foundation's signed index type.
public typealias CFIndex = Int

/// A UTF-16 code unit (Core Foundation's `UniChar`).
public typealias UniChar = UInt16

/// Apple: `CFAttributedString`, toll-free bridged to NSAttributedString.
public typealias CFAttributedString = NSAttributedString

/// Core Foundation's range of UTF-16 offsets: `location` and `length`.
public struct CFRange: Sendable, Hashable, CustomStringConvertible {
    public var location: CFIndex
    public var length: CFIndex

    public init() { self.init(location: 0, length: 0) }
    public init(location: CFIndex, length: CFIndex) {
        self.location = location
        self.length = length
    }

    public var description: String { "CFRange(location: \(location), length: \(length))" }
}

/// Apple: `CFRangeMake(_:_:)`.
public func CFRangeMake(_ location: CFIndex, _ length: CFIndex) -> CFRange { CFRange(location: location, length: length) }

extension CFRange {
    /// The UTF-16 range this selects from a string of `length` units, as Core Text reads a string range: a
    /// length of 0 means "to the end"; a range reaching outside the string is cut to it (nil when nothing
    /// of it lies inside, or for a negative location or length).
    func resolved(inLength total: Int) -> Range<Int>? {
        guard location >= 0, length >= 0, location <= total else { return nil }
        let end = length == 0 ? total : min(total, location + length)
        return location..<end
    }
}
