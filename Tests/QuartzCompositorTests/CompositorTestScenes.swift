// Fixture scenes exercising most of the render list at once (for goldens and the determinism matrix).
import Foundation
import QuartzMath
import QuartzRaster
@testable import QuartzCompositor

enum CompositorTestScenes {
    static let width = 320
    static let height = 240

    static func checkerboard(_ n: Int = 8, cell: Int = 4) -> CGImage {
        makeImage(width: n * cell, height: n * cell) { x, y in
            ((x / cell) + (y / cell)) % 2 == 0
                ? PremultipliedRGBA8(r: 230, g: 120, b: 30, a: 255) : PremultipliedRGBA8(r: 20, g: 60, b: 160, a: 255)
        }
    }

    /// Three cards turned about y under m34 = −1/500 (one facing away and single-sided, so culled), with
    /// rounded backgrounds, image contents, borders and a card crossing the eye plane.
    static func perspectiveCards() -> [RenderNode] {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        let root = LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 320, height: 240), position: CGPoint(x: 160, y: 120),
                                 sublayerTransform: perspective)
        var nodes: [RenderNode] = [solidItem(CGRect(x: 0, y: 0, width: 320, height: 240), TestColors.white)]
        let image = checkerboard()
        for (i, angle) in [0.9, -0.5, 2.6].enumerated() {
            let card = LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 90, height: 120),
                                     position: CGPoint(x: 60 + 100 * Double(i), y: 120),
                                     transform: CATransform3DMakeRotation(angle, 0, 1, 0))
            let world = card.worldTransform(superlayer: root, superlayerWorld: root.frameTransform)
            let bounds = RenderRoundedRect(rect: card.bounds, cornerRadius: 12)
            let placement = RenderImagePlacement.placement(
                imageWidth: image.width, imageHeight: image.height, bounds: card.bounds.insetBy(dx: 10, dy: 10),
                gravity: .resizeAspect)!
            let single = i != 2
            nodes.append(.item(RenderItem(transform: world, content: .shadow(RenderShadow(
                shape: .roundedRect(bounds), color: TestColors.black, opacity: 0.4, offset: CGSize(width: 4, height: 6),
                radius: 5)), isDoubleSided: single)))
            nodes.append(.item(RenderItem(transform: world, content: .solid(bounds, color: CGColor(red: 0.9, green: 0.9, blue: 0.8, alpha: 1)),
                                          isDoubleSided: single)))
            nodes.append(.item(RenderItem(transform: world, content: .image(RenderImage(image: image, placement: placement)),
                                          isDoubleSided: single)))
            nodes.append(.item(RenderItem(transform: world, content: .border(bounds, width: 3, color: TestColors.black),
                                          isDoubleSided: single)))
        }
        // A long strip crossing W = 0.
        let strip = LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 1600, height: 20), position: CGPoint(x: 160, y: 215),
                                  transform: CATransform3DMakeRotation(-1.2, 0, 1, 0))
        let stripWorld = strip.worldTransform(superlayer: root, superlayerWorld: root.frameTransform)
        nodes.append(.item(RenderItem(transform: stripWorld, content: .solid(RenderRoundedRect(rect: strip.bounds),
                                                                             color: CGColor(red: 0.2, green: 0.7, blue: 0.3, alpha: 1)))))
        return nodes
    }

    /// Group opacity, a gradient mask, a rounded clip with uneven corners, a group shadow, a blend mode group
    /// and nested offscreens.
    static func groupsMasksShadows() -> [RenderNode] {
        var nodes: [RenderNode] = [solidItem(CGRect(x: 0, y: 0, width: 320, height: 240), CGColor(red: 0.95, green: 0.95, blue: 1, alpha: 1))]
        let rotation = CATransform3DConcat(CATransform3DMakeRotation(0.3, 0, 0, 1), CATransform3DMakeTranslation(60, 20, 0))
        nodes.append(.group(RenderGroup(children: [
            solidItem(CGRect(x: 0, y: 0, width: 70, height: 70), TestColors.red, transform: rotation, radius: 10),
            solidItem(CGRect(x: 35, y: 35, width: 70, height: 70), TestColors.blue, transform: rotation, radius: 35),
        ], opacity: 0.6)))
        let maskGradient = RenderGradient(colors: [TestColors.black, CGColor(red: 0, green: 0, blue: 0, alpha: 0)],
                                          startPoint: CGPoint(x: 0, y: 0), endPoint: CGPoint(x: 1, y: 0),
                                          rect: CGRect(x: 170, y: 10, width: 140, height: 100))!
        nodes.append(.group(RenderGroup(children: [
            .item(RenderItem(transform: CATransform3DIdentity, content: .image(RenderImage(
                image: checkerboard(), placement: RenderImagePlacement(
                    localRect: CGRect(x: 170, y: 10, width: 140, height: 100), texelRect: CGRect(x: 0, y: 0, width: 32, height: 32)))))),
        ], mask: [.item(RenderItem(transform: CATransform3DIdentity, content: .gradient(maskGradient)))])))
        let clip = RenderClip(transform: CATransform3DMakeTranslation(20, 130, 0),
                              shape: RenderRoundedRect(rect: CGRect(x: 0, y: 0, width: 120, height: 90), cornerRadius: 30,
                                                       maskedCorners: [.minXMinY, .maxXMaxY]))
        nodes.append(.group(RenderGroup(children: [
            solidItem(CGRect(x: 0, y: 120, width: 200, height: 120), CGColor(red: 0.3, green: 0.8, blue: 0.5, alpha: 1)),
            solidItem(CGRect(x: 60, y: 150, width: 40, height: 40), TestColors.black, radius: 20),
        ], clip: clip)))
        let shadow = RenderGroupShadow(transform: CATransform3DIdentity, color: TestColors.black, opacity: 0.6,
                                       offset: CGSize(width: 6, height: 8), radius: 6)
        nodes.append(.group(RenderGroup(children: [
            solidItem(CGRect(x: 180, y: 140, width: 50, height: 50), CGColor(red: 1, green: 0.8, blue: 0.1, alpha: 1), radius: 8),
            .group(RenderGroup(children: [
                solidItem(CGRect(x: 210, y: 170, width: 60, height: 40), TestColors.green, radius: 4),
            ], opacity: 0.7, blendMode: .multiply)),
        ], shadow: shadow)))
        return nodes
    }

    /// Shapes and gradients: a dashed, trimmed, round-capped stroke of a curvy path, an even-odd star fill under
    /// perspective, conic and radial gradients.
    static func shapesAndGradients() -> [RenderNode] {
        var nodes: [RenderNode] = [solidItem(CGRect(x: 0, y: 0, width: 320, height: 240), TestColors.white)]
        var curve = PathGeometry()
        curve.move(to: CGPoint(x: 20, y: 200))
        curve.addCurve(to: CGPoint(x: 300, y: 200), control1: CGPoint(x: 80, y: 40), control2: CGPoint(x: 240, y: 360))
        let stroke = RenderStroke(path: curve, style: PathStrokeStyle(lineWidth: 8, lineCap: .round, lineJoin: .round),
                                  dashPattern: [24, 12], strokeStart: 0.1, strokeEnd: 0.85)
        var star = PathGeometry()
        for k in 0..<5 {
            let angle = Double(k) * 4 * Double.pi / 5 - Double.pi / 2
            let p = CGPoint(x: 60 + 50 * cos(angle), y: 60 + 50 * sin(angle))
            if k == 0 { star.move(to: p) } else { star.addLine(to: p) }
        }
        star.closeSubpath()
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 300
        let starWorld = CATransform3DConcat(
            CATransform3DConcat(CATransform3DMakeTranslation(-60, -60, 0), CATransform3DMakeRotation(0.7, 1, 0, 0)),
            CATransform3DConcat(perspective, CATransform3DMakeTranslation(80, 80, 0)))
        let conic = RenderGradient(kind: .conic, colors: [TestColors.red, TestColors.green, TestColors.blue, TestColors.red],
                                   startPoint: CGPoint(x: 0.5, y: 0.5), endPoint: CGPoint(x: 0.5, y: 0),
                                   rect: CGRect(x: 170, y: 20, width: 120, height: 120))!
        let radial = RenderGradient(kind: .radial, colors: [TestColors.white, CGColor(red: 0.1, green: 0.2, blue: 0.6, alpha: 1)],
                                    locations: [0.2, 1], startPoint: CGPoint(x: 0.5, y: 0.5), endPoint: CGPoint(x: 1, y: 0.8),
                                    rect: CGRect(x: 0, y: 0, width: 100, height: 60))!
        nodes.append(.item(RenderItem(transform: CATransform3DMakeTranslation(180, 160, 0), content: .gradient(radial))))
        nodes.append(.item(RenderItem(transform: starWorld, content: .shapeFill(star, fillRule: .evenOdd,
                                                                                color: CGColor(red: 0.8, green: 0.2, blue: 0.6, alpha: 1)))))
        nodes.append(.group(RenderGroup(children: [.item(RenderItem(transform: CATransform3DIdentity, content: .gradient(conic)))],
                                        clip: RenderClip(transform: CATransform3DIdentity, shape: RenderRoundedRect(
                                            rect: conic.rect, cornerRadius: 60)))))
        nodes.append(.item(RenderItem(transform: CATransform3DIdentity, content: .shapeStroke(stroke, color: TestColors.black),
                                      opacity: 0.8)))
        return nodes
    }

    static let all: [(name: String, nodes: @Sendable () -> [RenderNode])] = [
        ("perspective_cards", perspectiveCards), ("groups_masks_shadows", groupsMasksShadows),
        ("shapes_gradients", shapesAndGradients),
    ]
}
