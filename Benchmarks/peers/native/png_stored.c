/* Minimal PNG writer for straight-alpha RGBA8 (colour type 6, bit depth 8), y down, rows top to bottom.
 * The zlib stream uses stored (uncompressed) deflate blocks, so no zlib is needed; files are about
 * width*height*4 bytes, which is fine for reference frames that compare.py reads back at once. */
#include "player_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void crc_init(uint32_t crc_table[256]) {
    for (uint32_t n = 0; n < 256; n++) {
        uint32_t c = n;
        for (int k = 0; k < 8; k++) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        crc_table[n] = c;
    }
}

static uint32_t crc_update(const uint32_t *crc_table, uint32_t crc, const uint8_t *p, size_t n) {
    for (size_t i = 0; i < n; i++) crc = crc_table[(crc ^ p[i]) & 0xFF] ^ (crc >> 8);
    return crc;
}

static void put_u32_be(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}

static int write_chunk(FILE *f, const uint32_t *crc_table, const char *type, const uint8_t *data, size_t length) {
    uint8_t head[8];
    put_u32_be(head, (uint32_t)length);
    memcpy(head + 4, type, 4);
    uint32_t crc = crc_update(crc_table, 0xFFFFFFFFu, head + 4, 4);
    crc = (length ? crc_update(crc_table, crc, data, length) : crc) ^ 0xFFFFFFFFu;
    uint8_t tail[4];
    put_u32_be(tail, crc);
    return fwrite(head, 1, 8, f) == 8 && (length == 0 || fwrite(data, 1, length, f) == length) && fwrite(tail, 1, 4, f) == 4;
}

int png_write_rgba(const char *path, const uint8_t *rgba, uint32_t width, uint32_t height) {
    if (width == 0 || height == 0 || width > 16384 || height > 16384) return 0;
    uint32_t crc_table[256];
    crc_init(crc_table);
    size_t row = (size_t)width * 4 + 1; /* filter byte 0 (None) + pixels */
    size_t raw_size = row * height;
    size_t blocks = (raw_size + 65534) / 65535;
    size_t z_size = 2 + raw_size + blocks * 5 + 4;
    uint8_t *raw = malloc(raw_size), *z = malloc(z_size);
    if (!raw || !z) { free(raw); free(z); return 0; }
    for (uint32_t y = 0; y < height; y++) {
        raw[y * row] = 0;
        memcpy(raw + y * row + 1, rgba + (size_t)y * width * 4, (size_t)width * 4);
    }
    size_t o = 0;
    z[o++] = 0x78; z[o++] = 0x01; /* deflate, 32 KiB window, no dictionary; 0x7801 % 31 == 0 */
    uint32_t s1 = 1, s2 = 0;      /* Adler-32 over the uncompressed bytes */
    for (size_t done = 0; done < raw_size;) {
        size_t n = raw_size - done < 65535 ? raw_size - done : 65535;
        z[o++] = done + n == raw_size ? 1 : 0; /* BFINAL on the last block, BTYPE 00 = stored */
        z[o++] = (uint8_t)n; z[o++] = (uint8_t)(n >> 8);
        z[o++] = (uint8_t)~n; z[o++] = (uint8_t)(~n >> 8);
        memcpy(z + o, raw + done, n);
        for (size_t i = 0; i < n; i++) {
            s1 = (s1 + raw[done + i]) % 65521;
            s2 = (s2 + s1) % 65521;
        }
        o += n;
        done += n;
    }
    put_u32_be(z + o, s2 << 16 | s1);
    o += 4;

    uint8_t header[13];
    put_u32_be(header, width);
    put_u32_be(header + 4, height);
    header[8] = 8; header[9] = 6; header[10] = 0; header[11] = 0; header[12] = 0;
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    FILE *f = fopen(path, "wb");
    int ok = f && fwrite(signature, 1, 8, f) == 8 && write_chunk(f, crc_table, "IHDR", header, 13) &&
             write_chunk(f, crc_table, "IDAT", z, o) && write_chunk(f, crc_table, "IEND", NULL, 0);
    if (f && fclose(f) != 0) ok = 0;
    free(raw);
    free(z);
    return ok;
}
