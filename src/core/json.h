#pragma once
// JSON is nlohmann::json throughout; ordered_json keeps documents in the order they were written,
// which keeps views and records readable and golden files stable.
#include <nlohmann/json.hpp>

namespace mw {
using Json = nlohmann::ordered_json;
}  // namespace mw
