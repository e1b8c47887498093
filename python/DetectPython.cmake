# Finds Debian's Python and pybind11 for the mazeworks module; included by the top-level
# CMakeLists.txt before any target exists. Sets MAZEWORKS_HAVE_PYTHON, or explains why not.
#
# `python3` on PATH may be a pyenv shim; Debian's pybind11 and pytest belong to /usr/bin/python3, so
# that is the default (override with -DPython3_EXECUTABLE=...). Python3 must be found before
# pybind11 so that pybind11 uses this interpreter (../shared/STACK.md).
if(CMAKE_CXX_FLAGS MATCHES "-fsanitize")
  # A sanitized extension cannot be loaded by an uninstrumented interpreter without LD_PRELOAD
  # tricks; the sanitizer presets test the engine through its C++ suites instead.
  message(STATUS "mazeworks Python module: skipped in a sanitizer build")
  return()
endif()
if(NOT DEFINED Python3_EXECUTABLE AND EXISTS /usr/bin/python3)
  set(Python3_EXECUTABLE /usr/bin/python3 CACHE FILEPATH "The Python the mazeworks module is built for")
endif()
find_package(Python3 COMPONENTS Interpreter Development.Module)
if(Python3_FOUND)
  find_package(pybind11 CONFIG)
endif()

if(Python3_FOUND AND pybind11_FOUND)
  set(MAZEWORKS_HAVE_PYTHON ON)
  # The module is a shared object linking the engine's static libraries.
  set(CMAKE_POSITION_INDEPENDENT_CODE ON)
  message(STATUS "mazeworks Python module: Python ${Python3_VERSION} (${Python3_EXECUTABLE}), "
                 "pybind11 ${pybind11_VERSION}")
else()
  message(WARNING
    "MAZEWORKS_PYTHON is ON but Python 3 development files or pybind11 were not found, so the "
    "mazeworks Python module and its tests are SKIPPED. Install them with scripts/install-deps.sh "
    "(pybind11-dev python3-pybind11 python3-dev python3-pytest), or configure with "
    "-DMAZEWORKS_PYTHON=OFF to silence this.")
endif()
