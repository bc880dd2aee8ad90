#!/usr/bin/env bash
# Turns one benchmark run into a markdown table: per workload the median time per operation for each side
# (straight-line code, the baseline, Rill, OpenCombine), Rill ÷ baseline, OpenCombine ÷ Rill, and mallocs per
# operation. When the run has the reactivity suite's Rill Computed side (`Computed` and `effect`), the table also
# has its time, Computed ÷ baseline, Computed ÷ Rill and its mallocs.
#
#   ./compare.sh                    run every suite once (release build), then print the table
#   ./compare.sh --filter 'send.*'  the same for the benchmarks whose names match (passed to the plugin, as are
#                                   --target SUITE and the plugin's other options)
#   ./compare.sh RUN.jmh.json       print the table of an earlier run, exported with `--format jmh`
#   ./compare.sh --tsv FILE ...     also write "workload<TAB>side<TAB>seconds per operation<TAB>mallocs per
#                                   operation" rows to FILE (report.sh joins them with callgrind.sh's)
#
# Conventions it reads (see Support/Workload.swift): a benchmark is named "<workload>/<library>"; one iteration
# runs 1,000 operations, except cancel_10k_*, fanout_*, cellx_*, kairo_broad, kairo_mux, history_* and teardown_*,
# where one iteration is one operation (cancelling 10,000 subscribers; one send; one update of every cellx layer;
# one write; one whole export or import; tearing down one chain).
# send_<n>sub also gets a row per delivery (time ÷ n), fanout_combine_<n> a row per join, teardown_chain_<n> a row
# per node.
set -euo pipefail
tsv=""
if [[ ${1:-} == --tsv ]]; then
  tsv="$(realpath -m "$2")"
  shift 2
fi
cd "$(dirname "$0")"

if [[ $# -eq 1 && -f "$1" ]]; then
  run="$1"
  date="$(date -u -r "$run" '+%Y-%m-%d %H:%M UTC')"
else
  out="$(mktemp -d)"
  # An incremental build does not recompile a suite when only an @inlinable body of Rill changed: the suites
  # would measure an old copy of Rill's inlined code, and so would RillStore's objects, which hold specializations
  # of Rill's code the linker may pick. Touching the suites and dropping RillStore's object files rebuilds them
  # (only the objects: without the folder's other files an incremental build fails).
  touch Benchmarks/*/*.swift Support/*.swift
  find "$(swift build -c release --show-bin-path)/RillStore.build" -name '*.o' -delete 2>/dev/null || true
  # A benchmark that fails leaves the others' results in the file; print what there is.
  swift package --allow-writing-to-directory "$out" benchmark --format jmh --path "$out" --no-progress "$@" >&2 \
    || echo "compare.sh: the benchmark run reported a failure; the table has the benchmarks that finished" >&2
  run="$out/Current_run.jmh.json"
  date="$(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "raw results: $run" >&2
fi

machine="$(uname -m), $(nproc) cores, $(swift --version 2>&1 | grep -m1 -o 'Swift version [^ ]*')"

python3 - "$run" "$machine" "$date" "$tsv" <<'PYTHON'
import json
import sys

sys.path.insert(0, "Tools")
from table import COMPUTED, count, ratio, rows, time  # noqa: E402

run, machine, date, tsv = sys.argv[1:5]

# workload -> library -> (median seconds per operation, median mallocs per operation)
results = {}
order = []
for element in json.load(open(run)):
    name = element["benchmark"].split(".", 3)[3]
    workload, library = name.rsplit("/", 1)
    library = library.replace("_", " ")  # the JMH export writes "Rill Computed" as "Rill_Computed"
    operations = 1 if workload.startswith(
        ("cancel_10k", "fanout_", "cellx", "kairo_broad", "kairo_mux", "history_", "teardown_")) else 1_000
    metrics = element["secondaryMetrics"]
    wall = metrics["Time (wall clock)"]
    assert wall["scoreUnit"] == "μs", wall["scoreUnit"]
    seconds = wall["scorePercentiles"]["50.0"] * 1e-6 / operations
    mallocs = metrics["Malloc (total)"]["scorePercentiles"]["50.0"] / operations
    if workload not in results:
        results[workload] = {}
        order.append(workload)
    results[workload][library] = (seconds, mallocs)

if tsv:
    with open(tsv, "w") as file:
        for workload in order:
            for library, (seconds, mallocs) in results[workload].items():
                file.write(f"{workload}\t{library}\t{seconds:.6e}\t{mallocs:g}\n")

# The Rill Computed columns only when the run has that side (the reactivity suite).
with_computed = any(COMPUTED in measured for measured in results.values())
libraries = ["straight-line", "baseline", "Rill"] + ([COMPUTED] if with_computed else []) + ["OpenCombine"]

print(f"Machine: {machine}. Run: {date}. Median of each benchmark's iterations; time per operation.")
print()
computed_ratios = " | Computed ÷ baseline | Computed ÷ Rill" if with_computed else ""
print(f"| workload | {' | '.join(libraries)} | Rill ÷ baseline{computed_ratios} | OpenCombine ÷ Rill "
      f"| mallocs/op {' · '.join(libraries[1:])} |")
print("|---|" + "---:|" * (len(libraries) + (5 if with_computed else 3)))
for label, workload, divisor in rows(order):
    measured = results[workload]
    times = {lib: measured[lib][0] / divisor if lib in measured else None for lib in libraries}
    mallocs = {lib: measured[lib][1] if lib in measured else None for lib in libraries}
    cells = [time(times[lib]) for lib in libraries]
    malloc_cells = " · ".join(count(mallocs[lib]) for lib in libraries[1:])
    if divisor > 1:
        malloc_cells = ""
    ratios = [ratio(times["Rill"], times["baseline"])]
    if with_computed:
        ratios += [ratio(times[COMPUTED], times["baseline"]), ratio(times[COMPUTED], times["Rill"])]
    ratios.append(ratio(times["OpenCombine"], times["Rill"]))
    print(f"| {label} | {' | '.join(cells)} | {' | '.join(ratios)} | {malloc_cells} |")
PYTHON
