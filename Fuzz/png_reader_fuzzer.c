// libFuzzer target for the PNG reader (oq_png_read_memory in Sources/PNGShim/pngshim.c, through libpng and
// zlib): any bytes must give an error (-1), "too large" (-2, nothing allocated), or a bitmap of at most
// MAXIMUM_PIXELS straight RGBA8 pixels that can be read in full. A crash, a sanitizer report, a result
// breaking that contract (abort), a run over -timeout or memory over -rss_limit_mb is a failure.
// Run it with Fuzz/run.sh png_reader.
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "pngshim.h"

// 4 Mpx (16 MB of pixels): the header check must refuse anything larger before allocating.
#define MAXIMUM_PIXELS ((size_t)1 << 22)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    uint32_t width = 7, height = 7;
    uint8_t *pixels = (uint8_t *)1;
    char message[256];
    memset(message, 'x', sizeof message);
    int result = oq_png_read_memory(data, size, MAXIMUM_PIXELS, &width, &height, &pixels, message, sizeof message);
    if (memchr(message, 0, sizeof message) == NULL) abort();  // the message is always terminated
    switch (result) {
    case 0: {
        if (!pixels || width == 0 || height == 0 || (size_t)width * height > MAXIMUM_PIXELS) abort();
        // Touch every byte: ASan reports a buffer shorter than width × height × 4.
        volatile uint8_t sum = 0;
        for (size_t i = 0; i < (size_t)width * height * 4; i++) sum ^= pixels[i];
        (void)sum;
        free(pixels);
        break;
    }
    case -1:
        if (pixels) abort();
        break;
    case -2:
        if (pixels || (width != 0 && height != 0 && (size_t)width * height <= MAXIMUM_PIXELS)) abort();
        break;
    default:
        abort();
    }
    return 0;
}
