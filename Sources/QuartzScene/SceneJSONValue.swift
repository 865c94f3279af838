// Scene files are JSON documents read by QuartzJSON's reader (no recursion, errors with line and column).
import Foundation
import QuartzJSON

/// One JSON value of a scene document.
package typealias SceneJSONValue = JSONValue

extension JSONValue {
    /// The scene document in `data` (any JSON value at the top level), nested at most
    /// `SceneJSONNesting.maximumDepth` levels.
    package init(jsonData data: Data) throws(JSONReadError) {
        self = try JSONReader(maximumDepth: SceneJSONNesting.maximumDepth).read(data)
    }
}
