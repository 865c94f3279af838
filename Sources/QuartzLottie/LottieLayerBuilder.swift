// Lottie layers → CALayers, the way lottie-ios's Core Animation engine arranges them (anchors note §1.1):
// each Lottie layer is a CALayer filling its composition (anchor point a ÷ size, position p, rotation and
// scale through the `transform.rotation.z` / `transform.scale` key paths, opacity, in/out points as a
// discrete `hidden` animation); a child of a parent is wrapped in a copy of each ancestor's transform; a
// precomp clips its asset's layers to its w × h; a matted layer sits in a container masked by its matte; a
// layer's own masks are its mask.
import Foundation
import QuartzLayers
import QuartzRaster

struct LottieLayerBuilder {
    let animation: LottieAnimation
    let timing: LottieKeyframeTiming
    let motionPaths: LottieMotionPathTiming

    /// How far layers that stand for an unbounded plane (gradients, inverted masks and mattes) reach past the
    /// bounds they cover (lottie-ios: `veryLargeLayerPadding`, the same 10 000 pt).
    static let unboundedPadding: Double = 10_000

    /// The root frames animations are sampled at under time remapping: every whole frame from ip before op
    /// (lottie-ios samples the same frames).
    let sampledRootFrames: [Double]

    init(animation: LottieAnimation, motionPaths: LottieMotionPathTiming = .afterEffects) {
        self.animation = animation
        self.motionPaths = motionPaths
        timing = LottieKeyframeTiming(rootInFrame: animation.inFrame, frameRate: animation.frameRate)
        sampledRootFrames = (0..<animation.sampledFrameCount).map { animation.inFrame + Double($0) }
    }

    func makeRoot() -> CALayer {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let root = CALayer()
        let size = CGSize(width: animation.width, height: animation.height)
        root.bounds = CGRect(origin: .zero, size: size)
        root.position = CGPoint(x: size.width / 2, y: size.height / 2)
        root.masksToBounds = true
        build(animation.root, into: root, size: size, map: LottieTimeMap())
        return root
    }

    /// A composition's layers, the first on top (lottie-docs: "layers", top to bottom).
    private func build(_ composition: LottieComposition, into container: CALayer, size: CGSize, map: LottieTimeMap) {
        var byIndex: [Int: LottieLayer] = [:]
        for layer in composition.layers { if let index = layer.index, byIndex[index] == nil { byIndex[index] = layer } }
        for (position, layer) in composition.layers.enumerated().reversed() where layer.isDrawn {
            var top = makeParentedLayer(layer, byIndex: byIndex, size: size, map: map)
            if let matte = layer.matte, let source = matteSource(of: layer, at: position, in: composition, byIndex: byIndex) {
                top = makeMatted(top, by: makeParentedLayer(source, byIndex: byIndex, size: size, map: map), matte, size: size)
            }
            // The blend mode composites the matted layer with the layers below it, as After Effects does.
            top.compositingFilter = layer.blendMode
            container.addSublayer(top)
        }
    }

    /// The layer wrapped in a copy of each ancestor's transform (lottie-ios: makeParentTransformLayer).
    private func makeParentedLayer(_ layer: LottieLayer, byIndex: [Int: LottieLayer], size: CGSize, map: LottieTimeMap) -> CALayer {
        var top = makeLayer(layer, size: size, map: map)
        var seen: Set<Int> = []
        var parentIndex = layer.parent
        while let index = parentIndex, let parent = byIndex[index], seen.insert(index).inserted {
            let wrapper = makeSublayer(CALayer(), size: bounds(of: parent, in: size))
            applyTransform(parent.transform, to: wrapper, includingOpacity: false, map: map)
            wrapper.addSublayer(top)
            top = wrapper
            parentIndex = parent.parent
        }
        return top
    }

    /// The matte source: the layer whose `ind` is `tp`, else the one listed just before (lottie-docs, "Layers").
    private func matteSource(of layer: LottieLayer, at position: Int, in composition: LottieComposition, byIndex: [Int: LottieLayer]) -> LottieLayer? {
        if let parent = layer.matteParent { return byIndex[parent] }
        return position > 0 ? composition.layers[position - 1] : nil
    }

    /// `content` in a container masked by the matte (lottie-ios: setupLayerHierarchy's maskContainer). The matte
    /// sits inside a plain layer, so the mask never has a mask of its own even when the matte has masks (Core
    /// Animation does not apply a mask that itself has a mask, lottie-ios notes). A luma matte's layer turns
    /// its luminance into alpha with the `CIMaskToAlpha` layer filter (docs/semantics.md §9.5; lottie-ios
    /// has no luma mattes, Core Animation on macOS draws layer filters). An inverted
    /// matte covers the matte with opaque black composited source-out (result = black · (1 − matte alpha)), the
    /// complement lottie-ios draws with an oversized black layer and the matte in xor over it.
    private func makeMatted(_ content: CALayer, by matteLayer: CALayer, _ matte: LottieMatte, size: CGSize) -> CALayer {
        let container = makeSublayer(CALayer(), size: size)
        container.addSublayer(content)
        let mask = makeSublayer(CALayer(), size: size)
        if matte.readsLuminance, let toAlpha = CIFilter(name: "CIMaskToAlpha") {
            let luminance = makeSublayer(CALayer(), size: size)
            luminance.filters = [toAlpha]
            luminance.addSublayer(matteLayer)
            mask.addSublayer(luminance)
        } else {
            mask.addSublayer(matteLayer)
        }
        if matte.isInverted {
            let pad = LottieLayerBuilder.unboundedPadding
            let cover = CALayer()
            cover.anchorPoint = .zero
            cover.bounds = CGRect(x: 0, y: 0, width: Double(size.width) + 2 * pad, height: Double(size.height) + 2 * pad)
            cover.position = CGPoint(x: -pad, y: -pad)
            cover.backgroundColor = Self.color([0, 0, 0])
            cover.compositingFilter = "sourceOutCompositing"
            mask.addSublayer(cover)
        }
        container.mask = mask
        return container
    }

    /// A precomp's own size; every other layer fills its composition.
    private func bounds(of layer: LottieLayer, in size: CGSize) -> CGSize {
        if case .precomp(_, let width, let height) = layer.content, width > 0, height > 0 { return CGSize(width: width, height: height) }
        return size
    }

    private func makeLayer(_ layer: LottieLayer, size: CGSize, map: LottieTimeMap) -> CALayer {
        let layerSize = bounds(of: layer, in: size)
        let result = makeSublayer(CALayer(), size: layerSize)
        result.name = layer.name.isEmpty ? nil : layer.name
        applyTransform(layer.transform, to: result, includingOpacity: true, map: map)
        applyVisibility(inFrame: layer.inFrame, outFrame: layer.outFrame, to: result, map: map)
        switch layer.content {
        case .precomp(let id, _, _):
            result.masksToBounds = true
            if let asset = animation.assets[id] {
                let inner = layer.timeRemap.map { map.entering(remap: $0, frameRate: animation.frameRate, rootFrames: sampledRootFrames) }
                    ?? map.entering(startTime: layer.startTime, stretch: layer.timeStretch)
                build(asset, into: result, size: layerSize, map: inner)
            }
        case .solid(let color, let width, let height):
            let solid = makeSublayer(CAShapeLayer(), size: layerSize)
            let rectangle = CGMutablePath()
            rectangle.addRect(CGRect(x: 0, y: 0, width: width, height: height))
            solid.path = rectangle
            solid.fillColor = Self.color(color)
            result.addSublayer(solid)
        case .image(let id):
            // lottie-ios and lottie-web draw the asset at its own size from the layer's origin.
            if let asset = animation.images[id] {
                let image = makeSublayer(CALayer(), size: CGSize(width: asset.width, height: asset.height))
                image.contents = asset.image
                image.contentsGravity = .resize
                result.addSublayer(image)
            }
        case .null:
            break
        case .shapes(let items):
            LottieShapeBuilder(builder: self, size: layerSize, map: map).build(items, into: result, trims: [])
        }
        if !layer.masks.isEmpty {
            result.mask = LottieMaskBuilder(builder: self, size: layerSize, map: map).makeMask(layer.masks)
        }
        return result
    }

    /// A sublayer covering its superlayer's `size` from the origin.
    func makeSublayer<Layer: CALayer>(_ layer: Layer, size: CGSize) -> Layer {
        layer.anchorPoint = CGPoint.zero
        layer.bounds = CGRect(origin: .zero, size: size)
        layer.position = CGPoint.zero
        return layer
    }

    /// Lottie's transform, point ↦ p + R(r) · S(s) · (point − a) (lottie-docs, "Transform"), as CA's
    /// position + transform · (point − anchorPoint · size).
    func applyTransform(_ transform: LottieTransform, to layer: CALayer, includingOpacity: Bool, map: LottieTimeMap) {
        let size = layer.bounds.size
        let width = size.width > 0 ? Double(size.width) : 1, height = size.height > 0 ? Double(size.height) : 1
        timing.apply(transform.anchor, to: layer, keyPath: "anchorPoint", map: map) {
            NSValue(cgPoint: CGPoint(x: $0[0] / width, y: $0[1] / height))
        }
        if let position = transform.position {
            timing.apply(position, to: layer, keyPath: "position", map: map) { NSValue(cgPoint: CGPoint(x: $0[0], y: $0[1])) }
        } else {
            timing.apply(transform.positionX ?? .constant([0]), to: layer, keyPath: "position.x", map: map) { NSNumber(value: $0[0]) }
            timing.apply(transform.positionY ?? .constant([0]), to: layer, keyPath: "position.y", map: map) { NSNumber(value: $0[0]) }
        }
        if LottieTransformMatrix.isNeeded(for: transform) {
            timing.apply(LottieTransformMatrix.components(of: transform), to: layer, keyPath: "transform", map: map) {
                NSValue(caTransform3D: LottieTransformMatrix.matrix($0))
            }
        } else {
            timing.apply(transform.rotation, to: layer, keyPath: "transform.rotation.z", map: map) { NSNumber(value: $0[0] * .pi / 180) }
            timing.apply(transform.scale, to: layer, keyPath: "transform.scale.x", map: map) { NSNumber(value: $0[0] / 100) }
            timing.apply(transform.scale, to: layer, keyPath: "transform.scale.y", map: map) { NSNumber(value: $0[1] / 100) }
        }
        // Added after the rotation and scale animations, so the path's turn composes with what they write.
        if let position = transform.position,
           let tangents = transform.positionTangents ?? (transform.autoOrient ? Self.straightTangents(position) : nil) {
            followCurves(position, tangents: tangents, autoOrient: transform.autoOrient, on: layer, map: map)
        }
        if includingOpacity {
            timing.apply(transform.opacity, to: layer, keyPath: "opacity", map: map) { NSNumber(value: min(max($0[0] / 100, 0), 1)) }
        }
    }

    /// Tangents a third of the way along each segment: cubics that are the straight segments, travelled
    /// at the same speed by parameter and by length, so a straight motion path can orient the layer.
    static func straightTangents(_ position: LottieProperty<[Double]>) -> [(out: [Double], into: [Double])] {
        let keyframes = position.keyframeList
        return keyframes.indices.map { k in
            guard k + 1 < keyframes.count else { return ([0, 0], [0, 0]) }
            let d = [keyframes[k + 1].value[0] - keyframes[k].value[0], keyframes[k + 1].value[1] - keyframes[k].value[1]]
            return ([d[0] / 3, d[1] / 3], [-d[0] / 3, -d[1] / 3])
        }
    }

    /// Curved position segments (spatial tangents), travelled as `motionPaths` says (`LottieMotionPath`);
    /// with `autoOrient` the layer turns with the path's direction (`rotationMode` `.rotateAuto`, added to its
    /// rotation as After Effects' auto-orient is). Files with hold segments move straight (the loader reports
    /// them); under time remapping the sampled points carry no direction, so the layer does not turn.
    private func followCurves(_ position: LottieProperty<[Double]>, tangents: [(out: [Double], into: [Double])], autoOrient: Bool,
                              on layer: CALayer, map: LottieTimeMap) {
        guard let motion = LottieMotionPath(position, tangents: tangents, timing: motionPaths),
              let animation = timing.animation(keyPath: "position", frames: motion.keyframes.map(\.frame),
                                               values: motion.keyframes.map { NSValue(cgPoint: CGPoint(x: $0.value[0], y: $0.value[1])) },
                                               easings: motion.keyframes.map(\.easing), map: map,
                                               valueAtFrame: { NSValue(cgPoint: motion.point(atFrame: $0)) })
        else { return }
        // Sampled under time remapping: the points on the curves are the values.
        layer.add(map.samples == nil ? motion.animation(from: animation, autoOrient: autoOrient) : animation, forKey: "position")
    }

    /// Visible for frames in [inFrame, outFrame) of the layer's composition: `hidden` with discrete keyframes over
    /// the root composition (lottie-ios: values [true, false, true] at key times [0, in, out, 1]); no animation
    /// when the layer is visible throughout, and a hidden model value when it never is. Under time remapping,
    /// whether the sampled local frame is in range at each sampled root frame.
    private func applyVisibility(inFrame: Double, outFrame: Double, to layer: CALayer, map: LottieTimeMap) {
        if let samples = map.samples {
            let hidden = samples.localFrames.map { !($0 >= inFrame && $0 < outFrame) }
            layer.isHidden = hidden[0]
            guard hidden.contains(!hidden[0]) else { return }
            if let visibility = timing.animation(keyPath: "hidden", frames: samples.rootFrames, values: hidden,
                                                 easings: Array(repeating: .hold, count: hidden.count), map: LottieTimeMap(),
                                                 valueAtFrame: { _ in false }) {
                layer.add(visibility, forKey: "hidden")
            }
            return
        }
        applyVisibility(inFrame: map.rootFrame(inFrame), outFrame: map.rootFrame(outFrame), to: layer)
    }

    private func applyVisibility(inFrame: Double, outFrame: Double, to layer: CALayer) {
        let first = animation.inFrame, last = animation.outFrame
        if outFrame <= first || inFrame >= last || outFrame <= inFrame {
            layer.isHidden = true
            return
        }
        guard inFrame > first || outFrame < last else { return }
        var values: [Any] = [], keyTimes: [Double] = [0]
        if inFrame > first { values.append(true); keyTimes.append((inFrame - first) / (last - first)) }
        values.append(false)
        if outFrame < last { values.append(true); keyTimes.append((outFrame - first) / (last - first)) }
        keyTimes.append(1)
        let visibility = CAKeyframeAnimation(keyPath: "hidden")
        visibility.calculationMode = .discrete
        visibility.values = values
        visibility.keyTimes = keyTimes.map { NSNumber(value: $0) }
        visibility.beginTime = LottieKeyframeTiming.beginTimeAtZero
        visibility.duration = animation.duration
        visibility.fillMode = .both
        visibility.isRemovedOnCompletion = false
        layer.add(visibility, forKey: "hidden")
    }

    static func color(_ rgb: [Double]) -> CGColor {
        func channel(_ i: Int) -> CGFloat { CGFloat(min(max(i < rgb.count ? rgb[i] : 0, 0), 1)) }
        return CGColor(red: channel(0), green: channel(1), blue: channel(2), alpha: 1)
    }
}
