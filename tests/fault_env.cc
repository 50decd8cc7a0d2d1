#include "tests/fault_env.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace slidedb::testing {

namespace {

std::string Parent(const std::string& path) {
  return std::filesystem::path(path).parent_path().string();
}

// `path` with its prefix `from` (the whole path or a directory above it)
// replaced by `to`.
std::string Moved(const std::string& path, const std::string& from,
                  const std::string& to) {
  if (path == from) return to;
  if (path.size() > from.size() && path.compare(0, from.size(), from) == 0 &&
      path[from.size()] == '/') {
    return to + path.substr(from.size());
  }
  return path;
}

}  // namespace

class FaultFile : public WritableFile {
 public:
  FaultFile(FaultInjectionEnv* env,
            std::shared_ptr<FaultInjectionEnv::Written> written,
            std::unique_ptr<WritableFile> target)
      : env_(env), written_(std::move(written)), target_(std::move(target)) {}

  Status Append(std::string_view data) override {
    return env_->Append(written_.get(), target_.get(), data);
  }
  Status Sync() override {
    Status s = env_->Step("sync", written_->path);
    // (No real fsync: the power cuts are this Env's, and it knows.)
    if (s.ok()) written_->synced = written_->size;
    return s;
  }
  Status Close() override {
    Status s = env_->Step("close", written_->path);
    if (s.ok()) s = target_->Close();
    return s;
  }

 private:
  FaultInjectionEnv* env_;
  std::shared_ptr<FaultInjectionEnv::Written> written_;
  std::unique_ptr<WritableFile> target_;
};

Status FaultInjectionEnv::Step(const std::string& op, const std::string& path) {
  ++steps_;
  if (on_step_) on_step_(steps_, op, path);
  if (stop_at_ > 0 && steps_ >= stop_at_) stopped_ = true;
  if (stopped_) {
    return Status::IOError(op + " " + path + ": stopped by the test");
  }
  return Status::OK();
}

Status FaultInjectionEnv::Append(Written* file, WritableFile* target,
                                 std::string_view data) {
  Status s = Step("append", file->path);
  if (!s.ok()) return s;
  if (++appends_ == fail_write_at_) {
    return Status::IOError("writing " + file->path + ": " +
                           std::strerror(ENOSPC));
  }
  s = target->Append(data);
  if (s.ok()) file->size += data.size();
  return s;
}

void FaultInjectionEnv::Move(const std::string& from, const std::string& to) {
  for (auto& w : written_) w->path = Moved(w->path, from, to);
  for (DirChange& c : pending_) {
    c.a = Moved(c.a, from, to);
    c.b = Moved(c.b, from, to);
    std::set<std::string> dirs;
    for (const std::string& d : c.dirs) dirs.insert(Moved(d, from, to));
    c.dirs = std::move(dirs);
  }
}

void FaultInjectionEnv::Exchanged(const std::string& a, const std::string& b) {
  const std::string swap = a + "\n(swapping)";
  Move(a, swap);
  Move(b, a);
  Move(swap, b);
}

Status FaultInjectionEnv::NewWritableFile(const std::string& path,
                                          std::unique_ptr<WritableFile>* file) {
  Status s = Step("create", path);
  std::unique_ptr<WritableFile> real;
  if (s.ok()) s = target()->NewWritableFile(path, &real);
  if (!s.ok()) return s;
  auto written = std::make_shared<Written>();
  written->path = path;
  written_.push_back(written);
  pending_.push_back({DirChange::kCreate, path, "", {Parent(path)}});
  file->reset(new FaultFile(this, written, std::move(real)));
  return Status::OK();
}

Status FaultInjectionEnv::LinkFile(const std::string& from,
                                   const std::string& to) {
  Status s = Step("link", to);
  if (s.ok()) s = target()->LinkFile(from, to);
  if (s.ok()) pending_.push_back({DirChange::kCreate, to, "", {Parent(to)}});
  return s;
}

Status FaultInjectionEnv::SyncFile(const std::string& path) {
  Status s = Step("sync", path);
  if (s.ok()) {
    for (auto& w : written_) {
      if (w->path == path) w->synced = w->size;
    }
  }
  return s;
}

Status FaultInjectionEnv::Rename(bool exchange, const std::string& a,
                                 const std::string& b) {
  Status s = Step(exchange ? "exchange" : "rename", b);
  if (s.ok() && fail_renames_) {
    s = Status::IOError((exchange ? "swapping " : "moving ") + a +
                        (exchange ? " with " : " to ") + b + ": " +
                        std::strerror(EIO));
  }
  if (s.ok()) {
    s = exchange ? target()->ExchangeFiles(a, b) : target()->RenameFile(a, b);
  }
  if (!s.ok()) return s;
  if (exchange) {
    Exchanged(a, b);
  } else {
    Move(a, b);
  }
  pending_.push_back({exchange ? DirChange::kExchange : DirChange::kRename, a,
                      b, {Parent(a), Parent(b)}});
  return s;
}

Status FaultInjectionEnv::SyncDir(const std::string& dir) {
  Status s = Step("syncdir", dir);
  if (!s.ok() || forget_sync_dir_) return s;
  std::vector<DirChange> still;
  for (DirChange& c : pending_) {
    c.dirs.erase(dir);
    if (!c.dirs.empty()) still.push_back(std::move(c));
  }
  pending_ = std::move(still);
  return s;
}

Status FaultInjectionEnv::CreateDir(const std::string& dir) {
  Status s = Step("mkdir", dir);
  const bool existed = target()->FileExists(dir);
  if (s.ok()) s = target()->CreateDir(dir);
  if (s.ok() && !existed) {
    pending_.push_back({DirChange::kCreate, dir, "", {Parent(dir)}});
  }
  return s;
}

Status FaultInjectionEnv::RemoveAll(const std::string& path) {
  Status s = Step("remove", path);
  return s.ok() ? target()->RemoveAll(path) : s;
}

Status FaultInjectionEnv::LockFile(const std::string& path,
                                   std::unique_ptr<FileLock>* lock) {
  Status s = Step("lock", path);
  return s.ok() ? target()->LockFile(path, lock) : s;
}

Status FaultInjectionEnv::PowerCut() {
  for (const auto& w : written_) {
    if (target()->FileExists(w->path) &&
        truncate(w->path.c_str(), static_cast<off_t>(w->synced)) != 0) {
      return Status::IOError("truncating " + w->path + ": " +
                             std::strerror(errno));
    }
  }
  written_.clear();
  Status s;
  // Newest first; an undone rename moves the paths of the older changes
  // back with it.
  for (size_t i = pending_.size(); s.ok() && i-- > 0;) {
    const DirChange c = pending_[i];
    switch (c.kind) {
      case DirChange::kCreate:
        s = target()->RemoveAll(c.a);
        break;
      case DirChange::kRename:
        if (target()->FileExists(c.b)) s = target()->RenameFile(c.b, c.a);
        Move(c.b, c.a);
        break;
      case DirChange::kExchange:
        // One side may be gone since (a removal is not undone).
        if (!target()->FileExists(c.a)) {
          if (target()->FileExists(c.b)) s = target()->RenameFile(c.b, c.a);
        } else if (!target()->FileExists(c.b)) {
          s = target()->RenameFile(c.a, c.b);
        } else {
          s = target()->ExchangeFiles(c.a, c.b);
        }
        Exchanged(c.a, c.b);
        break;
    }
  }
  pending_.clear();
  stopped_ = false;
  stop_at_ = 0;
  return s;
}

}  // namespace slidedb::testing
