// Runs a fuzz target over files, as libFuzzer replays a corpus, for builds
// without libFuzzer: every file of every directory (or file) named on the
// command line is one input. ctest runs each target over its seeds and the
// crashes found so far (tests/fuzz/).
//
// With --seconds S it then goes on for S seconds with inputs made from
// those files by random mutations (bytes flipped, inserted, deleted,
// repeated, numbers and separators put in, two inputs spliced), from the
// PRNG seed of --seed (default 1): a short run of the fuzzer that needs no
// clang, which the address sanitizer's build runs in CI. An input that
// crashes or fails a check is written first to the file FUZZ_CRASH_FILE
// names (default ./fuzz-crash-input) and its bytes to standard error as
// hex, so that it can join tests/fuzz/crashes/<target>/.
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <string_view>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

// The input being run, for the handler of a crash.
std::string current;
const char* crash_file = "fuzz-crash-input";

void WriteAll(int fd, const char* p, size_t n) {
  while (n > 0) {
    const ssize_t w = write(fd, p, n);
    if (w <= 0) return;
    p += w;
    n -= static_cast<size_t>(w);
  }
}

// Async-signal-safe: open, write and a hand-made hex dump only.
void OnCrash(int sig) {
  const int fd = open(crash_file, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd >= 0) {
    WriteAll(fd, current.data(), current.size());
    close(fd);
  }
  static const char kHex[] = "0123456789abcdef";
  static const char kHead[] = "\nfuzz driver: the input that failed, hex: ";
  WriteAll(2, kHead, sizeof kHead - 1);
  for (unsigned char c : current) {
    const char pair[2] = {kHex[c >> 4], kHex[c & 15]};
    WriteAll(2, pair, 2);
  }
  WriteAll(2, "\n", 1);
  signal(sig, SIG_DFL);
  raise(sig);
}

void Run(const std::string& input) {
  current = input;
  LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(current.data()),
                         current.size());
}

// One random change of `s`; `other` for a splice.
void Mutate(std::string* s, const std::string& other, std::mt19937_64* rng) {
  static constexpr std::string_view kTokens[] = {
      "0", "1", "-1", "25", "4x4", "5x5", "65536", "2147483648",
      "99999999999999999999", "1e308", "nan", "inf", "0x10", " ", "\n",
      "\r\n", "\t", ",", "=", "&", "%", "%00", "%ff", ":", "@", "[", "]",
      "/", "..", "\xff", std::string_view("\0", 1)};
  auto pick = [rng](size_t n) { return n == 0 ? 0 : (*rng)() % n; };
  const size_t at = pick(s->size() + 1);
  switch ((*rng)() % 7) {
    case 0:  // a byte flipped
      if (!s->empty()) (*s)[pick(s->size())] ^= static_cast<char>(1 << pick(8));
      break;
    case 1:  // a random byte put in
      s->insert(at, 1, static_cast<char>((*rng)() & 0xFF));
      break;
    case 2:  // a run deleted
      if (!s->empty()) s->erase(pick(s->size()), 1 + pick(8));
      break;
    case 3: {  // a run repeated
      if (s->empty()) break;
      const size_t from = pick(s->size());
      const std::string run = s->substr(from, 1 + pick(16));
      s->insert(at, run);
      break;
    }
    case 4:  // a token put in
    case 5: {
      s->insert(at, kTokens[pick(std::size(kTokens))]);
      break;
    }
    default:  // the head of this input, the tail of another
      *s = s->substr(0, at) + other.substr(pick(other.size() + 1));
  }
  if (s->size() > 1100) s->resize(1100);  // as tests/scripts/fuzz.sh
}

}  // namespace

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  double seconds = 0;
  uint64_t seed = 1;
  std::vector<fs::path> files;
  for (int k = 1; k < argc; ++k) {
    const std::string arg = argv[k];
    if (arg == "--seconds" && k + 1 < argc) {
      seconds = std::atof(argv[++k]);
    } else if (arg == "--seed" && k + 1 < argc) {
      seed = std::strtoull(argv[++k], nullptr, 10);
    } else if (fs::is_directory(arg)) {
      for (const auto& e : fs::directory_iterator(arg)) {
        if (e.is_regular_file()) files.push_back(e.path());
      }
    } else if (fs::exists(arg)) {
      files.push_back(arg);
    }
  }
  if (const char* f = std::getenv("FUZZ_CRASH_FILE")) crash_file = f;
  for (int sig : {SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL}) {
    signal(sig, OnCrash);
  }
  std::vector<std::string> inputs;
  for (const auto& f : files) {
    std::ifstream in(f, std::ios::binary);
    inputs.emplace_back(std::istreambuf_iterator<char>(in),
                        std::istreambuf_iterator<char>());
    Run(inputs.back());
  }
  std::printf("%zu inputs ran\n", inputs.size());
  if (inputs.empty()) return 1;
  if (seconds <= 0) return 0;
  std::mt19937_64 rng(seed);
  const auto end = std::chrono::steady_clock::now() +
                   std::chrono::duration<double>(seconds);
  uint64_t made = 0;
  while (std::chrono::steady_clock::now() < end) {
    for (int k = 0; k < 64; ++k, ++made) {
      std::string s = inputs[rng() % inputs.size()];
      const int changes = 1 + static_cast<int>(rng() % 4);
      for (int c = 0; c < changes; ++c) {
        Mutate(&s, inputs[rng() % inputs.size()], &rng);
      }
      Run(s);
    }
  }
  std::printf("%llu mutated inputs ran (seed %llu), clean\n",
              static_cast<unsigned long long>(made),
              static_cast<unsigned long long>(seed));
  return 0;
}
