#!/usr/bin/env bash
# Instructions per operation, counted by valgrind's callgrind (stable on a noisy machine, unlike time), for the sides
# Profile runs: straight-line code, the baseline and Rill, and for the reactivity workloads (kairo_*, cellx_*,
# fanout_computed_*, read_value, read_reported, read_observable; async_restart and async_complete, an AsyncComputed) Rill
# Computed (`Computed` and `effect`, as the JS originals), with Computed ÷ baseline and
# Computed ÷ Rill.
#
#   ./callgrind.sh                        every workload Profile knows
#   ./callgrind.sh send_1sub chain3       only these
#   ./callgrind.sh --tsv FILE ...         also write "workload<TAB>side<TAB>instructions per operation" rows to FILE
#                                         (report.sh joins them with a benchmark run)
#
# Each workload runs twice per side, with N and 2N operations; the difference of the two totals divided by N is the
# cost of one operation without setup, start-up or teardown. A side Profile has no form of (it exits non-zero) shows
# "—". Keep the runs' profiles with KEEP=1 (then `callgrind_annotate FILE`).
set -euo pipefail
cd "$(dirname "$0")"

tsv=""
if [[ ${1:-} == --tsv ]]; then
  tsv="$2"
  shift 2
fi
workloads=("$@")
if [[ ${#workloads[@]} -eq 0 ]]; then
  workloads=(
    send_1sub send_10sub send_100sub chain3 take_until merge5 chain_90 chain_1000 combine2 diamond
    combine_list_10 combine_list_1000
    fanout_combine_10 fanout_combine_1000 fanout_combine_10k churn chain_lifecycle chain_teardown
    store_dispatch_10 store_dispatch_1000
    combine4_transform combine4_map combine4_pack_transform combine4_pack_map combine5_transform combine5_map
    combine5_pack_transform combine5_pack_map combine7_transform combine7_pack_map
    kairo_deep kairo_broad kairo_diamond kairo_triangle kairo_mux kairo_repeated kairo_unstable kairo_avoidable
    cellx_100 cellx_1000 fanout_computed_10 fanout_computed_10k read_value read_reported read_observable
    async_restart async_complete
  )
fi

# An incremental build does not recompile a client when only an @inlinable body of Rill changed, so Profile could
# keep an old copy of Rill's inlined code (once it crashed, mixing it with a new layout). So could RillStore, whose
# objects hold specializations of Rill's code too, which the linker may pick over Profile's: a run measured a
# function of Rill's that the source in front of it inlines. Their object files go, so both are rebuilt (about a
# minute). Only the objects: without the folders' other files an incremental build fails (their output file maps).
bin="$(swift build -c release --show-bin-path)"
find "$bin/Profile.build" "$bin/RillStore.build" -name '*.o' -delete 2>/dev/null || true
swift build -c release --product Profile >&2
profile="$bin/Profile"
out="$(mktemp -d)"
[[ -n $tsv ]] && : >"$tsv"

# How many operations the shorter run does: fewer for the workloads whose one operation is large.
operations_of() {
  case $1 in
    cellx_1000) echo 20 ;;
    cellx_*) echo 200 ;;
    fanout_combine_10k | fanout_computed_10k) echo 4 ;;
    fanout_combine_1000) echo 40 ;;
    fanout_combine_10 | fanout_computed_10 | chain_1000 | send_100sub | kairo_broad | kairo_mux) echo 2000 ;;
    chain_lifecycle | chain_teardown | async_*) echo 2000 ;;
    *) echo 20000 ;;
  esac
}

instructions() {  # workload side operations -> total instructions, or nothing when Profile has no such form
  local file="$out/callgrind.$1.$2.$3" log
  # A teardown workload counts only its teardown (Profile's `measuredTeardown`): what it frees was built first.
  local only=()
  [[ $1 == *_teardown ]] && only=(--collect-atstart=no '--toggle-collect=*measuredTeardown*')
  if log=$(valgrind --tool=callgrind "${only[@]}" --callgrind-out-file="$file" "$profile" "$1" "$2" "$3" \
    2>&1 >/dev/null); then
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' <<<"$log"
  fi
}

per_operation() {  # workload side -> instructions per operation, or "—"
  local count single double
  count=$(operations_of "$1")
  # A form Profile does not have fails at once: no need to start valgrind for it.
  "$profile" "$1" "$2" 1 >/dev/null 2>&1 || { echo "—"; return; }
  single=$(instructions "$1" "$2" "$count")
  [[ -z $single ]] && { echo "—"; return; }
  double=$(instructions "$1" "$2" "$((2 * count))")
  [[ -z $double ]] && { echo "—"; return; }
  echo $(((double - single) / count))
}

ratio() {  # numerator denominator -> "n.nn×", or "—"
  if [[ $1 != "—" && $2 != "—" ]]; then
    python3 -c "print(f'{$1 / max($2, 1):.2f}×')"
  else
    echo "—"
  fi
}

# The Rill Computed columns only when a workload asked for has that form (the reactivity workloads).
sides=(straight-line baseline Rill)
for workload in "${workloads[@]}"; do
  if "$profile" "$workload" "Rill Computed" 1 >/dev/null 2>&1; then
    sides+=("Rill Computed")
    break
  fi
done

if [[ ${#sides[@]} -eq 4 ]]; then
  echo "| workload | straight-line instr/op | baseline instr/op | Rill instr/op | Rill Computed instr/op | Rill ÷ baseline" \
    "| Computed ÷ baseline | Computed ÷ Rill |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|"
else
  echo "| workload | straight-line instr/op | baseline instr/op | Rill instr/op | Rill ÷ baseline |"
  echo "|---|---:|---:|---:|---:|"
fi
for workload in "${workloads[@]}"; do
  declare -A per=()
  for side in "${sides[@]}"; do
    per[$side]=$(per_operation "$workload" "$side")
    [[ -n $tsv && ${per[$side]} != "—" ]] && printf '%s\t%s\t%s\n' "$workload" "$side" "${per[$side]}" >>"$tsv"
  done
  row="| $workload | ${per[straight-line]} | ${per[baseline]} | ${per[Rill]}"
  if [[ ${#sides[@]} -eq 4 ]]; then
    row+=" | ${per[Rill Computed]} | $(ratio "${per[Rill]}" "${per[baseline]}")"
    row+=" | $(ratio "${per[Rill Computed]}" "${per[baseline]}") | $(ratio "${per[Rill Computed]}" "${per[Rill]}") |"
  else
    row+=" | $(ratio "${per[Rill]}" "${per[baseline]}") |"
  fi
  echo "$row"
done
if [[ "${KEEP:-0}" == 1 ]]; then
  echo "profiles: $out (callgrind_annotate FILE)" >&2
else
  rm -rf "$out"
fi
