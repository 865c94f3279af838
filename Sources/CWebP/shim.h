// libwebp's simple encoding and decoding API (libwebp-dev).
#include <webp/encode.h>
#include <webp/decode.h>
