// `contents`: the layer's backing image (Apple types it `Any?`; the renderer draws a CGImage).
import Foundation
import QuartzRaster

extension CALayer {
    /// Apple: "Returns a Boolean indicating whether the layer content is implicitly flipped when rendered":
    /// true when an odd number of the layer's ancestors have `isGeometryFlipped` set (the rule the
    /// compositor draws contents by).
    public func contentsAreFlipped() -> Bool {
        var flipped = false
        var ancestor = superlayerReference
        while let layer = ancestor {
            if layer.isGeometryFlipped { flipped.toggle() }
            ancestor = layer.superlayerReference
        }
        return flipped
    }

    /// Apple: the layer's content image. Animatable (cross-fade). Default nil.
    public var contents: Any? {
        get { contentsObject }
        set {
            guard !LayerContentsIdentity.same(contentsObject, newValue) else { return }
            changeLayer(forKey: "contents") {
                contentsObject = newValue
                modelValues.contentsImage = newValue.flatMap { $0 as? CGImage }
            }
        }
    }
}

/// Identity comparison for `contents` values: objects by identity, everything else as different.
enum LayerContentsIdentity {
    static func same(_ a: Any?, _ b: Any?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let x?, let y?):
            guard let objectX = x as AnyObject?, let objectY = y as AnyObject?, type(of: x) is AnyClass, type(of: y) is AnyClass else {
                return false
            }
            return objectX === objectY
        default: return false
        }
    }
}
