#include "json_py.h"

#include <fmt/format.h>

#include <cstdint>
#include <string>

#include "core/error.h"

namespace py = pybind11;

namespace mw::python {

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

Json from_python(py::handle value) {
  if (value.is_none()) return nullptr;
  // bool before int: Python's True is also an int.
  if (py::isinstance<py::bool_>(value)) return value.cast<bool>();
  if (py::isinstance<py::int_>(value)) {
    if (value.cast<py::int_>() < py::int_(0)) return value.cast<std::int64_t>();
    return value.cast<std::uint64_t>();
  }
  if (py::isinstance<py::float_>(value)) return value.cast<double>();
  if (py::isinstance<py::str>(value)) return value.cast<std::string>();
  if (py::isinstance<py::dict>(value)) {
    Json out = Json::object();
    for (const auto& [key, item] : value.cast<py::dict>()) {
      if (!py::isinstance<py::str>(key)) {
        throw py::type_error(
            fmt::format("JSON object keys must be str, got {}", py::repr(key).cast<std::string>()));
      }
      out[key.cast<std::string>()] = from_python(item);
    }
    return out;
  }
  if (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value)) {
    Json out = Json::array();
    for (const auto& item : value) out.push_back(from_python(item));
    return out;
  }
  throw py::type_error(
      fmt::format("{} has no JSON form (expected dict, list, str, int, float, "
                  "bool or None)",
                  py::repr(value).cast<std::string>()));
}

Json json_argument(py::handle value, const char* what) {
  if (!py::isinstance<py::str>(value)) return from_python(value);
  const std::string text = value.cast<std::string>();
  Json parsed = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (parsed.is_discarded()) {
    throw Error(ErrorCode::kBadRequest, fmt::format("{} is not valid JSON text", what));
  }
  return parsed;
}

}  // namespace mw::python
