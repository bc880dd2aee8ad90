#!/usr/bin/env bash
# Type-checks `combine` calls of two to eight sources against the built Rill module, with a transform and as tuples
# followed by a `map`, whose closures chain operators (`$0 + $1 + …`): what the type checker gives up on ("unable to
# type-check this expression in reasonable time") when a closure's parameter types are not known early, as with
# the parameter-pack forms. Fails when any such expression takes the type checker more than a second, or when a call
# resolves to another form than the one marked on its line: the fixed-arity forms for two to six sources (quick to
# type-check, and specialized), the parameter-pack forms for seven or more (whose closures spell out their types).
# Run from anywhere: Scripts/check-combine-type-checking.sh [extra `swift build` arguments]
set -euo pipefail

cd "$(dirname "$0")/.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Joins `pattern` (with # for the index) for indices 0..<count with `separator`.
repeated() {
  local pattern="$1" separator="$2" count="$3" index out=""
  for ((index = 0; index < count; index++)); do
    out+="${out:+$separator}${pattern//#/$index}"
  done
  printf '%s' "$out"
}

# One call per line, each ending with the form it must resolve to.
{
  echo 'import Rill'
  echo ''
  echo 'func joins(_ s: CurrentValueSubject<Int>) {'
  for count in 2 3 4 5 6; do
    sources="$(repeated 's' ', ' "$count")"
    body="$(repeated '$#' ' + ' "$count")"
    echo "  _ = combine($sources) { $body }  // fixed"
    echo "  _ = combine($sources).map { $body }  // fixed"
  done
  for count in 7 8; do
    sources="$(repeated 's' ', ' "$count")"
    echo "  _ = combine($sources) { ($(repeated 'v#: Int' ', ' "$count")) in $(repeated 'v#' ' + ' "$count") }  // pack"
    echo "  _ = combine($sources).map { (v: ($(repeated 'Int' ', ' "$count"))) in $(repeated 'v.#' ' + ' "$count") }  // pack"
  done
  echo '}'
} >"$work/main.swift"

modules="$(Scripts/built-modules.sh "$@")"

if ! swiftc -typecheck -swift-version 6 -warnings-as-errors -I "$modules" \
  -Xfrontend -warn-long-expression-type-checking=1000 "$work/main.swift"; then
  echo "error: a combine call does not type-check, or takes the type checker more than a second:" >&2
  cat -n "$work/main.swift" >&2
  exit 1
fi

# Each call's `combine`, from the AST: its line and whether its generic signature has a pack (`each Source`).
swiftc -dump-ast -swift-version 6 -I "$modules" "$work/main.swift" 2>/dev/null |
  grep -F 'decl="Rill.(file).combine' |
  sed -E 's/.*location=[^ ]*main\.swift:([0-9]+):.*/\1 &/' |
  awk '{ print $1, (index($0, "each Source") ? "pack" : "fixed") }' >"$work/resolved"
calls="$(grep -c '// \(fixed\|pack\)$' "$work/main.swift")"
if [ "$(wc -l <"$work/resolved")" -ne "$calls" ]; then
  echo "error: found $(wc -l <"$work/resolved") references to combine in the AST dump, expected $calls" >&2
  exit 1
fi
status=0
while read -r line resolved; do
  expected="$(sed -n "${line}p" "$work/main.swift" | sed -E 's|.*// (fixed\|pack)$|\1|')"
  if [ "$resolved" != "$expected" ]; then
    echo "error: line $line resolves to the $resolved form, expected the $expected form:" >&2
    sed -n "${line}p" "$work/main.swift" >&2
    status=1
  fi
done <"$work/resolved"
[ "$status" -eq 0 ] || exit 1
echo "$calls combine calls of 2 to 8 sources type-check in under a second each and pick their forms"
