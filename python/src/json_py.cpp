#include "json_py.h"

#include <fmt/format.h>

#include <cstdint>
#include <limits>
#include <string>

#include "core/error.h"
#include "core/json_depth.h"

namespace py = pybind11;

namespace mw::python {
namespace {

// repr() of a value the caller gave, cut short for a message (a huge list would be quoted whole).
std::string short_repr(py::handle value) {
  std::string text = py::repr(value).cast<std::string>();
  if (text.size() > 80) text = text.substr(0, 80) + "...";
  return text;
}

}  // namespace

py::object to_python(const Json& j) {
  switch (j.type()) {
    case Json::value_t::null:
      return py::none();
    case Json::value_t::boolean:
      return py::bool_(j.get<bool>());
    case Json::value_t::number_integer:
      return py::int_(j.get<std::int64_t>());
    case Json::value_t::number_unsigned:
      return py::int_(j.get<std::uint64_t>());
    case Json::value_t::number_float:
      return py::float_(j.get<double>());
    case Json::value_t::string:
      return py::str(j.get_ref<const std::string&>());
    case Json::value_t::array: {
      py::list out;
      for (const Json& item : j) out.append(to_python(item));
      return out;
    }
    case Json::value_t::object: {
      py::dict out;
      for (const auto& [key, item] : j.items()) out[py::str(key)] = to_python(item);
      return out;
    }
    default:
      return py::none();  // binary and discarded values never occur in engine JSON
  }
}

namespace {

// Python objects nest as deep as the caller likes; the engine takes JSON up to kMaxJsonDepth.
Json from_python_at(py::handle value, int depth) {
  if (depth > kMaxJsonDepth) {
    throw Error(ErrorCode::kBadRequest,
                fmt::format("the value is nested deeper than {} levels", kMaxJsonDepth));
  }
  if (value.is_none()) return nullptr;
  // bool before int: Python's True is also an int.
  if (py::isinstance<py::bool_>(value)) return value.cast<bool>();
  if (py::isinstance<py::int_>(value)) {
    const py::int_ i = value.cast<py::int_>();
    if (i < py::int_(0)) {
      if (i >= py::int_(std::numeric_limits<std::int64_t>::min())) return i.cast<std::int64_t>();
    } else if (i <= py::int_(std::numeric_limits<std::uint64_t>::max())) {
      return i.cast<std::uint64_t>();
    }
    // Beyond 64 bits: a float, as the JSON text 1e30 would read, so whoever reads the value says
    // which range it wanted (an option: BadOptionError) instead of a failed cast.
    return PyLong_AsDouble(i.ptr());
  }
  if (py::isinstance<py::float_>(value)) return value.cast<double>();
  if (py::isinstance<py::str>(value)) return value.cast<std::string>();
  if (py::isinstance<py::dict>(value)) {
    Json out = Json::object();
    for (const auto& [key, item] : value.cast<py::dict>()) {
      if (!py::isinstance<py::str>(key)) {
        throw py::type_error(fmt::format("JSON object keys must be str, got {}", short_repr(key)));
      }
      out[key.cast<std::string>()] = from_python_at(item, depth + 1);
    }
    return out;
  }
  if (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value)) {
    Json out = Json::array();
    for (const auto& item : value) out.push_back(from_python_at(item, depth + 1));
    return out;
  }
  throw py::type_error(
      fmt::format("{} has no JSON form (expected dict, list, str, int, float, "
                  "bool or None)",
                  short_repr(value)));
}

}  // namespace

Json from_python(py::handle value) {
  return from_python_at(value, 0);
}

Json json_argument(py::handle value, const char* what) {
  if (!py::isinstance<py::str>(value)) return from_python(value);
  return parse_untrusted_json(value.cast<std::string>(), ErrorCode::kBadRequest, what);
}

}  // namespace mw::python
