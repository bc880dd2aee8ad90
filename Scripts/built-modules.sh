#!/usr/bin/env bash
# Builds RillTesting (and so RillStore and Rill) and prints the directory that holds their .swiftmodule files, for
# the scripts that type-check code against the package (README snippets, playground pages).
#
#   modules="$(Scripts/built-modules.sh [extra `swift build` arguments])"
#
# Run from the repository root. Build output goes to standard error, so only the path is printed.
set -euo pipefail

swift build --target RillTesting "$@" >&2
bin="$(swift build --show-bin-path "$@")"
# The modules land in Modules/ with recent toolchains and next to the objects with older ones.
modules="$bin/Modules"
[ -e "$modules/RillTesting.swiftmodule" ] || modules="$bin"
if [ ! -e "$modules/RillTesting.swiftmodule" ]; then
  echo "error: no RillTesting.swiftmodule under $bin" >&2
  exit 1
fi
echo "$modules"
