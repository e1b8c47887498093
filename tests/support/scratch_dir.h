// A fresh folder under the system's temporary directory for one test, removed when it goes out of
// scope. Its name holds the process id and the running test's name, so tests run in parallel by
// CTest never share one.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace mw::test_support {

class ScratchDir {
 public:
  explicit ScratchDir(const std::string& label = "scratch") : path_(unique_path(label)) {
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ignored;  // a test's leftovers must not turn a pass into a crash
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::filesystem::path& name) const { return path_ / name; }

  // Writes `content` to `name` inside the folder, creating the folders on the way.
  std::filesystem::path write(const std::filesystem::path& name, const std::string& content) const {
    const std::filesystem::path file = path_ / name;
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << content;
    return file;
  }

 private:
  static std::filesystem::path unique_path(const std::string& label) {
    std::string test = "outside-a-test";
    if (const auto* info = ::testing::UnitTest::GetInstance()->current_test_info()) {
      test = std::string(info->test_suite_name()) + "-" + info->name();
    }
    for (char& c : test) {
      if (c == '/') c = '-';
    }
    return std::filesystem::temp_directory_path() /
           ("mazeworks-" + label + "-" + std::to_string(::getpid()) + "-" + test);
  }

  std::filesystem::path path_;
};

}  // namespace mw::test_support
