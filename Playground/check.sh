#!/usr/bin/env bash
# Type-checks every page of Rill.playground against the package's built modules, as Xcode would run
# them: the helper files in Sources/ become their own module, implicitly imported by each page, and
# each page is compiled alone as `main.swift`. Any error or warning fails.
#
#   Playground/check.sh [extra `swift build` arguments, e.g. --scratch-path .build-mine]
#
# Runs from any directory.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
playground="$here/Rill.playground"
cd "$here/.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

modules="$(Scripts/built-modules.sh "$@")"

flags=(-swift-version 6 -warnings-as-errors -I "$modules")
helper=PlaygroundHelpers
swiftc "${flags[@]}" -parse-as-library -module-name "$helper" \
  -emit-module -emit-module-path "$work/$helper.swiftmodule" "$playground"/Sources/*.swift
echo "Sources/*.swift: ok"

status=0
checked=0
while IFS= read -r name; do
  page="$playground/Pages/$name.xcplaygroundpage/Contents.swift"
  if [ ! -f "$page" ]; then
    echo "error: contents.xcplayground lists '$name', which has no $page" >&2
    status=1
    continue
  fi
  mkdir -p "$work/$checked"
  cp "$page" "$work/$checked/main.swift"
  if swiftc "${flags[@]}" -typecheck -I "$work" -Xfrontend -import-module -Xfrontend "$helper" \
    "$work/$checked/main.swift"; then
    echo "$name: ok"
  else
    echo "error: page '$name' does not type-check" >&2
    status=1
  fi
  checked=$((checked + 1))
done < <(sed -n "s/.*<page name='\([^']*\)'.*/\1/p" "$playground/contents.xcplayground")

pages_on_disk="$(find "$playground/Pages" -name Contents.swift | wc -l)"
if [ "$checked" -eq 0 ] || [ "$pages_on_disk" -ne "$checked" ]; then
  echo "error: $checked pages listed in contents.xcplayground, $pages_on_disk on disk" >&2
  status=1
fi
exit "$status"
