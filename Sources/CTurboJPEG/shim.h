// libjpeg-turbo's TurboJPEG API (libturbojpeg0-dev).
#include <turbojpeg.h>
