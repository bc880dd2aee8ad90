#!/usr/bin/env bash
# Pins a compile-time rule: the APIs that start tasks in the caller's actor (`debounce`, `throttle`,
# `delay`, `timeout`, the async `map`, `Signal.task`, `Signal.from`, `Signal.observing`, `Store.run`) take `isolation: isolated any Actor = #isolation`,
# so a caller that is not isolated to an actor does not compile. Each misuse below must fail to
# type-check with the expected message, and the same calls from the main actor must type-check (so a
# misuse cannot "fail" for an unrelated reason).
# Run from anywhere: Scripts/check-isolation-misuse.sh [extra `swift build` arguments]
set -euo pipefail

cd "$(dirname "$0")/.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
modules="$(Scripts/built-modules.sh "$@")"
expected="'nil' is not compatible with expected argument type 'any Actor'"

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
      echo "error: from \`$context\`, \`$call\` fails without \"$expected\":" >&2
      cat "$work/$name/log" >&2
      failed=1
    fi
  done
done
[ "$failed" -eq 0 ] || exit 1
echo "${#calls[@]} calls: each type-checks on the main actor and fails to compile from a nonisolated caller"
