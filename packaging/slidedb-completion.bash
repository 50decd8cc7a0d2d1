# bash completion for the slidedb programs (slidedb-build, slidedb-query...).
# Installed once per program under bash-completion's completions directory.
# The options are read from the program's own --help, so they never drift.

_slidedb_options() {
  "$1" --help 2>/dev/null | grep -oE -- '--[a-z][a-z-]*' | sort -u
}

_slidedb() {
  local cur prev
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD-1]}
  case $prev in
    --db)
      compopt -o filenames 2>/dev/null
      mapfile -t COMPREPLY < <(compgen -d -- "$cur")
      return ;;
    --board)
      mapfile -t COMPREPLY < <(compgen -W "3x3 2x2 2x3 3x2 2x4 4x2 2x5 5x2 3x4 4x3 2x6 6x2" -- "$cur")
      return ;;
    --format)
      mapfile -t COMPREPLY < <(compgen -W "text json csv" -- "$cur")
      return ;;
    --export)
      mapfile -t COMPREPLY < <(compgen -W "csv json" -- "$cur")
      return ;;
    --goal|--blank|--limit|--verify|--at-distance|--sample|--distance|--seed|--threads|--port)
      return ;;  # a value of the user's own
  esac
  if [[ $cur == -* ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$(_slidedb_options "${COMP_WORDS[0]}")" -- "$cur")
  fi
}

complete -F _slidedb slidedb-build slidedb-query slidedb-serve slidedb-tour
