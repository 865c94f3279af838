// A PNG encoder for rendered frames: each row takes the SUB or the UP filter, whichever leaves the
// smaller bytes, and the filtered rows are deflated with one kind of match only, a run of the previous
// byte (distance 1), coded with a Huffman table made for each block of rows. Rendered frames are mostly
// flat colour, smooth gradients and shapes, which these filters turn into long runs of zeros, so this
// codes a frame in one pass over it at a fraction of zlib's cost; the output is an ordinary PNG. Blocks
// that would not shrink are stored, so the output never grows by more than a few bytes per 64 KB.
#include "pngshim.h"
#include "raster_kernels_straight_alpha.h"
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__)
#include <immintrin.h>
#endif

enum {
    BLOCK_TARGET = 1 << 18,  // filtered bytes per deflate block: rows are added until this is reached
    LITLEN_SYMBOLS = 286,
    MAX_CODE_LENGTH = 15,
    END_OF_BLOCK = 256,
};

/* The vector instructions the row kernels use, read once from the machine. Every tier gives the same bytes. */
typedef enum { TIER_BASELINE, TIER_SSSE3, TIER_AVX2 } vector_tier;

static vector_tier machine_tier(void) {
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx2")) return TIER_AVX2;
    if (__builtin_cpu_supports("ssse3")) return TIER_SSSE3;
#endif
    return TIER_BASELINE;
}

/* ---- output: a growing byte buffer and an LSB-first bit writer over it ---- */

typedef struct {
    uint8_t *bytes;
    size_t length, capacity;
    uint64_t bits;  // pending bits, LSB first
    int count;      // number of pending bits (< 64 between calls)
    int failed;
} writer;

static int reserve(writer *w, size_t extra) {
    if (w->failed) return 0;
    if (extra > SIZE_MAX - w->length) { w->failed = 1; return 0; }
    size_t needed = w->length + extra;
    if (needed <= w->capacity) return 1;
    size_t capacity = w->capacity ? w->capacity : 1 << 16;
    while (capacity < needed) capacity = capacity > SIZE_MAX / 2 ? needed : capacity * 2;
    uint8_t *grown = realloc(w->bytes, capacity);
    if (!grown) { w->failed = 1; return 0; }
    w->bytes = grown;
    w->capacity = capacity;
    return 1;
}

static void put_bytes(writer *w, const void *data, size_t n) {
    if (!reserve(w, n)) return;
    memcpy(w->bytes + w->length, data, n);
    w->length += n;
}

static void put_u32_be(writer *w, uint32_t v) {
    uint8_t b[4] = {(uint8_t)(v >> 24), (uint8_t)(v >> 16), (uint8_t)(v >> 8), (uint8_t)v};
    put_bytes(w, b, 4);
}

/* Appends `n` ≤ 32 bits of `value`, least significant first (deflate's bit order). */
static inline void put_bits(writer *w, uint32_t value, int n) {
    w->bits |= (uint64_t)value << w->count;
    w->count += n;
    if (w->count >= 32) {
        if (!reserve(w, 4)) return;
        uint32_t out = (uint32_t)w->bits;
        w->bytes[w->length] = (uint8_t)out;
        w->bytes[w->length + 1] = (uint8_t)(out >> 8);
        w->bytes[w->length + 2] = (uint8_t)(out >> 16);
        w->bytes[w->length + 3] = (uint8_t)(out >> 24);
        w->length += 4;
        w->bits >>= 32;
        w->count -= 32;
    }
}

/* Pads the pending bits to a byte boundary and writes them out. */
static void flush_bits(writer *w) {
    while (w->count > 0) {
        uint8_t b = (uint8_t)w->bits;
        put_bytes(w, &b, 1);
        w->bits >>= 8;
        w->count -= 8;
    }
    w->bits = 0;
    w->count = 0;
}

/* ---- Huffman codes ---- */

/* Code lengths for `n` symbols from their frequencies, none longer than `limit` (a symbol with frequency
   0 gets length 0). Builds an optimal tree, then, if it is too deep, moves the deepest leaves up and
   repairs the Kraft sum by lengthening the shortest codes that can take it. */
static void code_lengths(const uint32_t *freq, int n, int limit, uint8_t *lengths) {
    int symbols[LITLEN_SYMBOLS], used = 0;
    for (int i = 0; i < n; i++) {
        lengths[i] = 0;
        if (freq[i]) symbols[used++] = i;
    }
    if (used == 0) return;
    if (used == 1) { lengths[symbols[0]] = 1; return; }
    // Sort the used symbols by frequency (insertion sort: at most 286 of them).
    for (int i = 1; i < used; i++) {
        int s = symbols[i], j = i - 1;
        while (j >= 0 && (freq[symbols[j]] > freq[s] || (freq[symbols[j]] == freq[s] && symbols[j] > s))) {
            symbols[j + 1] = symbols[j];
            j--;
        }
        symbols[j + 1] = s;
    }
    // Two-queue Huffman construction: leaves in order, internal nodes created in order of weight.
    uint64_t weight[2 * LITLEN_SYMBOLS];
    int parent[2 * LITLEN_SYMBOLS];
    for (int i = 0; i < used; i++) weight[i] = freq[symbols[i]];
    int leaf = 0, node = used, next_internal = used;
    for (int k = 0; k < used - 1; k++) {
        int pick[2];
        for (int p = 0; p < 2; p++) {
            if (leaf < used && (node >= next_internal || weight[leaf] <= weight[node])) pick[p] = leaf++;
            else pick[p] = node++;
        }
        weight[next_internal] = weight[pick[0]] + weight[pick[1]];
        parent[pick[0]] = parent[pick[1]] = next_internal;
        next_internal++;
    }
    // Depths: the root is the last internal node.
    int depth[2 * LITLEN_SYMBOLS];
    int root = next_internal - 1;
    depth[root] = 0;
    for (int i = root - 1; i >= 0; i--) depth[i] = depth[parent[i]] + 1;
    int count[64] = {0};
    for (int i = 0; i < used; i++) count[depth[i] < 63 ? depth[i] : 63]++;
    // Limit the depth: every code longer than `limit` becomes `limit` long, then the Kraft sum (in units of
    // 2^-limit) is brought back to 1 by lengthening codes of the longest length below `limit`.
    for (int d = limit + 1; d < 64; d++) { count[limit] += count[d]; count[d] = 0; }
    uint64_t kraft = 0;
    for (int d = 1; d <= limit; d++) kraft += (uint64_t)count[d] << (limit - d);
    while (kraft > (1ull << limit)) {
        count[limit]--;  // take one leaf of the longest length …
        for (int d = limit - 1; d > 0; d--) {
            if (count[d]) {  // … and hang it, with a leaf of length d, one level deeper
                count[d]--;
                count[d + 1] += 2;
                break;
            }
        }
        kraft = 0;
        for (int d = 1; d <= limit; d++) kraft += (uint64_t)count[d] << (limit - d);
    }
    // Rarest symbols get the longest codes.
    int d = limit, i = 0;
    while (i < used) {
        while (d > 0 && count[d] == 0) d--;
        lengths[symbols[i++]] = (uint8_t)d;
        count[d]--;
    }
}

/* Canonical codes for the lengths, bit-reversed for the LSB-first writer. */
static void canonical_codes(const uint8_t *lengths, int n, uint16_t *codes) {
    int count[MAX_CODE_LENGTH + 1] = {0}, next[MAX_CODE_LENGTH + 2];
    for (int i = 0; i < n; i++) count[lengths[i]]++;
    count[0] = 0;
    int code = 0;
    for (int bits = 1; bits <= MAX_CODE_LENGTH; bits++) {
        code = (code + count[bits - 1]) << 1;
        next[bits] = code;
    }
    for (int i = 0; i < n; i++) {
        int len = lengths[i];
        if (!len) { codes[i] = 0; continue; }
        unsigned c = (unsigned)next[len]++, reversed = 0;
        for (int b = 0; b < len; b++) reversed |= ((c >> b) & 1u) << (len - 1 - b);
        codes[i] = (uint16_t)reversed;
    }
}

/* ---- run lengths as deflate length codes ---- */

static const uint16_t length_base[29] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                                         35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                                         3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static uint8_t length_code[259];  // run length 3…258 → index into length_base

/* Fills length_code; run once through pthread_once, since encodes run on several threads at a time. */
static void fill_length_table(void) {
    for (int code = 0; code < 29; code++) {
        int end = code + 1 < 29 ? length_base[code + 1] : 259;
        if (code == 28) end = 259;
        for (int len = length_base[code]; len < end && len <= 258; len++) length_code[len] = (uint8_t)code;
    }
    length_code[258] = 28;
}

static pthread_once_t length_table_once = PTHREAD_ONCE_INIT;

static void build_length_table(void) { pthread_once(&length_table_once, fill_length_table); }

/* Splits `data` into deflate's tokens: literals, and runs of 3…258 bytes repeating the byte before them
   (a match at distance 1). `previous` is the byte before `data` (−1 at the start of the stream). A token is
   a literal byte b as b, or a run of length L as 256 + L. Counts each token's symbol in `freq`; returns the
   number of tokens and the number of runs in `*runs`. */
static size_t tokenize(const uint8_t *data, size_t n, int previous, uint16_t *tokens, uint32_t *freq,
                       uint32_t *runs) {
    size_t count = 0, i = 0;
    uint32_t run_count = 0;
    int prev = previous;
    while (i < n) {
        uint8_t b = data[i];
        if ((int)b == prev) {
            size_t j = i + 1, end = n - i > 258 ? i + 258 : n;
#if defined(__SSE2__)
            __m128i pattern = _mm_set1_epi8((char)b);
            // Long runs (blank rows) 64 bytes a step, then the byte where the run ends 16 at a time.
            while (j + 64 <= end) {
                const __m128i *p = (const __m128i *)(data + j);
                __m128i same = _mm_and_si128(
                    _mm_and_si128(_mm_cmpeq_epi8(_mm_loadu_si128(p), pattern), _mm_cmpeq_epi8(_mm_loadu_si128(p + 1), pattern)),
                    _mm_and_si128(_mm_cmpeq_epi8(_mm_loadu_si128(p + 2), pattern), _mm_cmpeq_epi8(_mm_loadu_si128(p + 3), pattern)));
                if (_mm_movemask_epi8(same) != 0xffff) break;
                j += 64;
            }
            while (j + 16 <= end) {
                unsigned same = (unsigned)_mm_movemask_epi8(
                    _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(data + j)), pattern));
                if (same != 0xffffu) {
                    j += (size_t)__builtin_ctz(~same);
                    goto measured;
                }
                j += 16;
            }
#endif
            while (j < end && data[j] == b) j++;
        measured:;
            size_t run = j - i;
            if (run >= 3) {
                tokens[count++] = (uint16_t)(256 + run);
                freq[257 + length_code[run]]++;
                run_count++;
                i = j;
                continue;
            }
        }
        tokens[count++] = b;
        freq[b]++;
        prev = b;
        i++;
    }
    *runs = run_count;
    return count;
}

/* ---- one deflate block ---- */

/* Codes `data` (n bytes, the byte before it `previous`) as one block: dynamic Huffman, or stored when that
   is smaller. `last` sets BFINAL. `tokens` has room for n tokens. */
static void deflate_block(writer *w, const uint8_t *data, size_t n, int previous, int last, uint16_t *tokens) {
    uint32_t freq[LITLEN_SYMBOLS] = {0};
    uint32_t runs = 0;
    size_t token_count = tokenize(data, n, previous, tokens, freq, &runs);
    freq[END_OF_BLOCK] = 1;
    uint8_t lit_len[LITLEN_SYMBOLS];
    code_lengths(freq, LITLEN_SYMBOLS, MAX_CODE_LENGTH, lit_len);
    // One distance code (distance 1), of length 1 ("one distance code … is encoded using one bit").
    int hlit = LITLEN_SYMBOLS;
    while (hlit > 257 && lit_len[hlit - 1] == 0) hlit--;
    // The code lengths of both trees, run-length coded with symbols 16 (repeat previous), 17, 18 (zeros).
    uint8_t all[LITLEN_SYMBOLS + 1];
    memcpy(all, lit_len, (size_t)hlit);
    all[hlit] = 1;
    int total = hlit + 1;
    uint8_t cl_symbol[LITLEN_SYMBOLS + 1], cl_extra[LITLEN_SYMBOLS + 1];
    int cl_count = 0;
    uint32_t cl_freq[19] = {0};
    for (int i = 0; i < total;) {
        int len = all[i], run = 1;
        while (i + run < total && all[i + run] == len) run++;
        if (len == 0 && run >= 3) {
            int take = run > 138 ? 138 : run;
            if (take >= 11) { cl_symbol[cl_count] = 18; cl_extra[cl_count++] = (uint8_t)(take - 11); cl_freq[18]++; }
            else { cl_symbol[cl_count] = 17; cl_extra[cl_count++] = (uint8_t)(take - 3); cl_freq[17]++; }
            i += take;
        } else if (len != 0 && run >= 4) {
            cl_symbol[cl_count] = (uint8_t)len; cl_extra[cl_count++] = 0; cl_freq[len]++;
            int take = run - 1 > 6 ? 6 : run - 1;
            cl_symbol[cl_count] = 16; cl_extra[cl_count++] = (uint8_t)(take - 3); cl_freq[16]++;
            i += 1 + take;
        } else {
            cl_symbol[cl_count] = (uint8_t)len; cl_extra[cl_count++] = 0; cl_freq[len]++;
            i++;
        }
    }
    uint8_t cl_len[19];
    code_lengths(cl_freq, 19, 7, cl_len);
    static const uint8_t order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
    int hclen = 19;
    while (hclen > 4 && cl_len[order[hclen - 1]] == 0) hclen--;
    // Size of the dynamic block in bits, to compare with a stored one.
    uint64_t bits = 3 + 5 + 5 + 4 + 3 * (uint64_t)hclen;
    for (int i = 0; i < cl_count; i++) {
        int s = cl_symbol[i];
        bits += cl_len[s] + (s == 16 ? 2 : s == 17 ? 3 : s == 18 ? 7 : 0);
    }
    for (int s = 0; s < LITLEN_SYMBOLS; s++) {
        if (!freq[s]) continue;
        bits += (uint64_t)freq[s] * (lit_len[s] + (s > 256 ? length_extra[s - 257] : 0));
    }
    bits += runs;  // the distance code's one bit per run
    uint64_t stored_bits = 8 * ((uint64_t)n + 5 * ((n + 65534) / 65535 + (n == 0)) + 1);
    if (bits >= stored_bits) {
        // Stored blocks of at most 65535 bytes; only the very last one is final.
        size_t offset = 0;
        do {
            size_t chunk = n - offset > 65535 ? 65535 : n - offset;
            int final = last && offset + chunk == n;
            put_bits(w, (uint32_t)final, 3);  // BFINAL, BTYPE 00
            flush_bits(w);
            uint8_t header[4] = {(uint8_t)chunk, (uint8_t)(chunk >> 8), (uint8_t)~chunk, (uint8_t)(~chunk >> 8)};
            put_bytes(w, header, 4);
            put_bytes(w, data + offset, chunk);
            offset += chunk;
        } while (offset < n);
        return;
    }
    uint16_t lit_code[LITLEN_SYMBOLS], cl_code[19];
    canonical_codes(lit_len, LITLEN_SYMBOLS, lit_code);
    canonical_codes(cl_len, 19, cl_code);
    put_bits(w, (uint32_t)(last ? 1 : 0) | (2u << 1), 3);  // BFINAL, BTYPE 10 (dynamic)
    put_bits(w, (uint32_t)(hlit - 257), 5);
    put_bits(w, 0, 5);  // HDIST − 1: one distance code
    put_bits(w, (uint32_t)(hclen - 4), 4);
    for (int i = 0; i < hclen; i++) put_bits(w, cl_len[order[i]], 3);
    for (int i = 0; i < cl_count; i++) {
        int s = cl_symbol[i];
        put_bits(w, cl_code[s], cl_len[s]);
        if (s == 16) put_bits(w, cl_extra[i], 2);
        else if (s == 17) put_bits(w, cl_extra[i], 3);
        else if (s == 18) put_bits(w, cl_extra[i], 7);
    }
    for (size_t t = 0; t < token_count; t++) {
        unsigned token = tokens[t];
        if (token < 256) {
            put_bits(w, lit_code[token], lit_len[token]);
            continue;
        }
        unsigned run = token - 256, c = length_code[run];
        put_bits(w, lit_code[257 + c], lit_len[257 + c]);
        // The length's extra bits, then distance code 0 (distance 1) in one bit, which is a 0.
        put_bits(w, (uint32_t)(run - length_base[c]), length_extra[c] + 1);
    }
    put_bits(w, lit_code[END_OF_BLOCK], lit_len[END_OF_BLOCK]);
}

/* ---- rows and filters ---- */

/* The sum over i < n of |a[i] − b[i]|, the difference taken as a signed byte: the PNG specification's
   heuristic cost of a filtered row. */
static uint32_t signed_difference_sum(const uint8_t *a, const uint8_t *b, size_t n) {
    uint64_t sum = 0;
    size_t x = 0;
#if defined(__SSE2__)
    // |d| as a signed byte is min(d, −d) as unsigned bytes; psadbw adds 8 of them at a time.
    __m128i zero = _mm_setzero_si128(), acc = _mm_setzero_si128();
    for (; x + 16 <= n; x += 16) {
        __m128i d = _mm_sub_epi8(_mm_loadu_si128((const __m128i *)(a + x)), _mm_loadu_si128((const __m128i *)(b + x)));
        __m128i magnitude = _mm_min_epu8(d, _mm_sub_epi8(zero, d));
        acc = _mm_add_epi64(acc, _mm_sad_epu8(magnitude, zero));
    }
    sum = (uint64_t)_mm_cvtsi128_si64(acc) + (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(acc, acc));
#endif
    for (; x < n; x++) {
        int8_t d = (int8_t)(uint8_t)(a[x] - b[x]);
        sum += (uint64_t)(d < 0 ? -d : d);
    }
    return sum > UINT32_MAX ? UINT32_MAX : (uint32_t)sum;
}

/* Both filters' costs of a row: UP's Σ|row[x] − above[x]| and SUB's Σ|row[x] − row[x − bpp]| (0 before the
   row), each a sum of signed-byte magnitudes capped at UINT32_MAX. */
static void filter_costs(const uint8_t *row, const uint8_t *above, size_t row_bytes, int bpp, uint32_t *up,
                         uint32_t *sub) {
    static const uint8_t zeros[4] = {0, 0, 0, 0};
    size_t first = (size_t)bpp < row_bytes ? (size_t)bpp : row_bytes;
    uint64_t cost = (uint64_t)signed_difference_sum(row, zeros, first);
    if (row_bytes > first) cost += signed_difference_sum(row + bpp, row, row_bytes - first);
    *sub = cost > UINT32_MAX ? UINT32_MAX : (uint32_t)cost;
    *up = signed_difference_sum(row, above, row_bytes);
}

#if defined(__x86_64__)
/* filter_costs in one pass, 32 bytes a step; the same sums. */
__attribute__((target("avx2"))) static void filter_costs_avx2(const uint8_t *row, const uint8_t *above,
                                                              size_t row_bytes, int bpp, uint32_t *up,
                                                              uint32_t *sub) {
    uint64_t up_sum = 0, sub_sum = 0;
    size_t x = 0;
    for (; x < (size_t)bpp && x < row_bytes; x++) {
        int8_t u = (int8_t)(uint8_t)(row[x] - above[x]), s = (int8_t)row[x];
        up_sum += (uint64_t)(u < 0 ? -u : u);
        sub_sum += (uint64_t)(s < 0 ? -s : s);
    }
    __m256i zero = _mm256_setzero_si256(), up_acc = zero, sub_acc = zero;
    for (; x + 32 <= row_bytes; x += 32) {
        __m256i r = _mm256_loadu_si256((const __m256i *)(row + x));
        __m256i u = _mm256_sub_epi8(r, _mm256_loadu_si256((const __m256i *)(above + x)));
        __m256i s = _mm256_sub_epi8(r, _mm256_loadu_si256((const __m256i *)(row + x - bpp)));
        up_acc = _mm256_add_epi64(up_acc, _mm256_sad_epu8(_mm256_min_epu8(u, _mm256_sub_epi8(zero, u)), zero));
        sub_acc = _mm256_add_epi64(sub_acc, _mm256_sad_epu8(_mm256_min_epu8(s, _mm256_sub_epi8(zero, s)), zero));
    }
    uint64_t lanes[4];
    _mm256_storeu_si256((__m256i *)lanes, up_acc);
    up_sum += lanes[0] + lanes[1] + lanes[2] + lanes[3];
    _mm256_storeu_si256((__m256i *)lanes, sub_acc);
    sub_sum += lanes[0] + lanes[1] + lanes[2] + lanes[3];
    for (; x < row_bytes; x++) {
        int8_t u = (int8_t)(uint8_t)(row[x] - above[x]), s = (int8_t)(uint8_t)(row[x] - row[x - bpp]);
        up_sum += (uint64_t)(u < 0 ? -u : u);
        sub_sum += (uint64_t)(s < 0 ? -s : s);
    }
    *up = up_sum > UINT32_MAX ? UINT32_MAX : (uint32_t)up_sum;
    *sub = sub_sum > UINT32_MAX ? UINT32_MAX : (uint32_t)sub_sum;
}
#endif

/* Filters a row into `out` (filter byte first): SUB or UP, whichever costs less, ties to SUB; the first
   row takes SUB. `avx2` selects the one-pass cost kernel (the same costs). */
static void filter_row(const uint8_t *row, const uint8_t *above, size_t row_bytes, int bpp, int avx2, uint8_t *out) {
    if (above) {
        uint32_t up, sub;
#if defined(__x86_64__)
        if (avx2) filter_costs_avx2(row, above, row_bytes, bpp, &up, &sub);
        else filter_costs(row, above, row_bytes, bpp, &up, &sub);
#else
        (void)avx2;
        filter_costs(row, above, row_bytes, bpp, &up, &sub);
#endif
        if (up < sub) {
            out[0] = 2;
            for (size_t x = 0; x < row_bytes; x++) out[1 + x] = (uint8_t)(row[x] - above[x]);
            return;
        }
    }
    out[0] = 1;
    for (size_t x = 0; x < (size_t)bpp && x < row_bytes; x++) out[1 + x] = row[x];
    for (size_t x = (size_t)bpp; x < row_bytes; x++) out[1 + x] = (uint8_t)(row[x] - row[x - bpp]);
}

/* zlib's Adler-32. Over a block of k bytes, s2 gains k·s1 plus the bytes weighted k…1 and s1 gains their
   sum; both are reduced every 5552 bytes as zlib does, which keeps them below 2^32. */
static uint32_t adler32_update(uint32_t adler, const uint8_t *p, size_t n) {
    uint32_t s1 = adler & 0xffff, s2 = adler >> 16;
    while (n) {
        size_t chunk = n < 5552 ? n : 5552;
        n -= chunk;
#if defined(__SSE2__)
        // 16 bytes a step: psadbw sums them; pmaddwd weights them 16…1; the running s1 of each step is
        // gathered in `prefix` and counted 16 times into s2 at the end of the chunk.
        size_t steps = chunk / 16;
        chunk -= steps * 16;
        __m128i zero = _mm_setzero_si128();
        __m128i high_weights = _mm_setr_epi16(16, 15, 14, 13, 12, 11, 10, 9);
        __m128i low_weights = _mm_setr_epi16(8, 7, 6, 5, 4, 3, 2, 1);
        __m128i sums = zero, prefix = zero, weighted = zero;
        for (size_t k = 0; k < steps; k++, p += 16) {
            __m128i bytes = _mm_loadu_si128((const __m128i *)p);
            prefix = _mm_add_epi32(prefix, sums);
            sums = _mm_add_epi32(sums, _mm_sad_epu8(bytes, zero));
            weighted = _mm_add_epi32(weighted, _mm_madd_epi16(_mm_unpacklo_epi8(bytes, zero), high_weights));
            weighted = _mm_add_epi32(weighted, _mm_madd_epi16(_mm_unpackhi_epi8(bytes, zero), low_weights));
        }
        uint32_t lanes[4];
        _mm_storeu_si128((__m128i *)lanes, sums);
        uint32_t block_sum = lanes[0] + lanes[2];
        _mm_storeu_si128((__m128i *)lanes, prefix);
        uint32_t prefix_sum = lanes[0] + lanes[2];
        _mm_storeu_si128((__m128i *)lanes, weighted);
        uint32_t weighted_sum = lanes[0] + lanes[1] + lanes[2] + lanes[3];
        s2 += (uint32_t)(16 * steps) * s1 + 16 * prefix_sum + weighted_sum;
        s1 += block_sum;
#endif
        for (; chunk; chunk--) {
            s1 += *p++;
            s2 += s1;
        }
        s1 %= 65521;
        s2 %= 65521;
    }
    return s2 << 16 | s1;
}

#if defined(__x86_64__)
/* adler32_update, 32 bytes a step: psadbw sums them, pmaddubsw and pmaddwd weight them 32…1. */
__attribute__((target("avx2"))) static uint32_t adler32_update_avx2(uint32_t adler, const uint8_t *p, size_t n) {
    uint32_t s1 = adler & 0xffff, s2 = adler >> 16;
    const __m256i weights = _mm256_setr_epi8(32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16,
                                             15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1);
    const __m256i ones = _mm256_set1_epi16(1), zero = _mm256_setzero_si256();
    while (n) {
        size_t chunk = n < 5536 ? n : 5536;  // a multiple of 32 below zlib's 5552
        n -= chunk;
        size_t steps = chunk / 32;
        chunk -= steps * 32;
        __m256i sums = zero, prefix = zero, weighted = zero;
        for (size_t k = 0; k < steps; k++, p += 32) {
            __m256i bytes = _mm256_loadu_si256((const __m256i *)p);
            prefix = _mm256_add_epi32(prefix, sums);
            sums = _mm256_add_epi32(sums, _mm256_sad_epu8(bytes, zero));
            weighted = _mm256_add_epi32(weighted, _mm256_madd_epi16(_mm256_maddubs_epi16(bytes, weights), ones));
        }
        uint32_t lanes[8];
        _mm256_storeu_si256((__m256i *)lanes, sums);
        uint32_t block_sum = lanes[0] + lanes[2] + lanes[4] + lanes[6];
        _mm256_storeu_si256((__m256i *)lanes, prefix);
        uint32_t prefix_sum = lanes[0] + lanes[2] + lanes[4] + lanes[6];
        _mm256_storeu_si256((__m256i *)lanes, weighted);
        uint32_t weighted_sum = 0;
        for (int i = 0; i < 8; i++) weighted_sum += lanes[i];
        s2 += (uint32_t)(32 * steps) * s1 + 32 * prefix_sum + weighted_sum;
        s1 += block_sum;
        for (; chunk; chunk--) {
            s1 += *p++;
            s2 += s1;
        }
        s1 %= 65521;
        s2 %= 65521;
    }
    return s2 << 16 | s1;
}
#endif

static void put_chunk(writer *w, const char type[4], const uint8_t *data, size_t n) {
    put_u32_be(w, (uint32_t)n);
    put_bytes(w, type, 4);
    if (n) put_bytes(w, data, n);
    uLong crc = crc32(0, (const Bytef *)type, 4);
    size_t offset = 0;
    while (offset < n) {  // crc32 takes a uInt length
        uInt part = n - offset > (1u << 30) ? (1u << 30) : (uInt)(n - offset);
        crc = crc32(crc, data + offset, part);
        offset += part;
    }
    put_u32_be(w, (uint32_t)crc);
}

#if defined(__x86_64__)
/* Opaque pixels' RGB bytes, four pixels a step with one byte shuffle. Each step stores 16 bytes of which
   the last 4 are overwritten by the next step, so `out` needs 4 bytes of room past the row. */
__attribute__((target("ssse3"))) static uint32_t opaque_rgb_ssse3(const uint32_t *pixels, uint32_t width,
                                                                  uint8_t *out, uint32_t *alpha_and) {
    const __m128i pack = _mm_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    __m128i all = _mm_set1_epi32(-1);
    uint32_t x = 0;
    for (; x + 4 <= width; x += 4) {
        __m128i v = _mm_loadu_si128((const __m128i *)(pixels + x));
        all = _mm_and_si128(all, v);
        _mm_storeu_si128((__m128i *)(out + 3 * (size_t)x), _mm_shuffle_epi8(v, pack));
    }
    uint32_t lanes[4];
    _mm_storeu_si128((__m128i *)lanes, all);
    *alpha_and &= lanes[0] & lanes[1] & lanes[2] & lanes[3];
    return x;
}

/* opaque_rgb_ssse3, eight pixels a step: each lane's four pixels packed to 12 bytes, then the two lanes'
   bytes joined. Each step stores 32 bytes of which the last 8 are overwritten by the next step, so `out`
   needs 8 bytes of room past the row. */
__attribute__((target("avx2"))) static uint32_t opaque_rgb_avx2(const uint32_t *pixels, uint32_t width,
                                                                uint8_t *out, uint32_t *alpha_and) {
    const __m256i pack = _mm256_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1,
                                          0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    const __m256i join = _mm256_setr_epi32(0, 1, 2, 4, 5, 6, 3, 7);
    __m256i all = _mm256_set1_epi32(-1);
    uint32_t x = 0;
    for (; x + 8 <= width; x += 8) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(pixels + x));
        all = _mm256_and_si256(all, v);
        __m256i packed = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(v, pack), join);
        _mm256_storeu_si256((__m256i *)(out + 3 * (size_t)x), packed);
    }
    uint32_t lanes[8];
    _mm256_storeu_si256((__m256i *)lanes, all);
    for (int i = 0; i < 8; i++) *alpha_and &= lanes[i];
    return x;
}
#endif

/* One row of premultiplied pixels (0xAABBGGRR, little-endian: bytes R, G, B, A) as straight samples: RGB
   when `channels` is 3, else RGBA (`rk_straight_rgba`). Returns false when an RGB row holds a pixel that is
   not opaque (the row is then unusable). `tier` selects the shuffle for RGB rows. */
static int straight_row(const uint32_t *pixels, uint32_t width, int channels, vector_tier tier, uint8_t *out) {
    if (channels == 3) {
        uint32_t start = 0, alpha_and = 0xff000000u;
#if defined(__x86_64__)
        if (tier == TIER_AVX2) start = opaque_rgb_avx2(pixels, width, out, &alpha_and);
        else if (tier == TIER_SSSE3) start = opaque_rgb_ssse3(pixels, width, out, &alpha_and);
#else
        (void)tier;
#endif
        for (uint32_t x = start; x < width; x++) {
            uint32_t v = pixels[x];
            alpha_and &= v;
            out[3 * x] = (uint8_t)v;
            out[3 * x + 1] = (uint8_t)(v >> 8);
            out[3 * x + 2] = (uint8_t)(v >> 16);
        }
        return (alpha_and & 0xff000000u) == 0xff000000u;
    }
    rk_straight_rgba(pixels, width, out);
    return 1;
}

/* The zlib stream of the image's rows as `channels`-sample pixels into `z`. Returns 1, or 0 when an RGB
   attempt meets a pixel that is not opaque, or −1 when memory runs out. */
static int encode_stream(const uint32_t *pixels, uint32_t width, uint32_t height, int channels, vector_tier tier,
                         writer *z) {
    size_t row_bytes = (size_t)width * (size_t)channels;
    size_t rows_per_block = BLOCK_TARGET / (row_bytes + 1);
    if (rows_per_block == 0) rows_per_block = 1;
    uint8_t *block = malloc(rows_per_block * (row_bytes + 1));
    uint8_t *rows_buffer = malloc(2 * (row_bytes + 16));
    uint16_t *tokens = malloc(rows_per_block * (row_bytes + 1) * sizeof *tokens);
    if (!block || !rows_buffer || !tokens) { free(block); free(rows_buffer); free(tokens); return -1; }
    uint8_t *current = rows_buffer, *above = rows_buffer + row_bytes + 16;
    reserve(z, (size_t)height * (row_bytes + 1) / 16 + 1024);
    const uint8_t zlib_header[2] = {0x78, 0x01};
    put_bytes(z, zlib_header, 2);
    uint32_t adler = 1;
    int previous = -1, usable = 1;
    for (uint32_t y0 = 0; y0 < height && usable && !z->failed; y0 += (uint32_t)rows_per_block) {
        uint32_t rows = height - y0 < rows_per_block ? height - y0 : (uint32_t)rows_per_block;
        for (uint32_t r = 0; r < rows && usable; r++) {
            uint32_t y = y0 + r;
            uint8_t *out = block + r * (row_bytes + 1);
            if (y > 0 && memcmp(pixels + (size_t)y * width, pixels + (size_t)(y - 1) * width, (size_t)width * 4) == 0) {
                // A row repeating the one above (backgrounds, bands): every filtered byte is 0, as filter_row
                // gives. UP costs 0; SUB ties at 0, and wins, only when the row is all zeros.
                memset(out + 1, 0, row_bytes);
                out[0] = above[0] == 0 && memcmp(above, above + 1, row_bytes - 1) == 0 ? 1 : 2;
                continue;
            }
            usable = straight_row(pixels + (size_t)y * width, width, channels, tier, current);
            filter_row(current, y ? above : NULL, row_bytes, channels, tier == TIER_AVX2, out);
            uint8_t *swap = above;
            above = current;
            current = swap;
        }
        if (!usable) break;
        size_t n = (size_t)rows * (row_bytes + 1);
#if defined(__x86_64__)
        adler = tier == TIER_AVX2 ? adler32_update_avx2(adler, block, n) : adler32_update(adler, block, n);
#else
        adler = adler32_update(adler, block, n);
#endif
        deflate_block(z, block, n, previous, y0 + rows == height, tokens);
        previous = block[n - 1];
    }
    flush_bits(z);
    put_u32_be(z, adler);
    free(block);
    free(rows_buffer);
    free(tokens);
    return z->failed ? -1 : usable;
}

int oq_png_encode_runs(const uint32_t *pixels, uint32_t width, uint32_t height, uint8_t **bytes,
                       size_t *length) {
    return oq_png_encode_runs_at_tier(pixels, width, height, TIER_AVX2, bytes, length);
}

int oq_png_encode_runs_at_tier(const uint32_t *pixels, uint32_t width, uint32_t height, int maximum_tier,
                               uint8_t **bytes, size_t *length) {
    vector_tier tier = machine_tier();
    if ((int)tier > maximum_tier) tier = maximum_tier <= 0 ? TIER_BASELINE : (vector_tier)maximum_tier;
    *bytes = NULL;
    *length = 0;
    if (!pixels || width == 0 || height == 0 || width > 0x7fffffffu || height > 0x7fffffffu) return -1;
    build_length_table();
    // RGB first, read in the same pass as the encoding; a pixel that is not opaque means RGBA instead (for
    // a frame with transparency that is usually found in its first rows).
    int channels = 3;
    writer z = {0};  // the zlib stream
    int status = encode_stream(pixels, width, height, channels, tier, &z);
    if (status == 0) {
        channels = 4;
        z.length = 0;
        z.bits = 0;
        z.count = 0;
        status = encode_stream(pixels, width, height, channels, tier, &z);
    }
    if (status != 1) { free(z.bytes); return -1; }
    // The PNG: signature, IHDR, the zlib stream in IDAT chunks of at most 1 GB, IEND.
    writer png = {0};
    reserve(&png, z.length + 64 + 12 * (z.length >> 30));
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    put_bytes(&png, signature, 8);
    uint8_t ihdr[13] = {(uint8_t)(width >> 24), (uint8_t)(width >> 16), (uint8_t)(width >> 8), (uint8_t)width,
                        (uint8_t)(height >> 24), (uint8_t)(height >> 16), (uint8_t)(height >> 8), (uint8_t)height,
                        8, (uint8_t)(channels == 4 ? 6 : 2), 0, 0, 0};
    put_chunk(&png, "IHDR", ihdr, sizeof ihdr);
    for (size_t offset = 0; offset < z.length;) {
        size_t part = z.length - offset > (1u << 30) ? (1u << 30) : z.length - offset;
        put_chunk(&png, "IDAT", z.bytes + offset, part);
        offset += part;
    }
    put_chunk(&png, "IEND", NULL, 0);
    free(z.bytes);
    if (png.failed) { free(png.bytes); return -1; }
    *bytes = png.bytes;
    *length = png.length;
    return 0;
}
