// Reading animatable properties: `{"a": 0, "k": value}` or `{"a": 1, "k": [keyframes]}` (lottie-docs,
// "Animated Properties" and "Keyframe"); older files give a segment's end value as `e` on the keyframe before.
import Foundation

extension LottieJSON {
    /// The property at `key`, or `fallback` when it is absent.
    func property<Value>(_ key: String, log: LottieFeatureLog, default fallback: Value,
                         value parse: (LottieJSON) throws(LottieError) -> Value) throws(LottieError) -> LottieProperty<Value> {
        guard let node = member(key) else { return .constant(fallback) }
        return try node.animatedProperty(log: log, value: parse)
    }

    func animatedProperty<Value>(log: LottieFeatureLog, value parse: (LottieJSON) throws(LottieError) -> Value) throws(LottieError) -> LottieProperty<Value> {
        _ = try object()
        if let expression = member("x"), (try? expression.string())?.isEmpty == false { log.note("expressions") }
        let k = try required("k")
        guard k.isArray, let first = try k.array().first, first.isObject, first.has("t") else {
            return .constant(try parse(k))
        }
        let nodes = try k.array()
        guard nodes.count <= LottieLimits.maximumKeyframes else {
            throw k.fail("\(nodes.count) keyframes; at most \(LottieLimits.maximumKeyframes) are read")
        }
        var keyframes: [LottieKeyframe<Value>] = []
        var previousEnd: Value?
        var previousFrame = -Double.infinity
        for node in nodes {
            let frame = try node.required("t").number()
            guard frame >= previousFrame else { throw node.member("t")!.fail("keyframe times must not decrease (\(frame) after \(previousFrame))") }
            previousFrame = frame
            let value: Value
            if let start = node.member("s") {
                value = try parse(start)
            } else if let end = previousEnd {
                value = end
            } else if let last = keyframes.last {
                value = last.value
            } else {
                throw node.fail("missing required key 's' (the keyframe's value)")
            }
            previousEnd = try node.member("e").map { (end) throws(LottieError) in try parse(end) }
            keyframes.append(LottieKeyframe(frame: frame, value: value, easing: try node.segmentEasing(log: log)))
        }
        if keyframes.count == 1 { return .constant(keyframes[0].value) }
        return .keyframes(keyframes)
    }

    /// The easing of the segment that starts at this keyframe: hold, or the handles `o` (out of this
    /// keyframe) and `i` (into the next), each `{x, y}` with numbers or per-dimension arrays.
    private func segmentEasing(log: LottieFeatureLog) throws(LottieError) -> LottieSegmentEasing {
        if try optionalBool("h") { return .hold }
        guard let out = member("o"), let into = member("i") else { return .linear }
        let (ox, oy) = try out.handle(log: log)
        let (ix, iy) = try into.handle(log: log)
        return .bezier(outX: min(max(ox, 0), 1), outY: oy, inX: min(max(ix, 0), 1), inY: iy)
    }

    private func handle(log: LottieFeatureLog) throws(LottieError) -> (Double, Double) {
        func component(_ key: String) throws(LottieError) -> Double {
            let node = try required(key)
            if node.isNumber { return try node.number() }
            let values = try node.numbers()
            guard let first = values.first else { throw node.fail("expected a number or a non-empty array of numbers") }
            if values.contains(where: { $0 != first }) { log.note("per-dimension easing (the first dimension's handle is used)") }
            return first
        }
        return (try component("x"), try component("y"))
    }
}

extension LottieJSON {
    /// A number, or the first of an array of numbers.
    func scalarValue() throws(LottieError) -> [Double] {
        if isNumber { return [try number()] }
        let values = try numbers()
        guard let first = values.first else { throw fail("expected a number or a non-empty array of numbers") }
        return [first]
    }

    /// An array of at least `count` numbers (a single number stands for all of them).
    func vectorValue(count: Int) throws(LottieError) -> [Double] {
        if isNumber { return Array(repeating: try number(), count: count) }
        let values = try numbers()
        guard values.count >= count else { throw fail("expected an array of \(count) numbers, found \(values.count)") }
        return Array(values.prefix(count))
    }
}
