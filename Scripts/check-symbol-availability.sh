#!/usr/bin/env bash
# Checks, from the symbol graphs of Rill and RillStore, that every public symbol whose declaration uses an
# API newer than the package's floor carries at least that API's availability (its own `@available` or its
# extension's): `Clock`, `Duration` and `InstantProtocol` (and all of ``ManualClock``) need macOS 13 / iOS 16
# / tvOS 16 / watchOS 9; a typed `AsyncSequence` (`Failure == Never`), `Mutex` or `Atomic` need macOS 15 /
# iOS 18 / tvOS 18 / watchOS 11 / visionOS 2. Then prints the symbols above the floor, for comparison with
# the Availability article.
#
# Fast (a build and a symbol-graph extraction), but it sees declarations only: a newer API used inside a
# body (`Middleware.logging(to:)` locks a `Mutex`) is caught by Scripts/check-availability.sh, which
# type-checks the sources for Apple targets.
# Run from anywhere: Scripts/check-symbol-availability.sh [extra `swift build` arguments]
set -euo pipefail

cd "$(dirname "$0")/.."
command -v jq >/dev/null || { echo "error: this check reads the symbol graphs with jq; install it" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
modules="$(Scripts/built-modules.sh "$@")"
triple="$(swift -print-target-info | sed -n 's/^ *"triple": "\(.*\)",$/\1/p' | head -n 1)"
for module in Rill RillStore; do
  swift symbolgraph-extract -module-name "$module" -target "$triple" -I "$modules" \
    -minimum-access-level public -skip-synthesized-members -output-dir "$work"
done

# One line per public symbol: what its declaration needs, what it has, and whether that is enough.
# Versions are major * 100 + minor; a platform it does not name counts as 0 (the floor).
jq -r '
  def introduced($domain):
    ([.availability[]? | select(.domain == $domain) | .introduced | .major * 100 + (.minor // 0)] | first) // 0;
  .symbols[]
  | select(.kind.identifier != "swift.extension")
  | (.pathComponents | join(".")) as $path
  | ([.declarationFragments[]?.spelling] | join("")) as $declaration
  | {macOS: introduced("macOS"), iOS: introduced("iOS"), tvOS: introduced("tvOS"),
      watchOS: introduced("watchOS"), visionOS: introduced("visionOS")} as $has
  | (if ($declaration | test("Failure == Never|AsyncSequence<[^>]*Never>|\\bMutex\\b|\\bAtomic\\b")) then
      {name: "macOS 15 / iOS 18", macOS: 1500, iOS: 1800, tvOS: 1800, watchOS: 1100, visionOS: 200}
    elif ($declaration | test("\\bClock\\b|\\bDuration\\b|\\bInstantProtocol\\b|\\bManualClock\\b"))
      or ($path | startswith("ManualClock")) then
      {name: "macOS 13 / iOS 16", macOS: 1300, iOS: 1600, tvOS: 1600, watchOS: 900, visionOS: 0}
    else null end) as $needs
  | if $needs == null then
      (if $has.macOS > 0 then "above-floor\t\($path)\tmacOS \($has.macOS / 100 | floor)" else empty end)
    elif ([("macOS", "iOS", "tvOS", "watchOS", "visionOS") | $has[.] >= $needs[.]] | all) then
      "above-floor\t\($path)\tmacOS \($has.macOS / 100 | floor)"
    else
      "missing\t\($path)\tneeds \($needs.name): \($declaration)"
    end
' "$work"/*.symbols.json | sort -u >"$work/report"

if grep -q '^missing' "$work/report"; then
  echo "error: public symbols that use a newer API without its @available:" >&2
  grep '^missing' "$work/report" | cut -f2- >&2
  exit 1
fi
count="$(grep -c '^above-floor' "$work/report" || true)"
echo "every public symbol that uses Clock, Duration, a typed AsyncSequence or Synchronization carries its"
echo "@available; the $count symbols above the floor:"
grep '^above-floor' "$work/report" | cut -f2- | awk -F '\t' '{ print "  " $2 "  " $1 }'
