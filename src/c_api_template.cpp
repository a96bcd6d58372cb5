// SPDX-License-Identifier: Apache-2.0 OR MIT
// The C API's URI Templates (include/urix/c.h, urix/template.h): a urix_template is a
// urix::uri_template on the heap, and a match's urix_template_vars one malloc'd block. As in
// c_api.cpp, each call checks its arguments and maps the C++ result; no exception leaves a call.
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <string_view>

#include "urix/c.h"
#include "urix/template.h"

struct urix_template {
  urix::uri_template t;
};

namespace {

using urix::errc;

static_assert(URIX_E_UNCLOSED_EXPRESSION == static_cast<int>(errc::unclosed_expression));
static_assert(URIX_E_BAD_OPERATOR == static_cast<int>(errc::bad_operator));
static_assert(URIX_E_BAD_VARNAME == static_cast<int>(errc::bad_varname));
static_assert(URIX_E_BAD_PREFIX == static_cast<int>(errc::bad_prefix));
static_assert(URIX_E_NOT_MATCHABLE == static_cast<int>(errc::not_matchable));
static_assert(URIX_E_NO_MATCH == static_cast<int>(errc::no_match));
static_assert(URIX_E_AMBIGUOUS_MATCH == static_cast<int>(errc::ambiguous_match));
static_assert(URIX_E_BAD_JSON == static_cast<int>(errc::bad_json));
using kind = urix::template_value::kind;
static_assert(URIX_TEMPLATE_STRING == static_cast<int>(kind::string));
static_assert(URIX_TEMPLATE_LIST == static_cast<int>(kind::list));
static_assert(URIX_TEMPLATE_PAIRS == static_cast<int>(kind::pairs));

urix_error from(const urix::error& e) { return {static_cast<int>(e.code), e.offset}; }

std::string_view view(const char* p, std::size_t n) {
  return n == 0 ? std::string_view() : std::string_view(p, n);
}

// The strings of a value, in the order urix_template_var lists them: `f(string)` for each.
template <class F>
void for_each_string(const urix::template_value& v, F&& f) {
  switch (v.type()) {
    case kind::undefined: break;
    case kind::string: f(v.string()); break;
    case kind::list:
      for (const auto& item : v.items()) f(item);
      break;
    case kind::pairs:
      for (const auto& [key, value] : v.entries()) {
        f(key);
        f(value);
      }
      break;
  }
}

// `vars` as one block of memory that urix_template_vars_free frees: the header, the
// variables, their strings' urix_bytes, then the bytes (each string NUL-terminated). nullptr
// when it cannot be allocated.
urix_template_vars* to_c(const urix::template_variables& vars) {
  std::size_t strings = 0;
  std::size_t bytes = 0;
  for (const auto& [name, value] : vars) {
    bytes += name.size() + 1;
    for_each_string(value, [&](std::string_view s) {
      ++strings;
      bytes += s.size() + 1;
    });
  }
  static_assert(sizeof(urix_template_vars) % alignof(urix_template_var) == 0 &&
                sizeof(urix_template_var) % alignof(urix_bytes) == 0);
  void* block = std::malloc(sizeof(urix_template_vars) + vars.size() * sizeof(urix_template_var) +
                            strings * sizeof(urix_bytes) + bytes);
  if (block == nullptr) return nullptr;
  auto* head = static_cast<urix_template_vars*>(block);
  auto* var = reinterpret_cast<urix_template_var*>(head + 1);
  auto* string = reinterpret_cast<urix_bytes*>(var + vars.size());
  char* byte = reinterpret_cast<char*>(string + strings);
  auto copy = [&](std::string_view s) {
    std::memcpy(byte, s.data(), s.size());
    byte[s.size()] = '\0';
    const urix_bytes b{byte, s.size()};
    byte += s.size() + 1;
    return b;
  };
  new (head) urix_template_vars{vars.size(), var};
  for (const auto& [name, value] : vars) {
    urix_template_var* v = new (var++) urix_template_var{copy(name), static_cast<int>(value.type()), 0, string};
    for_each_string(value, [&](std::string_view s) {
      new (string++) urix_bytes{copy(s)};
      ++v->count;
    });
  }
  return head;
}

}  // namespace

extern "C" {

urix_error urix_template_parse(const char* in, size_t in_len, urix_template** out) {
  if (out == nullptr) return {URIX_E_INVALID_ARGUMENT, 0};
  *out = nullptr;
  if (in == nullptr && in_len != 0) return {URIX_E_INVALID_ARGUMENT, 0};
  try {
    auto t = urix::uri_template::parse(view(in, in_len));
    if (!t) return from(t.error());
    *out = new urix_template{std::move(*t)};
    return {URIX_OK, 0};
  } catch (...) {
    return {URIX_E_OUT_OF_MEMORY, 0};
  }
}

urix_error urix_template_expand(const urix_template* t, const char* vars_json, size_t vars_len,
                                char* out, size_t* out_len) {
  if (t == nullptr || (vars_json == nullptr && vars_len != 0) || out_len == nullptr ||
      (out == nullptr && *out_len != 0)) {
    return {URIX_E_INVALID_ARGUMENT, 0};
  }
  try {
    auto vars = urix::template_variables::from_json(view(vars_json, vars_len));
    if (!vars) return from(vars.error());
    const std::string s = t->t.expand(*vars);
    if (s.size() > *out_len) {
      *out_len = s.size();
      return {URIX_E_NO_SPACE, 0};
    }
    if (!s.empty()) std::memcpy(out, s.data(), s.size());
    *out_len = s.size();
    return {URIX_OK, 0};
  } catch (...) {
    return {URIX_E_OUT_OF_MEMORY, 0};
  }
}

void urix_template_free(urix_template* t) { delete t; }

urix_error urix_template_match(const urix_template* t, const char* uri, size_t uri_len,
                               urix_template_vars** out) {
  if (out == nullptr) return {URIX_E_INVALID_ARGUMENT, 0};
  *out = nullptr;
  if (t == nullptr || (uri == nullptr && uri_len != 0)) return {URIX_E_INVALID_ARGUMENT, 0};
  try {
    auto vars = t->t.match(view(uri, uri_len));
    if (!vars) return from(vars.error());
    *out = to_c(*vars);
    return {*out == nullptr ? URIX_E_OUT_OF_MEMORY : URIX_OK, 0};
  } catch (...) {
    return {URIX_E_OUT_OF_MEMORY, 0};
  }
}

void urix_template_vars_free(urix_template_vars* vars) { std::free(vars); }

}  // extern "C"
