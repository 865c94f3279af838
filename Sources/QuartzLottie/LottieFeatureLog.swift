// The features a file uses that this importer does not build, each named once in the order first met.
import Foundation

final class LottieFeatureLog {
    private(set) var names: [String] = []
    private var seen: Set<String> = []

    func note(_ name: String) {
        if seen.insert(name).inserted { names.append(name) }
    }
}
