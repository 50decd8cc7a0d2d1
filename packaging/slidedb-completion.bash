# bash completion for the slidedb programs (slidedb-build, slidedb-query...).
# Installed once per program under bash-completion's completions directory.
# The options are read from the program's own --help, so they never drift:
# so is whether an option takes a value (its line in the option list has a
# word after the name: "--verify arg", not "--verify  check ...").

_slidedb_options() {
  "$1" --help 2>/dev/null | grep -oE -- '--[a-z][a-z-]*' | sort -u
}

# Whether program $1's option $2 takes a value: Boost's option list gives
# each option a line starting with two spaces ("  -q [ --quiet ]  ..."),
# and one space then the value's name after one that takes a value. (grep
# reads the whole help: under pipefail, grep -q's early exit would fail
# the program with SIGPIPE.)
_slidedb_takes_value() {
  "$1" --help 2>/dev/null |
    grep -E -- "^  (-[a-zA-Z] \[ )?$2( \])? [^ ]" >/dev/null
}

# Every board the tools take: rows and columns at least 2, at most 25
# cells (lib/puzzle/board.h), the usual 3x3 first.
_slidedb_boards() {
  local r c
  echo 3x3
  for ((r = 2; r <= 12; r++)); do
    for ((c = 2; r * c <= 25; c++)); do
      [[ $r$c == 33 ]] || echo "${r}x$c"
    done
  done
}

# The names program $1 (its file name) takes for option $2's value, or none.
_slidedb_names() {
  case $1:$2 in
    slidedb-build:--format|slidedb-tour:--format) echo "text json" ;;
    *:--format) echo "text json csv" ;;
    *:--export) echo "csv json" ;;
    *:--board) _slidedb_boards ;;
    *:--metric) echo "stm mtm" ;;
    *:--notation) echo "blank tile" ;;
    *:--records) echo "byte two-bit" ;;
    *:--pdb) echo "strong" ;;
    *:--rule) echo "warnsdorff xiao alternate" ;;
    *:--tie-order) echo "wirth mirrored" ;;
  esac
}

_slidedb() {
  local prog cur prev
  prog=${COMP_WORDS[0]}
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD-1]}
  if [[ $prev == --* ]] && _slidedb_takes_value "$prog" "$prev"; then
    case ${prog##*/}:$prev in
      *:--db|slidedb-serve:--web)
        compopt -o filenames 2>/dev/null
        mapfile -t COMPREPLY < <(compgen -d -- "$cur")
        ;;
      slidedb-tour:--verify|slidedb-serve:--access-log)  # a file, or '-'
        compopt -o filenames 2>/dev/null
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
        ;;
      *)  # a name the program lists, else a value of the user's own
        mapfile -t COMPREPLY < <(compgen -W "$(_slidedb_names "${prog##*/}" "$prev")" -- "$cur")
        ;;
    esac
    return
  fi
  if [[ $cur == -* ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$(_slidedb_options "$prog")" -- "$cur")
  fi
  return 0
}

complete -F _slidedb slidedb-build slidedb-query slidedb-serve slidedb-tour
