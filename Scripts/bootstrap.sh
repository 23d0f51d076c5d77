#!/usr/bin/env bash
# Installs the Debian packages Trellis builds against, when they are missing:
# FreeType, HarfBuzz (not on a fresh machine), ICU, fontconfig and libpng development
# files; the color emoji font the emoji tests measure with (fonts-noto-color-emoji:
# TrellisText's ColorEmojiTests are skipped without it); and the system fonts the
# fallback tests measure CJK, Thai, Devanagari, Hebrew and Arabic with
# (fonts-noto-cjk, fonts-noto-core: SystemFontTests are skipped without them);
# Unicode's data and test files (unicode-data: /usr/share/unicode/emoji/emoji-test.txt,
# auxiliary/LineBreakTest.txt and GraphemeBreakTest.txt, which EmojiSequenceTests and
# UnicodeBreakTestFileTests read; they are skipped without them);
# Debian's fortunes in four languages (fortunes, fortunes-ru, fortunes-de, fortunes-zh:
# the real rows of Scripts/text-speed-by-script.sh and Scripts/text-benchmark.sh);
# and chromium, the headless browser TrellisInspectorTests open inspector pages
# in (they fail, saying so, without it).
set -euo pipefail

# dask and distributed (Scripts/dask-heights.py) and PyYAML (the test that reads
# Examples/cluster/heights-job.yaml), pinned in Scripts/requirements-cluster.txt;
# CLITests' DaskHeightsCLITests and MergeHeightsCLITests are skipped without them.
if ! python3 -c "import dask, distributed, yaml" 2>/dev/null; then
    echo "bootstrap: installing Scripts/requirements-cluster.txt" >&2
    python3 -m pip install -q -r "$(dirname "$0")/requirements-cluster.txt" >&2 ||
        echo "bootstrap: pip could not install them; the cluster tests will be skipped" >&2
fi

missing=()
for pkg in libfreetype-dev libharfbuzz-dev libicu-dev libfontconfig-dev libpng-dev pkg-config \
    fonts-noto-color-emoji fonts-noto-cjk fonts-noto-core unicode-data fortunes fortunes-ru fortunes-de fortunes-zh chromium; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$pkg")
    fi
done
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi

echo "bootstrap: installing ${missing[*]}" >&2
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
    sudo_cmd=(sudo)
fi
"${sudo_cmd[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" >&2
