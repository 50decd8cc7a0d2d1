# Sourced by the shell tests that wait on a process's output:
# tests/memory_limit_serve_test.sh (a server listening) and
# tests/mpi/killed_rank_test.sh (a build past a depth).

# wait_for PATTERN FILE PID TRIES STEP: waits until FILE has a whole line
# (its newline written) that matches PATTERN (grep -E) or process PID has
# ended, looking TRIES times STEP seconds apart at the most; true when the
# line is there.
wait_for() {
  local pattern=$1 file=$2 pid=$3 tries=$4 step=$5
  for _ in $(seq "$tries"); do
    whole_lines "$file" | grep -E "$pattern" >/dev/null && return 0
    kill -0 "$pid" 2>/dev/null || break
    sleep "$step"
  done
  whole_lines "$file" | grep -E "$pattern" >/dev/null
}

# whole_lines FILE: FILE's lines up to its last newline, leaving out a line
# still being written. (Its readers take all of it, not grep -q: under
# pipefail, head killed by SIGPIPE past a match would fail the pipe.)
whole_lines() {
  head -n "$(wc -l <"$1")" "$1"
}
