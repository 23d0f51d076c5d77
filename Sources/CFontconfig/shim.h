// fontconfig's public API, as Trellis uses it (the system's fonts ranked for
// a pattern, and each font's character coverage).
#include <fontconfig/fontconfig.h>
