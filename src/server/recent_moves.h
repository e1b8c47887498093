#pragma once
// What the SQLite store's recent_actions table holds, mirrored in memory (sqlite_store.h): the
// moves written in commit order since they were last moved into `actions`, each match's as one run
// of consecutive indices, so that reads never scan the table.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/store.h"

namespace mw::server {

class RecentMoves {
 public:
  struct Run {
    std::uint64_t first = 0;
    ActionList actions;
  };

  // The table is moved into `actions` once it holds `fold_rows` rows.
  explicit RecentMoves(std::size_t fold_rows) : fold_rows_(fold_rows), fold_at_(fold_rows) {}

  // An append the open transaction wrote (kept by address: the batch outlives the transaction);
  // it joins its match's run when the transaction commits, and is forgotten when it rolls back.
  void stage(const Append& a) { staged_.push_back(&a); }
  void drop_staged() { staged_.clear(); }
  void commit_staged() {
    for (const Append* a : staged_) {
      auto [run, added] = runs_.try_emplace(a->match);
      if (added) run->second.first = a->first;
      run->second.actions.insert(run->second.actions.end(), a->actions.begin(), a->actions.end());
      rows_ += a->actions.size();
    }
    staged_.clear();
  }

  // The match's run, or null when the table holds none of its moves.
  const Run* find(const std::string& match) const {
    const auto it = runs_.find(match);
    return it == runs_.end() ? nullptr : &it->second;
  }

  bool fold_due() const { return fold_due_after(0); }
  // Whether committing `rows` more rows would bring the fold.
  bool fold_due_after(std::size_t rows) const { return rows_ + rows >= fold_at_; }
  // The rows were moved into `actions`: the table is empty.
  void folded() {
    runs_.clear();
    rows_ = 0;
    fold_at_ = fold_rows_;
  }
  // Moving them failed (and was rolled back): the next attempt waits for twice as many rows.
  void fold_failed() { fold_at_ = 2 * std::max(rows_, fold_rows_); }

 private:
  std::unordered_map<std::string, Run> runs_;
  std::vector<const Append*> staged_;
  std::size_t fold_rows_, fold_at_;
  std::size_t rows_ = 0;
};

}  // namespace mw::server
