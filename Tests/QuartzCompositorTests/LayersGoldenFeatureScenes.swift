// Feature golden scenes: gravities, shadows, masks, opacity, perspective, a cube, replicators, shapes.
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster
@testable import QuartzCompositor

extension LayersGoldenScenes {
    /// Every contentsGravity on a 60×40 layer (a 20×20 pixel image at contentsScale 1: 20×20 points), then contentsRect (the top-left quarter) and a nine-part contentsCenter stretch.
    static func gravities() -> LayersScene {
        let scene = LayersScene(width: 300, height: 200)
        let names: [CALayerContentsGravity] = [.center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft,
                                                .bottomRight, .resize, .resizeAspect, .resizeAspectFill]
        for (i, gravity) in names.enumerated() {
            scene.add(CALayer()) {
                $0.frame = CGRect(x: 10 + Double(i % 4) * 72, y: 10 + Double(i / 4) * 50, width: 60, height: 40)
                $0.backgroundColor = rgb(0.85, 0.85, 0.85)
                $0.contents = LayersImages.checker
                $0.contentsGravity = gravity
            }
        }
        scene.add(CALayer()) {
            $0.frame = CGRect(x: 10, y: 160, width: 60, height: 30)
            $0.contents = LayersImages.checker
            $0.contentsRect = CGRect(x: 0, y: 0, width: 0.5, height: 0.5)
        }
        scene.add(CALayer()) {
            $0.frame = CGRect(x: 82, y: 155, width: 200, height: 40)
            $0.contents = LayersImages.door
            $0.contentsCenter = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
            $0.contentsScale = 4
        }
        return scene
    }

    /// Shadows: from the composited alpha (a layer with a sublayer), from a shadowPath (an ellipse under a
    /// square), from a rounded background alone; blurred, offset, coloured.
    static func shadows() -> LayersScene {
        let scene = LayersScene(width: 300, height: 120)
        let group = scene.add(CALayer()) {
            $0.frame = CGRect(x: 20, y: 20, width: 60, height: 60)
            $0.backgroundColor = rgb(0.3, 0.6, 0.9)
            $0.shadowOpacity = 0.8
            $0.shadowRadius = 6
            $0.shadowOffset = CGSize(width: 6, height: 8)
        }
        scene.add(CALayer(), to: group) { $0.frame = CGRect(x: 40, y: 40, width: 40, height: 40); $0.backgroundColor = rgb(0.9, 0.6, 0.2) }
        scene.add(CALayer()) {
            $0.frame = CGRect(x: 130, y: 20, width: 60, height: 60)
            $0.backgroundColor = rgb(0.4, 0.8, 0.4)
            $0.shadowOpacity = 1
            $0.shadowRadius = 4
            $0.shadowColor = rgb(0.6, 0, 0.6)
            $0.shadowOffset = CGSize(width: 0, height: 10)
            $0.shadowPath = CGPath(ellipseIn: CGRect(x: -10, y: 30, width: 80, height: 40), transform: nil)
        }
        scene.add(CALayer()) {
            $0.frame = CGRect(x: 220, y: 20, width: 60, height: 60)
            $0.backgroundColor = rgb(0.95, 0.95, 0.3)
            $0.cornerRadius = 15
            $0.shadowOpacity = 0.6
            $0.shadowRadius = 10
            $0.shadowOffset = CGSize(width: 0, height: -3)
        }
        return scene
    }

    /// Masks and clips: an ellipse shape mask over a gradient, a half-transparent gradient mask, masksToBounds
    /// with a corner radius on two corners only (maskedCorners) clipping a larger sublayer, and a border.
    static func masks() -> LayersScene {
        let scene = LayersScene(width: 300, height: 110)
        let gradient = scene.add(CAGradientLayer()) {
            $0.frame = CGRect(x: 10, y: 10, width: 90, height: 90)
            $0.colors = [red, blue]
        }
        let faded = scene.add(CALayer()) { $0.frame = CGRect(x: 110, y: 10, width: 80, height: 90); $0.backgroundColor = green }
        let clipped = scene.add(CALayer()) {
            $0.frame = CGRect(x: 200, y: 10, width: 90, height: 90)
            $0.masksToBounds = true
            $0.cornerRadius = 30
            $0.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
            $0.backgroundColor = rgb(0.9, 0.9, 0.5)
            $0.borderWidth = 3
            $0.borderColor = rgb(0.2, 0.2, 0.2)
        }
        scene.add(CALayer(), to: clipped) { $0.frame = CGRect(x: 30, y: -20, width: 80, height: 80); $0.backgroundColor = blue }
        scene.run {
            CATransaction.setDisableActions(true)
            let oval = CAShapeLayer()
            oval.frame = CGRect(x: 0, y: 0, width: 90, height: 90)
            oval.path = CGPath(ellipseIn: CGRect(x: 5, y: 15, width: 80, height: 60), transform: nil)
            gradient.mask = oval
            let ramp = CAGradientLayer()
            ramp.frame = CGRect(x: 0, y: 0, width: 80, height: 90)
            ramp.colors = [rgb(0, 0, 0, 1), rgb(0, 0, 0, 0)]
            ramp.startPoint = CGPoint(x: 0, y: 0.5)
            ramp.endPoint = CGPoint(x: 1, y: 0.5)
            faded.mask = ramp
            CATransaction.flush()
        }
        return scene
    }

    /// Nested group opacity (left) against per-part opacity (right): three overlapping squares at 0.6 each.
    static func opacity() -> LayersScene {
        let scene = LayersScene(width: 260, height: 130)
        for (x, grouped) in [(10.0, true), (140.0, false)] {
            let outer = scene.add(CALayer()) {
                $0.frame = CGRect(x: x, y: 10, width: 70, height: 70); $0.backgroundColor = red
                $0.opacity = 0.6; $0.allowsGroupOpacity = grouped
            }
            let middle = scene.add(CALayer(), to: outer) {
                $0.frame = CGRect(x: 25, y: 25, width: 70, height: 70); $0.backgroundColor = green
                $0.opacity = 0.6; $0.allowsGroupOpacity = grouped
            }
            scene.add(CALayer(), to: middle) {
                $0.frame = CGRect(x: -20, y: 15, width: 50, height: 50); $0.backgroundColor = blue
                $0.opacity = 0.6; $0.allowsGroupOpacity = grouped
            }
        }
        return scene
    }

    /// zPosition under perspective (spec §9.3–9.4): equal squares at zPosition −100, 0, 100 under
    /// m34 = −1/500 (nearer looks larger; drawn by zPosition, not array order), and the §9.4 layer turned −π/4.
    static func perspective() -> LayersScene {
        let scene = LayersScene(width: 300, height: 300)
        scene.run {
            CATransaction.setDisableActions(true)
            var p = CATransform3DIdentity
            p.m34 = -1.0 / 500
            scene.root.sublayerTransform = p
            CATransaction.flush()
        }
        for (i, z) in [100.0, -100, 0].enumerated() {
            scene.add(CALayer()) {
                $0.bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
                $0.position = CGPoint(x: 60 + Double(i) * 30, y: 60 + Double(i) * 20)
                $0.zPosition = z
                $0.backgroundColor = [red, green, blue][i]
                $0.borderWidth = 2
                $0.borderColor = CGColor.black
            }
        }
        scene.add(CALayer()) {
            $0.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            $0.position = CGPoint(x: 150, y: 150)
            $0.anchorPoint = CGPoint(x: 0, y: 0.5)
            $0.transform = CATransform3DMakeRotation(-.pi / 4, 0, 1, 0)
            $0.contents = LayersImages.door
        }
        return scene
    }

    /// A CATransformLayer cube: six 100×100 faces, turned to show three, under m34 = −1/500.
    static func cube() -> LayersScene {
        let scene = LayersScene(width: 240, height: 240)
        scene.run {
            CATransaction.setDisableActions(true)
            var p = CATransform3DIdentity
            p.m34 = -1.0 / 500
            scene.root.sublayerTransform = p
            CATransaction.flush()
        }
        let cube = scene.add(CATransformLayer()) {
            $0.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            $0.position = CGPoint(x: 120, y: 120)
            $0.transform = CATransform3DRotate(CATransform3DMakeRotation(-0.6, 1, 0, 0), 0.7, 0, 1, 0)
        }
        let faces: [(CATransform3D, CGColor)] = [
            (CATransform3DMakeTranslation(0, 0, 50), rgb(0.9, 0.2, 0.2)),
            (CATransform3DRotate(CATransform3DMakeTranslation(50, 0, 0), .pi / 2, 0, 1, 0), rgb(0.2, 0.8, 0.2)),
            (CATransform3DRotate(CATransform3DMakeTranslation(0, -50, 0), .pi / 2, 1, 0, 0), rgb(0.2, 0.3, 0.9)),
            (CATransform3DRotate(CATransform3DMakeTranslation(0, 50, 0), -.pi / 2, 1, 0, 0), rgb(0.9, 0.9, 0.2)),
            (CATransform3DRotate(CATransform3DMakeTranslation(-50, 0, 0), -.pi / 2, 0, 1, 0), rgb(0.2, 0.9, 0.9)),
            (CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -50), .pi, 0, 1, 0), rgb(0.9, 0.2, 0.9)),
        ]
        for (transform, color) in faces {
            scene.add(CALayer(), to: cube) {
                $0.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
                $0.position = CGPoint(x: 50, y: 50)
                $0.transform = transform
                $0.backgroundColor = color
                $0.borderWidth = 3
                $0.borderColor = rgb(0.1, 0.1, 0.1)
            }
        }
        return scene
    }

    /// Replicators: twelve dots around the centre fading by instanceAlphaOffset and shifting hue by colour
    /// offsets; a row of five bars under a translating instanceTransform.
    static func replicator() -> LayersScene {
        let scene = LayersScene(width: 300, height: 160)
        let ring = scene.add(CAReplicatorLayer()) {
            $0.frame = CGRect(x: 10, y: 10, width: 140, height: 140)
            $0.instanceCount = 12
            $0.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
            $0.instanceColor = rgb(1, 0.2, 0.2)
            $0.instanceGreenOffset = 0.07
            $0.instanceAlphaOffset = -0.07
        }
        scene.add(CALayer(), to: ring) {
            $0.frame = CGRect(x: 62, y: 4, width: 16, height: 16)
            $0.cornerRadius = 8
            $0.backgroundColor = CGColor.white
        }
        let row = scene.add(CAReplicatorLayer()) {
            $0.frame = CGRect(x: 170, y: 30, width: 120, height: 100)
            $0.instanceCount = 5
            $0.instanceTransform = CATransform3DMakeTranslation(24, 0, 0)
            $0.instanceBlueOffset = -0.2
            $0.instanceRedOffset = -0.1
        }
        scene.add(CALayer(), to: row) { $0.frame = CGRect(x: 0, y: 20, width: 16, height: 60); $0.backgroundColor = rgb(0.5, 0.7, 1) }
        return scene
    }

    /// CAShapeLayer (even-odd fill, dashed round-capped stroke, trimmed stroke, bevel and miter joins) and
    /// CAGradientLayer (axial with locations, radial, conic, rounded corners).
    static func shapes() -> LayersScene {
        let scene = LayersScene(width: 300, height: 200)
        let star = CGMutablePath()
        for k in 0..<5 {
            let a = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
            let p = CGPoint(x: 50 + 40 * cos(a), y: 50 + 40 * sin(a))
            if k == 0 { star.move(to: p) } else { star.addLine(to: p) }
        }
        star.closeSubpath()
        scene.add(CAShapeLayer()) {
            $0.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            $0.path = star
            $0.fillRule = .evenOdd
            $0.fillColor = rgb(0.9, 0.7, 0.1)
            $0.strokeColor = rgb(0.3, 0.1, 0)
            $0.lineWidth = 3
            $0.lineJoin = .bevel
        }
        scene.add(CAShapeLayer()) {
            $0.frame = CGRect(x: 100, y: 0, width: 100, height: 100)
            $0.path = CGPath(ellipseIn: CGRect(x: 15, y: 15, width: 70, height: 70), transform: nil)
            $0.fillColor = nil
            $0.strokeColor = blue
            $0.lineWidth = 8
            $0.lineCap = .round
            $0.lineDashPattern = [12, 10]
            $0.lineDashPhase = 4
        }
        let zigzag = CGMutablePath()
        zigzag.move(to: CGPoint(x: 10, y: 80))
        for k in 1...4 { zigzag.addLine(to: CGPoint(x: 10 + Double(k) * 20, y: k % 2 == 1 ? 20 : 80)) }
        scene.add(CAShapeLayer()) {
            $0.frame = CGRect(x: 200, y: 0, width: 100, height: 100)
            $0.path = zigzag
            $0.fillColor = nil
            $0.strokeColor = red
            $0.lineWidth = 6
            $0.lineJoin = .miter
            $0.miterLimit = 4
            $0.strokeStart = 0.15
            $0.strokeEnd = 0.85
        }
        let kinds: [CAGradientLayerType] = [.axial, .radial, .conic]
        for (i, kind) in kinds.enumerated() {
            scene.add(CAGradientLayer()) {
                $0.frame = CGRect(x: 10 + Double(i) * 97, y: 110, width: 85, height: 80)
                $0.type = kind
                $0.colors = [red, rgb(1, 1, 0), blue]
                $0.locations = [0, 0.3, 1]
                $0.startPoint = kind == .axial ? CGPoint(x: 0, y: 0) : CGPoint(x: 0.5, y: 0.5)
                $0.endPoint = CGPoint(x: 1, y: 1)
                $0.cornerRadius = i == 0 ? 16 : 0
            }
        }
        return scene
    }

}
