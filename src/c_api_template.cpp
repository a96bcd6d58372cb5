// SPDX-License-Identifier: Apache-2.0 OR MIT
// The C API's URI Templates (include/urix/c.h, urix/template.h): a urix_template is a
// urix::uri_template on the heap. As in c_api.cpp, each call checks its arguments and maps
// the C++ result; no exception leaves a call.
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

urix_error from(const urix::error& e) { return {static_cast<int>(e.code), e.offset}; }

std::string_view view(const char* p, std::size_t n) {
  return n == 0 ? std::string_view() : std::string_view(p, n);
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

}  // extern "C"
