// FreeType's public API, as Trellis uses it (metrics, SFNT tables, glyph loading,
// outlines for the inspector's SVG glyphs).
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#include FT_SFNT_NAMES_H
#include FT_BITMAP_H
#include FT_OUTLINE_H
