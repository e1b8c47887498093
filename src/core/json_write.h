#pragma once
// Writing documents the server sends with every message (views) cheaply. Json is an
// ordered_json: its operator[] and emplace look through the members already written (a linear
// search) before adding one, and an initializer list checks its pairs twice. A view writes each
// key once and in order, so it reserves room and appends.
#include <cstddef>
#include <utility>

#include "core/json.h"

namespace mw {

// An empty object with room for `members` members.
inline Json json_object(std::size_t members) {
  Json j(Json::value_t::object);
  j.get_ref<Json::object_t&>().reserve(members);
  return j;
}

// An empty array with room for `items` items.
inline Json json_array(std::size_t items) {
  Json j(Json::value_t::array);
  j.get_ref<Json::array_t&>().reserve(items);
  return j;
}

// Appends a member without looking for `key` first: the caller writes each key once.
inline void add_member(Json& object, const char* key, Json value) {
  object.get_ref<Json::object_t&>().emplace_back(key, std::move(value));
}

// Appends each member of the object `from`, in order, the same way.
inline void add_members(Json& object, Json from) {
  for (auto& member : from.get_ref<Json::object_t&>()) {
    object.get_ref<Json::object_t&>().emplace_back(member.first, std::move(member.second));
  }
}

}  // namespace mw
