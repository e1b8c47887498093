// The `mazeworks` Python module (docs/python.md): an OpenSpiel-style API over the engine.
#include <pybind11/pybind11.h>

#include "bindings.h"
#include "core/types.h"
#include "errors.h"

namespace py = pybind11;

PYBIND11_MODULE(mazeworks, m) {
  m.doc() =
      "Mazeworks: five maze-exploration tabletop games, their referee and computer players, with "
      "an OpenSpiel-style API (load_game, new_initial_state, legal_actions, apply_action, view, "
      "resample, ...). See docs/python.md.";
  m.attr("__version__") = MAZEWORKS_VERSION;
  m.attr("CHANCE") = mw::kChancePlayer;
  m.attr("TERMINAL") = mw::kTerminalPlayer;
  m.attr("SPECTATOR") = mw::kSpectator;
  m.attr("OMNISCIENT") = mw::kOmniscient;
  mw::python::register_errors(m);
  mw::python::bind_game(m);
  mw::python::bind_state(m);
  mw::python::bind_agent(m);
}
