#pragma once
// The match service: every match in memory, persisted through the Store, with the observers
// (connections) attached to each. The HTTP API and the WebSocket sessions are thin layers over it;
// it never touches a socket, so tests drive it directly. Thread-safe: each match has its own lock;
// computer seats think on the worker pool without holding it.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/agent.h"
#include "core/json.h"
#include "core/registry.h"
#include "server/group_commit.h"
#include "server/limits.h"
#include "server/live_match.h"
#include "server/rate_limit.h"
#include "server/store.h"
#include "server/worker_pool.h"

namespace mw::server {

class PatchMemo;

// Limits that keep one client from exhausting the server (the configurable ones: limits.h).
inline constexpr std::size_t kMaxActionTextBytes = 4096;

// What a message to a client is, so a network layer holding messages for a slow reader can drop
// states and patches that a later full state makes useless (every other message is kept, in
// order).
enum class MessageKind {
  kReply,      // an error, a check, a suggestion: kept
  kState,      // a patch: what changed since the last state or patch
  kFullState,  // a state message with the whole log: replaces every state queued before it
};

// One attached observer: a seat (authenticated by its token) or a spectator. The sink must not
// block (the network layer queues the text); it is called with the match's lock held, in version
// order.
struct Subscription {
  using Sink = std::function<void(const std::string&, MessageKind)>;
  std::string match;
  Player observer = kSpectator;
  Sink sink;
  void send(const std::string& text, MessageKind kind = MessageKind::kReply) const {
    sink(text, kind);
  }
  std::uint64_t sent_version = 0;        // events before this index were sent already
  std::atomic<bool> suggesting = false;  // a suggestion is being computed (one at a time)
  // Full-state resyncs and suggestions this connection may ask for (ServerLimits); used only on
  // the connection's own thread of control.
  TokenBucket syncs{0, 1};
  TokenBucket suggestions{0, 1};
};

// Where the work after a commit (apply the move, build and send every observer's message) runs:
// a function that queues a job elsewhere (the server's I/O threads). Null: on the commit thread.
using Executor = std::function<void(std::function<void()>)>;

// The time per-move clocks are read from (injectable: tests move time by hand).
using ClockTime = std::chrono::steady_clock::time_point;
using ClockSource = std::function<ClockTime()>;

// Per-move clocks accept 1 s to one day.
inline constexpr std::int64_t kMaxMoveSeconds = 86'400;
// The lobby's list holds at most this many matches, the newest first.
inline constexpr std::size_t kMaxListedMatches = 200;

class MatchService {
 public:
  // `group_commit`: moves are committed by a GroupCommitter thread, many matches' moves to a
  // transaction, and act() returns before its move is committed (its messages follow the commit).
  // Without it act() commits, applies and pushes before it returns (the tests' default).
  MatchService(const Registry& registry, Store& store, int agent_threads, bool group_commit = false,
               ServerLimits limits = {});
  ~MatchService();  // lets queued computer moves and commits finish

  // Sends the post-commit work to `executor` (null: back to the commit thread). Once this returns,
  // the previous executor is not called again.
  void set_executor(Executor executor);
  // A round of work on an I/O thread (the WebSocket loops open one around the events each wait
  // brings): the moves made on this thread until end_round() are committed together at its end,
  // in one transaction, when the committer would commit them in place at all (few matches
  // moving, a brief commit), instead of one transaction each. A round adds no waiting: it ends
  // once the thread has handled what it read (docs/server.md, "Group commit").
  void begin_round();
  void end_round();
  // The clock per-move deadlines are measured with (default: steady_clock). Set before use.
  void set_clock_source(ClockSource now) { now_ = std::move(now); }
  // Per-move clocks: every match whose human seat to act has let its deadline pass gets a random
  // legal move played for that seat (docs/server.md, "Clocks"). The server calls this a few times
  // a second; tests call it after moving their clock. Returns how many moves it played.
  std::size_t expire_clocks();

  // Rebuilds the stored matches active within the idle time (at most max_live_matches, the most
  // recently active first) by replaying their actions, and restarts their computer seats; the
  // others come back when asked for. Returns how many matches were loaded. Never refuses to
  // start over what is stored: a match that no longer replays is left out (and reported).
  std::size_t restore();
  // Housekeeping, a few times a minute: matches nobody watches leave memory once finished or idle
  // (ServerLimits::idle_eviction), and seats whose token was never used are freed
  // (unclaimed_seat). Returns how many matches left memory.
  std::size_t sweep();
  std::size_t live_matches() const;
  const ServerLimits& limits() const { return limits_; }
  // Expires when the service is destroyed: a connection that outlives it (a test's client across
  // a simulated restart) must not detach from a service that is gone.
  std::weak_ptr<const int> lifetime() const { return lifetime_; }

  // --- the HTTP API's operations (docs/server.md). Each throws ServerError or Error on refusal.
  Json games() const;
  // {"game", "options"?, "seats"?: ["human" | {"agent": spec}, ...], "public"?, "seed"?}
  Json create_match(const Json& request);
  // {"seat"?: n} → {"match", "seat", "token"}. The token is shown once and stored hashed.
  Json join(const std::string& match, const Json& request);
  Json status(const std::string& match);
  // The public matches' summaries, the newest first, at most kMaxListedMatches.
  Json list_public() const;
  // The full record once finished; during play the log as told to the token's seat (or to a
  // spectator without a token).
  Json record(const std::string& match, const std::optional<std::string>& token);
  // The match after its first `step` actions as `observer` ("omniscient", "spectator", a seat
  // number; absent: the token's seat, else the spectator) sees it (replay.h). Once finished anyone
  // may ask for any observer; during play only the token's own seat or the spectator.
  Json replay(const std::string& match, const std::optional<std::string>& observer,
              const std::optional<std::string>& step, const std::optional<std::string>& token);

  // --- connections. attach() authenticates (no token: spectator), sends the full state, and
  // keeps sending after every change until detach().
  std::shared_ptr<Subscription> attach(const std::string& match,
                                       const std::optional<std::string>& token,
                                       Subscription::Sink send);
  void detach(const std::shared_ptr<Subscription>& sub);
  // A move in notation at the version the client saw. Refusals go to the subscription as an
  // error message (and a stale version also gets a full resync); nothing changes.
  void act(const std::shared_ptr<Subscription>& sub, const std::string& text,
           std::uint64_t version);
  void resync(const std::shared_ptr<Subscription>& sub);
  // A dry run of act(): a "check" message says whether `text` at `version` would be accepted now,
  // or the refusal act() would give. Nothing is stored, applied or pushed.
  void check(const std::shared_ptr<Subscription>& sub, const std::string& text,
             std::uint64_t version);
  // What the agent `spec` would play for the subscription's seat (suggestion.h), computed on the
  // worker pool on a copy of the state, one at a time per subscription. The reply (a
  // "suggestion", or an error) goes to the subscription; the match is untouched.
  void suggest(const std::shared_ptr<Subscription>& sub, const std::string& spec);

  // Ends the match at once: the subscription's seat resigns at `version` (the version it saw) and
  // loses (LiveMatch::returns). Stored before anyone is told; every connection then gets a state
  // message with "resigned". Refusals (a spectator, a finished match, a stale version) go to the
  // subscription as an error message and change nothing.
  void resign(const std::shared_ptr<Subscription>& sub, std::uint64_t version);
  // A finished match's seat asks to play again: the first request creates the rematch (same game,
  // seats and agents; roles swapped, rematch.h) and tells every connection its id, each seat's
  // connections with a fresh token for the seat; a later request gets the same match (and a token
  // if its seat there is still free). Refused for spectators and matches still being played.
  void rematch(const std::shared_ptr<Subscription>& sub);

  // --- several instances on one database (Store::shared(); docs/server.md, "Several
  // instances"). Another instance committed to `match`, which now has `actions` actions;
  // `refresh`: its seats or its ending changed too. A match held here catches up (reads what it
  // lacks, applies it in order and pushes it to its observers as if it had been played here);
  // a match not held here is ignored. The work runs on the executor.
  void heard_commit(const std::string& match, std::uint64_t actions, bool refresh);
  // Every match held here catches up (notices may have been lost while the listener was down).
  void catch_up_all();

  // Tests: runs `f` on the match under its lock; blocks until the computer seats and the commit
  // thread are quiet (post-commit work sent to an executor is not waited for).
  void inspect(const std::string& match, const std::function<void(const LiveMatch&)>& f);
  void wait_idle();
  // Group commit counters (0 without group commit).
  std::uint64_t transactions() const { return committer_ ? committer_->transactions() : 0; }
  std::uint64_t committed_appends() const { return committer_ ? committer_->appends() : 0; }

 private:
  struct Entry;
  // The match in memory, or loaded from the store (then its computer seats and clock resume).
  std::shared_ptr<Entry> find(const std::string& match);
  // find() and the match's lock, never on a match that has just left memory.
  std::pair<std::shared_ptr<Entry>, std::unique_lock<std::mutex>> lock_match(
      const std::string& match);
  std::shared_ptr<Entry> add(std::unique_ptr<LiveMatch> match);
  std::shared_ptr<Entry> bring_back(const StoredMatch& stored);
  // With the match's lock held: what a match entering memory needs (see match_service.cpp).
  void start(const std::shared_ptr<Entry>& entry);
  // The stop of a computer move or suggestion: the server's cap on thinking, or its shutdown.
  StopSignal thinking_stop() const;
  // Room for one more match in memory (sweeping first when full); throws "server is full".
  void make_room();
  // The seat's token was used: it is the seat's for good. With the match's lock held.
  void claim(Entry& entry, Player seat);
  bool evictable(const Entry& entry, ClockTime now) const;
  // While a move commits, a message about the match waits (in order) until it is applied. The
  // job becomes a std::function (a heap block for most) only when it has to wait.
  template <class Job>
  bool defer_while_committing(const std::shared_ptr<Entry>& entry, Job&& job) {
    if (!committing(*entry)) return false;
    defer(entry, std::forward<Job>(job));
    return true;
  }
  static bool committing(const Entry& entry);
  void defer(const std::shared_ptr<Entry>& entry, std::function<void()> job);
  void act_locked(const std::shared_ptr<Entry>& entry, const std::shared_ptr<Subscription>& sub,
                  const std::string& text, std::uint64_t version);
  void check_locked(const std::shared_ptr<Entry>& entry, const std::shared_ptr<Subscription>& sub,
                    const std::string& text, std::uint64_t version);
  void suggest_locked(const std::shared_ptr<Entry>& entry, const std::shared_ptr<Subscription>& sub,
                      const std::string& spec);
  void resign_locked(const std::shared_ptr<Entry>& entry, const std::shared_ptr<Subscription>& sub,
                     std::uint64_t version);
  void rematch_locked(const std::shared_ptr<Entry>& entry,
                      const std::shared_ptr<Subscription>& sub);
  // Creates the rematch of the finished match and tells its connections. Match's lock held.
  void start_rematch(Entry& entry);
  // A fresh token for `seat` of `match`, stored hashed; "" for a computer seat or a taken one.
  std::string issue_token(Entry& entry, Player seat);
  // A move's way, with the match's lock held: persist, then apply, then tell. Now (advance_now,
  // or the group committer's commit_here_if_idle) or through the group committer's thread
  // (advance; the rest runs in finish_commit, after the commit).
  // `retry`: what to do again when another instance appended first (a client's move is checked
  // anew against the caught-up match); only on a shared store.
  void advance(const std::shared_ptr<Entry>& entry, const ActionList& actions,
               std::shared_ptr<Subscription> mover, std::function<void()> retry = {});
  void advance_now(Entry& entry, const ActionList& actions);
  // A move whose commit is under way: what finish_commit needs once it is done.
  struct MoveInCommit {
    std::shared_ptr<Entry> entry;
    ActionList actions;
    std::shared_ptr<Subscription> mover;
    std::function<void()> retry;
  };
  // The moves of the open round on this thread (begin_round), their commits held to its end.
  struct Round {
    const MatchService* service = nullptr;  // whose round is open on this thread, if any
    std::vector<Append> appends;
    std::vector<MoveInCommit> moves;
  };
  static thread_local Round round_;
  // Commits the held moves in one transaction in place, or hands them to the commit thread.
  void commit_round(std::vector<Append> appends, std::vector<MoveInCommit> moves);
  // Hands the move to the commit thread; finish_commit runs after its transaction.
  void submit_commit(Append append, MoveInCommit move);
  void finish_commit(const MoveInCommit& move, std::exception_ptr error);
  // finish_commit's work with the match's lock held: the move applied and told, or the error told.
  void conclude_commit(const std::shared_ptr<Entry>& entry, const ActionList& actions,
                       const std::shared_ptr<Subscription>& mover, std::exception_ptr error,
                       const std::function<void()>& retry);
  void apply_and_push(Entry& entry, const ActionList& actions);
  void arm_clock(Entry& entry);
  void run_after_commit(std::function<void()> job);
  // Tells every connection what changed for its observer (a patch, or the whole state to one that
  // lacks the last view sent). `ending`: the match ended without a move (a resignation), so every
  // connection is told even with no new event. With the match's lock held.
  void push(Entry& entry, bool ending = false);
  void push_to(Entry& entry, Player observer, bool ending, PatchMemo& memo);
  // The whole state (view, legal moves, the full log) to one connection: after hello, a sync, or
  // a stale move. With the match's lock held.
  void send_full_state(Entry& entry, Subscription& sub);
  // Tells everyone watching the match that `seat` joined, connected or disconnected
  // (presence_message). With the match's lock held.
  void announce(Entry& entry, Player seat, std::string_view event);
  void schedule_agent(const std::shared_ptr<Entry>& entry);
  // Several instances (match_service_cluster.cpp). With the match's lock held: reads what the
  // store holds beyond the match's version (actions, tokens, ending) and applies it; nothing
  // while a commit of this instance is in flight. Returns whether anything changed.
  bool catch_up_locked(const std::shared_ptr<Entry>& entry);
  // catch_up_locked on a shared store; a failure is reported and changes nothing.
  void catch_up_if_shared(const std::shared_ptr<Entry>& entry);
  // After `error` from an append: whether it was another instance's append first and catching
  // up changed the match (the caller may then try again).
  bool caught_up_after_conflict(const std::shared_ptr<Entry>& entry, const std::exception& error);
  void follow_notice(const std::shared_ptr<Entry>& entry, std::uint64_t actions, bool refresh);
  // How long an instance that did not make a match's last move waits for the one that did to
  // move for a computer seat or a run-out clock before doing it itself.
  std::chrono::milliseconds takeover_delay() const;
  Json list_public_shared() const;
  void agent_move(const std::shared_ptr<Entry>& entry, std::uint64_t version);

  const Registry& registry_;
  Store& store_;
  const ServerLimits limits_;
  std::shared_ptr<const int> lifetime_ = std::make_shared<const int>(0);
  mutable std::shared_mutex matches_mutex_;
  std::map<std::string, std::shared_ptr<Entry>> matches_;
  std::mutex executor_mutex_;
  Executor executor_;
  // Raised once the service is going: computer searches stop (their StopSignal reads it).
  std::atomic<bool> stopping_ = false;
  std::atomic<std::uint64_t> next_sequence_ = 0;  // creation order (ties within a second)
  ClockSource now_ = [] { return std::chrono::steady_clock::now(); };
  // Destroyed in reverse: the pool finishes its jobs (which may submit commits), then the
  // committer commits what is queued and runs its callbacks; both use the members above.
  std::unique_ptr<GroupCommitter> committer_;
  WorkerPool pool_;
};

}  // namespace mw::server
