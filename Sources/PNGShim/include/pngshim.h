#ifndef OPENQUARTZ_PNGSHIM_H
#define OPENQUARTZ_PNGSHIM_H
#include <stddef.h>
#include <stdint.h>

/// Writes straight-alpha 8-bit pixels to `path` with libpng's full API, so that the zlib level and
/// the row filter can be chosen (the simplified API cannot). `channels` is 3 (RGB) or 4 (RGBA);
/// `filter` is a PNG_FILTER_* mask (PNG_FILTER_SUB = 0x10, PNG_ALL_FILTERS = 0xF8).
/// Returns 0 on success; on failure -1 with libpng's or the system's message in `message`.
/// Every setjmp/longjmp stays inside this C file.
int oq_png_write(const char *path, const uint8_t *pixels, uint32_t width, uint32_t height,
                 size_t bytes_per_row, int channels, int zlib_level, int filter,
                 char *message, size_t message_capacity);

#endif
