import Foundation
import OpenQuartz
import Testing

/// The README's "Using it" example, kept compiling and checked: a box sliding with a basic animation,
/// rendered half-way through by CARenderer on a manual clock.
@Suite struct ReadmeExampleTests {
    @Test func slidingBoxRendersHalfWay() throws {
        // --- README example start
        let clock = ManualMediaClock(time: 0)
        let context = LayerTreeContext(clock: clock)
        let frame = try context.perform {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 200, height: 120)
            root.position = CGPoint(x: 100, y: 60)
            root.backgroundColor = CGColor(gray: 1, alpha: 1)
            let box = CALayer()
            box.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
            box.position = CGPoint(x: 30, y: 60)
            box.cornerRadius = 8
            box.backgroundColor = CGColor(red: 0.9, green: 0.3, blue: 0.2, alpha: 1)
            root.addSublayer(box)
            let slide = CABasicAnimation(keyPath: "position.x")
            slide.fromValue = 30
            slide.toValue = 170
            slide.duration = 2
            box.add(slide, forKey: "slide")
            CATransaction.flush()  // commit at media time 0: the animation begins now
            let renderer = CARenderer(layer: root, bounds: root.bounds, context: context)
            return try renderer.renderFrame(atTime: 1)  // half-way: the box is centred at x = 100
        }
        // --- README example end
        #expect(frame.width == 200 && frame.height == 120)
        let red = PremultipliedRGBA8(straightRed: 0.9, green: 0.3, blue: 0.2, alpha: 1)
        #expect(frame[100, 60] == red)
        #expect(frame[30, 60] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        #expect(frame[81, 60] == red && frame[118, 60] == red)
        #expect(frame[78, 60] != red && frame[122, 60] != red)
    }
}
