// The C edge of QuartzText (see textshim.h). FreeType reads outlines and metrics unscaled and unhinted, so
// one decomposed outline serves every size and transform; HarfBuzz shapes from its own copy of the file.
#include "textshim.h"

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_TRUETYPE_TABLES_H
#include <hb.h>
#include <hb-ot.h>
#include <fontconfig/fontconfig.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct oq_font {
    FT_Library library;
    FT_Face face;
    hb_face_t *hb_face;
};

static void write_message(char *message, size_t capacity, const char *text) {
    if (message && capacity > 0) snprintf(message, capacity, "%s", text);
}

// FreeType's own error strings are optional at build time; these are the ones a user can act on.
static const char *freetype_error_text(FT_Error error) {
    switch (FT_ERROR_BASE(error)) {
    case FT_Err_Cannot_Open_Resource: return "cannot open the file";
    case FT_Err_Unknown_File_Format: return "not a font file (unknown format)";
    case FT_Err_Invalid_File_Format: return "not a valid font file";
    case FT_Err_Invalid_Table:
    case FT_Err_Invalid_Stream_Seek:
    case FT_Err_Invalid_Stream_Skip:
    case FT_Err_Invalid_Stream_Read:
    case FT_Err_Invalid_Stream_Operation:
    case FT_Err_Invalid_Offset:
    case FT_Err_Table_Missing: return "truncated or damaged font file";
    case FT_Err_Invalid_Argument: return "invalid face index";
    case FT_Err_Out_Of_Memory: return "out of memory";
    case FT_Err_Invalid_Glyph_Index: return "glyph index out of range";
    case FT_Err_Invalid_Outline:
    case FT_Err_Invalid_Glyph_Format: return "damaged glyph outline";
    default: return "FreeType could not read the font";
    }
}

// The first four bytes of TrueType, OpenType (CFF), collection and WOFF files.
static int has_font_signature(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) return 0;
    unsigned char tag[4] = {0, 0, 0, 0};
    size_t read = fread(tag, 1, 4, file);
    fclose(file);
    if (read != 4) return 0;
    return (tag[0] == 0 && tag[1] == 1 && tag[2] == 0 && tag[3] == 0) || memcmp(tag, "true", 4) == 0 ||
           memcmp(tag, "OTTO", 4) == 0 || memcmp(tag, "ttcf", 4) == 0 || memcmp(tag, "wOFF", 4) == 0 ||
           memcmp(tag, "wOF2", 4) == 0;
}

int oq_font_open(const char *path, int32_t index, oq_font **font, char *message, size_t message_capacity) {
    *font = NULL;
    oq_font *result = calloc(1, sizeof(oq_font));
    if (!result) {
        write_message(message, message_capacity, "out of memory");
        return -1;
    }
    FT_Error error = FT_Init_FreeType(&result->library);
    if (error) {
        free(result);
        write_message(message, message_capacity, freetype_error_text(error));
        return -1;
    }
    error = FT_New_Face(result->library, path, index, &result->face);
    if (error) {
        FT_Done_FreeType(result->library);
        free(result);
        // A file that starts like a font but cannot be opened is damaged or cut short, not "unknown".
        if (FT_ERROR_BASE(error) == FT_Err_Unknown_File_Format && has_font_signature(path)) {
            write_message(message, message_capacity, "truncated or damaged font file");
        } else {
            write_message(message, message_capacity, freetype_error_text(error));
        }
        return -1;
    }
    if (!FT_IS_SCALABLE(result->face) || result->face->units_per_EM == 0) {
        oq_font_close(result);
        write_message(message, message_capacity, "not an outline font (bitmap-only fonts are not supported)");
        return -1;
    }
    // A truncated file can pass FT_New_Face (tables are read lazily); reading the first glyph's outline and
    // the horizontal metrics proves the glyph data is there.
    error = FT_Load_Glyph(result->face, 0, FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP);
    if (!error && result->face->num_glyphs > 1) {
        error = FT_Load_Glyph(result->face, (FT_UInt)(result->face->num_glyphs - 1),
                              FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP);
    }
    if (error) {
        oq_font_close(result);
        write_message(message, message_capacity, freetype_error_text(error));
        return -1;
    }
    hb_blob_t *blob = hb_blob_create_from_file_or_fail(path);
    if (!blob) {
        oq_font_close(result);
        write_message(message, message_capacity, "cannot read the file for shaping");
        return -1;
    }
    result->hb_face = hb_face_create(blob, (unsigned int)index);
    hb_blob_destroy(blob);
    if (hb_face_get_glyph_count(result->hb_face) == 0) {
        oq_font_close(result);
        write_message(message, message_capacity, "truncated or damaged font file (no glyphs for shaping)");
        return -1;
    }
    *font = result;
    return 0;
}

void oq_font_close(oq_font *font) {
    if (!font) return;
    if (font->hb_face) hb_face_destroy(font->hb_face);
    if (font->face) FT_Done_Face(font->face);
    if (font->library) FT_Done_FreeType(font->library);
    free(font);
}

void oq_font_get_metrics(const oq_font *font, oq_font_metrics *metrics) {
    FT_Face face = font->face;
    memset(metrics, 0, sizeof(*metrics));
    metrics->units_per_em = face->units_per_EM;
    // hhea ascender/descender/lineGap: what Core Text reports as ascent, descent and leading on Apple's
    // platforms for TrueType fonts. FreeType fills `height` as ascender − descender + lineGap.
    metrics->ascender = face->ascender;
    metrics->descender = face->descender;
    metrics->line_gap = face->height - (face->ascender - face->descender);
    if (metrics->line_gap < 0) metrics->line_gap = 0;
    metrics->underline_position = face->underline_position;
    metrics->underline_thickness = face->underline_thickness;
    metrics->glyph_count = (int32_t)face->num_glyphs;
    metrics->face_count = (int32_t)face->num_faces;
    metrics->is_bold = (face->style_flags & FT_STYLE_FLAG_BOLD) ? 1 : 0;
    metrics->is_italic = (face->style_flags & FT_STYLE_FLAG_ITALIC) ? 1 : 0;
}

const char *oq_font_family_name(const oq_font *font) {
    return font->face->family_name ? font->face->family_name : "";
}

const char *oq_font_style_name(const oq_font *font) {
    return font->face->style_name ? font->face->style_name : "";
}

const char *oq_font_postscript_name(const oq_font *font) {
    const char *name = FT_Get_Postscript_Name(font->face);
    return name ? name : "";
}

uint32_t oq_font_glyph_index(oq_font *font, uint32_t scalar) {
    return FT_Get_Char_Index(font->face, scalar);
}

int32_t oq_font_glyph_advance(oq_font *font, uint32_t glyph) {
    if (FT_Load_Glyph(font->face, glyph, FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) return 0;
    return (int32_t)font->face->glyph->advance.x;
}

// Outline decomposition into growable arrays. FreeType starts every contour with move_to and never closes
// one, so a close is written before each later move and at the end.
typedef struct {
    oq_outline *outline;
    size_t verb_capacity;
    size_t point_capacity;
    int failed;
    int open;
} outline_builder;

static int reserve(outline_builder *b, size_t verbs, size_t points) {
    oq_outline *o = b->outline;
    if (o->verb_count + verbs > b->verb_capacity) {
        size_t capacity = b->verb_capacity ? b->verb_capacity * 2 : 64;
        while (capacity < o->verb_count + verbs) capacity *= 2;
        uint8_t *grown = realloc(o->verbs, capacity);
        if (!grown) return -1;
        o->verbs = grown;
        b->verb_capacity = capacity;
    }
    if (o->point_count + points > b->point_capacity) {
        size_t capacity = b->point_capacity ? b->point_capacity * 2 : 128;
        while (capacity < o->point_count + points) capacity *= 2;
        int32_t *grown = realloc(o->coordinates, capacity * 2 * sizeof(int32_t));
        if (!grown) return -1;
        o->coordinates = grown;
        b->point_capacity = capacity;
    }
    return 0;
}

static int emit(outline_builder *b, uint8_t verb, const FT_Vector *p0, const FT_Vector *p1, const FT_Vector *p2) {
    size_t n = verb == OQ_VERB_CUBIC ? 3 : verb == OQ_VERB_QUAD ? 2 : verb == OQ_VERB_CLOSE ? 0 : 1;
    if (reserve(b, 1, n) != 0) {
        b->failed = 1;
        return 1;
    }
    oq_outline *o = b->outline;
    o->verbs[o->verb_count++] = verb;
    const FT_Vector *points[3] = {p0, p1, p2};
    for (size_t i = 0; i < n; i++) {
        o->coordinates[2 * o->point_count] = (int32_t)points[i]->x;
        o->coordinates[2 * o->point_count + 1] = (int32_t)points[i]->y;
        o->point_count++;
    }
    return 0;
}

static int move_to(const FT_Vector *to, void *user) {
    outline_builder *b = user;
    if (b->open && emit(b, OQ_VERB_CLOSE, NULL, NULL, NULL)) return 1;
    b->open = 1;
    return emit(b, OQ_VERB_MOVE, to, NULL, NULL);
}

static int line_to(const FT_Vector *to, void *user) { return emit(user, OQ_VERB_LINE, to, NULL, NULL); }

static int conic_to(const FT_Vector *control, const FT_Vector *to, void *user) {
    return emit(user, OQ_VERB_QUAD, control, to, NULL);
}

static int cubic_to(const FT_Vector *control1, const FT_Vector *control2, const FT_Vector *to, void *user) {
    return emit(user, OQ_VERB_CUBIC, control1, control2, to);
}

int oq_font_glyph_outline(oq_font *font, uint32_t glyph, oq_outline *outline, char *message, size_t message_capacity) {
    memset(outline, 0, sizeof(*outline));
    FT_Error error = FT_Load_Glyph(font->face, glyph, FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP);
    if (error) {
        write_message(message, message_capacity, freetype_error_text(error));
        return -1;
    }
    FT_GlyphSlot slot = font->face->glyph;
    if (slot->format != FT_GLYPH_FORMAT_OUTLINE) {
        write_message(message, message_capacity, "glyph has no outline");
        return -1;
    }
    outline_builder builder = {outline, 0, 0, 0, 0};
    FT_Outline_Funcs funcs = {move_to, line_to, conic_to, cubic_to, 0, 0};
    error = FT_Outline_Decompose(&slot->outline, &funcs, &builder);
    if (!error && !builder.failed && builder.open) emit(&builder, OQ_VERB_CLOSE, NULL, NULL, NULL);
    if (error || builder.failed) {
        oq_outline_free(outline);
        write_message(message, message_capacity, builder.failed ? "out of memory" : freetype_error_text(error));
        return -1;
    }
    return 0;
}

void oq_outline_free(oq_outline *outline) {
    free(outline->verbs);
    free(outline->coordinates);
    memset(outline, 0, sizeof(*outline));
}

int oq_font_shape(oq_font *font, const uint32_t *text, size_t text_length, size_t item_offset, size_t item_length,
                  int32_t scale, int32_t direction, int32_t kerning, int32_t ligatures, oq_shaped_glyph **glyphs,
                  size_t *count, int32_t *resolved_direction) {
    *glyphs = NULL;
    *count = 0;
    *resolved_direction = 1;
    // A font per call: its scale is per call, and a face is safe to share between fonts.
    hb_font_t *hb_font = hb_font_create(font->hb_face);
    hb_font_set_scale(hb_font, scale, scale);
    hb_buffer_t *buffer = hb_buffer_create();
    if (!hb_buffer_allocation_successful(buffer)) {
        hb_buffer_destroy(buffer);
        hb_font_destroy(hb_font);
        return -1;
    }
    hb_buffer_add_utf32(buffer, text, (int)text_length, (unsigned int)item_offset, (int)item_length);
    if (direction == 1) hb_buffer_set_direction(buffer, HB_DIRECTION_LTR);
    if (direction == 2) hb_buffer_set_direction(buffer, HB_DIRECTION_RTL);
    hb_buffer_guess_segment_properties(buffer);
    hb_feature_t features[3];
    unsigned int feature_count = 0;
    if (!kerning) hb_feature_from_string("kern=0", -1, &features[feature_count++]);
    if (!ligatures) {
        hb_feature_from_string("liga=0", -1, &features[feature_count++]);
        hb_feature_from_string("clig=0", -1, &features[feature_count++]);
    }
    hb_shape(hb_font, buffer, features, feature_count);
    unsigned int length = 0;
    hb_glyph_info_t *info = hb_buffer_get_glyph_infos(buffer, &length);
    hb_glyph_position_t *position = hb_buffer_get_glyph_positions(buffer, &length);
    int status = 0;
    if (length > 0) {
        oq_shaped_glyph *out = malloc(length * sizeof(oq_shaped_glyph));
        if (!out) {
            status = -1;
        } else {
            for (unsigned int i = 0; i < length; i++) {
                out[i].glyph = info[i].codepoint;
                out[i].cluster = info[i].cluster;
                out[i].x_advance = position[i].x_advance;
                out[i].y_advance = position[i].y_advance;
                out[i].x_offset = position[i].x_offset;
                out[i].y_offset = position[i].y_offset;
            }
            *glyphs = out;
            *count = length;
        }
    }
    switch (hb_buffer_get_direction(buffer)) {
    case HB_DIRECTION_RTL: *resolved_direction = 2; break;
    case HB_DIRECTION_TTB: *resolved_direction = 3; break;
    case HB_DIRECTION_BTT: *resolved_direction = 4; break;
    default: *resolved_direction = 1; break;
    }
    hb_buffer_destroy(buffer);
    hb_font_destroy(hb_font);
    return status;
}

void oq_shaped_free(oq_shaped_glyph *glyphs) { free(glyphs); }

uint32_t oq_unicode_script(uint32_t scalar) {
    return (uint32_t)hb_unicode_script(hb_unicode_funcs_get_default(), scalar);
}

int32_t oq_script_is_right_to_left(uint32_t script_tag) {
    return hb_script_get_horizontal_direction((hb_script_t)script_tag) == HB_DIRECTION_RTL ? 1 : 0;
}

/* A matched face's file, face index and family copied out: 0, or -1 when it has no file or a name does not
   fit its buffer (nothing is written then). */
static int32_t oq_copy_face(FcPattern *face, char *path, size_t path_capacity, int32_t *index, char *matched_family,
                            size_t family_capacity) {
    FcChar8 *file = NULL;
    FcChar8 *name = NULL;
    int face_index = 0;
    if (FcPatternGetString(face, FC_FILE, 0, &file) != FcResultMatch || !file) return -1;
    FcPatternGetInteger(face, FC_INDEX, 0, &face_index);
    if (FcPatternGetString(face, FC_FAMILY, 0, &name) != FcResultMatch || !name) name = (FcChar8 *)"";
    size_t file_length = strlen((const char *)file);
    size_t name_length = strlen((const char *)name);
    if (file_length >= path_capacity || name_length >= family_capacity) return -1;
    memcpy(path, file, file_length + 1);
    memcpy(matched_family, name, name_length + 1);
    *index = face_index;
    return 0;
}

int32_t oq_fontconfig_match(const char *family, int32_t bold, int32_t italic, char *path, size_t path_capacity,
                            int32_t *index, char *matched_family, size_t family_capacity) {
    FcPattern *pattern = FcPatternCreate();
    if (!pattern) return -1;
    FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)family);
    FcPatternAddInteger(pattern, FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR);
    FcPatternAddInteger(pattern, FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN);
    FcPatternAddBool(pattern, FC_SCALABLE, FcTrue);
    FcConfigSubstitute(NULL, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result = FcResultNoMatch;
    FcPattern *match = FcFontMatch(NULL, pattern, &result);
    FcPatternDestroy(pattern);
    if (!match) return -1;
    int32_t status = oq_copy_face(match, path, path_capacity, index, matched_family, family_capacity);
    FcPatternDestroy(match);
    return status;
}

int32_t oq_fontconfig_match_covering(const char *family, int32_t bold, int32_t italic, uint32_t scalar, char *path,
                                     size_t path_capacity, int32_t *index, char *matched_family,
                                     size_t family_capacity) {
    FcPattern *pattern = FcPatternCreate();
    if (!pattern) return -1;
    FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)family);
    FcPatternAddInteger(pattern, FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR);
    FcPatternAddInteger(pattern, FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN);
    FcPatternAddBool(pattern, FC_SCALABLE, FcTrue);
    FcConfigSubstitute(NULL, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result = FcResultNoMatch;
    // Every installed face in fontconfig's order of preference for the request; the first that maps the
    // scalar wins, so the stand-in looks as much like the requested family as the installed fonts allow.
    FcFontSet *sorted = FcFontSort(NULL, pattern, FcFalse, NULL, &result);
    FcPatternDestroy(pattern);
    if (!sorted) return -1;
    int32_t status = -1;
    for (int i = 0; i < sorted->nfont && status != 0; i++) {
        FcPattern *font = sorted->fonts[i];
        FcCharSet *charset = NULL;
        FcBool scalable = FcFalse;
        if (FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) != FcResultMatch || !charset) continue;
        if (!FcCharSetHasChar(charset, scalar)) continue;
        if (FcPatternGetBool(font, FC_SCALABLE, 0, &scalable) == FcResultMatch && !scalable) continue;
        status = oq_copy_face(font, path, path_capacity, index, matched_family, family_capacity);
    }
    FcFontSetDestroy(sorted);
    return status;
}
