// CABasicAnimation value maths (spec §2.1–§2.4) against basic_keyframe.json: from/to/by endpoint
// resolution with underlying value 100, additive, cumulative driven by the timing evaluation, and
// component-wise rects. Values print at most 6 decimals: tolerance `VectorTolerance.sixDecimals`.
import Foundation
import Testing

@testable import QuartzLayers

@Suite("Timing: basic animation values")
struct TimingBasicAnimationTests {
    /// The file's case names → (fromValue, toValue, byValue).
    static let combinations: [String: (Double?, Double?, Double?)] = [
        "from=20, to=60": (20, 60, nil), "from=20, by=5": (20, nil, 5), "by=5, to=60": (nil, 60, 5),
        "from=20": (20, nil, nil), "to=60": (nil, 60, nil), "by=5": (nil, nil, 5),
    ]

    @Test("from/to/by combinations with underlying value 100 (spec §2.1 table)")
    func endpointResolution() throws {
        let cases = try loadVectorObject("basic_keyframe.json").objects("from_to_by_current_100")
        #expect(cases.count == Self.combinations.count)
        for entry in cases {
            let name = try entry.string("case")
            let (from, to, by) = try #require(Self.combinations[name])
            let endpoints = BasicAnimationEndpoints(fromValue: from, toValue: to, byValue: by, current: 100.0)
            #expect(endpoints.start == (try entry.double("start")), "\(name)")
            #expect(endpoints.end == (try entry.double("end")), "\(name)")
            #expect(isClose(endpoints.value(atFraction: 0.25), try entry.double("value_at_0.25"), VectorTolerance.sixDecimals), "\(name)")
        }
    }

    /// Spec §2.1: all three set is undefined ("no more than two should be non-nil"); from/to win.
    /// None set: from the previous presentation value to the current value [U].
    @Test("All three endpoints set: by is ignored; none set: previous → current")
    func unusualCombinations() {
        let all = BasicAnimationEndpoints(fromValue: 1.0, toValue: 2.0, byValue: 50.0, current: 100)
        #expect(all.start == 1 && all.end == 2)
        let none = BasicAnimationEndpoints<Double>(fromValue: nil, toValue: nil, byValue: nil, current: 100, previous: 40)
        #expect(none.start == 40 && none.end == 100)
        let noPrevious = BasicAnimationEndpoints<Double>(fromValue: nil, toValue: nil, byValue: nil, current: 100)
        #expect(noPrevious.start == 100 && noPrevious.end == 100)
    }

    @Test("Additive: from 0 to 10 over a model value of 100 (spec §2.2)")
    func additive() throws {
        let samples = try loadVectorObject("basic_keyframe.json").objects("additive")
        #expect(samples.count == 3)
        let endpoints = BasicAnimationEndpoints(start: 0.0, end: 10)
        for sample in samples {
            let p = try sample.double("p")
            let value = endpoints.presentationValue(atFraction: p, additive: true, over: 100)
            #expect(value == (try sample.double("additive(from 0 to 10) on model 100")), "p \(p)")
            #expect(endpoints.presentationValue(atFraction: p, over: 100) == 10 * p)
        }
    }

    /// Spec §2.3: duration 1, repeatCount 3, cumulative. Parent time → (basic time, cycle) through the
    /// §1.3 evaluation, then `f(u) + k·f(end)`. 0 → 10 is settled; 5 → 10 checks the header-literal
    /// reading the spec recommends [U], which must differ from the continuous one.
    @Test("Cumulative over three cycles, driven by the timing evaluation")
    func cumulative() throws {
        let samples = try loadVectorObject("basic_keyframe.json").objects("cumulative")
        #expect(samples.count == 4)
        let node = MediaTimingNode(duration: 1, repeatCount: 3)
        let zeroToTen = BasicAnimationEndpoints(start: 0.0, end: 10)
        let fiveToTen = BasicAnimationEndpoints(start: 5.0, end: 10)
        for sample in samples {
            let t = try sample.double("t")
            let state = try #require(node.evaluate(parentTime: t))
            #expect(state.cycle == Int(try sample.double("cycle")))
            let fraction = try #require(state.basicTime) / node.duration
            let a = zeroToTen.value(atFraction: fraction, cycle: state.cycle, cumulative: true)
            let b = fiveToTen.value(atFraction: fraction, cycle: state.cycle, cumulative: true)
            #expect(isClose(a, try sample.double("cumulative 0->10"), VectorTolerance.sixDecimals), "t \(t)")
            #expect(isClose(b, try sample.double("cumulative 5->10 (header-literal: + k*end)"), VectorTolerance.sixDecimals), "t \(t)")
            #expect(zeroToTen.value(atFraction: fraction, cycle: state.cycle) == 10 * fraction)
        }
    }

    @Test("Rects interpolate component-wise (spec §2.4)")
    func rects() throws {
        let rect = try loadVectorObject("basic_keyframe.json").object("rect")
        func make(_ list: [Double]) -> CGRect { CGRect(x: list[0], y: list[1], width: list[2], height: list[3]) }
        let from = make(try rect.doubles("from")), to = make(try rect.doubles("to"))
        #expect(from.interpolated(to: to, fraction: 0.5) == make(try rect.doubles("p0.5")))
        let endpoints = BasicAnimationEndpoints(fromValue: nil, toValue: nil, byValue: CGRect(x: 1, y: 2, width: 3, height: 4), current: from)
        #expect(endpoints.end == CGRect(x: 1, y: 2, width: 103, height: 54))
    }

    /// A test-only straight (non-premultiplied) RGBA colour: spec §2.4 interpolates colours on their
    /// non-premultiplied components [O]; the engine's colour type will conform the same way.
    struct StraightRGBA: AnimationInterpolatable, Equatable {
        var components: SIMD4<Double>
        static var additiveIdentity: StraightRGBA { StraightRGBA(components: .zero) }
        func adding(_ other: StraightRGBA) -> StraightRGBA { StraightRGBA(components: components + other.components) }
        func subtracting(_ other: StraightRGBA) -> StraightRGBA { StraightRGBA(components: components - other.components) }
        func scaled(by factor: Double) -> StraightRGBA { StraightRGBA(components: components * factor) }
        func pacingDistance(to other: StraightRGBA) -> Double {
            let d = other.components - components
            return (d * d).sum().squareRoot()
        }
    }

    @Test("Red to clear darkens through straight-alpha interpolation (spec §2.4, via the default algebra)")
    func colours() throws {
        let samples = try loadVectorObject("basic_keyframe.json").objects("color_red_to_clear")
        #expect(samples.count == 3)
        let red = StraightRGBA(components: [1, 0, 0, 1]), clear = StraightRGBA(components: [0, 0, 0, 0])
        for sample in samples {
            let p = try sample.double("p")
            let expected = try sample.doubles("rgba")
            let colour = red.interpolated(to: clear, fraction: p)
            for channel in 0..<4 {
                #expect(isClose(colour.components[channel], expected[channel], VectorTolerance.sixDecimals), "p \(p)")
            }
        }
    }

    @Test("Points, sizes and Floats follow the same algebra")
    func otherTypes() {
        let a = CGPoint(x: 1, y: 2), b = CGPoint(x: 5, y: -2)
        #expect(a.interpolated(to: b, fraction: 0.25) == CGPoint(x: 2, y: 1))
        #expect(a.pacingDistance(to: CGPoint(x: 4, y: 6)) == 5)
        #expect(CGSize(width: 2, height: 4).repeatedlyAdded(3) == CGSize(width: 6, height: 12))
        #expect(Float(2).interpolated(to: 4, fraction: 0.5) == 3)
        #expect(CGFloat(10).subtracting(4).scaled(by: 0.5) == 3)
        #expect(Double.additiveIdentity == 0 && CGRect.additiveIdentity == .zero)
    }
}
