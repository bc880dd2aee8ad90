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
# per node (times and instructions divided by n; the ratios are the same). When the run has the reactivity suite's
# Rill Computed side (`Computed` and `effect`), the table also has its time, Computed ÷ baseline and Computed ÷ Rill
# in time and in instructions, and its mallocs per operation. The two tables it joins (compare.sh's
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
from table import COMPUTED, count, ratio, rows, time  # noqa: E402

time_file, instructions_file, header = sys.argv[1:4]

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

# The Rill Computed columns only when the run has that side (the reactivity suite).
with_computed = any(COMPUTED in measured for measured in times.values())
sides = ["straight-line", "baseline", "Rill"] + ([COMPUTED] if with_computed else []) + ["OpenCombine"]


def instruction_cell(numerator, denominator, divisor):
    """The ratio of two instruction counts, then the counts in parentheses: denominator → numerator."""
    cell = ratio(numerator, denominator)
    if numerator is not None and denominator is not None:
        cell += f" ({denominator / divisor:,.0f} → {numerator / divisor:,.0f})"
    return cell


print(header)
print("Instructions: callgrind, per operation (callgrind.sh), in parentheses after the ratio: baseline → Rill"
      + (" (Computed: baseline → Computed, Rill → Computed)." if with_computed else "."))
print()
if with_computed:
    print("| workload | " + " | ".join(sides) + " | Rill ÷ baseline (time) | Computed ÷ baseline (time) "
          "| Computed ÷ Rill (time) | Rill ÷ baseline (instructions) | Computed ÷ baseline (instructions) "
          "| Computed ÷ Rill (instructions) | mallocs/op Rill · Computed |")
    print("|---|" + "---:|" * (len(sides) + 7))
else:
    print("| workload | straight-line | baseline | Rill | OpenCombine | Rill ÷ baseline (time) "
          "| Rill ÷ baseline (instructions) | mallocs/op Rill |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
for label, workload, divisor in rows(order):
    measured = {side: times[workload][side] / divisor if side in times[workload] else None for side in sides}
    counted = instructions.get(workload, {})
    baseline, rill, computed = counted.get("baseline"), counted.get("Rill"), counted.get(COMPUTED)
    cells = [time(measured[side]) for side in sides]
    if with_computed:
        cells += [ratio(measured["Rill"], measured["baseline"]), ratio(measured[COMPUTED], measured["baseline"]),
                  ratio(measured[COMPUTED], measured["Rill"]), instruction_cell(rill, baseline, divisor),
                  instruction_cell(computed, baseline, divisor), instruction_cell(computed, rill, divisor)]
        malloc_sides = ["Rill", COMPUTED]
    else:
        cells += [ratio(measured["Rill"], measured["baseline"]), instruction_cell(rill, baseline, divisor)]
        malloc_sides = ["Rill"]
    cells.append(" · ".join(count(mallocs[workload].get(side)) for side in malloc_sides) if divisor == 1 else "")
    print(f"| {label} | {' | '.join(cells)} |")
PYTHON
