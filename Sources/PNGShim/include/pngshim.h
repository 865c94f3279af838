#ifndef OPENQUARTZ_PNGSHIM_H
#define OPENQUARTZ_PNGSHIM_H
#include <stddef.h>
#include <stdint.h>

/// Encodes straight-alpha 8-bit pixels as a PNG in memory with libpng's full API, so that the zlib level
/// and the row filter can be chosen (the simplified API cannot). `channels` is 3 (RGB) or 4 (RGBA);
/// `filter` is a PNG_FILTER_* mask (PNG_FILTER_SUB = 0x10, PNG_ALL_FILTERS = 0xF8). On success returns 0
/// with `*bytes` (free it with `free`) and `*length`; on failure -1 with libpng's message, `*bytes` NULL.
/// Every setjmp/longjmp stays inside the C file.
int oq_png_encode_memory(const uint8_t *pixels, uint32_t width, uint32_t height, size_t bytes_per_row,
                         int channels, int zlib_level, int filter, uint8_t **bytes, size_t *length,
                         char *message, size_t message_capacity);

/// Encodes premultiplied 0xAABBGGRR pixels (`width * height`, rows top to bottom) as a straight-alpha PNG
/// in memory with OpenQuartz's own run-length deflate (png_run_length_encoder.c): RGB when every pixel is
/// opaque, else RGBA; rows filtered SUB or UP, runs of the previous byte and a Huffman code per block.
/// On success returns 0 with `*bytes` (free it with `free`) and `*length`; -1 for unusable arguments or
/// when memory runs out.
int oq_png_encode_runs(const uint32_t *pixels, uint32_t width, uint32_t height, uint8_t **bytes,
                       size_t *length);

/// `oq_png_encode_runs` with the row kernels' vector instructions capped at `maximum_tier` (0 none, 1 SSSE3,
/// 2 AVX2; the machine's own best when lower). Every tier writes the same bytes.
int oq_png_encode_runs_at_tier(const uint32_t *pixels, uint32_t width, uint32_t height, int maximum_tier,
                               uint8_t **bytes, size_t *length);

/// Writes `length` bytes to a new file at `path`; with `synchronize` non-zero they are on stable storage
/// (fsync) before the file is closed. Returns 0, or -1 with the system's message.
int oq_write_file(const char *path, const uint8_t *bytes, size_t length, int synchronize, char *message,
                  size_t message_capacity);

/// Reads any PNG into straight-alpha RGBA8 rows (top to bottom, no padding) with libpng's full API:
/// palettes and tRNS expand to alpha, gray expands to RGB, 16-bit samples are scaled to 8 bits with
/// rounding, and no gamma conversion is applied (samples stay in the file's encoding, as browsers
/// and image editors show them). The header is checked against `maximum_pixels` before any pixel
/// memory is allocated. Any chunk but IDAT longer than 4 MiB is refused (-1, naming the chunk), so a file
/// cannot make libpng allocate for a huge claimed length. On success returns 0, sets the size and
/// `*pixels` (free it with `free`); on failure returns -1 (unreadable, with a message) or -2 (too large,
/// size still reported).
int oq_png_read(const char *path, size_t maximum_pixels, uint32_t *width, uint32_t *height,
                uint8_t **pixels, char *message, size_t message_capacity);

/// Like `oq_png_read`, from `length` bytes in memory.
int oq_png_read_memory(const uint8_t *bytes, size_t length, size_t maximum_pixels, uint32_t *width,
                       uint32_t *height, uint8_t **pixels, char *message, size_t message_capacity);

/// Inflates a zlib stream (used to inspect PNG row filters). Returns the number of bytes written to
/// `destination`, or -1 when the stream is invalid or does not fit.
long oq_zlib_inflate(const uint8_t *source, size_t source_length, uint8_t *destination, size_t capacity);

#endif
