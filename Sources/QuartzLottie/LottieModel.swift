// The part of the Bodymovin model this importer builds (lottie-docs: "Composition", "Layers", "Transform",
// "Shapes"). Numbers are Lottie's: frames, points, degrees, percentages 0–100, colours 0–1.
import Foundation

/// A bezier path: vertices `v` with in/out tangents `i`/`o` relative to each vertex, closed or open (`c`).
struct LottieBezier: Equatable, Sendable {
    var vertices: [[Double]]
    var inTangents: [[Double]]
    var outTangents: [[Double]]
    var closed: Bool
}

struct LottieTransform: Sendable {
    var anchor: LottieProperty<[Double]> = .constant([0, 0])
    /// `p`, or nil when the position is split into `px`/`py`.
    var position: LottieProperty<[Double]>? = .constant([0, 0])
    /// Spatial tangents of `p`'s keyframes: `to` (out of keyframe k) and `ti` (into keyframe k + 1), relative to
    /// the values; nil when every tangent is zero (straight segments).
    var positionTangents: [(out: [Double], into: [Double])]?
    /// `ao` on the layer: the layer turns with the direction of its motion path, on top of its rotation.
    var autoOrient = false
    var positionX: LottieProperty<[Double]>?
    var positionY: LottieProperty<[Double]>?
    var scale: LottieProperty<[Double]> = .constant([100, 100])
    var rotation: LottieProperty<[Double]> = .constant([0])
    /// A 3-D layer's `rx` and `ry` (degrees), drawn as `transform.rotation.x` and `.y` without perspective.
    var rotationX: LottieProperty<[Double]>?
    var rotationY: LottieProperty<[Double]>?
    var opacity: LottieProperty<[Double]> = .constant([100])
    /// `sk` and `sa` (degrees): a shear of `sk` along the axis at `sa`, between the scale and the rotation.
    var skew: LottieProperty<[Double]> = .constant([0])
    var skewAxis: LottieProperty<[Double]> = .constant([0])

    var hasSkew: Bool { !skew.isConstantZero }
}

struct LottieStroke: Sendable {
    var color: LottieProperty<[Double]>
    var opacity: LottieProperty<[Double]>
    var width: LottieProperty<[Double]>
    /// `lc`: 1 butt, 2 round, 3 square.
    var lineCap: Int
    /// `lj`: 1 miter, 2 round, 3 bevel.
    var lineJoin: Int
    var miterLimit: Double
    /// Static dash and gap lengths, and the offset (animatable, as `lineDashPhase` is).
    var dashes: [Double]
    var dashOffset: LottieProperty<[Double]>
}

/// The paint of a gradient fill or stroke (lottie-docs, "Gradient"): `t` 1 linear, 2 radial; start `s` and end
/// `e` points in the shape layer's coordinates; `g.p` colour stops; `g.k` the flat stops: offset, r, g, b for each
/// colour stop, then offset, alpha pairs for the opacity stops; opacity `o` in percent.
struct LottieGradient: Sendable {
    var isRadial: Bool
    var colorStopCount: Int
    var stops: LottieProperty<[Double]>
    var startPoint: LottieProperty<[Double]>
    var endPoint: LottieProperty<[Double]>
    var opacity: LottieProperty<[Double]>
}

/// Trim paths (lottie-docs, "Trim Path"): start `s` and end `e` in percent, offset `o` in degrees (a full turn
/// moves the trim once round the path); `m` 1 trims each path with the same fractions ("simultaneously"), 2
/// trims the paths as one sequence ("individually").
struct LottieTrim: Sendable {
    var start: LottieProperty<[Double]>
    var end: LottieProperty<[Double]>
    var offset: LottieProperty<[Double]> = .constant([0])
    var isSequential = false

    /// The stroke ranges of `[s, e, o]`, as lottie-web's TrimModifier computes them: s and e clamped to
    /// 0…100 %, both moved by o mod 360° as a fraction of the path, swapped when s > e; a range past the end
    /// wraps round to the start, so the trim is at most two ranges (the second empty, (0, 0), when it does
    /// not wrap).
    static func ranges(_ value: [Double]) -> [(start: Double, end: Double)] {
        let turn = fraction(ofTurn: value[2])
        var s = fraction(value[0]) + turn, e = fraction(value[1]) + turn
        if s > e { swap(&s, &e) }
        if e <= 1 { return [(s, e), (0, 0)] }
        if s >= 1 { return [(s - 1, e - 1), (0, 0)] }
        return [(s, 1), (0, e - 1)]
    }

    /// A percentage as a fraction clamped to 0…1 (NaN as 0).
    static func fraction(_ percent: Double) -> Double { percent.isNaN ? 0 : min(max(percent / 100, 0), 1) }

    /// Degrees as a fraction of a turn in 0..<1 (non-finite as 0).
    static func fraction(ofTurn degrees: Double) -> Double {
        let turn = degrees.isFinite ? degrees.truncatingRemainder(dividingBy: 360) / 360 : 0
        return turn < 0 ? turn + 1 : turn
    }

    /// The amount every start and end fraction moves by when that is all `ranges` does: the offset is
    /// constant, no keyframe's start lies after any keyframe's end, and the moved range never crosses the
    /// path's end. Then the start and end keyframes apply as they are, one stroke layer each; nil otherwise.
    var constantShift: Double? {
        guard !offset.isAnimated else { return nil }
        let starts = start.allValues.map { Self.fraction($0[0]) }, ends = end.allValues.map { Self.fraction($0[0]) }
        guard let firstEnd = ends.min(), let lastEnd = ends.max(), let firstStart = starts.min(), let lastStart = starts.max(),
              lastStart <= firstEnd else { return nil }
        let turn = Self.fraction(ofTurn: offset.initialValue[0])
        if lastEnd + turn <= 1 { return turn }
        if firstStart + turn >= 1 { return turn - 1 }
        return nil
    }
}

/// A repeater (lottie-docs "Repeater"): `c` copies of the items before it, copy k (counting from the offset
/// `o`) moved by the step transform k times. The step scales by `s` and turns by `r` degrees about the anchor
/// `a`, then moves by `p`: point ↦ a + p + R(r) · S(s) · (point − a). Opacity runs from `so` on the first copy
/// to `eo` on the last; composite `m` 1 puts each copy above the one before, 2 below.
struct LottieRepeater: Sendable {
    var copies: LottieProperty<[Double]>
    var offset: LottieProperty<[Double]>
    var anchor: LottieProperty<[Double]>
    var position: LottieProperty<[Double]>
    var scale: LottieProperty<[Double]>
    var rotation: LottieProperty<[Double]>
    var startOpacity: LottieProperty<[Double]>
    var endOpacity: LottieProperty<[Double]>
    var copiesBelow: Bool
}

/// A star or polygon (lottie-docs "PolyStar"): `pt` points around `p`, the first at the top turned by `r`
/// degrees; a star alternates the outer radius `or` with the inner `ir`. `os` and `is` (percent) round the
/// outer and inner vertices; `d` 3 runs counter-clockwise.
struct LottiePolystar: Sendable {
    var isStar: Bool
    var reversed: Bool
    var position: LottieProperty<[Double]>
    var points: LottieProperty<[Double]>
    var rotation: LottieProperty<[Double]>
    var outerRadius: LottieProperty<[Double]>
    var innerRadius: LottieProperty<[Double]>
    var outerRoundness: LottieProperty<[Double]>
    var innerRoundness: LottieProperty<[Double]>
}

indirect enum LottieShapeItem: Sendable {
    case group(items: [LottieShapeItem], transform: LottieTransform)
    case rectangle(position: LottieProperty<[Double]>, size: LottieProperty<[Double]>, roundness: LottieProperty<[Double]>)
    case ellipse(position: LottieProperty<[Double]>, size: LottieProperty<[Double]>)
    case path(LottieProperty<LottieBezier>)
    /// `sr`: a star (`sy` 1) or a polygon (`sy` 2).
    case polystar(LottiePolystar)
    /// `r`: 1 non-zero, 2 even-odd.
    case fill(color: LottieProperty<[Double]>, opacity: LottieProperty<[Double]>, rule: Int)
    case stroke(LottieStroke)
    /// `gf`: `r` 1 non-zero, 2 even-odd.
    case gradientFill(LottieGradient, rule: Int)
    /// `gs`: the stroke's geometry (its colour and opacity are the gradient's).
    case gradientStroke(LottieGradient, LottieStroke)
    case trim(LottieTrim)
    /// `rp`: copies of the items listed before it in its group.
    case repeater(LottieRepeater)
    /// `rd`: rounds the sharp corners of the paths before it by radius `r` (LottieRoundedCorners.swift).
    case roundedCorners(radius: LottieProperty<[Double]>)

    var isPath: Bool {
        switch self {
        case .rectangle, .ellipse, .path, .polystar: return true
        default: return false
        }
    }
}

enum LottieLayerContent: Sendable {
    /// ty 0: the asset's layers at `width` × `height`, local frame = (frame − startTime) / timeStretch.
    case precomp(assetID: String, width: Double, height: Double)
    /// ty 1.
    case solid(color: [Double], width: Double, height: Double)
    /// ty 2: the image asset drawn from the origin at its `w` × `h`.
    case image(assetID: String)
    /// ty 3, and every type not built (drawn as its transform only).
    case null
    /// ty 4.
    case shapes([LottieShapeItem])
}

/// How a layer is matted by its matte source (lottie-docs, "Layers": `tt` 1 alpha, 2 inverted alpha, 3 luma,
/// 4 inverted luma).
enum LottieMatte: Sendable {
    case alpha
    case invertedAlpha
    case luma
    case invertedLuma

    /// The matte's luminance, not its alpha, decides.
    var readsLuminance: Bool { self == .luma || self == .invertedLuma }
    var isInverted: Bool { self == .invertedAlpha || self == .invertedLuma }
}

/// One of a layer's masks (lottie-docs, "Mask"): its path `pt` in the layer's coordinates, opacity `o` in
/// percent, inverted with `inv`, combined with the masks before it by its mode.
struct LottieMask: Sendable {
    enum Mode: Sendable {
        case add, subtract, intersect
    }
    var mode: Mode
    var isInverted: Bool
    var path: LottieProperty<LottieBezier>
    var opacity: LottieProperty<[Double]>
    /// `x`, points the mask grows by (built for add and intersect masks that are not inverted and never
    /// shrink; otherwise zero).
    var expansion: LottieProperty<[Double]> = .constant([0])

    var isExpanded: Bool { !expansion.isConstantZero }
}

struct LottieLayer: Sendable {
    var name: String
    var index: Int?
    var parent: Int?
    var inFrame: Double
    var outFrame: Double
    var startTime: Double
    var timeStretch: Double
    /// `tm` of a precomp: the asset's time in seconds at each frame of this layer's composition.
    var timeRemap: LottieProperty<[Double]>?
    var transform: LottieTransform
    var content: LottieLayerContent
    /// Hidden (`hd`) or a track-matte source (`td`): not drawn.
    var isDrawn: Bool
    /// `tt`, with the matte source: the layer whose `ind` is `tp`, else the layer listed just before.
    var matte: LottieMatte?
    var matteParent: Int?
    /// `masksProperties` without those of mode none, in order.
    var masks: [LottieMask]
    /// `bm` as a CALayer `compositingFilter` name; nil for normal.
    var blendMode: String? = nil
    /// Where it is in the file, for errors found while building ("layers[2]").
    var path: String
}

/// Lottie's layer blend modes `bm` 1…16 as the compositing-filter names lottie-ios's Core Animation engine
/// sets (After Effects' Add is Core Image's addition compositing); index 0 is normal.
enum LottieBlendMode {
    static let filterNames: [String?] = [
        nil, "multiplyBlendMode", "screenBlendMode", "overlayBlendMode", "darkenBlendMode", "lightenBlendMode",
        "colorDodgeBlendMode", "colorBurnBlendMode", "hardLightBlendMode", "softLightBlendMode", "differenceBlendMode",
        "exclusionBlendMode", "hueBlendMode", "saturationBlendMode", "colorBlendMode", "luminosityBlendMode",
        "additionCompositing",
    ]
}

struct LottieComposition: Sendable {
    var layers: [LottieLayer]
}
