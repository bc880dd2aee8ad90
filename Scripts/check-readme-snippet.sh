#!/usr/bin/env bash
# Type-checks the ```swift blocks of README.md, so the README's examples cannot drift from the API:
#
# - a block whose first line is `// swift-tools-version: X` is a Package.swift: it is type-checked against the
#   toolchain's PackageDescription (version X), then loaded by `swift package dump-package`, which rejects what
#   type-checks but SwiftPM does not accept (a `package:` that names no dependency);
# - every other block, on its own, as a main.swift against the built Rill, RillStore and RillTesting modules
#   (readers copy one at a time);
# - and those blocks together, as one main.swift (their top-level imports first, once each, then each block in
#   README order), so a reader who pastes them all into one target gets no clash: a name that two blocks
#   declare fails, and the script names it and both blocks (errors in the blocks' top-level code can hide
#   a later clash until they are fixed, but the check fails either way).
#
# Errors point at README.md lines (`#sourceLocation`). First, the README must be at most 300 lines: a user's README
# (one sentence and a snippet, the two commands, a tour whose sections link to their articles), not the manual it
# grew back into twice (issue 30): details belong in the DocC articles and Benchmarks/README.md.
# Run from anywhere: Scripts/check-readme-snippet.sh [extra `swift build` arguments]
set -euo pipefail

cd "$(dirname "$0")/.."
readme_lines="$(wc -l < README.md)"
if [ "$readme_lines" -gt 300 ]; then
  echo "error: README.md has $readme_lines lines, more than 300: keep each section a short tour with a link to its" \
    "article, and move the details there (or to Benchmarks/README.md)" >&2
  exit 1
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# snippetNN.swift holds block NN; index lists "NN LINE", LINE being the README line of the block's first line.
awk -v dir="$work" '
  /^```swift[[:space:]]*$/ {
    inside = 1; count++; file = sprintf("%s/snippet%02d.swift", dir, count)
    printf "%02d %d\n", count, NR + 1 > (dir "/index"); printf "" > file; next
  }
  inside && /^```/ { inside = 0; close(file); next }
  inside { print > file }' README.md
if [ ! -e "$work/index" ]; then
  echo "error: README.md has no \`\`\`swift block" >&2
  exit 1
fi

typecheck=(swiftc -typecheck -swift-version 6 -warnings-as-errors -diagnostic-style llvm)
# A top-level import (not one indented under `#if`): hoisted to the top of the combined file.
import_line='^(@[A-Za-z_]+[[:space:]]+)*import[[:space:]]'

# Prints the directive that makes the compiler call the next line README.md line $1.
source_location() { printf '#sourceLocation(file: "README.md", line: %d)\n' "$1"; }

# The toolchain's PackageDescription module, which SwiftPM compiles manifests against.
manifest_api="$(swiftc -print-target-info | sed -n 's|.*"runtimeResourcePath": "\(.*\)".*|\1|p')/pm/ManifestAPI"
manifests=0
code=()
while read -r number line; do
  snippet="$work/snippet$number.swift"
  version="$(sed -n '1s|^//[[:space:]]*swift-tools-version:[[:space:]]*\([0-9][0-9.]*\).*|\1|p' "$snippet")"
  if [ -z "$version" ]; then
    code+=("$number $line")
    continue
  fi
  manifests=$((manifests + 1))
  mkdir -p "$snippet.d/package"
  { source_location "$line"; cat "$snippet"; } > "$snippet.d/Package.swift"
  if ! "${typecheck[@]}" -I "$manifest_api" -package-description-version "$version" "$snippet.d/Package.swift"; then
    echo "error: README snippet $((10#$number)) (README.md:$line), a Package.swift, does not type-check" >&2
    exit 1
  fi
  cp "$snippet" "$snippet.d/package/Package.swift"
  if ! swift package --package-path "$snippet.d/package" dump-package > /dev/null 2> "$snippet.d/errors"; then
    cat "$snippet.d/errors" >&2
    echo "error: README snippet $((10#$number)) (README.md:$line), a Package.swift, type-checks but SwiftPM rejects it" >&2
    exit 1
  fi
done < "$work/index"

if [ "${#code[@]}" -eq 0 ]; then
  echo "error: README.md has no \`\`\`swift block of code (only Package.swift blocks)" >&2
  exit 1
fi
modules="$(Scripts/built-modules.sh "$@")"

combined="$work/combined"
mkdir -p "$combined"
for entry in "${code[@]}"; do
  read -r number line <<< "$entry"
  snippet="$work/snippet$number.swift"
  mkdir -p "$snippet.d"
  { source_location "$line"; cat "$snippet"; } > "$snippet.d/main.swift"
  if ! "${typecheck[@]}" -I "$modules" "$snippet.d/main.swift"; then
    echo "error: README snippet $((10#$number)) (README.md:$line) does not type-check" >&2
    exit 1
  fi
  grep -E "$import_line" "$snippet" >> "$combined/imports" || true
  # The block with its hoisted imports blanked, so its lines keep their README numbers.
  { source_location "$line"; sed -E "s/$import_line.*//" "$snippet"; } >> "$combined/blocks"
done

{ awk '!seen[$0]++' "$combined/imports"; cat "$combined/blocks"; } > "$combined/main.swift"
if ! "${typecheck[@]}" -I "$modules" "$combined/main.swift" 2> "$combined/errors"; then
  cat "$combined/errors" >&2
  # Each redeclaration is an error at the second declaration, then a note at the first.
  awk -v index_file="$work/index" '
    BEGIN { while ((getline entry < index_file) > 0) { split(entry, field, " "); starts[field[1]] = field[2] } }
    function block(line, found, number) {
      for (number in starts) if (starts[number] <= line && (found == "" || starts[number] > starts[found])) found = number
      return found
    }
    match($0, /^README\.md:[0-9]+:[0-9]+: error: invalid redeclaration of /) {
      split($0, part, ":"); second = part[2]; name = substr($0, RLENGTH + 1)
    }
    second && /^README\.md:[0-9]+:[0-9]+: note: .* previously declared here$/ {
      split($0, part, ":"); first = part[2]
      printf "error: README snippets %s (README.md:%d) and %s (README.md:%d) both declare %s: rename one, so the snippets compose in one target\n", block(first) + 0, first, block(second) + 0, second, name
      second = ""
    }' "$combined/errors" >&2
  echo "error: the README's ${#code[@]} code snippets type-check one by one but not together, in one main.swift" >&2
  exit 1
fi
echo "${#code[@]} README snippets type-check against $modules, one by one and together;" \
  "$manifests Package.swift snippet(s) against PackageDescription"
