#ifndef OPENQUARTZ_TEXTSHIM_H
#define OPENQUARTZ_TEXTSHIM_H
// The C edge of QuartzText: FreeType faces and outlines, HarfBuzz shaping and fontconfig matching behind a
// handful of plain functions. Every FreeType callback and every library object stays on this side; Swift
// sees an opaque font handle, integer metrics and arrays it copies and frees.
#include <stddef.h>
#include <stdint.h>

/// One face of one font file: a FreeType face (outlines, metrics) and a HarfBuzz face (shaping).
/// Not thread-safe: callers serialise every call on one handle.
typedef struct oq_font oq_font;

/// Face metrics in font units (y up, descender negative as in the file).
typedef struct {
    int32_t units_per_em;
    int32_t ascender;
    int32_t descender;
    int32_t line_gap;
    int32_t underline_position;
    int32_t underline_thickness;
    int32_t glyph_count;
    int32_t face_count;
    int32_t is_bold;
    int32_t is_italic;
} oq_font_metrics;

/// Opens face `index` of the font file at `path`. Returns 0 with `*font`, or -1 with a message naming what is
/// wrong ("not a font file", "truncated or damaged font file", …) in `message`.
int oq_font_open(const char *path, int32_t index, oq_font **font, char *message, size_t message_capacity);
void oq_font_close(oq_font *font);
void oq_font_get_metrics(const oq_font *font, oq_font_metrics *metrics);
/// Family, style and PostScript names (UTF-8, owned by the font; may be empty, never NULL).
const char *oq_font_family_name(const oq_font *font);
const char *oq_font_style_name(const oq_font *font);
const char *oq_font_postscript_name(const oq_font *font);
/// The glyph for a Unicode scalar through the face's character map; 0 (.notdef) when it has none.
uint32_t oq_font_glyph_index(oq_font *font, uint32_t scalar);
/// The unscaled, unhinted advance of a glyph in font units (hmtx), or 0.
int32_t oq_font_glyph_advance(oq_font *font, uint32_t glyph);

/// Path verbs of an outline.
enum { OQ_VERB_MOVE = 0, OQ_VERB_LINE = 1, OQ_VERB_QUAD = 2, OQ_VERB_CUBIC = 3, OQ_VERB_CLOSE = 4 };

/// A glyph outline in font units, y up: verbs and their points (move/line 1, quad 2, cubic 3, close 0).
typedef struct {
    uint8_t *verbs;
    size_t verb_count;
    int32_t *coordinates;   // x, y pairs
    size_t point_count;
} oq_outline;

/// Loads a glyph's outline unscaled and unhinted and decomposes it (FT_Outline_Decompose). Returns 0 with
/// `*outline` (free it with `oq_outline_free`; an empty glyph has no verbs), or -1 with a message.
int oq_font_glyph_outline(oq_font *font, uint32_t glyph, oq_outline *outline, char *message, size_t message_capacity);
void oq_outline_free(oq_outline *outline);

/// One shaped glyph: positions in 26.6 fixed point of the scale given to `oq_font_shape`.
typedef struct {
    uint32_t glyph;
    uint32_t cluster;
    int32_t x_advance;
    int32_t y_advance;
    int32_t x_offset;
    int32_t y_offset;
} oq_shaped_glyph;

/// Shapes `item_length` scalars starting at `item_offset` of `text` (UTF-32, `text_length` scalars, the
/// rest being context) with HarfBuzz at `scale` (font size in 26.6, both axes). `direction` is 0 to guess
/// the direction, script and language from the text (hb_buffer_guess_segment_properties), 1 LTR, 2 RTL.
/// Clusters are indices into `text`. Glyphs are in visual order (RTL runs come out reversed).
/// Returns 0 with `*glyphs` (free with `oq_shaped_free`) and `*count`, `*resolved_direction` (1 LTR, 2 RTL,
/// 3 TTB, 4 BTT); -1 when memory runs out.
int oq_font_shape(oq_font *font, const uint32_t *text, size_t text_length, size_t item_offset, size_t item_length,
                  int32_t scale, int32_t direction, int32_t kerning, int32_t ligatures, oq_shaped_glyph **glyphs,
                  size_t *count, int32_t *resolved_direction);
void oq_shaped_free(oq_shaped_glyph *glyphs);

/// HarfBuzz's script of a scalar as its ISO 15924 tag packed big-endian ('Latn', 'Arab', 'Zyyy' common,
/// 'Zinh' inherited), and whether the script is written right to left.
uint32_t oq_unicode_script(uint32_t scalar);
int32_t oq_script_is_right_to_left(uint32_t script_tag);

/// Asks fontconfig for the best installed face for `family` (UTF-8) with the given weight (0 regular,
/// 1 bold) and slant (0 roman, 1 italic). Returns 0 with the file path, face index and the matched family
/// name, or -1 when fontconfig knows no font at all or a buffer is too small.
int32_t oq_fontconfig_match(const char *family, int32_t bold, int32_t italic, char *path, size_t path_capacity,
                            int32_t *index, char *matched_family, size_t family_capacity);

/// Like `oq_fontconfig_match`, but the first face in fontconfig's order of preference for the request whose
/// character set contains `scalar` (a stand-in for a character the requested face lacks); -1 when no
/// installed scalable face has it or a buffer is too small.
int32_t oq_fontconfig_match_covering(const char *family, int32_t bold, int32_t italic, uint32_t scalar, char *path,
                                     size_t path_capacity, int32_t *index, char *matched_family,
                                     size_t family_capacity);

#endif
