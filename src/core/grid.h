#pragma once
// Square-grid geometry shared by the grid games: cells, the four orthogonal directions, names.
#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace mw {

enum class Dir : std::uint8_t { kUp = 0, kRight = 1, kDown = 2, kLeft = 3 };
inline constexpr std::array<Dir, 4> kAllDirs = {Dir::kUp, Dir::kRight, Dir::kDown, Dir::kLeft};

constexpr int row_delta(Dir d) { return d == Dir::kUp ? -1 : d == Dir::kDown ? 1 : 0; }
constexpr int col_delta(Dir d) { return d == Dir::kLeft ? -1 : d == Dir::kRight ? 1 : 0; }
constexpr Dir opposite(Dir d) { return static_cast<Dir>((static_cast<int>(d) + 2) % 4); }

// "up", "right", "down", "left".
std::string_view dir_name(Dir d);
// Accepts the names, their initials (u r d l) and compass words or letters (n e s w).
std::optional<Dir> parse_dir(std::string_view text);

struct Cell {
  int row = 0;
  int col = 0;
  friend constexpr bool operator==(Cell, Cell) = default;
  constexpr Cell step(Dir d, int n = 1) const {
    return {row + row_delta(d) * n, col + col_delta(d) * n};
  }
};

// A fixed rectangular board of Rows x Cols cells, indexed row-major.
template <int Rows, int Cols>
struct RectGrid {
  static constexpr int kRows = Rows;
  static constexpr int kCols = Cols;
  static constexpr int kCells = Rows * Cols;
  static constexpr bool contains(Cell c) {
    return c.row >= 0 && c.row < Rows && c.col >= 0 && c.col < Cols;
  }
  static constexpr int index(Cell c) { return c.row * Cols + c.col; }
  static constexpr Cell cell(int index) { return {index / Cols, index % Cols}; }
};

}  // namespace mw
