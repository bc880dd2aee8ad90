#!/usr/bin/env bash
# Builds the DocC documentation of Rill, RillStore and RillTesting with the toolchain's own `docc` (no plugin).
# Fails on any DocC warning (broken symbol link, unknown article, …).
#
#   Scripts/build-docs.sh [output-directory]
#
# Without an output directory the archives go to a temporary directory that is removed afterwards
# (a check only). Symbol graphs come from a build in its own scratch path, `.build-docs`
# (override with RILL_DOCS_SCRATCH), so it never waits on or disturbs another build.
set -euo pipefail

if [ $# -gt 0 ]; then
  mkdir -p "$1"
  requested="$(cd "$1" && pwd)"
fi
cd "$(dirname "$0")/.."
root="$(pwd)"
scratch="${RILL_DOCS_SCRATCH:-$root/.build-docs}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
output="${requested:-$work/archives}"
mkdir -p "$output"

docc="$(command -v docc || true)"
if [ -z "$docc" ]; then
  docc="$(dirname "$(readlink -f "$(command -v swift)")")/docc"
fi
[ -x "$docc" ] || { echo "error: the toolchain has no docc" >&2; exit 1; }

swift build --scratch-path "$scratch" --target RillTesting
bin="$(swift build --scratch-path "$scratch" --show-bin-path)"
modules="$bin/Modules"
[ -e "$modules/Rill.swiftmodule" ] || modules="$bin"
triple="$(swift -print-target-info | sed -n 's/^ *"triple": "\(.*\)",$/\1/p' | head -n 1)"

# module name, catalog, bundle identifier
catalogs=(
  "Rill Sources/Rill/Rill.docc dev.rill.Rill"
  "RillStore Sources/RillStore/RillStore.docc dev.rill.RillStore"
  "RillTesting Sources/RillTesting/RillTesting.docc dev.rill.RillTesting"
)

status=0
for entry in "${catalogs[@]}"; do
  read -r module catalog identifier <<<"$entry"
  graphs="$work/symbol-graphs/$module"
  mkdir -p "$graphs"
  swift symbolgraph-extract -module-name "$module" -target "$triple" -I "$modules" \
    -minimum-access-level public -skip-synthesized-members -output-dir "$graphs"
  echo "docc convert $catalog"
  log="$work/$module.log"
  if ! "$docc" convert "$catalog" \
    --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "$identifier" \
    --warnings-as-errors \
    --output-path "$output/$module.doccarchive" >"$log" 2>&1; then
    cat "$log" >&2
    echo "error: docc found problems in $catalog" >&2
    status=1
  elif grep -q -E 'warning:|error:' "$log"; then
    cat "$log" >&2
    echo "error: docc reported warnings for $catalog" >&2
    status=1
  else
    echo "  $module: no warnings"
  fi
done

if [ "$status" -eq 0 ] && [ $# -gt 0 ]; then
  echo "archives in $output"
fi
exit "$status"
