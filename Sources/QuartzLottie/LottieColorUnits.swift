// Fill and stroke colours in 0…1, whichever units the file wrote them in.

enum LottieColorUnits {
    /// Bodymovin before 4.1.9 wrote fill and stroke colours in 0…255: lottie-web divides them by 255 for files
    /// whose `v` is older (its data manager's colour check). An empty or unreadable version is taken as new.
    static func versionWritesBytes(_ version: String) -> Bool {
        let parts = version.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return false }
        let numbers = parts.map { $0! }
        return numbers.lexicographicallyPrecedes([4, 1, 9])
    }

    /// `rgb` in 0…1: divided by 255 when the file's version writes bytes, or when red, green and blue all exceed 1
    /// (lottie-ios's colour decoding, which reads such a colour as 0…255 whatever the version).
    static func normalized(_ rgb: [Double], versionWritesBytes: Bool) -> [Double] {
        guard versionWritesBytes || rgb.prefix(3).allSatisfy({ $0 > 1 }) else { return rgb }
        return rgb.map { $0 / 255 }
    }
}
