// libFuzzer target for the `fast` PNG encoder (Sources/PNGShim/png_run_length_encoder.c): the input picks a
// size and premultiplied pixels; the encoded PNG must decode through libpng to exactly the straight samples
// the encoder promises (RGB when every pixel is opaque, else RGBA, colours divided by alpha and rounded).
// Run it with Fuzz/run.sh.
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "pngshim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 3) return 0;
    uint32_t width = 1 + (data[0] | (data[1] & 0x03) << 8);  // 1…1024
    uint32_t height = 1 + data[2] % 64;                       // 1…64
    data += 3;
    size -= 3;
    size_t count = (size_t)width * height;
    uint32_t *pixels = malloc(count * 4);
    if (!pixels) return 0;
    // Pixels from the input bytes, repeated; every colour at most its alpha (premultiplied).
    for (size_t i = 0; i < count; i++) {
        uint8_t b[4] = {0, 0, 0, 255};
        for (int c = 0; c < 4 && size; c++) b[c] = data[(4 * i + c) % size];
        if (size && data[0] & 1) b[3] = 255;  // opaque frames too
        for (int c = 0; c < 3; c++) if (b[c] > b[3]) b[c] = b[3];
        pixels[i] = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    }
    uint8_t *png = NULL;
    size_t length = 0;
    if (oq_png_encode_runs(pixels, width, height, &png, &length) != 0) abort();
    uint32_t w = 0, h = 0;
    uint8_t *decoded = NULL;
    char message[256];
    if (oq_png_read_memory(png, length, count, &w, &h, &decoded, message, sizeof message) != 0) abort();
    if (w != width || h != height) abort();
    for (size_t i = 0; i < count; i++) {
        uint32_t v = pixels[i], a = v >> 24;
        for (int c = 0; c < 3; c++) {
            uint32_t p = (v >> (8 * c)) & 0xff;
            uint32_t expected = a == 0 ? 0 : a == 255 ? p : (p * 255 + a / 2) / a;
            if (expected > 255) expected = 255;
            if (decoded[4 * i + c] != expected) abort();
        }
        if (decoded[4 * i + 3] != a) abort();
    }
    free(decoded);
    free(png);
    free(pixels);
    return 0;
}
