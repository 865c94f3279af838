// CGContext's graphics-state API: save/restore, the CTM, colours, line style, compositing settings, and the
// conversions between user and device space (device space: origin bottom-left, y up; see CGContext.swift).
import Foundation
import QuartzMath

extension CGContext {
    // MARK: Saving and restoring

    /// Pushes a copy of the graphics state (Apple: `saveGState()`).
    public func saveGState() {
        savedStates.append(state)
    }

    /// Pops the most recently saved graphics state; ignored when nothing is saved. Inside a transparency
    /// layer, states saved before the layer began are left for `endTransparencyLayer()`.
    public func restoreGState() {
        let floor = layers.last?.savedStateDepth ?? 0
        guard savedStates.count > floor, let saved = savedStates.popLast() else { return }
        state = saved
    }

    // MARK: Current transformation matrix

    /// The user → device transform (Apple: `ctm`); the identity in a fresh bitmap context.
    public var ctm: CGAffineTransform { state.ctm }

    /// Apple: `userSpaceToDeviceSpaceTransform` (the CTM, as device space here is the bitmap's y-up space).
    public var userSpaceToDeviceSpaceTransform: CGAffineTransform { state.ctm }

    /// Apple: "changes the origin of the user coordinate system": the translation applies in user space.
    public func translateBy(x tx: CGFloat, y ty: CGFloat) {
        state.ctm = state.ctm.translatedBy(x: tx, y: ty)
    }

    public func scaleBy(x sx: CGFloat, y sy: CGFloat) {
        state.ctm = state.ctm.scaledBy(x: sx, y: sy)
    }

    /// Positive angles rotate counter-clockwise in the y-up user space (Apple: `rotate(by:)`).
    public func rotate(by angle: CGFloat) {
        state.ctm = state.ctm.rotated(by: angle)
    }

    /// Apple: `concatenate(_:)`: the CTM becomes `transform` followed by the old CTM.
    public func concatenate(_ transform: CGAffineTransform) {
        state.ctm = transform.concatenating(state.ctm)
    }

    // MARK: Colours and alpha

    /// Also makes the colour's space the fill colour space, as Core Graphics does.
    public func setFillColor(_ color: CGColor) {
        state.fillColor = color.premultipliedRGBA8
        if let space = color.colorSpace { state.fillColorSpace = space }
    }

    public func setStrokeColor(_ color: CGColor) {
        state.strokeColor = color.premultipliedRGBA8
        if let space = color.colorSpace { state.strokeColorSpace = space }
    }

    /// Apple: sets the space `setFillColor(_:)` with components reads in, and resets the fill colour to the
    /// space's initial value (opaque black).
    public func setFillColorSpace(_ space: CGColorSpace) {
        state.fillColorSpace = space
        state.fillColor = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)
    }

    public func setStrokeColorSpace(_ space: CGColorSpace) {
        state.strokeColorSpace = space
        state.strokeColor = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)
    }

    /// Apple: a DeviceGray colour (the fill colour space becomes DeviceGray).
    public func setFillColor(gray: CGFloat, alpha: CGFloat) {
        state.fillColor = CGColor(gray: gray, alpha: alpha).premultipliedRGBA8
        state.fillColorSpace = CGColorSpaceCreateDeviceGray()
    }

    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) {
        state.strokeColor = CGColor(gray: gray, alpha: alpha).premultipliedRGBA8
        state.strokeColorSpace = CGColorSpaceCreateDeviceGray()
    }

    /// Apple: a DeviceRGB colour (the fill colour space becomes DeviceRGB).
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.fillColor = CGColor(red: red, green: green, blue: blue, alpha: alpha).premultipliedRGBA8
        state.fillColorSpace = CGColorSpaceCreateDeviceRGB()
    }

    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.strokeColor = CGColor(red: red, green: green, blue: blue, alpha: alpha).premultipliedRGBA8
        state.strokeColorSpace = CGColorSpaceCreateDeviceRGB()
    }

    /// Apple's CMYK variant, converted naively (r = (1 − c)(1 − k) …): there is no CMYK profile here.
    public func setFillColor(cyan: CGFloat, magenta: CGFloat, yellow: CGFloat, black: CGFloat, alpha: CGFloat) {
        state.fillColor = Self.cmykColor(cyan, magenta, yellow, black, alpha)
    }

    public func setStrokeColor(cyan: CGFloat, magenta: CGFloat, yellow: CGFloat, black: CGFloat, alpha: CGFloat) {
        state.strokeColor = Self.cmykColor(cyan, magenta, yellow, black, alpha)
    }

    /// Apple: "the number of array elements must equal the number of components in the current fill color
    /// space, plus an additional component for the alpha value" (2 for the initial DeviceGray, 4 for RGB).
    public func setFillColor(_ components: UnsafePointer<CGFloat>) {
        if let color = CGColor(colorSpace: state.fillColorSpace, components: components) {
            state.fillColor = color.premultipliedRGBA8
        }
    }

    public func setStrokeColor(_ components: UnsafePointer<CGFloat>) {
        if let color = CGColor(colorSpace: state.strokeColorSpace, components: components) {
            state.strokeColor = color.premultipliedRGBA8
        }
    }

    static func cmykColor(_ c: CGFloat, _ m: CGFloat, _ y: CGFloat, _ k: CGFloat, _ a: CGFloat) -> PremultipliedRGBA8 {
        let key = 1 - clampUnit(Double(k))
        return PremultipliedRGBA8(
            straightRed: (1 - clampUnit(Double(c))) * key, green: (1 - clampUnit(Double(m))) * key,
            blue: (1 - clampUnit(Double(y))) * key, alpha: Double(a))
    }

    /// Global alpha, clamped to 0…1 (NaN counts as 0); it multiplies everything drawn.
    public func setAlpha(_ alpha: CGFloat) { state.alpha = clampUnit(Double(alpha)) }

    // MARK: Line style

    /// Line width in user units. Apple: "the value must be greater than 0"; widths ≤ 0 or non-finite stroke
    /// nothing here (UIBezierPath's "0 = thinnest line" is not a CGContext rule).
    public func setLineWidth(_ width: CGFloat) { state.lineWidth = Double(width) }
    public func setLineCap(_ cap: CGLineCap) { state.lineCap = cap }
    public func setLineJoin(_ join: CGLineJoin) { state.lineJoin = join }
    public func setMiterLimit(_ limit: CGFloat) { state.miterLimit = Double(limit) }

    /// Apple: `setLineDash(phase:lengths:)`; an empty array turns dashing off. Invalid patterns (negative or
    /// non-finite lengths, zero total) stroke the path undashed (PathDashing's rules).
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        state.dashPhase = phase.isFinite ? Double(phase) : 0
        state.dashLengths = lengths.map { Double($0) }
    }

    /// Apple: the largest allowed distance, in device pixels, between a curve and its flattening. Kept in
    /// 0.01…10 px (non-finite values are ignored) so coverage error and segment counts stay bounded.
    public func setFlatness(_ flatness: CGFloat) {
        guard flatness.isFinite else { return }
        state.flatness = min(max(Double(flatness), 0.01), 10)
    }

    // MARK: Compositing settings

    public func setBlendMode(_ mode: CGBlendMode) { state.blendMode = mode }

    /// Part of the graphics state.
    public func setShouldAntialias(_ shouldAntialias: Bool) { state.shouldAntialias = shouldAntialias }

    /// Not part of the graphics state (Apple): anti-aliasing happens only when this and
    /// `setShouldAntialias(_:)` both allow it.
    public func setAllowsAntialiasing(_ allowsAntialiasing: Bool) { self.allowsAntialiasing = allowsAntialiasing }

    /// How images are sampled: `.none` nearest, `.low` bilinear, `.default`/`.medium`/`.high` trilinear
    /// (bilinear when magnifying, mipmapped when minifying).
    public var interpolationQuality: CGInterpolationQuality {
        get { state.interpolationQuality }
        set { state.interpolationQuality = newValue }
    }

    // MARK: Converting between user and device space

    public func convertToDeviceSpace(_ point: CGPoint) -> CGPoint { point.applying(state.ctm) }
    public func convertToUserSpace(_ point: CGPoint) -> CGPoint { point.applying(state.ctm.inverted()) }
    public func convertToDeviceSpace(_ size: CGSize) -> CGSize { size.applying(state.ctm) }
    public func convertToUserSpace(_ size: CGSize) -> CGSize { size.applying(state.ctm.inverted()) }
    /// The bounding box of the transformed rectangle (Apple: `convertToDeviceSpace(_:)` for rects).
    public func convertToDeviceSpace(_ rect: CGRect) -> CGRect { rect.applying(state.ctm) }
    public func convertToUserSpace(_ rect: CGRect) -> CGRect { rect.applying(state.ctm.inverted()) }
}
