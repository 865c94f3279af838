// Frame rates as exact rationals ("30000/1001"), so frame times are index · denominator / numerator
// computed from the index alone — never accumulated — and agree frame for frame over any length.
import Foundation

/// A frame rate of `numerator / denominator` frames per second, in lowest terms.
public struct SceneFrameRate: Sendable, Hashable, CustomStringConvertible {
    public let numerator: Int
    public let denominator: Int

    /// The largest numerator or denominator accepted (keeps index · denominator exact in 64 bits for
    /// any frame count the loader accepts).
    public static let maximumTerm = 1_000_000

    /// Nil unless both terms are positive, at most `maximumTerm`, and the rate is at most 1000 fps.
    public init?(numerator: Int, denominator: Int) {
        guard numerator > 0, denominator > 0, numerator <= Self.maximumTerm, denominator <= Self.maximumTerm,
            numerator <= denominator * 1000
        else { return nil }
        var a = numerator, b = denominator
        while b != 0 { (a, b) = (b, a % b) }
        self.numerator = numerator / a
        self.denominator = denominator / a
    }

    /// Parses "30", "29.97" (a decimal: 2997/100) or "30000/1001".
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2 {
            guard let n = Int(parts[0]), let d = Int(parts[1]) else { return nil }
            self.init(numerator: n, denominator: d)
            return
        }
        guard parts.count == 1 else { return nil }
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        guard pieces.count <= 2, pieces.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            pieces.count == 1 || pieces[1].count <= 6, pieces[0].count <= 7
        else { return nil }
        let fraction = pieces.count == 2 ? String(pieces[1]) : ""
        var scale = 1
        for _ in fraction { scale *= 10 }
        guard let whole = Int(pieces[0]), let part = fraction.isEmpty ? 0 : Int(fraction) else { return nil }
        self.init(numerator: whole * scale + part, denominator: scale)
    }

    /// A JSON number: integers exactly, decimals with up to 6 places as decimals (29.97 → 2997/100).
    public init?(_ framesPerSecond: Double) {
        guard framesPerSecond.isFinite, framesPerSecond > 0, framesPerSecond <= 1000 else { return nil }
        var scale = 1
        while scale <= 1_000_000 {
            let scaled = (framesPerSecond * Double(scale)).rounded()
            if abs(scaled / Double(scale) - framesPerSecond) <= framesPerSecond * 1e-15 {
                self.init(numerator: Int(scaled), denominator: scale)
                return
            }
            scale *= 10
        }
        return nil
    }

    public var framesPerSecond: Double { Double(numerator) / Double(denominator) }

    /// Seconds from the first frame to frame `index`: the correctly rounded index · denominator / numerator.
    public func offset(ofFrame index: Int) -> Double {
        let (product, overflow) = index.multipliedReportingOverflow(by: denominator)
        if !overflow, product.magnitude < 1 << 53 { return Double(product) / Double(numerator) }
        return Double(index) * (Double(denominator) / Double(numerator))
    }

    /// The number of frames that start before `duration` seconds: ⌈duration · rate⌉, with frame starts
    /// within 1e-9 of a frame of the end counted as at the end (so 10 s at 30 fps is 300 frames).
    public func frameCount(forDuration duration: Double) -> Int {
        guard duration.isFinite, duration > 0 else { return 0 }
        let frames = duration * Double(numerator) / Double(denominator)
        guard frames < 1e15 else { return 1_000_000_000_000_000 }  // far beyond any loadable scene; never traps
        let nearest = frames.rounded()
        if abs(frames - nearest) <= 1e-9 * max(1, nearest) { return Int(nearest) }
        return Int(frames.rounded(.up))
    }

    /// "30" or "30000/1001".
    public var description: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }
}
