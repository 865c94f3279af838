// Content idioms: a layer subclass with a custom animatable property drawn in draw(in:), a contents change
// under a fade transition, the shimmer (a gradient mask whose locations slide), and a card whose shadow
// offset animates through NSValue(cgSize:).
// Evidence: CALayer's needsDisplay(forKey:) and init(layer:) references (presentation copies are made with
// init(layer:) and redrawn while the key animates), CATransition's `fade` ("The layer's content fades as
// it becomes visible or hidden": a cross-dissolve of two opaque pictures shows no backdrop, spec §5.4),
// CAGradientLayer's locations and startPoint/endPoint references (unit-space axis, colours constant
// outside the first and last location), and CALayer's shadowOffset/shadowRadius references (σ equals
// shadowRadius, spec §9.5).
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster
import Testing
@testable import QuartzCompositor

/// A meter drawn by its own draw(in:) as ported code writes it: a stored colour copied by init(layer:), a
/// key-value-coded `level` that redraws while it animates.
final class IdiomMeterLayer: CALayer {
    var barColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)

    var level: CGFloat {
        get { value(forKey: "level") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "level") }
    }

    override init() {
        super.init()
    }

    init(barColor: CGColor) {
        self.barColor = barColor
        super.init()
    }

    override init(layer: Any) {
        if let meter = layer as? IdiomMeterLayer { barColor = meter.barColor }
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "level" || super.needsDisplay(forKey: key)
    }

    override func draw(in ctx: CGContext) {
        ctx.setFillColor(barColor)
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * level, height: bounds.height))
    }
}

@Suite struct IdiomContentSceneTests {
    /// The meter's level animates 0 → 1 over 2 s (linear): at 0.5 s a quarter of its width is drawn, in the
    /// colour its presentation copy kept.
    @Test func customPropertyRedrawsWhileItAnimates() throws {
        let scene = LayersScene()
        let meter = scene.add(IdiomMeterLayer(barColor: rgb(0, 0.5, 0))) {
            $0.frame = CGRect(x: 0, y: 80, width: 200, height: 40)
            $0.level = 1
            $0.setNeedsDisplay()
        }
        scene.commit {
            let fill = CABasicAnimation(keyPath: "level")
            fill.fromValue = NSNumber(value: 0)
            fill.toValue = NSNumber(value: 1)
            fill.duration = 2
            fill.timingFunction = CAMediaTimingFunction(name: .linear)
            meter.add(fill, forKey: "fill")
        }
        let green = IdiomColor.overWhite((0, 0.5, 0))
        let quarter = try scene.render(at: 0.5)
        #expect(quarter.failedProbes([
            IdiomProbe(10, 100, green, "the drawn part"), IdiomProbe(47, 100, green, "just inside the quarter"),
            IdiomProbe(53, 100, IdiomColor.white, "just past the quarter"), IdiomProbe(150, 100, IdiomColor.white, "the undrawn part"),
        ]) == [])
        let full = try scene.render(at: 3)
        #expect(full.failedProbes([IdiomProbe(195, 100, green, "the model level, whole width")]) == [])
    }

    /// `contents` swapped under a one-second fade transition, both images opaque: halfway, the pixel is the
    /// even mix of the two, with nothing of the backdrop.
    @Test func contentsFadeIsACrossDissolve() throws {
        let scene = LayersScene(background: rgb(0, 0, 1))
        let photo = scene.add(CALayer()) {
            $0.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
            $0.contents = idiomSolidImage(PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        }
        scene.commit {
            let fade = CATransition()
            fade.type = .fade
            fade.duration = 1
            fade.timingFunction = CAMediaTimingFunction(name: .linear)
            photo.add(fade, forKey: kCATransition)
            photo.contents = idiomSolidImage(PremultipliedRGBA8(r: 255, g: 255, b: 0, a: 255))
        }
        let halfway = try scene.render(at: 0.5)
        #expect(halfway.failedProbes([
            IdiomProbe(100, 100, (255, 128, 0), "the mix of red and yellow"), IdiomProbe(20, 20, (0, 0, 255), "the backdrop"),
        ]) == [])
        let quarter = try scene.render(at: 0.25)
        #expect(quarter.failedProbes([IdiomProbe(100, 100, (255, 64, 0), "a quarter of the way to yellow")]) == [])
        let done = try scene.render(at: 1.5)
        #expect(done.failedProbes([IdiomProbe(100, 100, (255, 255, 0), "the new contents")]) == [])
    }

    /// The shimmer: a black bar masked by a horizontal gradient (alpha 0.3, 1, 0.3) whose locations slide
    /// from [−1, −0.5, 0] to [1, 1.5, 2] in 2 s, NSNumber arrays, linear.
    @Test func shimmerMaskSlidesAcrossTheBar() throws {
        let scene = LayersScene()
        let bar = scene.add(CALayer()) {
            $0.frame = CGRect(x: 0, y: 80, width: 200, height: 40)
            $0.backgroundColor = rgb(0, 0, 0)
        }
        let shine = CAGradientLayer()
        scene.commit {
            CATransaction.setDisableActions(true)
            shine.frame = bar.bounds
            shine.startPoint = CGPoint(x: 0, y: 0.5)
            shine.endPoint = CGPoint(x: 1, y: 0.5)
            shine.colors = [rgb(0, 0, 0, 0.3), rgb(0, 0, 0, 1), rgb(0, 0, 0, 0.3)]
            shine.locations = [NSNumber(value: -1), NSNumber(value: -0.5), NSNumber(value: 0)]
            bar.mask = shine
        }
        scene.commit {
            let slide = CABasicAnimation(keyPath: "locations")
            slide.fromValue = [-1, -0.5, 0].map { NSNumber(value: $0) }
            slide.toValue = [1, 1.5, 2].map { NSNumber(value: $0) }
            slide.duration = 2
            slide.timingFunction = CAMediaTimingFunction(name: .linear)
            shine.add(slide, forKey: "shimmer")
        }
        /// The bar's alpha at pixel column `x` with the gradient's locations shifted by `shift` from [0, ½, 1].
        func expected(_ x: Int, shift: Double) -> (Int, Int, Int) {
            let f = (Double(x) + 0.5) / 200 - shift
            let alpha = f <= 0 || f >= 1 ? 0.3 : 0.3 + 0.7 * (1 - abs(2 * f - 1))
            return IdiomColor.overWhite((0, 0, 0), alpha: alpha)
        }
        for (time, shift) in [(1.0, 0.0), (0.5, -0.5), (1.5, 0.5)] {
            let frame = try scene.render(at: time)
            let probes = [10, 49, 99, 130, 170, 190].map { IdiomProbe(Double($0) + 0.5, 100, expected($0, shift: shift), "shimmer at \(time) s") }
            #expect(frame.failedProbes(probes) == [])
        }
    }

    /// A card lifting: its shadow (opacity 0.8, radius 2) slides from under it to 40 pt below through
    /// `shadowOffset` animated with NSValue(cgSize:).
    @Test func shadowOffsetAnimatesWithBoxedSizes() throws {
        let scene = LayersScene()
        let card = scene.add(CALayer()) {
            $0.frame = CGRect(x: 60, y: 60, width: 80, height: 80)
            $0.backgroundColor = rgb(0, 0, 1)
            $0.shadowOpacity = 0.8
            $0.shadowRadius = 2
            $0.shadowOffset = CGSize(width: 0, height: 40)
        }
        scene.commit {
            let lift = CABasicAnimation(keyPath: "shadowOffset")
            lift.fromValue = NSValue(cgSize: CGSize(width: 0, height: 0))
            lift.toValue = NSValue(cgSize: CGSize(width: 0, height: 40))
            lift.duration = 1
            lift.timingFunction = CAMediaTimingFunction(name: .linear)
            card.add(lift, forKey: "lift")
        }
        let shadow = IdiomColor.overWhite((0, 0, 0), alpha: 0.8)
        // Halfway the shadow reaches y = 160; 3σ is 6 pt, so 12 pt on either side of an edge is one colour.
        let halfway = try scene.render(at: 0.5)
        #expect(halfway.failedProbes([
            IdiomProbe(100, 150, shadow, "the shadow below the card"), IdiomProbe(100, 172, IdiomColor.white, "below the shadow"),
            IdiomProbe(100, 100, (0, 0, 255), "the card over its shadow"), IdiomProbe(48, 150, IdiomColor.white, "beside the shadow"),
        ]) == [])
        let lifted = try scene.render(at: 1.5)
        #expect(lifted.failedProbes([
            IdiomProbe(100, 168, shadow, "the shadow 40 pt down"), IdiomProbe(100, 192, IdiomColor.white, "below it"),
        ]) == [])
    }
}
