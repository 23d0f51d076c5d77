# Sourced by pango-reference.sh and text-benchmark.sh (POSIX sh): builds the
# reference tool ../shared/reference/pango_measure.c (or $PANGO_MEASURE_C)
# into $work/pango_measure and writes $work/fonts.conf, a fontconfig file whose
# only font folder is the repository's Fonts/, so Pango falls back to the same
# Noto Sans Hebrew / Arabic files as Trellis. Needs $root and $work set.
#
# pango_setup [hyphens]: with "hyphens", Pango keeps its default of inserting
# a hyphen where it breaks inside a word. Otherwise that is turned off (one
# attribute added after the wrap mode is set), because UIKit does not
# hyphenate (NSParagraphStyle.hyphenationFactor is 0 by default) and the
# hyphen makes such lines wider; for markup (PANGO_MARKUP=1) too, whose
# attributes replace the layout's.
pango_setup() {
    pango_source=${PANGO_MEASURE_C:-$root/../shared/reference/pango_measure.c}
    if [ "${1:-}" = hyphens ]; then
        cp "$pango_source" "$work/pango_measure.c"
    else
        sed 's/^\(.*pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);\)$/\1\
    { PangoAttrList *attributes = pango_attr_list_new(); pango_attr_list_insert(attributes, pango_attr_insert_hyphens_new(FALSE)); pango_layout_set_attributes(layout, attributes); }/' \
            "$pango_source" > "$work/pango_measure.c"
        grep -q pango_attr_insert_hyphens_new "$work/pango_measure.c" ||
            { echo "could not patch $pango_source" >&2; return 1; }
    fi
    # Markup replaces the layout's attributes (pango_layout_set_markup), and
    # with them the one that turns hyphens off: without it again, Pango
    # hyphenates markup rows (a bold word wider than the line takes an extra
    # line for its hyphens: "…mit <b>schätzenswerten</b> Menschen leben." is
    # 8 lines at width 120 with hyphens, 7 without, as in Trellis).
    if [ "${1:-}" != hyphens ]; then
        sed -i 's/^\(.*\)if (markup) pango_layout_set_markup(layout, text, -1);\(.*\)$/\1if (markup) { pango_layout_set_markup(layout, text, -1); PangoAttrList *kept = pango_layout_get_attributes(layout); PangoAttrList *al = kept ? pango_attr_list_copy(kept) : pango_attr_list_new(); pango_attr_list_insert_before(al, pango_attr_insert_hyphens_new(FALSE)); pango_layout_set_attributes(layout, al); pango_attr_list_unref(al); }\2/' \
            "$work/pango_measure.c"
        grep -q "pango_attr_list_insert_before(al, pango_attr_insert_hyphens_new(FALSE))" "$work/pango_measure.c" ||
            { echo "could not turn hyphens off for markup in $pango_source" >&2; return 1; }
    fi
    # Markup sizes in points are pixels at 72 dpi, as Trellis's points are
    # (Pango's default of 96 would make size="20pt" 26.7 pixels; the base
    # font is set in pixels and does not change).
    sed -i 's/^\(.*pango_cairo_context_set_font_options(ctx, fo);\)$/\1 pango_cairo_context_set_resolution(ctx, 72);/' \
        "$work/pango_measure.c"
    grep -q pango_cairo_context_set_resolution "$work/pango_measure.c" ||
        { echo "could not set the resolution in $pango_source" >&2; return 1; }
    cc -O2 "$work/pango_measure.c" $(pkg-config --cflags --libs pangocairo) -o "$work/pango_measure"
    write_fonts_conf "$work/fonts.conf" "$work/cache" ""
}

# write_fonts_conf FILE CACHEDIR INCLUDE: a fontconfig file whose font folder
# is the repository's Fonts/ and whose cache folder is CACHEDIR, after the
# configuration file INCLUDE when it is not empty (its folders and rules
# first).
write_fonts_conf() {
    {
        echo '<?xml version="1.0"?>'
        echo '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">'
        echo '<fontconfig>'
        if [ -n "$3" ]; then echo "  <include ignore_missing=\"yes\">$3</include>"; fi
        echo "  <dir>$root/Fonts</dir>"
        echo "  <cachedir>$2</cachedir>"
        echo '</fontconfig>'
    } > "$1"
}

# system_fonts_setup: for comparisons with `--fallback system` (real-text-
# check.sh, text-speed-by-script.sh). Writes a fontconfig file that loads the
# system's configuration and adds the repository's Fonts/, and exports
# FONTCONFIG_FILE to it for both tools: the system's fontconfig has no
# Inter unless Debian's fonts-inter is installed (Scripts/bootstrap.sh does
# not install it; its files are the repository's), and Pango asked for
# "Inter" would then measure with the font fontconfig substitutes (Noto Sans
# on Debian: other widths and line heights, and shaping about twice as fast
# on Latin text), while both tools should fall back to the same system
# fonts. The file's path is stable (.build/fontconfig/, kept between runs),
# so Trellis's cache of fontconfig's ranking, which names FONTCONFIG_FILE,
# is made once. Then checks that Pango measures with the repository's
# Inter: a one-line row must be as wide and as tall in Pango as in Trellis,
# within 0.01 pt (`$trellis`, a built trellis, must be set). Needs $root and
# $work set, and pango_setup run.
system_fonts_setup() {
    if [ ! -x "$trellis" ]; then
        echo "no $trellis: swift build --product trellis (or set TRELLIS)" >&2
        return 1
    fi
    fonts_dir="$root/.build/fontconfig"
    mkdir -p "$fonts_dir/cache"
    write_fonts_conf "$work/system-and-repo.conf" "$fonts_dir/cache" /etc/fonts/fonts.conf
    # Copied in only when its text changes: Trellis's cache of fontconfig's
    # ranking checks the time stamps of the configuration files and of their
    # folders.
    if ! cmp -s "$work/system-and-repo.conf" "$fonts_dir/system-and-repo.conf"; then
        cp "$work/system-and-repo.conf" "$fonts_dir/system-and-repo.conf"
    fi
    export FONTCONFIG_FILE="$fonts_dir/system-and-repo.conf"
    probe='{"subtitle": "Hamburgefonstiv"}'
    pango_line=$(printf '%s\n' "$probe" | "$work/pango_measure" Inter 17 1000 2>/dev/null)
    trellis_line=$(printf '%s\n' "$probe" |
        "$trellis" measure --font Inter --size 17 --width 1000 --fallback system)
    python3 - "$pango_line" "$trellis_line" <<'PY'
import json, sys
fields = sys.argv[1].split("\t")
if len(fields) != 3:
    sys.exit(f"pango_measure gave {sys.argv[1]!r} for a one-word row, not lines, height and width")
_, pango_height, pango_width = (float(v) for v in fields)
ours = json.loads(sys.argv[2])
if abs(pango_height - ours["height"]) > 0.01 or abs(pango_width - ours["width"]) > 0.01:
    sys.exit(f"Pango's line of Inter 17 is {pango_width:.3f} × {pango_height:.3f}, Trellis's "
             f"{ours['width']:.3f} × {ours['height']:.3f}: Pango is not measuring with the "
             "repository's Inter (fontconfig gave it another font); see system_fonts_setup in "
             "Scripts/pango-setup.sh")
PY
}
