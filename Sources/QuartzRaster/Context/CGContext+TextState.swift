// Core Graphics' text state on a context, and the one drawing entry the text module calls: glyph outlines
// already mapped to device space (y up) painted by the text drawing mode through the context's own fill,
// stroke and clip.
//
// What is saved with the graphics state follows Apple: the font, font size, character spacing and drawing
// mode are (Quartz 2D Programming Guide, "Graphics States", Table 1-1: "Text: font, font size, character
// spacing, text drawing mode"); the text matrix is not (CGContextSetTextMatrix: "the text matrix is not a
// part of the graphics state"), and the text position is the text matrix's translation (Quartz 2D Programming
// Guide, Text: "The text position is stored in the tx and ty variables of the text matrix").
import Foundation
import QuartzMath

/// Apple's `CGGlyph`: a glyph index in a font.
public typealias CGGlyph = UInt16

/// Apple's `CGTextDrawingMode` (the raw values of CGContext.h's kCGTextFill … kCGTextClip).
public enum CGTextDrawingMode: Int32, Sendable, Hashable, CaseIterable {
    case fill = 0
    case stroke = 1
    case fillStroke = 2
    case invisible = 3
    case fillClip = 4
    case strokeClip = 5
    case fillStrokeClip = 6
    case clip = 7

    /// Whether the mode paints the glyphs' interiors, their outlines, and adds them to the clip.
    var fills: Bool { self == .fill || self == .fillStroke || self == .fillClip || self == .fillStrokeClip }
    var strokes: Bool { self == .stroke || self == .fillStroke || self == .strokeClip || self == .fillStrokeClip }
    var clips: Bool { rawValue >= CGTextDrawingMode.fillClip.rawValue }
}

/// The text part of the graphics state.
struct ContextTextState {
    /// The CGFont set by `setFont(_:)` (the text module's class; the raster module only keeps it).
    var font: AnyObject? = nil
    /// Points in text space. Core Graphics does not document its initial size; 12 is Core Text's default.
    var fontSize: Double = 12
    var characterSpacing: Double = 0
    var drawingMode: CGTextDrawingMode = .fill
}

/// The font switches Core Graphics keeps for its glyph rasteriser. Outlines are filled exactly here, so
/// they change no pixel; they are kept so code that sets them runs unchanged.
struct ContextFontRenderingSwitches {
    var shouldSmoothFonts = true
    var allowsFontSmoothing = true
    var shouldSubpixelPositionFonts = true
    var allowsFontSubpixelPositioning = true
    var shouldSubpixelQuantizeFonts = true
    var allowsFontSubpixelQuantization = true
}

extension CGContext {
    // MARK: Text matrix and position (not part of the graphics state)

    /// Apple: `textMatrix`, the transform from text space to user space; the identity in a fresh context.
    public var textMatrix: CGAffineTransform {
        get { contextTextMatrix }
        set { contextTextMatrix = newValue }
    }

    /// Apple: `textPosition`, where text is drawn: the text matrix's translation, so setting one moves
    /// the other.
    public var textPosition: CGPoint {
        get { CGPoint(x: contextTextMatrix.tx, y: contextTextMatrix.ty) }
        set {
            contextTextMatrix.tx = newValue.x
            contextTextMatrix.ty = newValue.y
        }
    }

    // MARK: Text state (part of the graphics state)

    /// Apple: `setTextDrawingMode(_:)`.
    public func setTextDrawingMode(_ mode: CGTextDrawingMode) { state.text.drawingMode = mode }

    /// Apple: `setFontSize(_:)`, in text space units. Non-finite sizes are ignored; sizes ≤ 0 draw nothing.
    public func setFontSize(_ size: CGFloat) {
        guard size.isFinite else { return }
        state.text.fontSize = Double(size)
    }

    /// Apple: `setCharacterSpacing(_:)`, text space units added to each glyph's advance. Glyphs drawn at
    /// explicit positions (`showGlyphs(_:at:)`, Core Text's lines) are not moved by it, as in Core
    /// Graphics, where only the advancing `show…` functions read it. Non-finite values are ignored.
    public func setCharacterSpacing(_ spacing: CGFloat) {
        guard spacing.isFinite else { return }
        state.text.characterSpacing = Double(spacing)
    }

    /// The drawing mode, font size and character spacing in effect (our accessors; Apple has no getters).
    public var textDrawingMode: CGTextDrawingMode { state.text.drawingMode }
    public var fontSize: CGFloat { CGFloat(state.text.fontSize) }
    public var characterSpacing: CGFloat { CGFloat(state.text.characterSpacing) }

    /// The font object `setFont(_:)` stored, for the text module.
    package var textFont: AnyObject? {
        get { state.text.font }
        set { state.text.font = newValue }
    }

    // MARK: Glyph rasteriser switches (accepted; outlines are filled exactly whatever they say)

    public func setShouldSmoothFonts(_ shouldSmoothFonts: Bool) { fontSwitches.shouldSmoothFonts = shouldSmoothFonts }
    public func setAllowsFontSmoothing(_ allowsFontSmoothing: Bool) { fontSwitches.allowsFontSmoothing = allowsFontSmoothing }
    public func setShouldSubpixelPositionFonts(_ shouldSubpixelPositionFonts: Bool) {
        fontSwitches.shouldSubpixelPositionFonts = shouldSubpixelPositionFonts
    }
    public func setAllowsFontSubpixelPositioning(_ allowsFontSubpixelPositioning: Bool) {
        fontSwitches.allowsFontSubpixelPositioning = allowsFontSubpixelPositioning
    }
    public func setShouldSubpixelQuantizeFonts(_ shouldSubpixelQuantizeFonts: Bool) {
        fontSwitches.shouldSubpixelQuantizeFonts = shouldSubpixelQuantizeFonts
    }
    public func setAllowsFontSubpixelQuantization(_ allowsFontSubpixelQuantization: Bool) {
        fontSwitches.allowsFontSubpixelQuantization = allowsFontSubpixelQuantization
    }

    // MARK: Painting glyphs

    /// Paints glyph outlines given in device space by the drawing mode: fills each run with its own colour
    /// (nil: the fill colour), then strokes all of them with the stroke colour and line style (in user
    /// space, as paths are stroked), then intersects the clip with their union for the clip modes. The
    /// current path is left alone, as Core Graphics' text drawing does not use it. `decorations`
    /// (underlines) are filled and stroked like the glyphs, each on its own, but are not part of the clip:
    /// a rectangle wound against a glyph's contours would cut holes in the clip's non-zero union.
    package func paintGlyphOutlines(
        _ runs: [(fillColor: PremultipliedRGBA8?, deviceGeometry: PathGeometry)],
        decorations: [(fillColor: PremultipliedRGBA8?, deviceGeometry: PathGeometry)] = []
    ) {
        let mode = state.text.drawingMode
        if mode.fills {
            for run in runs + decorations {
                fillDeviceGeometry(run.deviceGeometry, rule: .winding, color: run.fillColor ?? state.fillColor)
            }
        }
        if mode.strokes || mode.clips {
            var union = PathGeometry()
            for run in runs { union.append(run.deviceGeometry) }
            // As strokePath() does: only the pixels painting can change need to be exact, which keeps huge
            // line widths and dash counts bounded.
            let bounds = currentTarget.bounds, clipped = clipRegion.intersection(bounds)
            if mode.strokes, !clipped.isEmpty {
                let area = state.shadow == nil ? clipped : bounds
                for geometry in [union] + decorations.map(\.deviceGeometry) {
                    if let outline = strokeOutline(ofDeviceGeometry: geometry, paintedArea: area) {
                        fillDeviceGeometry(outline, rule: .winding, color: state.strokeColor)
                    }
                }
            }
            if mode.clips {
                intersectClip(with: pathCoverage(union, rule: .winding, target: baseTarget), deviceBounds: union.tightBounds)
            }
        }
    }
}
