#pragma once
// Test helper: a real `mazeworks serve` child process on an ephemeral loopback port, with its own
// database, killed (SIGKILL) or stopped (SIGTERM) by the test. Tests that need the whole program
// (signals, descriptors, the process's memory, the command line) use it.
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace mw::server::test {

struct ServeOptions {
  bool loopback_address = true;  // pass --address 127.0.0.1 (false: serve's own default)
  bool client_seeds = true;      // pass --allow-client-seeds
  rlim_t open_files = 0;         // > 0: the child's descriptor limit, soft and hard
};

class ServerProcess {
 public:
  // `extra`: more arguments of `serve` (limits, a web root).
  explicit ServerProcess(const std::string& db, std::vector<std::string> extra = {},
                         ServeOptions options = {}) {
    int out[2];
    if (pipe(out) != 0) throw std::runtime_error("pipe");
    pid_ = fork();
    if (pid_ == 0) {
      prctl(PR_SET_PDEATHSIG, SIGKILL);  // never outlive a test that failed midway
      dup2(out[1], STDOUT_FILENO);
      close(out[0]);
      close(out[1]);
      if (options.open_files > 0) {
        const rlimit limit{options.open_files, options.open_files};
        setrlimit(RLIMIT_NOFILE, &limit);
      }
      std::vector<std::string> args{MAZEWORKS_BINARY, "serve", "--port",          "0",
                                    "--db",           db,      "--agent-threads", "1"};
      if (options.loopback_address) args.insert(args.end(), {"--address", "127.0.0.1"});
      if (options.client_seeds) args.push_back("--allow-client-seeds");
      args.insert(args.end(), extra.begin(), extra.end());
      std::vector<char*> argv;
      for (std::string& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(MAZEWORKS_BINARY, argv.data());
      _exit(127);
    }
    close(out[1]);
    // The first line says "http://HOST:PORT/ ...".
    out_ = fdopen(out[0], "r");
    char line[512] = {};
    if (fgets(line, sizeof line, out_) == nullptr) throw std::runtime_error("server did not start");
    first_line_ = line;
    const auto host = first_line_.find("http://") + 7;
    const auto colon = first_line_.find(':', host);
    port_ = static_cast<unsigned short>(std::stoi(first_line_.substr(colon + 1)));
  }
  ~ServerProcess() {
    kill9();
    if (out_ != nullptr) fclose(out_);
  }
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  void kill9() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGKILL);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
  }
  // Sends SIGTERM and waits up to `limit` for the process to exit; returns how long it took
  // (or kills it and returns `limit` when it did not exit in time).
  std::chrono::milliseconds terminate(std::chrono::milliseconds limit) {
    const auto start = std::chrono::steady_clock::now();
    ::kill(pid_, SIGTERM);
    for (;;) {
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        return std::chrono::duration_cast<std::chrono::milliseconds>(
            std::chrono::steady_clock::now() - start);
      }
      if (std::chrono::steady_clock::now() - start > limit) {
        kill9();
        return limit;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }
  // CPU time the process has used so far (user + system), in clock ticks.
  long cpu_ticks() const {
    std::ifstream stat("/proc/" + std::to_string(pid_) + "/stat");
    std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
    const auto end = text.rfind(')');  // the command name may hold spaces
    if (end == std::string::npos) return 0;
    std::istringstream fields(text.substr(end + 2));
    std::string field;
    long utime = 0, stime = 0;
    for (int i = 3; i <= 15 && fields >> field; ++i) {
      if (i == 14) utime = std::stol(field);
      if (i == 15) stime = std::stol(field);
    }
    return utime + stime;
  }
  bool running() {
    int status = 0;
    return pid_ > 0 && waitpid(pid_, &status, WNOHANG) == 0;
  }
  // The process's resident memory in KiB (VmRSS), 0 once it is gone.
  long rss_kib() const {
    std::ifstream status("/proc/" + std::to_string(pid_) + "/status");
    std::string key;
    while (status >> key) {
      if (key == "VmRSS:") {
        long kib = 0;
        status >> kib;
        return kib;
      }
    }
    return 0;
  }
  unsigned short port() const { return port_; }
  pid_t pid() const { return pid_; }
  const std::string& first_line() const { return first_line_; }

 private:
  pid_t pid_ = -1;
  unsigned short port_ = 0;
  FILE* out_ = nullptr;
  std::string first_line_;
};

}  // namespace mw::server::test
