#!/usr/bin/env bash
# The Python module against its floors (BENCHMARKS.md); prints one
# Markdown table (the one in BENCHMARKS.md): db.solve_many of 1,000,000
# random solvable 3x3 states (slidedb-bench --states, the input of
# scripts/bench.sh 3x3's batch), one db.solve and one db.distance call
# including Python's overhead, and, side by side in the same run,
# slidedb-query's batch over the same states.
#
#   scripts/bench.sh python     # builds via scripts/build.sh, then measures
set -euo pipefail
cd "$(dirname "$0")/../.."

RUNS=3
. bench/suites/lib.sh  # python_setup, median
python_setup

: >"$tmp/cli"
for _ in $(seq "$RUNS"); do
  /usr/bin/time -f "%e" -o "$tmp/time" \
    "$B"/slidedb-query --db "$tmp/db" --format json <"$tmp/states.txt" >/dev/null
  cat "$tmp/time" >>"$tmp/cli"
done
cli_s=$(median <"$tmp/cli")

PYTHONPATH=$B/python "$PY" - "$tmp/db" "$tmp/states.txt" "$RUNS" "$cli_s" \
  "$load_before" "$SEED" <<'PYEOF'
import statistics, sys, time, timeit
import slidedb

db = slidedb.open(sys.argv[1])
states = open(sys.argv[2]).read().split()
runs, cli_s, load_before = int(sys.argv[3]), float(sys.argv[4]), sys.argv[5]
seed = sys.argv[6]
n = len(states)

# Wall time, and CPU time (both threads of solve_many): on a loaded
# machine the wall time also counts the time other processes ran.
many, many_cpu = [], []
for _ in range(runs):
    c, t = time.process_time(), time.perf_counter()
    out = db.solve_many(states)
    many.append(time.perf_counter() - t)
    many_cpu.append(time.process_time() - c)
    assert len(out) == n and all(o["solvable"] for o in out[:1000])
    del out
many_s, many_cpu_s = statistics.median(many), statistics.median(many_cpu)

# Short repeats, so that few are cut by another process; the median.
def per_call(stmt, timer, number=20000, repeat=31):
    t = timeit.Timer(stmt, timer=timer, globals={"db": db, "s": "867254301"})
    return statistics.median(t.repeat(repeat, number)) / number * 1e6

solve_us = per_call("db.solve(s)", time.perf_counter)
solve_cpu_us = per_call("db.solve(s)", time.process_time)
distance_us = per_call("db.distance(s)", time.perf_counter)
empty_us = per_call("len(s)", time.perf_counter)  # a call that does nothing

def row(name, value, floor, ratio, ok):
    print(f"| {name} | {value} | {floor} | {ratio} | {'met' if ok else '**missed**'} |")

print(f"3x3, {n:,} random solvable states (slidedb-bench --states, seed "
      f"{seed}); Debian python3 {sys.version.split()[0]}, "
      f"module {slidedb.__version__}.\n")
print("| figure | measured | floor | ratio to the floor (1 or more: met) | |")
print("| --- | --- | --- | --- | --- |")
rate = n / many_s
row(f"`db.solve_many` of {n:,} states, list of dicts, median of {runs}",
    f"{rate:,.0f} states/s ({many_s:.2f} s wall; CPU {many_cpu_s:.2f} s: "
    f"{n / many_cpu_s:,.0f} states/CPU-s)", "500,000 states/s",
    f"{rate / 500000:.2f}x", rate >= 500000)
row("`db.solve('867254301')` (31 moves), median per call",
    f"{solve_us:.2f} us (CPU {solve_cpu_us:.2f} us)",
    "3 us", f"{3 / solve_us:.2f}x", solve_us <= 3)
row("`db.distance('867254301')`, median per call", f"{distance_us:.2f} us", "-",
    "-", True)
row("a Python call doing nothing (`len(s)`), for scale", f"{empty_us:.3f} us",
    "-", "-", True)
row(f"side by side: `slidedb-query --format json` over the same states, median of {runs}",
    f"{n / cli_s:,.0f} states/s ({cli_s:.2f} s)", "-",
    f"solve_many is {cli_s / many_s:.2f}x the CLI's rate", True)
print(f"\nLoad average before: {load_before}; after: "
      f"{' '.join(open('/proc/loadavg').read().split()[:3])} "
      f"(other helpers were building and testing on the same 2 cores).")
PYEOF
