// How deeply a scene document may nest its objects and arrays. Each layer takes two levels (its object and
// its sublayers array), so this holds a plain tree of about `SceneTreeDepth.maximum` levels, and a deeper
// document is told the layer-tree limit.

import QuartzJSON

enum SceneJSONNesting {
    /// The deepest nesting of `[` and `{` a scene file may have.
    static let maximumDepth = 2 * SceneTreeDepth.maximum

    /// The message for a document refused for its nesting.
    static func tooDeepMessage(_ error: JSONReadError) -> String {
        "the document nests objects and arrays more than \(maximumDepth) levels deep (line \(error.line), column "
            + "\(error.column)); a layer tree may have at most \(SceneTreeDepth.maximum) levels, each layer taking two: "
            + "its object and its sublayers array"
    }
}
