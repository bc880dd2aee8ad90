#!/usr/bin/env bash
# Type-checks every ```swift block of README.md, each as its own main.swift, against the built
# Rill and RillStore modules, so the README's examples cannot drift from the API.
# Run from anywhere: Scripts/check-readme-snippet.sh [extra `swift build` arguments]
set -euo pipefail

cd "$(dirname "$0")/.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

awk -v dir="$work" '
  /^```swift[[:space:]]*$/ { inside = 1; count++; file = sprintf("%s/snippet%02d.swift", dir, count); next }
  inside && /^```/ { inside = 0; close(file); next }
  inside { print > file }' README.md
snippets=("$work"/snippet*.swift)
if [ ! -e "${snippets[0]}" ]; then
  echo "error: README.md has no \`\`\`swift block" >&2
  exit 1
fi

modules="$(Scripts/built-modules.sh "$@")"

for snippet in "${snippets[@]}"; do
  mkdir -p "$snippet.d"
  cp "$snippet" "$snippet.d/main.swift"
  if ! swiftc -typecheck -swift-version 6 -warnings-as-errors -I "$modules" "$snippet.d/main.swift"; then
    echo "error: README snippet $(basename "$snippet" .swift) does not type-check" >&2
    exit 1
  fi
done
echo "${#snippets[@]} README snippets type-check against $modules"
