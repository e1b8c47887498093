#pragma once
// JSON values between the engine (nlohmann ordered_json) and Python (dict, list, str, int, float,
// bool, None). Views, documents, options and catalogues cross the boundary this way.
#include <pybind11/pybind11.h>

#include <string>

#include "core/json.h"

namespace mw::python {

pybind11::object to_python(const Json& j);
// Throws pybind11::type_error naming the value that has no JSON form.
Json from_python(pybind11::handle value);
// A JSON text (str) or an already decoded value (dict, list, ...); bad text is Error(kBadRequest)
// naming `what`.
Json json_argument(pybind11::handle value, const char* what);

}  // namespace mw::python
