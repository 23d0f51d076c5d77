#!/bin/sh
# Regenerates Tests/TrellisTextTests/Fixtures/pango-inter-17.tsv: Pango's line
# counts for the text tests' corpus (Inter 17 at widths 120, 287 and 500).
# Needs libpango1.0-dev (apt-get install -y libpango1.0-dev) and the reference
# tool ../shared/reference/pango_measure.c (or PANGO_MEASURE_C=path).
# Pango sees only the repository's Fonts/ (a fontconfig file of our own), so
# it falls back to the same Noto Sans Hebrew / Arabic files as Trellis.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
source_file=${PANGO_MEASURE_C:-$root/../shared/reference/pango_measure.c}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# UIKit does not hyphenate (NSParagraphStyle.hyphenationFactor is 0 by
# default), but Pango 1.44+ inserts a hyphen where it breaks inside a word,
# which makes such lines wider. The reference is compiled with hyphen
# insertion turned off (one attribute, added after the wrap mode is set);
# PANGO_HYPHENS=1 keeps Pango's default, for comparison.
if [ "${PANGO_HYPHENS:-0}" = 1 ]; then
    cp "$source_file" "$work/pango_measure.c"
else
    sed 's/^\(.*pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);\)$/\1\
    { PangoAttrList *attributes = pango_attr_list_new(); pango_attr_list_insert(attributes, pango_attr_insert_hyphens_new(FALSE)); pango_layout_set_attributes(layout, attributes); }/' \
        "$source_file" > "$work/pango_measure.c"
    grep -q pango_attr_insert_hyphens_new "$work/pango_measure.c" || { echo "could not patch $source_file" >&2; exit 1; }
fi
cc -O2 "$work/pango_measure.c" $(pkg-config --cflags --libs pangocairo) -o "$work/pango_measure"

cat > "$work/fonts.conf" <<CONF
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>$root/Fonts</dir>
  <cachedir>$work/cache</cachedir>
</fontconfig>
CONF

# The corpus comes from the test target's generator.
cd "$root"
swift build --build-tests
TRELLIS_CORPUS_OUT="$work/corpus" swift test --skip-build --filter "PangoAgreementTests/corpusIsDeterministic" >/dev/null

for width in 120 287 500; do
    FONTCONFIG_FILE="$work/fonts.conf" "$work/pango_measure" Inter 17 "$width" \
        < "$work/corpus.jsonl" | cut -f1 > "$work/lines-$width"
done
out="$root/Tests/TrellisTextTests/Fixtures/pango-inter-17.tsv"
{
    echo "# Pango $(pkg-config --modversion pango) (hyphens ${PANGO_HYPHENS:-0}) line counts, Inter 17, widths 120 287 500; regenerate with Scripts/pango-reference.sh"
    paste "$work/corpus.fingerprints" "$work/lines-120" "$work/lines-287" "$work/lines-500"
} > "$out"
echo "wrote $out ($(grep -vc '^#' "$out") rows)"
