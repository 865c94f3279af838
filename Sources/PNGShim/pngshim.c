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

static int oq_png_read_stream(FILE *file, size_t maximum_pixels, uint32_t *width, uint32_t *height,
                              uint8_t **pixels, char *message, size_t message_capacity);

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
    return oq_png_read_stream(file, maximum_pixels, width, height, pixels, message, message_capacity);
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
    return oq_png_read_stream(file, maximum_pixels, width, height, pixels, message, message_capacity);
}

/* libpng's read callback: a short read names where the data stopped instead of libpng's bare "Read Error". */
static void oq_file_read(png_structp png, png_bytep data, png_size_t length) {
    FILE *file = (FILE *)png_get_io_ptr(png);
    if (fread(data, 1, length, file) == length) return;
    if (ferror(file)) png_error(png, strerror(errno));
    char text[160];
    snprintf(text, sizeof text, "the data ends early, after %ld bytes: the file is truncated or incomplete", ftell(file));
    png_error(png, text);
}

/* Reads from `file` and always closes it. */
static int oq_png_read_stream(FILE *file_in, size_t maximum_pixels, uint32_t *width, uint32_t *height,
                              uint8_t **pixels, char *message, size_t message_capacity) {
    oq_error_sink sink = {message, message_capacity};
    FILE *volatile file = file_in;
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
        return -1;
    }
    png_set_read_fn(png, file, oq_file_read);
    /* The decompressed size is bounded by the checked header, so zlib bombs cannot grow memory. */
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
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
