// Writing a finished tile out to a frame surface that is larger than the caches. A frame of 1920x1080 (8 MB)
// has usually left the caches since the previous frame, so writing its lines in place first waits on each
// line's read-for-ownership; a tile composited in a small scratch buffer and then written out with streaming
// stores skips those reads (QuartzCompositor's CompositorTiles.swift).
#ifndef RASTER_KERNELS_TILE_COPY_H
#define RASTER_KERNELS_TILE_COPY_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Copies `height` rows of `width` pixels from source (row stride source_stride pixels) to destination (row
/// stride destination_stride pixels): the 64-byte lines a destination row covers completely with streaming
/// stores, the partial lines at its ends with ordinary stores; then fences the streaming stores, so once
/// the call returns they are ordered before any later store of this thread (and so before the release that
/// hands the tile to another thread). The same pixels as a plain copy.
/// Invariant: both regions lie inside their allocations, do not overlap, and pixels are 4-byte aligned.
void rk_copy_block_streaming(uint32_t *destination, size_t destination_stride, const uint32_t *source,
                             size_t source_stride, size_t width, size_t height);

/// rk_copy_block_streaming without the closing fence, for a caller that writes several blocks (a source_stride
/// of 0 repeats one source row). The caller must call rk_streaming_store_fence() before the pixels are handed
/// to another thread or read through another path.
void rk_copy_block_streaming_unfenced(uint32_t *destination, size_t destination_stride, const uint32_t *source,
                                      size_t source_stride, size_t width, size_t height);

/// Orders this thread's earlier streaming stores before its later stores (sfence; nothing on other machines).
void rk_streaming_store_fence(void);

#ifdef __cplusplus
}
#endif

#endif
