// Reading layers, transforms and shape items (lottie-docs "Layers", "Transform", "Shapes"); whatever is
// not built is noted in the feature log and left out or drawn statically.
import Foundation

extension LottieJSON {
    func layerList(log: LottieFeatureLog) throws(LottieError) -> [LottieLayer] {
        try array().map { (node) throws(LottieError) in try node.layer(log: log) }
    }

    func layer(log: LottieFeatureLog) throws(LottieError) -> LottieLayer {
        let type = try required("ty").integer()
        let inFrame = try required("ip").number()
        let outFrame = try required("op").number()
        var stretch = try optionalNumber("sr") ?? 1
        if stretch <= 0 {
            log.note("zero or negative time stretch (sr; 1 is used)")
            stretch = 1
        }
        if type != 0, stretch != 1 { log.note("time stretch on layers other than precomps (ignored, as lottie-ios ignores it)") }
        if try optionalBool("ddd") { log.note("3D layers (drawn without perspective or camera)") }
        let matte: LottieMatte?
        switch try optionalInteger("tt") ?? 0 {
        case 0: matte = nil
        case 1: matte = .alpha
        case 2: matte = .invertedAlpha
        case 3: matte = .luma
        case 4: matte = .invertedLuma
        case let other: matte = nil; log.note("track matte mode \(other) (content drawn unmasked)")
        }
        if let effects = member("ef"), (try effects.array()).isEmpty == false { log.note("effects") }
        if let styles = member("sy"), (try styles.array()).isEmpty == false { log.note("layer styles") }
        let blend = try optionalInteger("bm") ?? 0
        let blendIsKnown = LottieBlendMode.filterNames.indices.contains(blend)
        if !blendIsKnown { log.note("blend mode \(blend) (drawn normal)") }
        let content: LottieLayerContent
        switch type {
        case 0:
            content = .precomp(assetID: try required("refId").string(), width: try required("w").number(), height: try required("h").number())
        case 1:
            let color = try required("sc").string()
            guard let rgb = Self.hexColor(color) else { throw member("sc")!.fail("expected a colour '#rrggbb', found '\(color)'") }
            content = .solid(color: rgb, width: try required("sw").number(), height: try required("sh").number())
        case 3:
            content = .null
        case 4:
            let items = try required("shapes").shapeItems(log: log, depth: 0)
            if Self.containsTrimmedFill(items, trimmed: false) { log.note("trims on fills (the fill is drawn untrimmed)") }
            content = .shapes(items)
        case 2:
            content = .image(assetID: try required("refId").string())
        case 5: log.note("text layers"); content = .null
        default: log.note("layer type \(type)"); content = .null
        }
        let hidden = try optionalBool("hd"), matteSource = try optionalBool("td")
        return LottieLayer(
            name: try optionalString("nm") ?? "", index: try optionalInteger("ind"), parent: try optionalInteger("parent"),
            inFrame: inFrame, outFrame: outFrame, startTime: try optionalNumber("st") ?? 0, timeStretch: stretch,
            timeRemap: type == 0 ? try member("tm")?.animatedProperty(log: log) { (n) throws(LottieError) in try n.scalarValue() } : nil,
            transform: try layerTransform(log: log), content: content,
            isDrawn: !hidden && !matteSource, matte: matte, matteParent: try optionalInteger("tp"),
            masks: try member("masksProperties")?.masks(log: log) ?? [],
            blendMode: blendIsKnown ? LottieBlendMode.filterNames[blend] : nil, path: path)
    }

    /// `ks`, with the layer's auto-orient `ao`, which turns it along an animated `p` (not a split one).
    func layerTransform(log: LottieFeatureLog) throws(LottieError) -> LottieTransform {
        var transform = try member("ks")?.transform(log: log) ?? LottieTransform()
        if try optionalBool("ao") {
            if transform.position == nil { log.note("auto-orient on split positions (px, py)") }
            let holds = transform.position?.hasHoldSegments ?? false
            if holds { log.note("auto-orient with hold keyframes (the layer does not turn)") }
            transform.autoOrient = transform.position?.isAnimated == true && !holds
        }
        return transform
    }

    /// `masksProperties`: mode `a` add, `s` subtract, `i` intersect, `n` none (left out); lighten `l` is drawn as
    /// add and darken `d` and difference `f` as intersect, as lottie-ios's Core Animation engine draws them.
    func masks(log: LottieFeatureLog) throws(LottieError) -> [LottieMask] {
        var masks: [LottieMask] = []
        for node in try array() {
            let mode: LottieMask.Mode
            switch try node.optionalString("mode") ?? "a" {
            case "n": continue
            case "a": mode = .add
            case "s": mode = .subtract
            case "i": mode = .intersect
            case "l": mode = .add; log.note("mask modes lighten, darken and difference (drawn as add or intersect)")
            case "d", "f": mode = .intersect; log.note("mask modes lighten, darken and difference (drawn as add or intersect)")
            case let other: throw node.member("mode")!.fail("unknown mask mode '\(other)'")
            }
            let path = try node.required("pt").animatedProperty(log: log) { (n) throws(LottieError) in
                let bezier = try n.bezierValue()
                try log.vertexBudget.spend(bezier.vertices.count, at: n)
                return bezier
            }
            var mask = LottieMask(mode: mode, isInverted: try node.optionalBool("inv"), path: path,
                                  opacity: try node.property("o", log: log, default: [100]) { (n) throws(LottieError) in try n.scalarValue() })
            if let amount = try node.member("x")?.animatedProperty(log: log, value: { (n) throws(LottieError) in try n.scalarValue() }) {
                mask.expansion = amount
                if mask.isExpanded, mask.isInverted || mode == .subtract || amount.allValues.contains(where: { !($0[0] >= 0) }) {
                    log.note("mask expansion of inverted or subtract masks, or shrinking (drawn unexpanded)")
                    mask.expansion = .constant([0])
                }
            }
            masks.append(mask)
        }
        return masks
    }

    /// Whether a fill lies in the reach of a trim: trims apply to the strokes of their group and the groups within
    /// (lottie-ios's Core Animation engine does not trim fills either, and reports it).
    static func containsTrimmedFill(_ items: [LottieShapeItem], trimmed: Bool) -> Bool {
        let trimmed = trimmed || items.contains { if case .trim = $0 { return true } else { return false } }
        return items.contains { item in
            switch item {
            case .group(let children, _): return containsTrimmedFill(children, trimmed: trimmed)
            case .fill, .gradientFill: return trimmed
            default: return false
            }
        }
    }

    /// `ks` of a layer or `tr` of a group.
    func transform(log: LottieFeatureLog) throws(LottieError) -> LottieTransform {
        _ = try object()
        var transform = LottieTransform()
        transform.anchor = try property("a", log: log, default: [0, 0]) { (n) throws(LottieError) in try n.vectorValue(count: 2) }
        try noteStraightenedCurves("a", log: log)
        if let p = member("p"), p.isObject, (try p.optionalBool("s")) {
            transform.position = nil
            transform.positionX = try p.property("x", log: log, default: [0]) { (n) throws(LottieError) in try n.scalarValue() }
            transform.positionY = try p.property("y", log: log, default: [0]) { (n) throws(LottieError) in try n.scalarValue() }
        } else {
            transform.position = try property("p", log: log, default: [0, 0]) { (n) throws(LottieError) in try n.vectorValue(count: 2) }
            if transform.position?.isAnimated == true, let keyframes = try member("p")?.required("k").array() {
                var tangents: [(out: [Double], into: [Double])] = []
                var curved = false
                for keyframe in keyframes {
                    let out = try keyframe.member("to")?.vectorValue(count: 2) ?? [0, 0]
                    let into = try keyframe.member("ti")?.vectorValue(count: 2) ?? [0, 0]
                    if out.contains(where: { $0 != 0 }) || into.contains(where: { $0 != 0 }) { curved = true }
                    tangents.append((out, into))
                }
                let holds = transform.position?.hasHoldSegments ?? false
                if curved && holds {
                    log.note("spatial position curves with hold keyframes (straight lines used)")
                } else if curved {
                    transform.positionTangents = tangents
                }
            }
        }
        transform.scale = try property("s", log: log, default: [100, 100]) { (n) throws(LottieError) in try n.vectorValue(count: 2) }
        transform.rotation = try property(has("r") ? "r" : "rz", log: log, default: [0]) { (n) throws(LottieError) in try n.scalarValue() }
        transform.opacity = try property("o", log: log, default: [100]) { (n) throws(LottieError) in try n.scalarValue() }
        transform.skew = try property("sk", log: log, default: [0]) { (n) throws(LottieError) in try n.scalarValue() }
        transform.skewAxis = try property("sa", log: log, default: [0]) { (n) throws(LottieError) in try n.scalarValue() }
        let scalar = { (n: LottieJSON) throws(LottieError) -> [Double] in try n.scalarValue() }
        if has("rx") { transform.rotationX = try property("rx", log: log, default: [0], value: scalar) }
        if has("ry") { transform.rotationY = try property("ry", log: log, default: [0], value: scalar) }
        if has("or"), let orientation = try? property("or", log: log, default: [0, 0, 0], value: { (n) throws(LottieError) in try n.numbers() }),
           !orientation.isConstantZero {
            log.note("3D orientation (or)")
        }
        return transform
    }

    func shapeItems(log: LottieFeatureLog, depth: Int) throws(LottieError) -> [LottieShapeItem] {
        guard depth <= LottieLimits.maximumGroupDepth else { throw fail("groups nest deeper than \(LottieLimits.maximumGroupDepth) levels") }
        var items: [LottieShapeItem] = []
        for node in try array() {
            if try node.optionalBool("hd") { continue }
            if let item = try node.shapeItem(log: log, depth: depth) { items.append(item) }
        }
        return items
    }

    private func shapeItem(log: LottieFeatureLog, depth: Int) throws(LottieError) -> LottieShapeItem? {
        let type = try required("ty").string()
        let scalar = { (n: LottieJSON) throws(LottieError) -> [Double] in try n.scalarValue() }
        let pair = { (n: LottieJSON) throws(LottieError) -> [Double] in try n.vectorValue(count: 2) }
        let color = { (n: LottieJSON) throws(LottieError) -> [Double] in
            LottieColorUnits.normalized(try n.vectorValue(count: 3), versionWritesBytes: log.colorsInBytes)
        }
        switch type {
        case "gr":
            guard depth < LottieLimits.maximumGroupDepth else { throw fail("groups nest deeper than \(LottieLimits.maximumGroupDepth) levels") }
            var transform = LottieTransform()
            var items: [LottieShapeItem] = []
            for node in try required("it").array() {
                if try node.optionalBool("hd") { continue }
                if try node.string(forKey: "ty") == "tr" {
                    transform = try node.transform(log: log)
                } else if let item = try node.shapeItem(log: log, depth: depth + 1) {
                    items.append(item)
                }
            }
            return .group(items: items, transform: transform)
        case "tr":
            // A transform outside a group has nothing to move.
            return nil
        case "rc":
            try noteStraightenedCurves("p", log: log)
            return .rectangle(position: try property("p", log: log, default: [0, 0], value: pair),
                              size: try property("s", log: log, default: [0, 0], value: pair),
                              roundness: try property("r", log: log, default: [0], value: scalar))
        case "el":
            try noteStraightenedCurves("p", log: log)
            return .ellipse(position: try property("p", log: log, default: [0, 0], value: pair),
                            size: try property("s", log: log, default: [0, 0], value: pair))
        case "sh":
            return .path(try required("ks").animatedProperty(log: log) { (n) throws(LottieError) in
                let bezier = try n.bezierValue()
                try log.vertexBudget.spend(bezier.vertices.count, at: n)
                return bezier
            })
        case "fl":
            return .fill(color: try property("c", log: log, default: [0, 0, 0], value: color),
                         opacity: try property("o", log: log, default: [100], value: scalar), rule: try optionalInteger("r") ?? 1)
        case "st":
            return .stroke(try stroke(log: log, color: try property("c", log: log, default: [0, 0, 0], value: color),
                                      opacity: try property("o", log: log, default: [100], value: scalar)))
        case "gf":
            return .gradientFill(try gradient(log: log), rule: try optionalInteger("r") ?? 1)
        case "gs":
            return .gradientStroke(try gradient(log: log), try stroke(log: log, color: .constant([0, 0, 0]), opacity: .constant([100])))
        case "tm":
            return .trim(LottieTrim(start: try property("s", log: log, default: [0], value: scalar),
                                    end: try property("e", log: log, default: [100], value: scalar),
                                    offset: try property("o", log: log, default: [0], value: scalar),
                                    isSequential: (try optionalInteger("m") ?? 1) == 2))
        case "rp":
            let copies = try property("c", log: log, default: [1], value: scalar)
            if copies.isAnimated { log.note("animated repeater copies (the first value is used)") }
            let step = member("tr")
            func stepProperty(_ key: String, _ fallback: [Double], _ value: (LottieJSON) throws(LottieError) -> [Double])
                throws(LottieError) -> LottieProperty<[Double]>
            {
                try step?.property(key, log: log, default: fallback, value: value) ?? .constant(fallback)
            }
            try step?.noteStraightenedCurves("p", log: log)
            let startOpacity = try stepProperty("so", [100], scalar), endOpacity = try stepProperty("eo", [100], scalar)
            if startOpacity.isAnimated || endOpacity.isAnimated { log.note("animated repeater opacity (the first value is used)") }
            return .repeater(LottieRepeater(
                copies: copies, offset: try property("o", log: log, default: [0], value: scalar),
                anchor: try stepProperty("a", [0, 0], pair), position: try stepProperty("p", [0, 0], pair),
                scale: try stepProperty("s", [100, 100], pair), rotation: try stepProperty("r", [0], scalar),
                startOpacity: startOpacity, endOpacity: endOpacity,
                copiesBelow: (try optionalInteger("m") ?? 1) == 2))
        case "mm": log.note("merge paths"); return nil
        case "sr":
            try noteStraightenedCurves("p", log: log)
            let shapeType = try optionalInteger("sy") ?? 1
            guard shapeType == 1 || shapeType == 2 else { throw fail("star type 'sy' is \(shapeType); 1 (star) or 2 (polygon) expected") }
            return .polystar(LottiePolystar(
                isStar: shapeType == 1, reversed: (try optionalInteger("d") ?? 1) == 3,
                position: try property("p", log: log, default: [0, 0], value: pair),
                points: try property("pt", log: log, default: [5], value: scalar),
                rotation: try property("r", log: log, default: [0], value: scalar),
                outerRadius: try property("or", log: log, default: [0], value: scalar),
                innerRadius: try property("ir", log: log, default: [0], value: scalar),
                outerRoundness: try property("os", log: log, default: [0], value: scalar),
                innerRoundness: try property("is", log: log, default: [0], value: scalar)))
        case "rd":
            return .roundedCorners(radius: try property("r", log: log, default: [0], value: scalar))
        default: log.note("shape item '\(type)'"); return nil
        }
    }

    /// A stroke's geometry: width `w`, caps `lc`, joins `lj`, miter limit `ml`, dashes `d`.
    private func stroke(log: LottieFeatureLog, color: LottieProperty<[Double]>, opacity: LottieProperty<[Double]>) throws(LottieError) -> LottieStroke {
        let scalar = { (n: LottieJSON) throws(LottieError) -> [Double] in try n.scalarValue() }
        var dashes: [Double] = [], dashOffset = LottieProperty<[Double]>.constant([0])
        if let list = member("d") {
            for entry in try list.array() {
                let kind = try entry.optionalString("n") ?? "d"
                let value = try entry.required("v").animatedProperty(log: log, value: scalar)
                if kind == "o" {
                    dashOffset = value
                } else {
                    if value.isAnimated { log.note("animated dash lengths (the first value is used)") }
                    dashes.append(value.initialValue[0])
                }
            }
        }
        return LottieStroke(
            color: color, opacity: opacity,
            width: try property("w", log: log, default: [1], value: scalar),
            lineCap: try optionalInteger("lc") ?? 2, lineJoin: try optionalInteger("lj") ?? 2,
            miterLimit: try optionalNumber("ml") ?? 4, dashes: dashes, dashOffset: dashOffset)
    }

    /// `gf`/`gs` paint: `t`, `s`, `e`, `o` and the stops `g` = {p: colour stop count, k: flat stops}. Every value of
    /// `g.k` holds at least the p colour stops; what follows them is whole offset, alpha pairs.
    private func gradient(log: LottieFeatureLog) throws(LottieError) -> LottieGradient {
        let pair = { (n: LottieJSON) throws(LottieError) -> [Double] in try n.vectorValue(count: 2) }
        let scalar = { (n: LottieJSON) throws(LottieError) -> [Double] in try n.scalarValue() }
        let stopsNode = try required("g")
        let count = try stopsNode.required("p").integer()
        guard count >= 1, count <= LottieLimits.maximumGradientStops else {
            throw stopsNode.member("p")!.fail("a gradient has 1 to \(LottieLimits.maximumGradientStops) colour stops, found \(count)")
        }
        let stops = try stopsNode.required("k").animatedProperty(log: log) { (n) throws(LottieError) -> [Double] in
            let values = try n.numbers()
            guard values.count >= count * 4, (values.count - count * 4) % 2 == 0,
                  values.count <= count * 4 + LottieLimits.maximumGradientStops * 2
            else {
                throw n.fail("expected \(count) colour stops of 4 numbers and then offset, alpha pairs, found \(values.count) numbers")
            }
            return values
        }
        let type = try optionalInteger("t") ?? 1
        try noteStraightenedCurves("s", log: log)
        try noteStraightenedCurves("e", log: log)
        if type == 2, let highlight = member("h") {
            let length = try highlight.animatedProperty(log: log, value: scalar)
            if !length.isConstantZero { log.note("radial gradient highlight") }
        }
        return LottieGradient(
            isRadial: type == 2, colorStopCount: count, stops: stops,
            startPoint: try property("s", log: log, default: [0, 0], value: pair),
            endPoint: try property("e", log: log, default: [0, 0], value: pair),
            opacity: try property("o", log: log, default: [100], value: scalar))
    }

    /// Notes spatial tangents (`to`/`ti`) on the keyframes of a point property other than a layer or group
    /// position: they move in straight lines, as lottie-ios's Core Animation engine moves them.
    private func noteStraightenedCurves(_ key: String, log: LottieFeatureLog) throws(LottieError) {
        guard let keyframes = member(key)?.member("k"), keyframes.isArray else { return }
        for keyframe in try keyframes.array() where keyframe.isObject {
            for tangent in ["to", "ti"] {
                if let values = try? keyframe.member(tangent)?.numbers(), values.contains(where: { $0 != 0 }) {
                    log.note("spatial curves on points other than positions (straight lines used)")
                    return
                }
            }
        }
    }

    func string(forKey key: String) throws(LottieError) -> String { try required(key).string() }

    /// `{"i": [[x, y]…], "o": […], "v": […], "c": bool}`, or an array holding one (keyframe values).
    func bezierValue() throws(LottieError) -> LottieBezier {
        if isArray {
            guard let first = try array().first else { throw fail("expected a path object or an array holding one") }
            return try first.bezierValue()
        }
        func points(_ key: String) throws(LottieError) -> [[Double]] {
            let list = try required(key).array()
            guard list.count <= LottieLimits.maximumPathVertices else {
                throw member(key)!.fail("\(list.count) vertices; at most \(LottieLimits.maximumPathVertices) are read")
            }
            return try member(key)!.pointList()
        }
        let vertices = try points("v")
        let inTangents = try points("i"), outTangents = try points("o")
        guard inTangents.count == vertices.count, outTangents.count == vertices.count else {
            throw fail("'i', 'o' and 'v' must have the same length (\(inTangents.count), \(outTangents.count), \(vertices.count))")
        }
        return LottieBezier(vertices: vertices, inTangents: inTangents, outTangents: outTangents, closed: try optionalBool("c"))
    }

    /// "#rrggbb" → [r, g, b] in 0–1.
    static func hexColor(_ text: String) -> [Double]? {
        var hex = Substring(text)
        if hex.hasPrefix("#") { hex = hex.dropFirst() }
        guard hex.count == 6 || hex.count == 8, let value = UInt64(hex.prefix(6), radix: 16) else { return nil }
        return [Double((value >> 16) & 0xFF) / 255, Double((value >> 8) & 0xFF) / 255, Double(value & 0xFF) / 255]
    }
}
