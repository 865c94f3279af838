// The features a file uses that this importer does not build, each named once in the order first met.
import Foundation

final class LottieFeatureLog {
    private(set) var names: [String] = []
    private var seen: Set<String> = []
    /// Read alongside the features, as every reader that notes features also reads paths.
    let vertexBudget: LottieVertexBudget

    init(vertexLimit: Int = LottieLimits.maximumTotalPathVertices) { vertexBudget = LottieVertexBudget(limit: vertexLimit) }

    func note(_ name: String) {
        if seen.insert(name).inserted { names.append(name) }
    }
}
