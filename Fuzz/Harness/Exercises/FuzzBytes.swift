// The fuzzers' input reader: the bytes read front to back as the values a target draws with. Numbers are
// mostly small (on or near a 32-pixel canvas) and sometimes far off, huge, tiny, negative zero, infinite,
// NaN or an arbitrary bit pattern, so every target meets the extremes the same way.
import OpenQuartz

private let extremes: [Double] = [1e300, -1e300, 1e-300, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                                  .leastNonzeroMagnitude, 16_777_216, -16_777_216, 1e15, 1e-9]
private let nonFinite: [Double] = [.infinity, -.infinity, .nan, -0.0]

/// Reads the input front to back; past its end every read gives zero.
public struct FuzzBytes {
    let data: UnsafeBufferPointer<UInt8>
    var index = 0
    /// Of the 16 number kinds, how many give a small number in half steps (the rest of 0…8 give a 16-bit
    /// number in 1/64 steps). Each target keeps its own mix, so its saved regression inputs still decode.
    let halfStepKinds: UInt8

    public init(_ data: UnsafePointer<UInt8>, count: Int, halfStepKinds: UInt8) {
        self.data = UnsafeBufferPointer(start: data, count: count)
        self.halfStepKinds = halfStepKinds
    }

    public var isAtEnd: Bool { index >= data.count }

    public mutating func byte() -> UInt8 {
        guard index < data.count else { return 0 }
        defer { index += 1 }
        return data[index]
    }

    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// 0 … 1 in steps of 1/255.
    public mutating func unit() -> CGFloat { CGFloat(byte()) / 255 }

    public mutating func number() -> CGFloat { CGFloat(rawNumber()) }

    public mutating func rawNumber() -> Double {
        let kind = byte()
        switch kind % 16 {
        case let k where k < halfStepKinds: return Double(Int8(bitPattern: byte())) / 2  // −64 … 63.5
        case 0...8: return Double(Int16(bitPattern: UInt16(byte()) << 8 | UInt16(byte()))) / 64
        case 9: return Double(Int8(bitPattern: byte())) * 1e6
        case 10: return extremes[Int(kind / 16) % extremes.count]
        case 11: return nonFinite[Int(kind / 16) % nonFinite.count]
        case 12:
            var bits: UInt64 = 0
            for _ in 0..<8 { bits = bits << 8 | UInt64(byte()) }
            return Double(bitPattern: bits)
        default: return Double(byte()) / 255  // 0 … 1
        }
    }

    public mutating func point() -> CGPoint { CGPoint(x: number(), y: number()) }
}
