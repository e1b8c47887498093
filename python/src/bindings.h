#pragma once
// One function per bound class; module.cpp calls them in order (errors first, then Game before
// State, whose methods return Games).
#include <pybind11/pybind11.h>

namespace mw::python {

void bind_game(pybind11::module_& m);
void bind_state(pybind11::module_& m);
void bind_agent(pybind11::module_& m);

}  // namespace mw::python
