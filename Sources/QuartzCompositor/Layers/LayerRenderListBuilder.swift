// The layer tree → render list (spec §9.3–§9.5): per layer, in Apple's order, shadow, background, contents,
// shape fill and stroke, gradient, sublayers (sorted by zPosition, clipped by masksToBounds), border; then
// opacity, mask, compositing filter and transition around the whole.
//
// Spaces: row-vector CATransform3Ds (p' = p · M). Each layer's matrix into device pixels is accumulated here
// from the snapshot's `transformToSuperlayer` (not its `worldTransform`), because the renderer chooses where
// the root goes (CARenderer: the root's superlayer space; render(in:): the root's bounds space) and because
// replicator instances insert matrices of their own: World(L) = M(L→S) · F(World(S)), F = flatten for a
// normal S and the identity inside CATransformLayers (spec §9.3).
import Foundation
import QuartzLayers
import QuartzMath
import QuartzRaster

/// Builds a `RenderList` from a `LayerTreeSnapshot`.
public struct LayerRenderListBuilder: Sendable {
    /// Which space `deviceTransform` starts from.
    public enum RootSpace: Sendable, Hashable {
        /// The root's superlayer space: the root's position, transform and zPosition place it (CARenderer).
        case superlayer
        /// The root's own bounds space: the root's geometry is ignored (`CALayer.render(in:)`).
        case bounds
    }

    /// Maps the root space into device pixels (y down, pixel centres at half-integers).
    public var deviceTransform: CATransform3D
    public var rootSpace: RootSpace
    /// Overrides for the appearance before the transaction of layers running a CATransition, keyed by
    /// `layerID`: a snapshot whose layers include that layer's subtree as it was (spec §5.2 "capture the
    /// layer's rendered appearance before the current transaction's changes"). Normally empty: the engine
    /// captures that state when the transaction commits and the snapshot carries it
    /// (`TransitionState.before`), which is used for layers without an entry here. An entry wins over the
    /// captured state (to draw a transition from an arbitrary appearance). A layer with neither, or whose
    /// captured state is empty (it was ordered in by that transaction), composes its new appearance over
    /// nothing.
    public var transitionSources: [Int: LayerTreeSnapshot] = [:]
    /// Replicator instances drawn per CAReplicatorLayer at most (bounds the work for absurd counts).
    public static let maximumInstanceCount = CAReplicatorLayer.maximumDrawnInstanceCount
    /// When true (always, outside tests), group opacity over a single picture is folded into that picture
    /// instead of an offscreen (`LayerRenderWalk.foldingOpacity`); tests turn it off to compare with the
    /// offscreen path.
    var foldsGroupOpacity = true

    public init(deviceTransform: CATransform3D = CATransform3DIdentity, rootSpace: RootSpace = .superlayer) {
        self.deviceTransform = deviceTransform
        self.rootSpace = rootSpace
    }

    /// The frame's drawing, back to front. Empty for an empty snapshot or a non-finite device transform.
    public func renderList(for snapshot: LayerTreeSnapshot) -> RenderList {
        guard let root = snapshot.root, deviceTransform.isFinite else { return RenderList() }
        let base = rootSpace == .superlayer
            ? CATransform3DConcat(root.transformToSuperlayer, deviceTransform) : deviceTransform
        var walk = LayerRenderWalk(layers: snapshot.layers, orientation: Self.orientation(of: deviceTransform),
                                   transitionSources: transitionSources, foldsGroupOpacity: foldsGroupOpacity)
        let nodes = walk.nodes(forLayerAt: 0, world: base, state: LayerRenderState())
        return RenderList(nodes, layersLeftOut: walk.refusedVisits)
    }

    /// The most layers one frame's walk enters (replicator instances count one by one): a bound on the work
    /// and memory of pathological instance counts × depth. Layers past it are counted in `layersLeftOut`.
    public static var maximumLayerVisits: Int { LayerRenderWalk.maximumVisits }

    /// +1 when the device transform keeps the plane's orientation, −1 when it mirrors it (a y-up CGContext):
    /// back faces are judged relative to the root space, not to the device.
    static func orientation(of m: CATransform3D) -> Double {
        let det = m.m11 * m.m22 - m.m12 * m.m21
        return det < 0 ? -1 : 1
    }
}

/// What a layer inherits from its ancestors besides its matrix.
struct LayerRenderState {
    /// Opacity not yet applied by a group: multiplies every item (and the next group) below.
    var opacity = 1.0
    /// A replicator instance's colour, multiplying every colour below (nil = white).
    var tint: SIMD4<Double>? = nil
    /// `contentsAreFlipped`: an odd number of ancestors have `geometryFlipped`.
    var contentsFlipped = false
}

/// One traversal of a snapshot.
struct LayerRenderWalk {
    let layers: [LayerSnapshot]
    /// ±1: see `LayerRenderListBuilder.orientation(of:)`.
    let orientation: Double
    let transitionSources: [Int: LayerTreeSnapshot]
    let tintedImages = LayerRenderTintedImages()
    /// See `LayerRenderListBuilder.foldsGroupOpacity`.
    let foldsGroupOpacity: Bool
    /// Layers entered so far: a guard against pathological instance counts × depth.
    var visits = 0
    /// Layers not entered because `visits` reached the limit.
    var refusedVisits = 0
    static let maximumVisits = 250_000

    init(layers: [LayerSnapshot], orientation: Double, transitionSources: [Int: LayerTreeSnapshot] = [:],
         foldsGroupOpacity: Bool = true) {
        self.layers = layers
        self.orientation = orientation
        self.transitionSources = transitionSources
        self.foldsGroupOpacity = foldsGroupOpacity
    }

    /// The nodes of layer `index` drawn with local → device matrix `world`.
    mutating func nodes(forLayerAt index: Int, world: CATransform3D, state: LayerRenderState) -> [RenderNode] {
        guard layers.indices.contains(index) else { return [] }
        guard visits < Self.maximumVisits else {
            refusedVisits += 1
            return []
        }
        visits += 1
        let layer = layers[index]
        // Hidden layers and zero opacity cost nothing (spec §9.5 "hidden removes the layer and its subtree").
        guard layer.opacity > 0, state.opacity > 0, world.isFinite else { return [] }
        if layer.isHidden {
            // A running transition still shows the old appearance of a layer hidden in its transaction
            // (Apple's transition listings hide the view they transition out [A: CAPG listing 5-1]).
            guard let transition = layer.transition else { return [] }
            return transitionNodes(transition, layer: layer, new: [], world: world, state: state)
        }
        // doubleSided = NO: "layers facing away from the viewer are hidden from view" [A, spec §9.5].
        if !layer.isDoubleSided && isBackFacing(world) { return [] }
        if layer.kind == .transform {
            return transformLayerNodes(index, world: world, state: state)
        }
        var nodes = normalLayerNodes(index, world: world, state: state)
        if let transition = layer.transition {
            nodes = transitionNodes(transition, layer: layer, new: nodes, world: world, state: state)
        }
        return nodes
    }

    /// A normal layer (also shape, gradient and replicator layers): its parts inside one group.
    mutating func normalLayerNodes(_ index: Int, world: CATransform3D, state: LayerRenderState) -> [RenderNode] {
        let layer = layers[index]
        let opacity = layer.opacity * state.opacity
        // Group opacity when allowsGroupOpacity [A: SDK-CALayer], otherwise each part carries it. Filters
        // see the layer's picture at full opacity, which then fades as a group (docs/semantics.md §9.5).
        let filtered = !layer.filters.isEmpty
        let groupOpacity = layer.allowsGroupOpacity || filtered ? opacity : 1
        let itemOpacity = layer.allowsGroupOpacity || filtered ? 1 : opacity
        var inner = state
        inner.opacity = itemOpacity
        let parts = LayerRenderParts(layer: layer, world: world, opacity: itemOpacity, tint: state.tint,
                                     contentsFlipped: state.contentsFlipped, tintedImages: tintedImages)
        var children: [RenderNode] = []
        var groupShadow: RenderGroupShadow?
        let sublayerNodes = sublayerNodes(index, world: world, state: inner)
        // Shadow first: from shadowPath, from the rounded rect when that is all the layer draws, else from
        // the group's composited alpha (spec §9.5).
        if let shadow = parts.shadow() {
            let simple = sublayerNodes.isEmpty && parts.drawsOnlyOpaqueBackground
            if layer.shadowPath != nil || simple {
                if let item = parts.itemShadow() { children.append(item) }
            } else {
                groupShadow = shadow
            }
        }
        var picture = parts.background()
        picture += parts.contents()
        picture += parts.shape()
        picture += parts.gradient()
        picture += parts.text()
        picture += sublayerNodes
        picture += parts.border()
        // `filters` act on the layer's contents and sublayers [A: DOC-calayer/filters], not on a shadow
        // drawn from shadowPath or the bounds.
        if filtered && !picture.isEmpty { picture = [.group(RenderGroup(children: picture, filters: layer.filters))] }
        children += picture
        if children.isEmpty { return [] }
        // masksToBounds clips contents and sublayers (and the shadow) to the rounded bounds [A: DOC-calayer/masksToBounds].
        let clip = layer.masksToBounds
            ? RenderClip(transform: world, shape: LayerRenderParts.roundedBounds(of: layer)) : nil
        var mask: [RenderNode]?
        if let maskIndex = layer.maskIndex {
            // The mask lives in the layer's bounds space; its alpha multiplies the layer (spec §9.5). An empty
            // mask hides the layer.
            let maskWorld = CATransform3DConcat(layers[maskIndex].transformToSuperlayer, world.flattened)
            let maskState = LayerRenderState(contentsFlipped: state.contentsFlipped != layer.isGeometryFlipped)
            let maskNodes = nodes(forLayerAt: maskIndex, world: maskWorld, state: maskState)
            if maskNodes.isEmpty { return [] }
            mask = maskNodes
        }
        let blend = LayerCompositingFilter.blendMode(named: layer.compositingFilterName)
        if groupOpacity >= 1 && blend == .normal && clip == nil && mask == nil && groupShadow == nil {
            return children
        }
        // One picture under group opacity: fade the picture itself and skip the offscreen (spec §9.5).
        if foldsGroupOpacity, groupOpacity < 1, blend == .normal, mask == nil, groupShadow == nil,
           let folded = Self.foldingOpacity(groupOpacity, into: children) {
            return clip.map { [.group(RenderGroup(children: folded, clip: $0))] } ?? folded
        }
        return [.group(RenderGroup(children: children, opacity: groupOpacity, blendMode: blend, clip: clip,
                                   mask: mask, shadow: groupShadow))]
    }

    /// The sublayers of a normal layer, sorted by zPosition (stable), flattened into its plane. A replicator
    /// draws them once per instance.
    mutating func sublayerNodes(_ index: Int, world: CATransform3D, state: LayerRenderState) -> [RenderNode] {
        let layer = layers[index]
        guard !layer.sublayerIndices.isEmpty else { return [] }
        var childState = state
        childState.contentsFlipped = state.contentsFlipped != layer.isGeometryFlipped
        let sublayerSpace = CATransform3DConcat(Self.geometryFlip(of: layer), world)
        if layer.kind == .replicator {
            return replicatorInstances(index, sublayerSpace: sublayerSpace, state: childState)
        }
        let flat = sublayerSpace.flattened
        var out: [RenderNode] = []
        for child in sortedByZPosition(layer.sublayerIndices) {
            let childWorld = CATransform3DConcat(layers[child].transformToSuperlayer, flat)
            out += nodes(forLayerAt: child, world: childWorld, state: childState)
        }
        return out
    }

    /// Sibling order: zPosition ascending, array order breaking ties [A: DOC-calayer/zposition; I: stable].
    func sortedByZPosition(_ indices: [Int]) -> [Int] {
        indices.enumerated().sorted { a, b in
            let za = Double(layers[a.element].zPosition), zb = Double(layers[b.element].zPosition)
            if za != zb && !za.isNaN && !zb.isNaN { return za < zb }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// `geometryFlipped`: the sublayers' geometry is mirrored about the layer's horizontal centre line
    /// [A: DOC-calayer/isgeometryflipped "whether the geometry of the layer and its sublayers is flipped
    /// vertically"; its own content is not affected].
    static func geometryFlip(of layer: LayerSnapshot) -> CATransform3D {
        guard layer.isGeometryFlipped else { return CATransform3DIdentity }
        let mid = Double(layer.bounds.minY + layer.bounds.maxY)
        var m = CATransform3DMakeScale(1, -1, 1)
        m.m42 = mid
        return m
    }

    /// True when the layer's plane shows its back as seen from the root space: the orientation of the
    /// projected plane (det of its 3x3 homography, spec §9.5 [I: WK-TM isBackFaceVisible]) is reversed.
    func isBackFacing(_ m: CATransform3D) -> Bool {
        let a = m.m11, b = m.m12, c = m.m14
        let d = m.m21, e = m.m22, f = m.m24
        let g = m.m41, h = m.m42, i = m.m44
        let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        return det * orientation < 0
    }
}
