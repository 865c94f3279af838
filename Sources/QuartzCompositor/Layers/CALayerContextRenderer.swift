// CALayer.render(in:): the layer tree drawn into a bitmap CGContext, in the layer's own coordinate space.
//
// Spaces: the layer's bounds space is the context's user space (Apple: "renders in the coordinate space of
// the layer"), so a layer point p lands on device point ctm(p), which Core Graphics measures y-up from the
// bottom-left: raster pixel (ctm(p).x, height − ctm(p).y). Code written for a y-down layer tree flips the
// context first (translate by the height, scale y by −1), as on iOS. Unlike Apple's, 3-D transforms,
// perspective and CATransformLayers are honoured (the compositor draws every layer through its 4x4 matrix).
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster

/// The compositor's side of `CALayer.render(in:)`, found by the layer model through
/// `LayerContextRendering.compositorRendererName`.
package enum CALayerContextRenderer: LayerContextRenderer {
    package static func render(_ layer: CALayer, in ctx: CGContext) {
        let treeContext = LayerTreeContext.current
        treeContext.beginFrame()
        let snapshot = treeContext.snapshot(of: layer, atMediaTime: treeContext.mediaTime)
        guard let bitmap = renderedBitmap(snapshot, ctm: ctx.ctm, width: ctx.width, height: ctx.height) else { return }
        // Back to device space, where one image pixel is one context pixel, sampled nearest so the copy is exact.
        let ctm = ctx.ctm
        let det = Double(ctm.a * ctm.d - ctm.b * ctm.c)
        guard det.isFinite, det != 0 else { return }
        ctx.saveGState()
        ctx.concatenate(ctm.inverted())
        ctx.interpolationQuality = .none
        ctx.draw(CGImage(bitmap: bitmap), in: CGRect(x: 0, y: 0, width: ctx.width, height: ctx.height))
        ctx.restoreGState()
    }

    /// The tree drawn into a transparent `width` × `height` raster whose device space is the context's
    /// (user → device by `ctm`, device y-up), nil when nothing can be drawn.
    static func renderedBitmap(_ snapshot: LayerTreeSnapshot, ctm: CGAffineTransform, width: Int, height: Int)
        -> PremultipliedRGBA8Bitmap?
    {
        var m = CATransform3DIdentity
        m.m11 = Double(ctm.a)
        m.m12 = -Double(ctm.b)
        m.m21 = Double(ctm.c)
        m.m22 = -Double(ctm.d)
        m.m41 = Double(ctm.tx)
        m.m42 = Double(height) - Double(ctm.ty)
        let list = LayerRenderListBuilder(deviceTransform: m, rootSpace: .bounds).renderList(for: snapshot)
        guard !list.nodes.isEmpty else { return nil }
        return try? Compositor.render(list, width: width, height: height)
    }
}
