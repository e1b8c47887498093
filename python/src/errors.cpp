#include "errors.h"

#include <array>
#include <exception>
#include <string>

#include "core/error.h"

namespace py = pybind11;

namespace mw::python {
namespace {

struct ErrorClass {
  ErrorCode code;
  const char* name;
  PyObject* also;  // a built-in base besides MazeworksError, so `except ValueError` works too
  const char* doc;
};

// In ErrorCode order.
const std::array<ErrorClass, 10>& error_classes() {
  static const std::array<ErrorClass, 10> classes = {{
      {ErrorCode::kBadRequest, "BadRequestError", PyExc_ValueError,
       "A malformed request: a wrong observer, a chance node where a seat must act, bad JSON."},
      {ErrorCode::kParse, "ParseError", PyExc_ValueError, "Text that is not valid notation."},
      {ErrorCode::kIllegalAction, "IllegalActionError", PyExc_ValueError,
       "A well-formed action that is not legal now; the state is unchanged."},
      {ErrorCode::kUnknownGame, "UnknownGameError", PyExc_ValueError, "No game has this id."},
      {ErrorCode::kBadOption, "BadOptionError", PyExc_ValueError,
       "An unknown option or a value of the wrong type or range."},
      {ErrorCode::kBadState, "BadStateError", PyExc_ValueError,
       "A state document that does not describe a valid position."},
      {ErrorCode::kBadRecord, "BadRecordError", PyExc_ValueError,
       "A game record that does not replay."},
      {ErrorCode::kUnknownAgent, "UnknownAgentError", PyExc_ValueError,
       "An agent spec naming no agent of this game, or with bad parameters."},
      {ErrorCode::kIo, "EngineIoError", PyExc_OSError, "A file could not be read or written."},
      {ErrorCode::kInternal, "InternalError", nullptr, "A bug in the engine: please report it."},
  }};
  return classes;
}

// Owned for the life of the interpreter (the module holds a reference too).
std::array<PyObject*, 10> g_by_code{};

PyObject* new_class(const char* name, const char* doc, PyObject* bases) {
  const std::string qualified = std::string("mazeworks.") + name;
  PyObject* cls = PyErr_NewExceptionWithDoc(qualified.c_str(), doc, bases, nullptr);
  if (cls == nullptr) throw py::error_already_set();
  return cls;
}

}  // namespace

void register_errors(py::module_& m) {
  PyObject* base = new_class("MazeworksError",
                             "Every error the engine raises; `code` names the engine's error code.",
                             PyExc_Exception);
  py::handle(base).attr("code") = py::none();
  m.add_object("MazeworksError", py::handle(base));
  for (const ErrorClass& c : error_classes()) {
    py::tuple bases = c.also != nullptr ? py::make_tuple(py::handle(base), py::handle(c.also))
                                        : py::make_tuple(py::handle(base));
    PyObject* cls = new_class(c.name, c.doc, bases.ptr());
    py::handle(cls).attr("code") = py::str(std::string(error_code_name(c.code)));
    m.add_object(c.name, py::handle(cls));
    g_by_code[static_cast<std::size_t>(c.code)] = cls;
  }
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const Error& e) {
      PyErr_SetString(g_by_code[static_cast<std::size_t>(e.code())], e.what());
    }
  });
}

}  // namespace mw::python
