#!/usr/bin/env bash
# Type-checks Rill and RillStore for Apple targets at the package's floor (macOS 10.15, iOS 13), on Linux,
# so that every use of an API newer than the floor (Clock, Duration, typed AsyncSequence, Synchronization…)
# must sit under a matching `@available` or `if #available`, exactly as Xcode would demand.
#
# There is no Apple SDK here. The toolchain ships the standard library's textual interfaces for Linux, and
# they carry the Apple availability of every declaration; this script rebuilds them for an Apple target
# (patching the few Linux-only lines), adds stand-ins for the two system modules the package imports
# (Scripts/availability-stubs: a few pthread functions from Darwin, the Foundation types RillStore uses),
# and type-checks the sources against them. What it cannot see: Foundation's and Darwin's own availability
# (the stand-ins are unmarked), the diagnostics that come after type-checking (sending, region isolation),
# RillDemos and the `rill` command (terminal I/O from Glibc/Darwin, no newer API; not checked).
#
# The rebuilt modules are kept in .build/apple-availability (the first run takes a few minutes).
# Run from anywhere: Scripts/check-availability.sh [target…]
#   default targets: x86_64-apple-macos10.15 x86_64-apple-ios13.0-simulator
set -euo pipefail

cd "$(dirname "$0")/.."
targets=("$@")
[ "${#targets[@]}" -ne 0 ] || targets=(x86_64-apple-macos10.15 x86_64-apple-ios13.0-simulator)

toolchain="$(dirname "$(dirname "$(command -v swiftc)")")"
linux="$toolchain/lib/swift/linux"
shims="$toolchain/lib/swift/shims"
plugins="$toolchain/lib/swift/host/plugins"
cache=".build/apple-availability"
features=(-enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility
  -enable-upcoming-feature InternalImportsByDefault)

# Rebuilds the standard library modules and the stand-ins for one target, once.
build_sdk() {
  local target="$1" dir="$2"
  # The standard library itself is built for an old release; clients then see each declaration's own
  # @available.
  local base_target
  case "$target" in
    *-apple-macos*) base_target="${target%%-apple-*}-apple-macos10.13" ;;
    *-apple-ios*) base_target="${target%%-apple-*}-apple-ios12.0${target##*[0-9]}" ;;
    *-apple-tvos*) base_target="${target%%-apple-*}-apple-tvos12.0${target##*[0-9]}" ;;
    *-apple-watchos*) base_target="${target%%-apple-*}-apple-watchos5.0${target##*[0-9]}" ;;
    *) echo "error: not an Apple target: $target" >&2 && return 1 ;;
  esac
  mkdir -p "$dir/interfaces" "$dir/modules"
  local module
  for module in Swift _Concurrency _StringProcessing Synchronization; do
    [ -e "$dir/modules/$module.swiftmodule" ] && continue
    # The Linux interfaces name their target; Synchronization imports Glibc and reads the thread id from
    # a Linux-only shim (in inlinable bodies a type-check does not need); @backDeployed functions need
    # bodies on Apple targets, which the Linux interface leaves out.
    sed -e "s/-target x86_64-unknown-linux-gnu/-target $base_target/g" \
      -e 's/@backDeployed(before: [^)]*)//g' \
      -e 's/^import Glibc$//' \
      -e 's/_swift_stdlib_gettid()/UInt32(0)/g' \
      "$linux/$module.swiftmodule/x86_64-unknown-linux-gnu.swiftinterface" >"$dir/interfaces/$module.swiftinterface"
    local extra=(-disable-availability-checking)
    [ "$module" = Swift ] && extra=(-parse-stdlib)
    echo "building $module for $base_target" >&2
    swiftc -frontend -compile-module-from-interface "${extra[@]}" -module-name "$module" -I "$dir/modules" \
      -I "$shims" -o "$dir/modules/$module.swiftmodule" "$dir/interfaces/$module.swiftinterface"
  done
  for module in Darwin Foundation; do
    swiftc -frontend -emit-module -O -target "$base_target" -I "$dir/modules" -I "$shims" -disable-objc-interop \
      -disable-legacy-type-info -parse-as-library -module-name "$module" -o "$dir/modules/$module.swiftmodule" \
      "Scripts/availability-stubs/$module.swift"
  done
  touch "$dir/complete"
}

failed=0
for target in "${targets[@]}"; do
  dir="$cache/$target"
  [ -e "$dir/complete" ] && [ "$dir/complete" -nt Scripts/availability-stubs/Foundation.swift ] &&
    [ "$dir/complete" -nt Scripts/availability-stubs/Darwin.swift ] || build_sdk "$target" "$dir"
  common=(-target "$target" -I "$dir/modules" -I "$shims" -disable-objc-interop -swift-version 6 -package-name rill
    -load-plugin-library "$plugins/libSwiftMacros.so" -disable-legacy-type-info "${features[@]}")
  log="$dir/log"
  : >"$log"
  mapfile -t rill < <(find Sources/Rill -name '*.swift' | sort)
  mapfile -t store < <(find Sources/RillStore -name '*.swift' | sort)
  # Debug builds add the live-object counters; the module is emitted once, for RillStore to import.
  swiftc -frontend -typecheck "${common[@]}" -D DEBUG -module-name Rill "${rill[@]}" >>"$log" 2>&1 || true
  mkdir -p "$dir/rill"
  swiftc -frontend -emit-module "${common[@]}" -O -parse-as-library -experimental-skip-non-inlinable-function-bodies \
    -module-name Rill -o "$dir/rill/Rill.swiftmodule" "${rill[@]}" >>"$log" 2>&1 || true
  swiftc -frontend -typecheck "${common[@]}" -I "$dir/rill" -module-name RillStore "${store[@]}" >>"$log" 2>&1 || true
  if grep -qE '(error|warning):' "$log"; then
    echo "error: Rill or RillStore does not type-check for $target:" >&2
    grep -E '^\S+:[0-9]+:[0-9]+: (error|warning):|^<unknown>' "$log" | sort -u >&2
    failed=1
  else
    echo "Rill and RillStore type-check for $target (${#rill[@]} + ${#store[@]} files)"
  fi
done
exit "$failed"
