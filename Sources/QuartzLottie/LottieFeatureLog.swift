// The features a file uses that this importer does not build, each named once in the order first met.
import Foundation

final class LottieFeatureLog {
    private(set) var names: [String] = []
    private var seen: Set<String> = []
    /// Read alongside the features, as every reader that notes features also reads paths.
    let vertexBudget: LottieVertexBudget
    /// Whether the file's version writes fill and stroke colours in 0…255 (`LottieColorUnits`).
    let colorsInBytes: Bool

    init(vertexLimit: Int = LottieLimits.maximumTotalPathVertices, colorsInBytes: Bool = false) {
        vertexBudget = LottieVertexBudget(limit: vertexLimit)
        self.colorsInBytes = colorsInBytes
    }

    func note(_ name: String) {
        if seen.insert(name).inserted { names.append(name) }
    }
}
