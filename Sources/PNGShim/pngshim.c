// libpng's full read and write APIs behind plain C functions: setjmp is legal here and nowhere else.
#include "pngshim.h"
#include <errno.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

typedef struct {
    char *message;
    size_t capacity;
} oq_error_sink;

static void oq_error(png_structp png, png_const_charp text) {
    oq_error_sink *sink = (oq_error_sink *)png_get_error_ptr(png);
    if (sink && sink->message && sink->capacity) {
        snprintf(sink->message, sink->capacity, "%s", text);
    }
    png_longjmp(png, 1);
}

static void oq_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

/* A growing in-memory destination for libpng's write callback. */
typedef struct {
    uint8_t *bytes;
    size_t length;
    size_t capacity;
} oq_memory_sink;

static void oq_memory_write(png_structp png, png_bytep data, png_size_t length) {
    oq_memory_sink *sink = (oq_memory_sink *)png_get_io_ptr(png);
    if (length > SIZE_MAX - sink->length) png_error(png, "encoded PNG too large for memory");
    size_t needed = sink->length + length;
    if (needed > sink->capacity) {
        size_t capacity = sink->capacity ? sink->capacity : 4096;
        while (capacity < needed) capacity = capacity > SIZE_MAX / 2 ? needed : capacity * 2;
        uint8_t *grown = realloc(sink->bytes, capacity);
        if (!grown) png_error(png, "out of memory for the encoded PNG");
        sink->bytes = grown;
        sink->capacity = capacity;
    }
    memcpy(sink->bytes + sink->length, data, length);
    sink->length = needed;
}

static void oq_memory_flush(png_structp png) { (void)png; }

/* Encodes the rows into `memory`; every longjmp lands here. Returns 0 or -1 with the message in `sink`. */
static int oq_png_encode(oq_memory_sink *memory, const uint8_t *pixels, uint32_t width, uint32_t height,
                         size_t bytes_per_row, int channels, int zlib_level, int filter, oq_error_sink *sink) {
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, sink, oq_error, oq_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        snprintf(sink->message, sink->capacity, "out of memory creating the PNG writer");
        png_destroy_write_struct(&png, NULL);
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return -1;
    }
    png_set_write_fn(png, memory, oq_memory_write, oq_memory_flush);
    png_set_IHDR(png, info, width, height, 8,
                 channels == 4 ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, zlib_level);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filter);
    png_write_info(png, info);
    for (uint32_t y = 0; y < height; y++) {
        png_write_row(png, (png_const_bytep)(pixels + (size_t)y * bytes_per_row));
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return 0;
}

/* The data must be on disk before the caller renames the file into place: otherwise a crash after the
   rename could leave an empty or partial file under the final name. */
int oq_write_file(const char *path, const uint8_t *bytes, size_t length, int synchronize, char *message,
                  size_t message_capacity) {
    if (message && message_capacity) message[0] = 0;
    FILE *file = fopen(path, "wb");
    if (!file) {
        snprintf(message, message_capacity, "%s", strerror(errno));
        return -1;
    }
    if ((length && fwrite(bytes, 1, length, file) != length) || fflush(file) != 0 ||
        (synchronize && fsync(fileno(file)) != 0)) {
        snprintf(message, message_capacity, "%s", strerror(errno));
        fclose(file);
        return -1;
    }
    if (fclose(file) != 0) {
        snprintf(message, message_capacity, "%s", strerror(errno));
        return -1;
    }
    return 0;
}

int oq_png_encode_memory(const uint8_t *pixels, uint32_t width, uint32_t height, size_t bytes_per_row,
                         int channels, int zlib_level, int filter, uint8_t **bytes, size_t *length,
                         char *message, size_t message_capacity) {
    oq_error_sink sink = {message, message_capacity};
    if (message && message_capacity) message[0] = 0;
    *bytes = NULL;
    *length = 0;
    oq_memory_sink memory = {NULL, 0, 0};
    if (oq_png_encode(&memory, pixels, width, height, bytes_per_row, channels, zlib_level, filter, &sink) != 0) {
        free(memory.bytes);
        return -1;
    }
    *bytes = memory.bytes;
    *length = memory.length;
    return 0;
}

long oq_zlib_inflate(const uint8_t *source, size_t source_length, uint8_t *destination, size_t capacity) {
    uLongf written = (uLongf)capacity;
    if (uncompress(destination, &written, source, (uLong)source_length) != Z_OK) return -1;
    return (long)written;
}

/* The largest chunk other than IDAT the readers accept, and the most a compressed text chunk or colour
   profile may inflate to: far above real text, Exif and ICC data, small enough that the buffer libpng
   allocates and clears per chunk (its length + 1 bytes) stays cheap. libpng's own check of a chunk's length
   is only a warning when reading, so the read callback below enforces this one as an error. */
#define OQ_PNG_MAXIMUM_CHUNK_BYTES ((png_uint_32)4 << 20)
/* Text, sPLT and unknown chunks libpng keeps in memory beyond this many are skipped with a warning, which
   bounds what a file of many small inflating chunks can hold at once. */
#define OQ_PNG_MAXIMUM_CACHED_CHUNKS 32

/* What the read callback needs: the stream, the pixel cap, and the header's size when it is over the cap.
   It lives in the caller of oq_png_read_stream, outside the frame that calls setjmp, so the callback's
   writes are still there after a longjmp. */
typedef struct {
    FILE *file;
    size_t maximum_pixels;
    png_uint_32 width, height;
    int too_large;
} oq_read_source;

static void oq_read_source_init(oq_read_source *source, FILE *file, size_t maximum_pixels) {
    source->file = file;
    source->maximum_pixels = maximum_pixels;
    source->width = 0;
    source->height = 0;
    source->too_large = 0;
}

static int oq_png_read_stream(oq_read_source *source, uint32_t *width, uint32_t *height, uint8_t **pixels,
                              char *message, size_t message_capacity);

int oq_png_read(const char *path, size_t maximum_pixels, uint32_t *width, uint32_t *height,
                uint8_t **pixels, char *message, size_t message_capacity) {
    if (message && message_capacity) message[0] = 0;
    *pixels = NULL;
    *width = 0;
    *height = 0;
    FILE *file = fopen(path, "rb");
    if (!file) {
        snprintf(message, message_capacity, "%s", strerror(errno));
        return -1;
    }
    oq_read_source source;
    oq_read_source_init(&source, file, maximum_pixels);
    return oq_png_read_stream(&source, width, height, pixels, message, message_capacity);
}

int oq_png_read_memory(const uint8_t *bytes, size_t length, size_t maximum_pixels, uint32_t *width,
                       uint32_t *height, uint8_t **pixels, char *message, size_t message_capacity) {
    if (message && message_capacity) message[0] = 0;
    *pixels = NULL;
    *width = 0;
    *height = 0;
    if (length == 0) {
        snprintf(message, message_capacity, "no data");
        return -1;
    }
    FILE *file = fmemopen((void *)bytes, length, "rb");
    if (!file) {
        snprintf(message, message_capacity, "%s", strerror(errno));
        return -1;
    }
    oq_read_source source;
    oq_read_source_init(&source, file, maximum_pixels);
    return oq_png_read_stream(&source, width, height, pixels, message, message_capacity);
}

static png_uint_32 oq_big_endian_32(const png_byte *bytes) {
    return (png_uint_32)bytes[0] << 24 | (png_uint_32)bytes[1] << 16 | (png_uint_32)bytes[2] << 8 | bytes[3];
}

/* libpng's read callback: a short read names where the data stopped instead of libpng's bare "Read Error".
   It also sees every chunk header before libpng acts on it, so an oversized chunk is refused before libpng
   allocates for it, and the IHDR data, so a header above the pixel cap stops the read at once. */
static void oq_file_read(png_structp png, png_bytep data, png_size_t length) {
    oq_read_source *source = (oq_read_source *)png_get_io_ptr(png);
    FILE *file = source->file;
    if (fread(data, 1, length, file) != length) {
        if (ferror(file)) png_error(png, strerror(errno));
        char text[160];
        snprintf(text, sizeof text, "the data ends early, after %ld bytes: the file is truncated or incomplete", ftell(file));
        png_error(png, text);
    }
    png_uint_32 location = png_get_io_state(png) & PNG_IO_MASK_LOC;
    if (location == PNG_IO_CHUNK_HDR && length == 8) {
        png_uint_32 size = oq_big_endian_32(data);
        if (size > OQ_PNG_MAXIMUM_CHUNK_BYTES && memcmp(data + 4, "IDAT", 4) != 0) {
            char text[200];
            int letters = 1;
            for (int i = 4; i < 8; i++) letters &= (data[i] >= 'A' && data[i] <= 'Z') || (data[i] >= 'a' && data[i] <= 'z');
            if (letters) {
                snprintf(text, sizeof text, "the %.4s chunk is %lu bytes, more than the limit of %lu bytes for any chunk but IDAT",
                         (const char *)data + 4, (unsigned long)size, (unsigned long)OQ_PNG_MAXIMUM_CHUNK_BYTES);
            } else {
                snprintf(text, sizeof text, "a chunk is %lu bytes, more than the limit of %lu bytes for any chunk but IDAT",
                         (unsigned long)size, (unsigned long)OQ_PNG_MAXIMUM_CHUNK_BYTES);
            }
            png_error(png, text);
        }
    } else if (location == PNG_IO_CHUNK_DATA && length == 13 && png_get_io_chunk_type(png) == 0x49484452u /* IHDR */) {
        png_uint_32 w = oq_big_endian_32(data), h = oq_big_endian_32(data + 4);
        if (w != 0 && h != 0 && (size_t)w > source->maximum_pixels / (size_t)h) {
            source->width = w;
            source->height = h;
            source->too_large = 1;
            png_error(png, "the image is larger than the pixel limit");
        }
    }
}

/* Reads from `source->file` and always closes it. */
static int oq_png_read_stream(oq_read_source *source, uint32_t *width, uint32_t *height, uint8_t **pixels,
                              char *message, size_t message_capacity) {
    oq_error_sink sink = {message, message_capacity};
    FILE *volatile file = source->file;
    size_t maximum_pixels = source->maximum_pixels;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &sink, oq_error, oq_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        snprintf(message, message_capacity, "out of memory creating the PNG reader");
        png_destroy_read_struct(&png, NULL, NULL);
        fclose(file);
        return -1;
    }
    uint8_t *volatile buffer = NULL;
    png_bytep *volatile rows = NULL;
    if (setjmp(png_jmpbuf(png))) {
        free(buffer);
        free(rows);
        png_destroy_read_struct(&png, &info, NULL);
        fclose(file);
        if (source->too_large) {
            /* Refused at the header, before any pixel memory: "too large", with the size. */
            *width = source->width;
            *height = source->height;
            if (message && message_capacity) message[0] = 0;
            return -2;
        }
        return -1;
    }
    png_set_read_fn(png, source, oq_file_read);
    /* The decompressed size is bounded by the checked header, so zlib bombs cannot grow memory. No side can
       exceed the pixel cap (the other side is at least 1); the read callback refuses a larger header first. */
    png_uint_32 side_limit = maximum_pixels < 1 ? 1 : maximum_pixels > PNG_UINT_31_MAX ? PNG_UINT_31_MAX : (png_uint_32)maximum_pixels;
    png_set_user_limits(png, side_limit, side_limit);
    png_set_chunk_malloc_max(png, OQ_PNG_MAXIMUM_CHUNK_BYTES);
    png_set_chunk_cache_max(png, OQ_PNG_MAXIMUM_CACHED_CHUNKS);
    png_read_info(png, info);
    png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
    *width = w;
    *height = h;
    if (w == 0 || h == 0 || (size_t)w > maximum_pixels / (size_t)h) {
        png_destroy_read_struct(&png, &info, NULL);
        fclose(file);
        return -2;
    }
    int color_type = png_get_color_type(png, info);
    int bit_depth = png_get_bit_depth(png, info);
    if (bit_depth == 16) png_set_scale_16(png);
    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!(color_type & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS))
        png_set_filler(png, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)w * 4) {
        snprintf(message, message_capacity, "unsupported PNG layout after expansion");
        png_destroy_read_struct(&png, &info, NULL);
        fclose(file);
        return -1;
    }
    buffer = malloc((size_t)w * h * 4);
    rows = malloc(sizeof(png_bytep) * h);
    if (!buffer || !rows) {
        snprintf(message, message_capacity, "out of memory for %ux%u pixels", w, h);
        free(buffer);
        free(rows);
        png_destroy_read_struct(&png, &info, NULL);
        fclose(file);
        return -1;
    }
    for (png_uint_32 y = 0; y < h; y++) rows[y] = buffer + (size_t)y * w * 4;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    fclose(file);
    free(rows);
    *pixels = buffer;
    return 0;
}
