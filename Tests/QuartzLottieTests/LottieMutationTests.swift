// Mutated Lottie files (fixed seed) either load or fail with a LottieError; those that load build a tree that
// renders. None may crash or hang (house rule: bad input gives a clear error).
import Foundation
import QuartzTestSupport
import Testing
@testable import QuartzLottie

@Suite("Lottie mutated input")
struct LottieMutationTests {
    /// Replacements for a value: wrong types, out-of-range and degenerate numbers, empty containers.
    private static let replacements = ["\"x\"", "-1", "0", "1e300", "-1e308", "[]", "{}", "null", "true", "[1]", "[[0,0]]", "99999999"]

    @Test(arguments: ["ios_TwitterHeart.json", "ios_RadialGradients.json", "ios_GradientMatte.json", "ios_TimeRemap.json", "ios_TimeRemapMasks.json"])
    func mutatedFileLoadsOrFailsCleanly(_ name: String) throws {
        let original = try String(contentsOf: lottieFixture(name), encoding: .utf8)
        let bytes = Array(original.utf8)
        var random = SplitMix64(seed: 0x10771E)
        var loaded = 0, refused = 0
        for round in 0..<200 {
            var mutated = bytes
            switch round % 3 {
            case 0:
                // Truncate anywhere.
                mutated = Array(bytes.prefix(random.below(bytes.count)))
            case 1:
                // Replace the number at a random digit with another value.
                let start = random.below(bytes.count)
                guard let digit = bytes[start...].firstIndex(where: { (0x30...0x39).contains($0) }) else { continue }
                var end = digit
                while end < bytes.count, (0x30...0x39).contains(bytes[end]) || bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: "-") { end += 1 }
                let replacement = Self.replacements[random.below(Self.replacements.count)]
                mutated.replaceSubrange(digit..<end, with: Array(replacement.utf8))
            default:
                // Rename a key, so it goes missing.
                let start = random.below(bytes.count)
                guard let quote = bytes[start...].firstIndex(of: UInt8(ascii: "\"")), quote + 1 < bytes.count else { continue }
                mutated[quote + 1] = UInt8(ascii: "Z")
            }
            do {
                let animation = try LottieAnimation(data: Data(mutated))
                let tree = LottieTree(animation)
                _ = try tree.render(at: animation.duration / 2, width: 100, height: 100, scale: 0.5)
                loaded += 1
            } catch is LottieError {
                refused += 1
            }
        }
        // Both outcomes occur: the mutations reach the loader's checks and the builder.
        #expect(loaded > 0 && refused > 0)
        #expect(loaded + refused > 150)
    }
}
