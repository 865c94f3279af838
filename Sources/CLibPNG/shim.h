#include <png.h>
// Composite macros are not imported into Swift; re-export the ones the reader needs as constants.
static const png_uint_32 CLIBPNG_FORMAT_RGBA = PNG_FORMAT_RGBA;
static const png_uint_32 CLIBPNG_IMAGE_VERSION = PNG_IMAGE_VERSION;
