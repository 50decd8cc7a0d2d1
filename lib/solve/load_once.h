// LoadOnce: values made on first use, once each, keyed: the tables and
// searches a Solver opens. A thread that asks for a value being made waits
// for it; a thread that asks for another key does not (each key has a lock
// of its own, held while its value is made; the map's lock only while a
// slot is found or added). A failure is not kept: the next asker tries
// again.
// Thread-safe.
#ifndef SLIDEDB_LIB_SOLVE_LOAD_ONCE_H_
#define SLIDEDB_LIB_SOLVE_LOAD_ONCE_H_

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <shared_mutex>

#include "lib/base/status.h"

namespace slidedb {

// Value is copied out (a pointer, shared or plain); once made it is never
// changed, except by Set, which puts a new slot in its key's place.
template <typename Key, typename Value>
class LoadOnce {
 public:
  using Make = std::function<Status(Value*)>;

  // The value of `key`, made by make() if none was made yet.
  Status Get(const Key& key, const Make& make, Value* out) {
    if (Find(key, out)) return Status::OK();
    std::shared_ptr<Slot> slot;
    {
      std::unique_lock<std::shared_mutex> lock(mutex_);
      std::shared_ptr<Slot>& s = slots_[key];
      if (s == nullptr) s = std::make_shared<Slot>();
      slot = s;
    }
    if (slot->ready.load(std::memory_order_acquire)) {
      *out = slot->value;
      return Status::OK();
    }
    std::lock_guard<std::mutex> making(slot->making);
    if (!slot->ready.load(std::memory_order_acquire)) {
      Value made{};
      Status s = make(&made);
      if (!s.ok()) return s;
      slot->value = std::move(made);
      slot->ready.store(true, std::memory_order_release);
    }
    *out = slot->value;
    return Status::OK();
  }

  // The value of `key` if it is made, else false.
  bool Find(const Key& key, Value* out) const {
    std::shared_lock<std::shared_mutex> lock(mutex_);
    auto it = slots_.find(key);
    if (it == slots_.end() ||
        !it->second->ready.load(std::memory_order_acquire)) {
      return false;
    }
    *out = it->second->value;
    return true;
  }

  // Makes `value` the value of `key` (a thread making one meanwhile
  // finishes on the slot it had).
  void Set(const Key& key, Value value) {
    auto slot = std::make_shared<Slot>();
    slot->value = std::move(value);
    slot->ready.store(true, std::memory_order_release);
    std::unique_lock<std::shared_mutex> lock(mutex_);
    slots_[key] = std::move(slot);
  }

 private:
  struct Slot {
    std::mutex making;  // held while the value is made
    std::atomic<bool> ready{false};
    Value value{};
  };
  mutable std::shared_mutex mutex_;  // guards slots_ (the map)
  std::map<Key, std::shared_ptr<Slot>> slots_;
};

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SOLVE_LOAD_ONCE_H_
