// Where a layer's contents image lands: contentsGravity, contentsRect, contentsCenter and contentsScale
// turned into a grid of local-space slices, each mapped linearly onto a texel range.
//
// Spaces: local = the layer's bounds space (y down, as every vector in spec §0.1); texel = level-0 image
// pixels, x right, y down from the image's first row, texel (i, j) centred at (i + ½, j + ½). Unit rects
// (contentsRect, contentsCenter) are measured in the same orientation as texels [I: Apple documents them as
// "unit coordinate space" without an orientation; sprite-sheet use on iOS reads (0, 0) as the image's top-left].
import Foundation
import QuartzMath
import QuartzRaster

/// `CALayerContentsGravity`'s values; raw values are Apple's constant strings, so the builder converts with
/// `RenderContentsGravity(rawValue: layer.contentsGravity.rawValue)`.
public enum RenderContentsGravity: String, Sendable, Hashable, CaseIterable {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    case resize, resizeAspect, resizeAspectFill
}

/// One band of the placement along one axis: local [localMin, localMax] shows texels [texelMin, texelMax].
public struct RenderImageSlice: Sendable, Hashable {
    public var localMin: Double
    public var localMax: Double
    public var texelMin: Double
    public var texelMax: Double

    public init(localMin: Double, localMax: Double, texelMin: Double, texelMax: Double) {
        self.localMin = localMin
        self.localMax = localMax
        self.texelMin = texelMin
        self.texelMax = texelMax
    }

    /// The texel coordinate shown at local coordinate `v` (linear within the slice).
    @inlinable public func texel(at v: Double) -> Double {
        texelMin + (v - localMin) * ((texelMax - texelMin) / (localMax - localMin))
    }
}

/// An image's placement: columns (x) and rows (y) of slices, contiguous and increasing in local space.
/// One column and one row for plain contents; up to three each for a nine-part `contentsCenter`.
public struct RenderImagePlacement: Sendable, Hashable {
    public var columns: [RenderImageSlice]
    public var rows: [RenderImageSlice]

    public init(columns: [RenderImageSlice], rows: [RenderImageSlice]) {
        self.columns = columns
        self.rows = rows
    }

    /// `texelRect` of the image shown stretched over `localRect`.
    public init(localRect: CGRect, texelRect: CGRect) {
        columns = [RenderImageSlice(localMin: Double(localRect.minX), localMax: Double(localRect.maxX),
                                    texelMin: Double(texelRect.minX), texelMax: Double(texelRect.maxX))]
        rows = [RenderImageSlice(localMin: Double(localRect.minY), localMax: Double(localRect.maxY),
                                 texelMin: Double(texelRect.minY), texelMax: Double(texelRect.maxY))]
    }

    /// The local rectangle the image covers.
    public var localRect: CGRect {
        guard let c0 = columns.first, let c1 = columns.last, let r0 = rows.first, let r1 = rows.last else { return .null }
        return CGRect(x: c0.localMin, y: r0.localMin, width: c1.localMax - c0.localMin, height: r1.localMax - r0.localMin)
    }

    /// The placement of an `imageWidth` × `imageHeight` pixel image in a layer, after Apple's rules:
    /// - contentsRect (unit rect, default (0, 0, 1, 1)) selects the part of the image shown; beyond the unit
    ///   rect "the edge pixels of the contents image will be extended outwards" [A: DOC-calayer/contentsrect]
    ///   (the image shader clamps to the edge);
    /// - the content's natural size in points is that part's pixel size / contentsScale [A: contentsScale
    ///   "the ratio between the layer's logical coordinate space (in points) and physical (in pixels)"];
    /// - contentsGravity positions or scales it within `bounds` [A: Contents Gravity Values]. Vertical names
    ///   follow "the direction of the vertical axis": `top` aligns to the maximum y of bounds, unless
    ///   `contentsAreFlipped`, when "top aligns the content to the bottom of the layer" [A: DOC-calayer/contentsgravity]
    ///   — in this y-down space, maximum y without the flip and minimum y with it;
    /// - contentsCenter (unit rect of the contentsRect part, "interpreted after the effects of the
    ///   contentsRect property") is stretched while the parts outside it keep their natural size
    ///   [A: DOC-calayer/contentscenter]; when the fixed parts exceed the placed size they shrink in
    ///   proportion [U: Apple does not say].
    /// Nil when the image, bounds or a parameter is empty or not finite.
    public static func placement(
        imageWidth: Int, imageHeight: Int, bounds: CGRect, gravity: RenderContentsGravity = .resize,
        contentsRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1),
        contentsCenter: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1),
        contentsScale: Double = 1, contentsAreFlipped: Bool = false
    ) -> RenderImagePlacement? {
        let b = bounds.standardized, cr = contentsRect.standardized, cc = contentsCenter.standardized
        let values = [b.minX, b.minY, b.width, b.height, cr.minX, cr.minY, cr.width, cr.height,
                      cc.minX, cc.minY, cc.width, cc.height].map { Double($0) }
        guard imageWidth > 0, imageHeight > 0, values.allSatisfy(\.isFinite), !b.isNull, !cr.isNull, !cc.isNull,
              contentsScale.isFinite, contentsScale > 0
        else { return nil }
        let texel = CGRect(x: Double(cr.minX) * Double(imageWidth), y: Double(cr.minY) * Double(imageHeight),
                           width: Double(cr.width) * Double(imageWidth), height: Double(cr.height) * Double(imageHeight))
        let naturalWidth = Double(texel.width) / contentsScale, naturalHeight = Double(texel.height) / contentsScale
        guard naturalWidth > 0, naturalHeight > 0 else { return nil }
        let placed = placedRect(natural: CGSize(width: naturalWidth, height: naturalHeight), bounds: b,
                                gravity: gravity, flipped: contentsAreFlipped)
        guard placed.width > 0, placed.height > 0, Double(placed.width).isFinite, Double(placed.height).isFinite
        else { return nil }
        let columns = slices(localMin: Double(placed.minX), localMax: Double(placed.maxX),
                             texelMin: Double(texel.minX), texelMax: Double(texel.maxX), natural: naturalWidth,
                             centerMin: Double(cc.minX), centerMax: Double(cc.maxX))
        let rows = slices(localMin: Double(placed.minY), localMax: Double(placed.maxY),
                          texelMin: Double(texel.minY), texelMax: Double(texel.maxY), natural: naturalHeight,
                          centerMin: Double(cc.minY), centerMax: Double(cc.maxY))
        guard !columns.isEmpty, !rows.isEmpty else { return nil }
        return RenderImagePlacement(columns: columns, rows: rows)
    }

    /// The rectangle the content occupies for a gravity (natural size in points, bounds y down).
    public static func placedRect(natural: CGSize, bounds b: CGRect, gravity: RenderContentsGravity, flipped: Bool) -> CGRect {
        let w = Double(natural.width), h = Double(natural.height)
        let bw = Double(b.width), bh = Double(b.height)
        // Scaled gravities.
        switch gravity {
        case .resize:
            return b
        case .resizeAspect, .resizeAspectFill:
            let sx = bw / w, sy = bh / h
            let s = gravity == .resizeAspect ? min(sx, sy) : max(sx, sy)
            let pw = w * s, ph = h * s
            return CGRect(x: Double(b.minX) + (bw - pw) / 2, y: Double(b.minY) + (bh - ph) / 2, width: pw, height: ph)
        default:
            break
        }
        // Positioned gravities: horizontal −1 left, 0 centre, +1 right; vertical names map to y (see above).
        let horizontal: Int, verticalName: Int  // verticalName: −1 bottom, 0 centre, +1 top
        switch gravity {
        case .center: (horizontal, verticalName) = (0, 0)
        case .top: (horizontal, verticalName) = (0, 1)
        case .bottom: (horizontal, verticalName) = (0, -1)
        case .left: (horizontal, verticalName) = (-1, 0)
        case .right: (horizontal, verticalName) = (1, 0)
        case .topLeft: (horizontal, verticalName) = (-1, 1)
        case .topRight: (horizontal, verticalName) = (1, 1)
        case .bottomLeft: (horizontal, verticalName) = (-1, -1)
        case .bottomRight: (horizontal, verticalName) = (1, -1)
        case .resize, .resizeAspect, .resizeAspectFill: (horizontal, verticalName) = (0, 0)
        }
        // Unflipped, "top" is the larger y; flipped, the smaller.
        let towardsMaxY = flipped ? -verticalName : verticalName
        let x = Double(b.minX) + Double(horizontal + 1) * (bw - w) / 2
        let y = Double(b.minY) + Double(towardsMaxY + 1) * (bh - h) / 2
        return CGRect(x: x, y: y, width: w, height: h)
    }

    /// The slices along one axis: without a centre inset one stretched slice; otherwise fixed ends at natural
    /// size (shrunk in proportion when they do not fit) around a stretched middle. Empty slices are dropped.
    static func slices(
        localMin: Double, localMax: Double, texelMin: Double, texelMax: Double, natural: Double,
        centerMin: Double, centerMax: Double
    ) -> [RenderImageSlice] {
        let a = min(max(centerMin, 0), 1), b = min(max(centerMax, a), 1)
        if a == 0 && b == 1 {
            return [RenderImageSlice(localMin: localMin, localMax: localMax, texelMin: texelMin, texelMax: texelMax)]
        }
        let length = localMax - localMin, texels = texelMax - texelMin
        var head = a * natural, tail = (1 - b) * natural
        if head + tail > length {
            let shrink = length / (head + tail)
            head *= shrink
            tail *= shrink
        }
        let l1 = localMin + head, l2 = localMax - tail
        let t1 = texelMin + a * texels, t2 = texelMin + b * texels
        let candidates = [
            RenderImageSlice(localMin: localMin, localMax: l1, texelMin: texelMin, texelMax: t1),
            RenderImageSlice(localMin: l1, localMax: l2, texelMin: t1, texelMax: t2),
            RenderImageSlice(localMin: l2, localMax: localMax, texelMin: t2, texelMax: texelMax),
        ]
        return candidates.filter { $0.localMax > $0.localMin }
    }
}

/// A contents image with its placement and CALayer's filters (`minificationFilter` when the image is
/// shown smaller than its pixels, `magnificationFilter` otherwise; Apple's defaults are both linear).
public struct RenderImage: Sendable {
    public var image: CGImage
    public var placement: RenderImagePlacement
    public var minificationFilter: PaintImageFilter
    public var magnificationFilter: PaintImageFilter
    /// CALayer's `minificationFilterBias`: added to the mipmap level of detail when minifying with
    /// `.trilinear` (Apple: "the bias factor used by the minification filter to determine the levels of
    /// detail"; default 0).
    public var minificationFilterBias: Double

    public init(
        image: CGImage, placement: RenderImagePlacement, minificationFilter: PaintImageFilter = .linear,
        magnificationFilter: PaintImageFilter = .linear, minificationFilterBias: Double = 0
    ) {
        self.image = image
        self.placement = placement
        self.minificationFilter = minificationFilter
        self.magnificationFilter = magnificationFilter
        self.minificationFilterBias = minificationFilterBias
    }
}
