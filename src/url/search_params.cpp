// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/url/search_params.cpp: application/x-www-form-urlencoded (URL Standard section 5) and
// the URLSearchParams methods on a list of pairs.
#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>

#include "urix/utf8.h"
#include "urix/pct.h"
#include "urix/sets.h"
#include "urix/url.h"
#include "urix/utf8.h"

namespace urix {
namespace {

// A scalar value string: ill-formed UTF-8 reads as U+FFFD ("UTF-8 decode without BOM").
std::string scalar_values(std::string_view s) {
  if (validate_utf8(s)) return std::string(s);
  return utf8_replace_invalid(s);
}

// "application/x-www-form-urlencoded parser", one sequence: '+' is a space, then the
// percent-decoding (a '%' that starts no escape stays), then UTF-8 decode without BOM.
std::string decode_form(std::string_view bytes) {
  return scalar_values(*decode(bytes, {.plus_as_space = true, .lenient = true}));
}

// The first UTF-16 code unit of code point `c` (a lead surrogate above U+FFFF).
constexpr char32_t first_utf16_unit(char32_t c) noexcept {
  return c < 0x10000 ? c : 0xD800 + ((c - 0x10000) >> 10);
}

// "a's name is code unit less than b's name": UTF-16 code unit order of UTF-8 text. It is
// code point order except that U+10000 and above (surrogate pairs, D800-DBFF) sort before
// U+E000-U+FFFF.
bool code_unit_less(std::string_view a, std::string_view b) noexcept {
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    const char32_t x = next_code_point(a, i);
    const char32_t y = next_code_point(b, j);
    if (x == y) continue;
    const char32_t ux = first_utf16_unit(x), uy = first_utf16_unit(y);
    if (ux != uy) return ux < uy;
    return x < y;  // the same lead surrogate: the trail surrogates order as the code points
  }
  return i == a.size() && j < b.size();
}

}  // namespace

url_search_params::url_search_params(std::string_view init) {
  if (!init.empty() && init.front() == '?') init.remove_prefix(1);
  // "Let sequences be the result of splitting input on 0x26 (&)."
  while (!init.empty()) {
    const std::size_t amp = init.find('&');
    const std::string_view bytes = init.substr(0, amp);
    init = amp == std::string_view::npos ? std::string_view{} : init.substr(amp + 1);
    if (bytes.empty()) continue;
    const std::size_t eq = bytes.find('=');
    const std::string_view name = bytes.substr(0, eq);
    const std::string_view value = eq == std::string_view::npos ? std::string_view{} : bytes.substr(eq + 1);
    list_.emplace_back(decode_form(name), decode_form(value));
  }
}

void url_search_params::append(std::string_view name, std::string_view value) {
  list_.emplace_back(scalar_values(name), scalar_values(value));
}

void url_search_params::remove(std::string_view name) {
  std::erase_if(list_, [&](const value_type& p) { return p.first == name; });
}

void url_search_params::remove(std::string_view name, std::string_view value) {
  std::erase_if(list_, [&](const value_type& p) { return p.first == name && p.second == value; });
}

std::optional<std::string_view> url_search_params::get(std::string_view name) const {
  for (const value_type& p : list_) {
    if (p.first == name) return std::string_view(p.second);
  }
  return std::nullopt;
}

std::vector<std::string_view> url_search_params::get_all(std::string_view name) const {
  std::vector<std::string_view> out;
  for (const value_type& p : list_) {
    if (p.first == name) out.emplace_back(p.second);
  }
  return out;
}

bool url_search_params::has(std::string_view name) const { return get(name).has_value(); }

bool url_search_params::has(std::string_view name, std::string_view value) const {
  return std::any_of(list_.begin(), list_.end(),
                     [&](const value_type& p) { return p.first == name && p.second == value; });
}

void url_search_params::set(std::string_view name, std::string_view value) {
  const auto first = std::find_if(list_.begin(), list_.end(), [&](const value_type& p) { return p.first == name; });
  if (first == list_.end()) {
    append(name, value);
    return;
  }
  first->second = scalar_values(value);
  const auto keep = static_cast<std::size_t>(first - list_.begin());
  std::size_t k = 0;
  std::erase_if(list_, [&](const value_type& p) { return k++ > keep && p.first == name; });
}

void url_search_params::sort() {
  std::stable_sort(list_.begin(), list_.end(),
                   [](const value_type& a, const value_type& b) { return code_unit_less(a.first, b.first); });
}

std::string url_search_params::to_string() const {
  // "application/x-www-form-urlencoded serializer": the form percent-encode set, space as '+'.
  std::string out;
  for (const value_type& p : list_) {
    if (!out.empty()) out += '&';
    encode_append(out, p.first, sets::whatwg::form, {.space_as_plus = true});
    out += '=';
    encode_append(out, p.second, sets::whatwg::form, {.space_as_plus = true});
  }
  return out;
}

}  // namespace urix
