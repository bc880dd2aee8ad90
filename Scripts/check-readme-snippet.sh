#!/usr/bin/env bash
# Type-checks the first ```swift block of README.md against the built Rill module.
# Run from the repository root: Scripts/check-readme-snippet.sh [extra `swift build` arguments]
set -euo pipefail

cd "$(dirname "$0")/.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

awk '/^```swift[[:space:]]*$/ && !found { inside = 1; found = 1; next }
     inside && /^```/ { exit }
     inside { print }' README.md > "$work/main.swift"
if [ ! -s "$work/main.swift" ]; then
  echo "error: README.md has no \`\`\`swift block" >&2
  exit 1
fi

swift build --product Rill "$@"
bin="$(swift build --show-bin-path "$@")"
# The module lands in Modules/ with recent toolchains and next to the objects with older ones.
modules="$bin/Modules"
[ -f "$modules/Rill.swiftmodule" ] || [ -d "$modules/Rill.swiftmodule" ] || modules="$bin"
if [ ! -e "$modules/Rill.swiftmodule" ]; then
  echo "error: no Rill.swiftmodule under $bin" >&2
  exit 1
fi

swiftc -typecheck -swift-version 6 -I "$modules" "$work/main.swift"
echo "README snippet type-checks against $modules/Rill.swiftmodule"
