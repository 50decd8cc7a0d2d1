#include "serve/progress.h"

#include <cstdio>
#include <utility>

namespace slidedb {

bool ValidProgressId(std::string_view id) {
  if (id.empty() || id.size() > kMaxProgressIdLength) return false;
  for (const char c : id) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                    (c >= '0' && c <= '9') || c == '_' || c == '-';
    if (!ok) return false;
  }
  return true;
}

std::string ProgressSlot::Json(const std::string& id) const {
  const int bound = bound_.load(std::memory_order_relaxed);
  const uint64_t nodes = nodes_.load(std::memory_order_relaxed);
  const std::chrono::duration<double> seconds =
      std::chrono::steady_clock::now() - began_;
  char time[32];
  std::snprintf(time, sizeof time, "%.3f", seconds.count());
  // The id is checked (ValidProgressId): nothing in it needs escaping.
  std::string out = "{\"id\":\"" + id + "\",\"running\":true,\"bound\":";
  out += bound < 0 ? "null" : std::to_string(bound);
  out += ",\"states\":";
  out += bound < 0 ? "null" : std::to_string(nodes);
  out += ",\"counting\":";
  out += counting_.load(std::memory_order_relaxed) ? "true" : "false";
  out += ",\"seconds\":";
  out += time;
  out += "}\n";
  return out;
}

ProgressRegistry::Added ProgressRegistry::Add(
    const std::string& id, std::shared_ptr<ProgressSlot>* slot) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (slots_.count(id) > 0) return Added::kTaken;
  if (slots_.size() >= kMaxProgressEntries) return Added::kFull;
  *slot = std::make_shared<ProgressSlot>();
  slots_.emplace(id, *slot);
  return Added::kAdded;
}

void ProgressRegistry::Remove(const std::string& id) {
  std::lock_guard<std::mutex> lock(mutex_);
  slots_.erase(id);
}

std::shared_ptr<const ProgressSlot> ProgressRegistry::Find(
    const std::string& id) const {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto it = slots_.find(id);
  return it == slots_.end() ? nullptr : it->second;
}

}  // namespace slidedb
