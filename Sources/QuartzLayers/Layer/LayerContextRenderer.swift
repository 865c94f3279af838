// What draws a layer tree into a CGContext for `CALayer.render(in:)`. The compositor lives above the layer
// model, so `render(in:)` (declared in the class body, where Swift lets subclasses override it) reaches the
// compositor through this protocol. The compositor's conforming type is found by its mangled name once, so
// any program that links the compositor (every `import OpenQuartz`) renders without registering anything.
import Foundation
import QuartzRaster

/// Draws `layer` and its sublayers into `ctx` in the layer's bounds space (Apple's `render(in:)`).
package protocol LayerContextRenderer {
    static func render(_ layer: CALayer, in ctx: CGContext)
}

package enum LayerContextRendering {
    /// The mangled name of the compositor's `CALayerContextRenderer`; a compositor test checks it.
    package static let compositorRendererName = "16QuartzCompositor22CALayerContextRendererO"

    /// The compositor's renderer, or nil when the program does not link the compositor.
    package static let renderer: (any LayerContextRenderer.Type)? =
        _typeByName(compositorRendererName) as? any LayerContextRenderer.Type
}

extension CALayer {
    /// `render(in:)` without an override: the compositor draws the tree; without it nothing can be drawn,
    /// which is logged.
    func renderDefault(in ctx: CGContext) {
        guard let renderer = LayerContextRendering.renderer else {
            context.logger?.warning(
                "render(in:) drew nothing: the compositor (module QuartzCompositor, part of OpenQuartz) is not linked into this program")
            return
        }
        renderer.render(self, in: ctx)
    }
}
