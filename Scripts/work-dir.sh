# Sourced by the text scripts: `work_dir DIR` sets `work` to DIR (made if
# missing, kept afterwards) when DIR is not empty, else to a temporary folder
# removed when the script exits.
work_dir() {
    if [ -n "$1" ]; then
        mkdir -p "$1"
        work=$(cd "$1" && pwd)
    else
        work=$(mktemp -d)
        trap 'rm -rf "$work"' EXIT
    fi
}
