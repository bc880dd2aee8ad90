#!/usr/bin/env bash
# Instructions per operation, counted by valgrind's callgrind (stable on a noisy machine, unlike time).
#
#   ./callgrind.sh                      every workload Profile knows, Rill and baseline
#   ./callgrind.sh send_1sub chain3     only these
#
# Each workload runs twice, with N and 2N operations; the difference of the two totals divided by N is the cost of
# one operation without setup, start-up or teardown. Keep a run's annotated profile with KEEP=1.
set -euo pipefail
cd "$(dirname "$0")"

workloads=("$@")
if [[ ${#workloads[@]} -eq 0 ]]; then
  workloads=(send_1sub send_10sub send_100sub chain3 combine2 diamond churn store_dispatch_10 store_dispatch_1000)
fi
operations=20000

# An incremental build does not recompile a client when only an @inlinable body of Rill changed, so Profile could
# keep an old copy of Rill's inlined code (once it crashed, mixing it with a new layout): touch it to rebuild it.
touch Tools/Profile/*.swift
swift build -c release --product Profile >&2
profile="$(swift build -c release --show-bin-path)/Profile"
out="$(mktemp -d)"

instructions() {  # workload library operations -> total instructions
  local file="$out/callgrind.$1.$2.$3"
  valgrind --tool=callgrind --callgrind-out-file="$file" "$profile" "$1" "$2" "$3" 2>&1 >/dev/null \
    | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

echo "| workload | baseline instr/op | Rill instr/op | Rill ÷ baseline |"
echo "|---|---:|---:|---:|"
for workload in "${workloads[@]}"; do
  declare -A per=()
  count=$operations
  [[ $workload == cellx_* ]] && count=20  # one operation is a full update of 1,000 layers
  for library in baseline Rill; do
    single=$(instructions "$workload" "$library" "$count")
    double=$(instructions "$workload" "$library" "$((2 * count))")
    per[$library]=$(( (double - single) / count ))
  done
  ratio=$(python3 -c "print(f'{${per[Rill]} / max(${per[baseline]}, 1):.2f}×')")
  echo "| $workload | ${per[baseline]} | ${per[Rill]} | $ratio |"
done
if [[ "${KEEP:-0}" == 1 ]]; then
  echo "profiles: $out (callgrind_annotate FILE)" >&2
else
  rm -rf "$out"
fi
