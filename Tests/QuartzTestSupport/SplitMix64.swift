/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014): a small seeded
/// generator, so every "random" test input is the same on every run and a failure reproduces.
public struct SplitMix64: RandomNumberGenerator {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// The low eight bits of the next value.
    public mutating func byte() -> Int { Int(next() & 0xFF) }
    /// Uniform in [0, 1), from the top 53 bits.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    /// Uniform in 0..<n (n > 0; the modulo bias is irrelevant for test inputs).
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}
