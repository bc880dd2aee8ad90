"""What compare.sh and report.sh share: the order of the rows, the per-item rows, and how a cell is written."""
import re

# The side name of the reactivity suite's `Computed` and `effect` form (Support/Workload.swift's Library.computed).
COMPUTED = "Rill Computed"

# Workloads in this order (by prefix), then by size, then by name.
KINDS = ["send_", "chain3", "take_until", "combine2", "combine5", "combine7", "diamond", "combine_list_", "fanout_",
         "churn", "cancel_10k", "teardown_", "store_dispatch", "store_large_state", "store_entities", "kairo_",
         "cellx", "read_", "history_"]

# Workloads whose every item gets a row of its own: the pattern, the label, the item count's group.
PER_ITEM = ((r"send_(\d+k?)sub", "per delivery"), (r"fanout_combine_(\d+k?)", "per join"),
            (r"fanout_computed_(\d+k?)", "per node"), (r"teardown_chain_(\d+k?)", "per node"))


def size(text):
    """10 → 10, 10k → 10,000, 1m → 1,000,000."""
    scale = {"k": 1_000, "m": 1_000_000}.get(text[-1], 1)
    return int(text[:-1]) * scale if scale > 1 else int(text)


def rank(workload):
    prefix = next((i for i, kind in enumerate(KINDS) if workload.startswith(kind)), len(KINDS))
    number = re.search(r"(\d+[km]?)", workload)
    return (prefix, size(number.group(1)) if number else 0, workload)


def rows(workloads):
    """(label, workload, divisor) for each workload in order, plus a per-item row where there are several items."""
    result = []
    for workload in sorted(workloads, key=rank):
        result.append((workload, workload, 1))
        for pattern, label in PER_ITEM:
            match = re.fullmatch(pattern, workload)
            if match and size(match.group(1)) > 1:
                result.append((f"{workload} {label}", workload, size(match.group(1))))
    return result


def time(seconds):
    if seconds is None:
        return "—"
    for unit, scale in (("ns", 1e9), ("µs", 1e6), ("ms", 1e3)):
        if seconds * scale < 10_000 or unit == "ms":
            value = seconds * scale
            return f"{value:.2f} {unit}" if value < 1 else f"{value:.1f} {unit}" if value < 100 else f"{value:.0f} {unit}"


def ratio(numerator, denominator):
    if numerator is None or denominator is None or denominator == 0:
        return "—"
    return f"{numerator / denominator:.2f}×"


def count(value):
    return "—" if value is None else (f"{value:.0f}" if value == int(value) else f"{value:.3g}")
