// The built-in demo animation, written with the public engine API as an example to copy: five panels from
// the seed documents: the ship flying along a Bézier path (rotationMode auto), the door swinging in
// perspective (sublayerTransform m34 = −1/500), colour keyframes, push transitions on scripted model changes,
// and the ordered endless cycle of "tip 1" (groups whose longer durations create the waits).
// Space: 640 × 360 points, origin top-left, y down; `scale` pixels per point.
import Foundation
import OpenQuartz

enum DemoAnimation {
    static let size = CGSize(width: 640, height: 360)
    static let duration = 5.0
    /// Scene times of the scripted slide changes (each one a push transition).
    static let slideChangeTimes = [1.5, 3.5]

    /// The frame at scene time `time`. The tree is built afresh, as at time 0; the scripted changes due by
    /// `time` run at their own times in their own transactions; then the frame renders. So any frame renders
    /// directly, on any thread, without playing the ones before.
    static func render(atTime time: Double, scale: Double, options: CompositorOptions) throws -> PremultipliedRGBA8Bitmap {
        let clock = ManualMediaClock(time: 0)
        let context = LayerTreeContext(clock: clock)
        return try context.perform {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            let root = CALayer()
            root.bounds = CGRect(origin: .zero, size: size)
            root.position = CGPoint(x: size.width / 2, y: size.height / 2)
            let slides = buildPanels(in: root)
            CATransaction.commit()
            CATransaction.flush()  // commits at media time 0: every animation begins now
            for (n, changeTime) in slideChangeTimes.enumerated() where changeTime <= time {
                clock.time = changeTime
                showSlide(n + 1, on: slides)
            }
            let renderer = CARenderer(layer: root, bounds: root.frame, scale: scale, options: options, context: context)
            return try renderer.renderFrame(atTime: time)
        }
    }

    // MARK: The tree

    private static func color(_ hex: UInt32, alpha: Double = 1) -> CGColor {
        CGColor(red: Double(hex >> 16 & 0xFF) / 255, green: Double(hex >> 8 & 0xFF) / 255, blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }

    /// A rounded card that holds one part of the demo.
    private static func panel(_ frame: CGRect, in root: CALayer) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.cornerRadius = 14
        layer.backgroundColor = color(0xFFFFFF, alpha: 0.07)
        layer.borderColor = color(0xFFFFFF, alpha: 0.16)
        layer.borderWidth = 1
        root.addSublayer(layer)
        return layer
    }

    /// Builds the five panels; returns the layers the scripted slide changes edit.
    private static func buildPanels(in root: CALayer) -> SlideLayers {
        let sky = CAGradientLayer()
        sky.frame = root.bounds
        sky.colors = [color(0x141B33), color(0x2B1D45)]
        sky.startPoint = CGPoint(x: 0, y: 0)
        sky.endPoint = CGPoint(x: 1, y: 1)
        root.addSublayer(sky)
        addShip(to: panel(CGRect(x: 16, y: 16, width: 368, height: 208), in: root))
        addDoor(to: panel(CGRect(x: 400, y: 16, width: 224, height: 208), in: root))
        addColorKeyframes(to: panel(CGRect(x: 16, y: 240, width: 184, height: 104), in: root))
        let slides = addSlides(to: panel(CGRect(x: 216, y: 240, width: 192, height: 104), in: root))
        addOrderedCycle(to: panel(CGRect(x: 424, y: 240, width: 200, height: 104), in: root))
        return slides
    }

    /// Seed 000: the ship follows a cubic Bézier `path`, drawn underneath in red by a CAShapeLayer; with
    /// rotationMode auto it turns along the tangent.
    private static func addShip(to panel: CALayer) {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 34, y: 120))
        path.addCurve(to: CGPoint(x: 334, y: 120), control1: CGPoint(x: 109, y: -30), control2: CGPoint(x: 259, y: 270))
        let track = CAShapeLayer()
        track.frame = panel.bounds
        track.path = path
        track.fillColor = nil
        track.strokeColor = color(0xFF3B30)
        track.lineWidth = 3
        panel.addSublayer(track)

        let hull = CGMutablePath()  // an arrow pointing along +x, the direction of travel
        hull.move(to: CGPoint(x: 44, y: 16))
        hull.addLine(to: CGPoint(x: 4, y: 0))
        hull.addLine(to: CGPoint(x: 14, y: 16))
        hull.addLine(to: CGPoint(x: 4, y: 32))
        hull.closeSubpath()
        let ship = CAShapeLayer()
        ship.bounds = CGRect(x: 0, y: 0, width: 48, height: 32)
        ship.position = CGPoint(x: 34, y: 120)
        ship.path = hull
        ship.fillColor = color(0x5AC8FA)
        ship.strokeColor = color(0xFFFFFF)
        ship.lineWidth = 2
        ship.lineJoin = .round
        panel.addSublayer(ship)

        let fly = CAKeyframeAnimation(keyPath: "position")
        fly.path = path
        fly.rotationMode = .rotateAuto
        fly.duration = 4.5
        fly.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        fly.fillMode = .forwards  // stay at the end of the path instead of snapping back
        fly.isRemovedOnCompletion = false
        ship.add(fly, forKey: "fly")
    }

    /// Seed 002: a door hinged on its left edge (anchorPoint (0, 0.5)) swings about y; the perspective comes
    /// from the container's sublayerTransform with m34 = −1/500.
    private static func addDoor(to panel: CALayer) {
        let stage = CALayer()
        stage.frame = panel.bounds
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        stage.sublayerTransform = perspective
        panel.addSublayer(stage)

        let doorway = CALayer()
        doorway.frame = CGRect(x: 62, y: 34, width: 90, height: 140)
        doorway.backgroundColor = color(0x0B0F1E)
        doorway.borderColor = color(0xC8A165)
        doorway.borderWidth = 3
        stage.addSublayer(doorway)

        let door = CALayer()
        door.anchorPoint = CGPoint(x: 0, y: 0.5)
        door.bounds = CGRect(x: 0, y: 0, width: 84, height: 134)
        door.position = CGPoint(x: 65, y: 104)
        door.backgroundColor = color(0xA0672E)
        door.cornerRadius = 3
        let knob = CALayer()
        knob.frame = CGRect(x: 66, y: 62, width: 10, height: 10)
        knob.cornerRadius = 5
        knob.backgroundColor = color(0xF2D16B)
        door.addSublayer(knob)
        stage.addSublayer(door)

        let swing = CABasicAnimation(keyPath: "transform.rotation.y")
        swing.toValue = -Double.pi / 3
        swing.duration = 1.25
        swing.autoreverses = true
        swing.repeatCount = .infinity
        swing.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        door.add(swing, forKey: "swing")
    }

    /// Seed 000: a CAKeyframeAnimation over colour values.
    private static func addColorKeyframes(to panel: CALayer) {
        for (n, offset) in [0.0, 0.5, 1.0].enumerated() {
            let swatch = CALayer()
            swatch.frame = CGRect(x: 16 + Double(n) * 56, y: 24, width: 40, height: 56)
            swatch.cornerRadius = 8
            swatch.backgroundColor = color(0x3478F6)
            let colors = CAKeyframeAnimation(keyPath: "backgroundColor")
            colors.values = [color(0x3478F6), color(0xFF3B30), color(0x34C759), color(0x3478F6)]
            colors.duration = 2.5
            colors.repeatCount = .infinity
            colors.timeOffset = offset  // each swatch a little further along the same cycle
            swatch.add(colors, forKey: "colors")
            panel.addSublayer(swatch)
        }
    }

    /// The layers a slide change edits.
    private struct SlideLayers {
        let card: CALayer
        let badge: CALayer
    }

    private static let slideColors: [UInt32] = [0xFF9F0A, 0x30B0C7, 0xBF5AF2]

    /// Seed 000/001: a card whose content changes under a push transition. The clip keeps the outgoing and
    /// incoming content inside the card's frame.
    private static func addSlides(to panel: CALayer) -> SlideLayers {
        let clip = CALayer()
        clip.frame = CGRect(x: 16, y: 16, width: 160, height: 72)
        clip.cornerRadius = 10
        clip.masksToBounds = true
        panel.addSublayer(clip)
        let card = CALayer()
        card.frame = clip.bounds
        card.backgroundColor = color(slideColors[0])
        let badge = CALayer()
        badge.frame = CGRect(x: 56, y: 12, width: 48, height: 48)
        badge.cornerRadius = 24
        badge.backgroundColor = color(0xFFFFFF, alpha: 0.9)
        card.addSublayer(badge)
        clip.addSublayer(card)
        return SlideLayers(card: card, badge: badge)
    }

    /// The scripted change to slide `n`: a push from the right, then the model values, in one transaction.
    private static func showSlide(_ n: Int, on slides: SlideLayers) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let push = CATransition()
        push.type = .push
        push.subtype = .fromRight
        push.duration = 0.6
        push.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        slides.card.add(push, forKey: "transition")
        slides.card.backgroundColor = color(slideColors[n % slideColors.count])
        slides.badge.cornerRadius = n == 1 ? 6 : 24  // a circle, then a square, then a wide pill
        slides.badge.bounds.size.width = n == 2 ? 96 : 48
        CATransaction.commit()
        CATransaction.flush()
    }

    /// Seed 003, tip 1: the black square shrinks, waits while the orange one turns once, then grows back,
    /// forever. Each animation sits in a group whose longer duration makes the wait; the black group
    /// autoreverses, the orange one starts one scale-duration later.
    private static func addOrderedCycle(to panel: CALayer) {
        let scaleDuration = 0.5, rotateDuration = 1.5
        let black = CALayer()
        black.bounds = CGRect(x: 0, y: 0, width: 48, height: 48)
        black.position = CGPoint(x: 60, y: 52)
        black.backgroundColor = color(0x0A0A0A)
        black.borderColor = color(0xFFFFFF, alpha: 0.5)
        black.borderWidth = 1
        panel.addSublayer(black)
        let orange = CALayer()
        orange.bounds = CGRect(x: 0, y: 0, width: 48, height: 48)
        orange.position = CGPoint(x: 140, y: 52)
        orange.backgroundColor = color(0xFF9500)
        panel.addSublayer(orange)

        let shrink = CABasicAnimation(keyPath: "transform.scale")
        shrink.fromValue = 1
        shrink.toValue = 0.5
        shrink.duration = scaleDuration
        shrink.fillMode = .forwards  // hold the small state while the orange square turns
        shrink.isRemovedOnCompletion = false
        let blackGroup = CAAnimationGroup()
        blackGroup.animations = [shrink]
        blackGroup.duration = scaleDuration + rotateDuration / 2
        blackGroup.autoreverses = true
        blackGroup.repeatCount = .infinity
        black.add(blackGroup, forKey: "scaleAnimation")

        let turn = CABasicAnimation(keyPath: "transform.rotation")
        turn.fromValue = -2 * Double.pi
        turn.duration = rotateDuration
        let orangeGroup = CAAnimationGroup()
        orangeGroup.animations = [turn]
        orangeGroup.beginTime = CACurrentMediaTime() + scaleDuration
        orangeGroup.duration = rotateDuration + scaleDuration * 2
        orangeGroup.repeatCount = .infinity
        orange.add(orangeGroup, forKey: "rotateAnimation")
    }
}
