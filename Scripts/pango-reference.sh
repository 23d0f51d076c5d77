#!/bin/sh
# Regenerates Tests/TrellisTextTests/Fixtures/pango-inter-17.tsv: Pango's line
# counts for the text tests' corpus (Inter 17 at widths 120, 287 and 500).
# Needs libpango1.0-dev (apt-get install -y libpango1.0-dev) and the reference
# tool ../shared/reference/pango_measure.c (or PANGO_MEASURE_C=path); see
# Scripts/pango-setup.sh for how Pango is set up (fonts, no hyphens).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$root/Scripts/pango-setup.sh"
# PANGO_HYPHENS=1 keeps Pango's hyphen insertion, for comparison.
if [ "${PANGO_HYPHENS:-0}" = 1 ]; then pango_setup hyphens; else pango_setup; fi

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
