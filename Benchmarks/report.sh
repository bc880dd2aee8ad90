#!/usr/bin/env bash
# One run for everything: times and callgrind instruction counts side by side, in ONE markdown table.
#
#   ./report.sh                          every suite once (compare.sh's run), then callgrind.sh for each workload
#                                        of the run that Profile knows
#   ./report.sh --filter 'send.*'        only the benchmarks whose names match (any compare.sh argument works:
#   ./report.sh --target Signals         --filter, --target, an earlier RUN.jmh.json)
#
# Columns: the median time per operation of straight-line code, the baseline, Rill and OpenCombine; Rill ÷ baseline
# in time and in instructions per operation (callgrind.sh's; "—" where Profile has no such workload); mallocs per
# operation of Rill. send_<n>sub also gets a row per delivery, fanout_combine_<n> one per join, teardown_chain_<n> one
# per node (times and instructions divided by n; the ratios are the same). The two tables it joins (compare.sh's
# and callgrind.sh's, in markdown and TSV) stay in the folder it names on standard error.
set -euo pipefail
cd "$(dirname "$0")"

out="$(mktemp -d)"
./compare.sh --tsv "$out/time.tsv" "$@" >"$out/compare.md"

# The workloads of the run that Profile knows: those it sets up and runs once (exit status 0).
swift build -c release --product Profile >&2
profile="$(swift build -c release --show-bin-path)/Profile"
known=()
for workload in $(cut -f1 "$out/time.tsv" | sort -u); do
  if "$profile" "$workload" Rill 1 >/dev/null 2>&1; then known+=("$workload"); fi
done
: >"$out/instructions.tsv"
if [[ ${#known[@]} -gt 0 ]]; then
  ./callgrind.sh --tsv "$out/instructions.tsv" "${known[@]}" >"$out/callgrind.md"
fi
echo "tables: $out (compare.md, callgrind.md, time.tsv, instructions.tsv)" >&2

python3 - "$out/time.tsv" "$out/instructions.tsv" "$(sed -n 1p "$out/compare.md")" <<'PYTHON'
import sys

sys.path.insert(0, "Tools")
from table import count, ratio, rows, time  # noqa: E402

time_file, instructions_file, header = sys.argv[1:4]
sides = ["straight-line", "baseline", "Rill", "OpenCombine"]

times, mallocs, order = {}, {}, []
for line in open(time_file):
    workload, side, seconds, malloc_count = line.rstrip("\n").split("\t")
    if workload not in times:
        times[workload], mallocs[workload] = {}, {}
        order.append(workload)
    times[workload][side] = float(seconds)
    mallocs[workload][side] = float(malloc_count)
instructions = {}
for line in open(instructions_file):
    workload, side, per_operation = line.rstrip("\n").split("\t")
    instructions.setdefault(workload, {})[side] = int(per_operation)

print(header)
print("Instructions: callgrind, per operation (callgrind.sh), in parentheses after the ratio: baseline → Rill.")
print()
print("| workload | straight-line | baseline | Rill | OpenCombine | Rill ÷ baseline (time) "
      "| Rill ÷ baseline (instructions) | mallocs/op Rill |")
print("|---|---:|---:|---:|---:|---:|---:|---:|")
for label, workload, divisor in rows(order):
    measured = {side: times[workload][side] / divisor if side in times[workload] else None for side in sides}
    counted = instructions.get(workload, {})
    baseline, rill = counted.get("baseline"), counted.get("Rill")
    instruction_cell = ratio(rill, baseline)
    if baseline is not None and rill is not None:
        instruction_cell += f" ({baseline / divisor:,.0f} → {rill / divisor:,.0f})"
    malloc_cell = count(mallocs[workload].get("Rill")) if divisor == 1 else ""
    print(f"| {label} | {' | '.join(time(measured[side]) for side in sides)} "
          f"| {ratio(measured['Rill'], measured['baseline'])} | {instruction_cell} | {malloc_cell} |")
PYTHON
