#include "lib/storage/database_copy.h"

#include <system_error>
#include <vector>

#include "lib/storage/format.h"

namespace fs = std::filesystem;

namespace slidedb {

void RemoveStaleCopies(Env* env, const fs::path& dir) {
  const std::string parent = dir.parent_path().string();
  const std::string stem = dir.filename().string() + kAsideInfix;
  std::vector<std::string> names;
  if (!env->GetChildren(parent, &names).ok()) return;
  for (const std::string& name : names) {
    if (name.rfind(stem, 0) != 0) continue;
    // A database made read-only and swapped out by an older slidedb-build
    // could not be emptied: its folder is made writable first (it is a
    // copy of this writer's own naming). One that cannot be removed now is
    // tried again by the next writer.
    std::error_code ec;
    const std::string copy = parent + "/" + name;
    if (fs::symlink_status(copy, ec).type() == fs::file_type::directory) {
      fs::permissions(copy, fs::perms::owner_all, fs::perm_options::add, ec);
    }
    (void)env->RemoveAll(parent + "/" + name);
  }
}

Status CopyDatabase(Env* env, const std::string& from, const std::string& to) {
  Status s = env->CreateDir(to);
  std::vector<std::string> names;
  if (s.ok()) s = env->GetChildren(from, &names);
  for (size_t i = 0; s.ok() && i < names.size(); ++i) {
    const std::string& name = names[i];
    if (name == "LOCK" || name.rfind("LOG", 0) == 0) continue;
    // Tables' files, successor words and cross tables are never written
    // again: linked.
    const std::string ext = fs::path(name).extension().string();
    if ((ext == ".sst" || ext == kPdbWordFileSuffix ||
         ext == kPdbCrossFileSuffix) &&
        env->LinkFile(from + "/" + name, to + "/" + name).ok()) {
      continue;  // else (another file system) copy it
    }
    s = CopyFile(env, from + "/" + name, to + "/" + name);
  }
  return s;
}

Status SyncCopy(Env* env, const std::string& dir) {
  std::vector<std::string> names;
  Status s = env->GetChildren(dir, &names);
  for (size_t i = 0; s.ok() && i < names.size(); ++i) {
    s = env->SyncFile(dir + "/" + names[i]);
  }
  if (!s.ok()) return s;
  return env->SyncDir(dir);
}

bool HasEntries(Env* env, const std::string& dir) {
  std::vector<std::string> names;
  return env->GetChildren(dir, &names).ok() && !names.empty();
}

}  // namespace slidedb
