// The tile size a frame is composited with. Pixels never depend on it (Compositor.swift); speed does: each
// operation pays a set-up per tile it meets (rounded-rect row tables, rectangle classes, image and path
// set-up), so larger tiles pay it less often, while a worker's scratch (pixels, path cells) must stay in its
// core's L2 cache and the tiles must be enough to share among the threads.
extension CompositorOptions {
    /// `tileSize`'s value that lets the compositor choose (the default).
    public static let automaticTileSize = 0

    /// The tile edge a `width` × `height` frame is composited with: `tileSize` clamped to 8…1024, or for
    /// `automaticTileSize` 256 when one thread renders or the frame holds at least eight such tiles per thread,
    /// else 128. Peer scenes, one thread, 256 against 128 (CPU-time medians, 3 alternating rounds, AMD EPYC
    /// Zen 4): rectangles, rounded rectangles, images and animated layers 1–8 % faster at 1920x1080 and 512x512,
    /// stroked paths 2 % faster, filled paths 3 % slower until their sweep skipped the rows without edges
    /// (FillPathStore.edgeRows); 512 against 256 was slower again (a 7–18 %). Two threads at 1920x1080 (40
    /// tiles of 256): c, d and e as fast as or up to 12 % faster than with 128 (wall-clock medians, 3 rounds).
    /// On an Intel Xeon (Emerald Rapids class; one thread, 16 interleaved pairs): 128 made c and d 3–8 % slower, and 512
    /// made c and d at 1920x1080 9 % and 4 % slower.
    public func effectiveTileSize(width: Int, height: Int) -> Int {
        if tileSize != Self.automaticTileSize { return min(max(tileSize, 8), 1024) }
        let workers = min(max(threads, 1), 64)
        let large = 256
        let largeTiles = ((max(width, 1) + large - 1) / large) * ((max(height, 1) + large - 1) / large)
        return workers == 1 || largeTiles >= 8 * workers ? large : 128
    }
}
