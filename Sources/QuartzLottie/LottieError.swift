// What is wrong with a Lottie file, named by the JSON path of the value at fault.
import Foundation

/// A Lottie file that cannot be loaded: `path` is where in the JSON the problem is ("layers[3].ks.p.k[2]",
/// "$" for the whole document), `message` what is wrong there.
public struct LottieError: Error, Hashable, Sendable, CustomStringConvertible {
    public let path: String
    public let message: String

    public init(path: String, message: String) {
        self.path = path.isEmpty ? "$" : path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}
