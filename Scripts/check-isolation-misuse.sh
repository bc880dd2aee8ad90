#!/usr/bin/env bash
# Pins a compile-time rule: the APIs that start tasks in the caller's actor (`debounce`, `throttle`,
# `delay`, `timeout`, the async `map`, `Signal.task`, `Signal.from`, `Signal.observing`, `Store.run`, `AsyncComputed`) take `isolation: isolated any Actor = #isolation`,
# so a caller that is not isolated to an actor does not compile. Each misuse below must fail to
# type-check with the expected message, and the same calls from the main actor must type-check (so a
# misuse cannot "fail" for an unrelated reason). The errors expected are the ones quoted in the
# Troubleshooting section of Sources/Rill/Rill.docc/IsolationAndTime.md (its lines that start with
# "error: "), so that the docs cannot drift from what the compiler prints: the first, for every call; the
# second and third, for `debounce` from a synchronous and an async nonisolated function.
# Run from anywhere: Scripts/check-isolation-misuse.sh [extra `swift build` arguments]
set -euo pipefail

cd "$(dirname "$0")/.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
modules="$(Scripts/built-modules.sh "$@")"
article=Sources/Rill/Rill.docc/IsolationAndTime.md
documented=()
while IFS= read -r line; do
  documented+=("$line")
done < <(sed -n '/^## Troubleshooting/,/^## Topics/p' "$article" | grep '^error: ')
if [ "${#documented[@]}" -ne 3 ]; then
  echo "error: expected 3 quoted errors (lines starting 'error: ') in the Troubleshooting section of $article," \
    "found ${#documented[@]}" >&2
  exit 1
fi
expected="${documented[0]}"
# What `debounce` (the first call below) adds, from a synchronous and from an async nonisolated function.
debounce_expected=("${documented[1]}" "${documented[2]}")

# The calls, one per line, with `s` a Signal<Int>, `store` a Store<Int, Int> and `clock` a ContinuousClock.
calls=(
  's.debounce(for: .seconds(1), clock: clock)'
  's.throttle(for: .seconds(1), clock: clock, latest: true)'
  's.delay(for: .seconds(1), clock: clock)'
  'Signal<Int>.task { send in send(1) }'
  'Signal.from(AsyncStream<Int> { $0.finish() })'
  'store.run { dispatch in dispatch(1) }'
  's.map(.latest) { value in value + 1 }'
  's.timeout(.seconds(1), clock: clock, fallback: 0)'
  'Signal.from { AsyncStream<Int> { $0.finish() } }'
  'Signal.observing { 1 }'
  'AsyncComputed { 1 }'
)

typecheck() {
  mkdir -p "$work/$1"
  cat >"$work/$1/main.swift"
  swiftc -typecheck -swift-version 6 -I "$modules" "$work/$1/main.swift" >"$work/$1/log" 2>&1
}

failed=0
for index in "${!calls[@]}"; do
  call="${calls[$index]}"
  header="import Rill
import RillStore
"
  if ! typecheck "isolated$index" <<EOF; then
$header
@MainActor func use(_ s: Signal<Int>, _ store: Store<Int, Int>, _ clock: ContinuousClock) {
  _ = $call
}
EOF
    echo "error: from the main actor, \`$call\` does not type-check:" >&2
    cat "$work/isolated$index/log" >&2
    failed=1
  fi
  for effects in "" " async"; do
    context="nonisolated func use(…)$effects"
    name="nonisolated$index${effects// /-}"
    if typecheck "$name" <<EOF; then
$header
nonisolated func use(_ s: Signal<Int>, _ store: Store<Int, Int>, _ clock: ContinuousClock)$effects {
  _ = $call
}
EOF
      echo "error: from \`$context\`, \`$call\` type-checks (it must not)" >&2
      failed=1
    elif ! grep -qF "$expected" "$work/$name/log"; then
      echo "error: from \`$context\`, \`$call\` fails without \"$expected\" (quoted in $article):" >&2
      cat "$work/$name/log" >&2
      failed=1
    elif [ "$index" -eq 0 ]; then
      also="${debounce_expected[0]}"
      [ -z "$effects" ] || also="${debounce_expected[1]}"
      if ! grep -qF "$also" "$work/$name/log"; then
        echo "error: from \`$context\`, \`$call\` fails without \"$also\" (quoted in $article):" >&2
        cat "$work/$name/log" >&2
        failed=1
      fi
    fi
  done
done
[ "$failed" -eq 0 ] || exit 1
echo "${#calls[@]} calls: each type-checks on the main actor and fails to compile from a nonisolated caller"
