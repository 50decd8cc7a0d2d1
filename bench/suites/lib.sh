# Shared by the benchmark suites (bench/suites/*.sh), sourced after each
# has changed to the repository's top: `. bench/suites/lib.sh`.

# The median of the numbers on standard input, one a line (the mean of
# the two middle ones for an even count).
median() {
  sort -g | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}

# A Markdown table's rows, gathered in `rows` (start with rows=()):
# `row FIGURE MEASURED FLOOR VERDICT`.
row() { rows+=("| $1 | $2 | $3 | $4 |"); }

# The verdict on a figure against a floor it must not exceed (met) or,
# with met_least, one it must reach.
met() { awk -v v="$1" -v f="$2" 'BEGIN { print (v <= f ? "met" : "**missed**") }'; }
met_least() { awk -v v="$1" -v f="$2" 'BEGIN { print (v >= f ? "met" : "**missed**") }'; }
