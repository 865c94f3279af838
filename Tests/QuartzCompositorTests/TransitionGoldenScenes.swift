// The transition golden scenes (fixtures/golden/transitions/, reviewed by eye): the UIKit-style types ×
// subtypes as contact sheets at 25/50/75 %, a flip and a curl mid-way, each Core Image filter at 50 %, and
// seed 004's bars swipe (listing 5-2). Before-states are the engine's own (captured at the commit that adds
// the transition); transitions are linear with duration 1 and begin at time 0, so progress = time, and
// panels that need another progress in the same frame set startProgress/endProgress (q = s + (e − s)·p).
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster
@testable import QuartzCompositor

enum TransitionGoldenScenes {
    static let all: [LayersGoldenScene] =
        [0.25, 0.5, 0.75].map { q in LayersGoldenScene(name: "uikit_types_q\(q)") { (uikitTypes(), q, [:]) } }
        + [
            LayersGoldenScene(name: "flip_and_curl_midway") { (flipAndCurl(), 0.5, [:]) },
            LayersGoldenScene(name: "filters_q0.5") { (filters(), 0.5, [:]) },
            LayersGoldenScene(name: "seed004_bars_swipe") { (seed004(), 0.5, [:]) },
        ]

    static let red = rgb(0.85, 0.1, 0.1), blue = rgb(0.1, 0.25, 0.85), yellow = rgb(1, 0.85, 0)

    /// A `size` panel at `origin` in `parent`: before the change red with a white bar, after it blue with a
    /// yellow dot (the change happens in `change`, inside the transaction that adds the transition).
    static func panel(_ scene: LayersScene, in parent: CALayer, origin: CGPoint, size: Double)
        -> (panel: CALayer, change: () -> Void) {
        let panel = scene.add(CALayer(), to: parent) {
            $0.frame = CGRect(x: origin.x, y: origin.y, width: size, height: size)
            $0.backgroundColor = red
        }
        let mark = scene.add(CALayer(), to: panel) {
            $0.frame = CGRect(x: size * 0.1, y: size * 0.4, width: size * 0.8, height: size * 0.2)
            $0.backgroundColor = CGColor.white
        }
        return (panel, {
            panel.backgroundColor = blue
            mark.frame = CGRect(x: size * 0.55, y: size * 0.1, width: size * 0.35, height: size * 0.35)
            mark.cornerRadius = size * 0.175
            mark.backgroundColor = yellow
        })
    }

    /// Adds `transition` to each panel and applies its change in one transaction (actions disabled).
    static func commit(_ scene: LayersScene, _ items: [(panel: CALayer, change: () -> Void, transition: CATransition)]) {
        scene.run {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            for item in items {
                item.transition.duration = 1
                item.panel.add(item.transition, forKey: nil)
                item.change()
            }
            CATransaction.commit()
            CATransaction.flush()
        }
    }

    static func transition(_ type: CATransitionType, _ subtype: CATransitionSubtype?, progress: ClosedRange<Float> = 0...1)
        -> CATransition {
        let t = CATransition()
        t.type = type
        t.subtype = subtype
        t.startProgress = progress.lowerBound
        t.endProgress = progress.upperBound
        return t
    }

    /// Rows flip, curlUp, curlDown, crossDissolve; columns fromRight, fromLeft, fromTop, fromBottom. Each
    /// 80 × 80 cell is light grey with the 50 × 50 panel at its centre.
    static func uikitTypes() -> LayersScene {
        let scene = LayersScene(width: 320, height: 320)
        var items: [(panel: CALayer, change: () -> Void, transition: CATransition)] = []
        for (row, type) in [CATransitionType.flip, .curlUp, .curlDown, .crossDissolve].enumerated() {
            for (column, subtype) in [CATransitionSubtype.fromRight, .fromLeft, .fromTop, .fromBottom].enumerated() {
                let cell = scene.add(CALayer()) {
                    $0.frame = CGRect(x: Double(column) * 80 + 4, y: Double(row) * 80 + 4, width: 72, height: 72)
                    $0.backgroundColor = rgb(0.82, 0.82, 0.82)
                }
                let (panel, change) = panel(scene, in: cell, origin: CGPoint(x: 11, y: 11), size: 50)
                items.append((panel, change, transition(type, subtype)))
            }
        }
        commit(scene, items)
        return scene
    }

    /// Four 160 × 160 cells: flip fromLeft at q = 0.4 (old turning away) and 0.6 (new turning in), curlUp
    /// and curlDown at q = 0.5 (default subtype), each on a 120 × 120 panel.
    static func flipAndCurl() -> LayersScene {
        let scene = LayersScene(width: 320, height: 320)
        let setups: [(CATransitionType, ClosedRange<Float>)] = [(.flip, 0...0.8), (.flip, 0.2...1), (.curlUp, 0...1), (.curlDown, 0...1)]
        var items: [(panel: CALayer, change: () -> Void, transition: CATransition)] = []
        for (i, setup) in setups.enumerated() {
            let origin = CGPoint(x: Double(i % 2) * 160 + 20, y: Double(i / 2) * 160 + 20)
            let (panel, change) = panel(scene, in: scene.root, origin: origin, size: 120)
            items.append((panel, change, transition(setup.0, nil, progress: setup.1)))
        }
        commit(scene, items)
        return scene
    }

    /// The filters at q = 0.5 on 120 × 120 panels: CIBarsSwipeTransition (defaults: angle π, width 30, bar
    /// offset 10), CISwipeTransition (width 80, opacity 0.6, colour white), CIDissolveTransition and
    /// CICopyMachineTransition (width 80, its default light green at opacity 1.3, angle 0.5).
    static func filters() -> LayersScene {
        let scene = LayersScene(width: 320, height: 320, background: rgb(0.2, 0.2, 0.2))
        let bars = CIFilter(name: "CIBarsSwipeTransition")!
        let swipe = CIFilter(name: "CISwipeTransition")!
        swipe.setValue(80, forKey: kCIInputWidthKey)
        swipe.setValue(0.6, forKey: "inputOpacity")
        let dissolve = CIFilter(name: "CIDissolveTransition")!
        let copy = CIFilter(name: "CICopyMachineTransition")!
        copy.setValue(80, forKey: kCIInputWidthKey)
        copy.setValue(0.5, forKey: kCIInputAngleKey)
        var items: [(panel: CALayer, change: () -> Void, transition: CATransition)] = []
        for (i, filter) in [bars, swipe, dissolve, copy].enumerated() {
            let origin = CGPoint(x: Double(i % 2) * 160 + 20, y: Double(i / 2) * 160 + 20)
            let (panel, change) = panel(scene, in: scene.root, origin: origin, size: 120)
            let t = CATransition()
            t.type = .push  // ignored: a filter is set [A: DOC-CATransition filter]
            t.filter = filter
            items.append((panel, change, t))
        }
        commit(scene, items)
        return scene
    }

    /// Seed 004 listing 5-2: the filter configured with inputAngle 3.14, inputWidth 30, inputBarOffset 10 on
    /// one transition added to both image layers, then imageView2 shown and imageView hidden. Three copies
    /// side by side at q = 0.25, 0.5, 0.75 (progress ranges 0…0.5, 0…1, 0.5…1 at p = ½).
    static func seed004() -> LayersScene {
        let scene = LayersScene(width: 480, height: 170)
        let first = makeImage(width: 60, height: 60) { x, y in
            (x / 10 + y / 10) % 2 == 0 ? PremultipliedRGBA8(r: 240, g: 140, b: 30, a: 255) : PremultipliedRGBA8(r: 250, g: 230, b: 200, a: 255)
        }
        let second = makeImage(width: 60, height: 60) { x, y in
            let dx = x - 30, dy = y - 30
            return dx * dx + dy * dy < 400 ? PremultipliedRGBA8(r: 250, g: 250, b: 250, a: 255) : PremultipliedRGBA8(r: 30, g: 120, b: 140, a: 255)
        }
        var pairs: [(CALayer, CALayer, CATransition)] = []
        for (i, range) in [Float(0)...0.5, 0...1, 0.5...1].enumerated() {
            let frame = CGRect(x: Double(i) * 160 + 10, y: 10, width: 140, height: 150)
            let imageView = scene.add(CALayer()) { $0.frame = frame; $0.contents = first; $0.contentsGravity = .resize }
            let imageView2 = scene.add(CALayer()) {
                $0.frame = frame; $0.contents = second; $0.contentsGravity = .resize; $0.isHidden = true
            }
            let filter = CIFilter(name: "CIBarsSwipeTransition")!
            filter.setValue(NSNumber(value: Float(3.14)), forKey: "inputAngle")
            filter.setValue(NSNumber(value: Float(30.0)), forKey: "inputWidth")
            filter.setValue(NSNumber(value: Float(10.0)), forKey: "inputBarOffset")
            let transition = CATransition()
            transition.startProgress = range.lowerBound
            transition.endProgress = range.upperBound
            transition.filter = filter
            transition.duration = 1.0
            pairs.append((imageView, imageView2, transition))
        }
        scene.run {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            for (imageView, imageView2, transition) in pairs {
                imageView2.isHidden = false
                imageView.add(transition, forKey: "transition")
                imageView2.add(transition, forKey: "transition")
                imageView.isHidden = true
            }
            CATransaction.commit()
            CATransaction.flush()
        }
        return scene
    }
}
