#!/usr/bin/env bash
# Installs the Debian packages slidedb builds, tests and benchmarks with.
# Does nothing when they are all there already.
set -euo pipefail

packages=(
  build-essential cmake pkg-config
  librocksdb-dev libboost-program-options-dev nlohmann-json3-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  gnuplot-nox
  hyperfine jq time
  # The library for programs (docs/API.md): Python module, man pages, .deb.
  python3-dev python3-pybind11 python3-pytest help2man file dpkg-dev
  python3-pip python3-setuptools python3-venv python3-wheel python3-numpy  # pip install . (pyproject.toml)
  libcpp-httplib-dev wrk curl  # the server tests' HTTP client; scripts/bench.sh serve
  strace valgrind  # scripts/bench.sh compare
  libopenmpi-dev openmpi-bin  # slidedb-build under mpirun (docs/SCALE.md)
)
# tests/scripts/fuzz.sh: clang with libFuzzer and the sanitizer runtimes.
if [ "${1:-}" = "--fuzz" ]; then packages+=(clang-14 libclang-rt-14-dev); shift; fi
packages+=("$@")  # more that a caller needs (scripts/install_browser_deps.sh)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "installing: ${missing[*]}" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
