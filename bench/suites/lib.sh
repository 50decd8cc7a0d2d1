# Shared by the benchmark suites (bench/suites/*.sh), sourced after each
# has changed to the repository's top: `. bench/suites/lib.sh`.

# The median of the numbers on standard input, one a line (the mean of
# the two middle ones for an even count).
median() {
  sort -g | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}
