// HarfBuzz's shaping API and its built-in OpenType font functions (hb_ot_*),
// which make an immutable hb_font_t shareable between threads.
#include <hb.h>
#include <hb-ot.h>
