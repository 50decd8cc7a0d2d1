# Sourced by the tests of the tools under a memory limit (ulimit -v):
# tests/memory_limit_test.sh (slidedb-query), memory_limit_build_test.sh
# (slidedb-build), memory_limit_serve_test.sh (slidedb-serve). Each run
# must do its work (exit 0) or say it ran out of memory (69), never abort.

# The least limit (KiB, from 20000 in steps of 5000) under which PROGRAM
# starts at all: below it the dynamic loader fails, before any of its code
# runs.
least_limit() {
  local least=20000
  until { (ulimit -v "$least"; exec "$1" --version); } >/dev/null 2>&1; do
    least=$((least + 5000))
    [ "$least" -lt 1000000 ] || { echo "$1 --version fails" >&2; return 1; }
  done
  echo "$least"
}

# Counts a run's exit status RC in `worked` (0) or `refused` (69, whose
# standard error, in file ERR, must say memory ran out, in PROGRAM's name);
# any other status fails the test, naming the run (WHAT).
worked=0 refused=0
tally() {
  local rc=$1 err=$2 program=$3 what=$4
  case $rc in
    0) worked=$((worked + 1)) ;;
    69)
      refused=$((refused + 1))
      grep -q "^$program: .*\(out of memory\|Cannot allocate memory\|not enough memory\|no thread could be started\)" \
        "$err" || { echo "exit 69 without saying why:"; cat "$err"; exit 1; }
      ;;
    *)
      echo "$what: exit $rc"
      cat "$err"
      exit 1
      ;;
  esac
}
