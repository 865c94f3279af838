// libpng's full write API behind one C function: setjmp is legal here and nowhere else.
#include "pngshim.h"
#include <errno.h>
#include <png.h>
#include <stdio.h>
#include <string.h>

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

int oq_png_write(const char *path, const uint8_t *pixels, uint32_t width, uint32_t height,
                 size_t bytes_per_row, int channels, int zlib_level, int filter,
                 char *message, size_t message_capacity) {
    oq_error_sink sink = {message, message_capacity};
    if (message && message_capacity) message[0] = 0;
    FILE *volatile file = fopen(path, "wb");
    if (!file) {
        snprintf(message, message_capacity, "%s", strerror(errno));
        return -1;
    }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &sink, oq_error, oq_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        snprintf(message, message_capacity, "out of memory creating the PNG writer");
        png_destroy_write_struct(&png, NULL);
        fclose(file);
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        fclose(file);
        return -1;
    }
    png_init_io(png, file);
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
    if (fflush(file) != 0 || ferror(file)) {
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
