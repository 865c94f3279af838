// The bounds on what a Lottie file may ask for, so hostile input fails with a named error instead of
// exhausting memory or the stack.
import Foundation

enum LottieLimits {
    /// The largest file read (bytes).
    static let maximumFileSize = 64 << 20
    /// The deepest nesting of JSON arrays and objects (checked before parsing).
    static let maximumJSONDepth = 96
    /// Layers built in all, precomp instances counted each time they are placed.
    static let maximumBuiltLayers = 20_000
    /// Layers built for shape items (groups, paints, repeater copies), precomps counted each time placed.
    static let maximumBuiltShapeLayers = 100_000
    /// Precomps inside precomps.
    static let maximumPrecompDepth = 16
    /// Keyframes in one property.
    static let maximumKeyframes = 10_000
    /// Vertices in one bezier path.
    static let maximumPathVertices = 100_000
    /// Vertices in all paths and all their keyframes together.
    static let maximumTotalPathVertices = 1_000_000
    /// Vertices in all the values of one sampled path animation (frames × vertices).
    static let maximumSampledVertices = 2_000_000
    /// Shape items inside groups inside groups.
    static let maximumGroupDepth = 32
    /// Frames sampled for one path whose parts change at different times.
    static let maximumSampledFrames = 2_000
    /// Layers under time remapping × the frames each is sampled at, over the file.
    static let maximumSampledLayerFrames = 200_000
    /// Colour stops, and opacity stops, in one gradient.
    static let maximumGradientStops = 1_000
    /// Pixels of all image assets decoded together (64 Mi: 256 MiB of RGBA).
    static let maximumImagePixels = 1 << 26
    /// The largest magnitude of any number: well past any canvas or frame count, far from overflow.
    static let maximumMagnitude = 1e9
}

extension Int {
    /// Sums and products of counts checked against the limits: past Int.max / 2 they stay there.
    func saturatingAdding(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? Int.max / 2 : Swift.min(sum, Int.max / 2)
    }

    func saturatingMultiplied(by other: Int) -> Int {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? Int.max / 2 : Swift.min(product, Int.max / 2)
    }
}
