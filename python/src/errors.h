#pragma once
// Engine errors as Python exceptions: mazeworks.MazeworksError and one subclass per engine error
// code (docs/python.md), each carrying the engine's message and its code as the class attribute
// `code` ("illegal_action", ...).
#include <pybind11/pybind11.h>

namespace mw::python {

void register_errors(pybind11::module_& m);

}  // namespace mw::python
