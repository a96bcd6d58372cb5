// SPDX-License-Identifier: Apache-2.0 OR MIT
// Syntax-based (RFC 3986 6.2.2) and scheme-based (6.2.3) normalization; see urix/normalize.h
// for the exact list of what changes.
#include "urix/normalize.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>

#include "../detail/ascii.h"
#include "paths.h"
#include "urix/pct.h"
#include "write.h"

namespace urix {
namespace {

// 6.2.3: the schemes whose default port and empty-path rules SPEC section 6 applies. A scheme
// is case-insensitive (3.1).
std::optional<unsigned> default_port(std::string_view scheme) noexcept {
  const auto is = [&](std::string_view lower) {
    return scheme.size() == lower.size() &&
           std::equal(scheme.begin(), scheme.end(), lower.begin(),
                      [](char a, char b) { return detail::ascii_lower(a) == b; });
  };
  if (is("http") || is("ws")) return 80;
  if (is("https") || is("wss")) return 443;
  if (is("ftp")) return 21;
  return std::nullopt;
}

// Is the port (digits only) the number `value`? Leading zeros do not change a number.
bool port_equals(std::string_view digits, unsigned value) noexcept {
  while (digits.size() > 1 && digits.front() == '0') digits.remove_prefix(1);
  if (digits.empty() || digits.size() > 5) return false;
  unsigned n = 0;
  for (char c : digits) n = n * 10 + static_cast<unsigned>(c - '0');
  return n == value;
}

// Does `s` hold a '%'? Eight bytes per step, inline: components are short, and this runs on
// each (a memchr call costs more than the search).
bool has_escape(std::string_view s) noexcept {
  constexpr std::uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
  std::size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    std::uint64_t w;
    std::memcpy(&w, s.data() + i, 8);
    w ^= ones * '%';  // a zero byte where s holds '%'
    if (((w - ones) & ~w & highs) != 0) return true;
  }
  bool found = false;
  for (; i < s.size(); ++i) found |= s[i] == '%';
  return found;
}

// 6.2.2.1 and 6.2.2.2 on a component the parser accepted (so every escape is well-formed)
// that holds an escape, appended to `out` (never longer than `s`).
void append_with_escapes_normalized(std::string& out, std::string_view s) {
  const std::size_t begin = out.size();
  out.resize(begin + s.size());
  out.resize(begin + *normalize_escapes_to(std::span<char>(out).subspan(begin), s));
}

// The same for any component the parser accepted.
void append_escapes_normalized(std::string& out, std::string_view s) {
  if (!has_escape(s)) {  // most components: no escape, nothing to normalize
    out.append(s);
    return;
  }
  append_with_escapes_normalized(out, s);
}

// 6.2.2.1: a reg-name is case-insensitive, but the hex of its escapes is uppercase. Escapes
// of unreserved characters are decoded first, so "%4C" becomes "l".
void append_reg_name(std::string& out, std::string_view host) {
  if (!has_escape(host)) {
    detail::append_ascii_lower(out, host);
    return;
  }
  const std::size_t begin = out.size();
  append_with_escapes_normalized(out, host);
  for (std::size_t i = begin; i < out.size(); ++i) {
    if (out[i] == '%') i += 2;
    else out[i] = detail::ascii_lower(out[i]);
  }
}

}  // namespace

// 6.2.2.3 for a relative-path reference (no scheme, a path not starting with '/'): the
// dot-segments go, but the result stays relative and means what the input meant.
//  - A ".." with nothing left to remove stays, since it climbs above the base.
//  - A '/' is appended where a removed "." or ".." ended the path ("a/b/.." -> "a/"), and an
//    empty result of a non-empty path is "./" (the base's directory, which "" is not).
//  - "./" is kept in front of a first segment that is empty (the path would start with '/').
// (A first segment holding ':' gets its "./" from the writer's guard, as every path does.)
// The kept segments are written joined by '/' to s[begin, w), never past the segment being
// read (s[r, ...)): the output is never longer than what has been read.
void detail::remove_dot_segments_relative_in_place(std::string& s, std::size_t begin) {
  char* const p = s.data();
  const std::size_t end = s.size();
  std::size_t r = begin, w = begin;
  std::size_t count = 0, kept = 0;  // segments written; leading ".." among them
  bool directory = false;
  bool first_empty = false;  // the first segment written is empty
  while (true) {
    const std::size_t slash = std::min(std::string_view(p + r, end - r).find('/'), end - r) + r;
    const std::string_view seg(p + r, slash - r);
    directory = seg == "." || seg == "..";  // ".." is "../", as "." is "./" (5.2.4 rule C)
    if (seg == ".." && count > kept) {      // remove the last segment and the '/' before it
      const std::size_t last = std::string_view(p + begin, w - begin).rfind('/');
      w = --count == 0 ? begin : begin + last;
    } else if (seg != ".") {  // write the segment ("..", when there is nothing to remove)
      if (seg == "..") ++kept;
      if (count++ > 0) p[w++] = '/';
      else first_empty = seg.empty();
      if (w != r) std::memmove(p + w, seg.data(), seg.size());
      w += seg.size();
    }
    if (slash == end) break;
    r = slash + 1;
  }
  s.resize(w);
  if (count > 0 && directory) s.push_back('/');
  if (s.size() == begin) {
    if (end != begin) s.append("./");
    return;
  }
  if (first_empty) s.insert(begin, "./");
}

namespace {

// The normal form of `u`, appended to `out`.
void append_normalized(std::string& out, const uri_view& u) {
  const std::optional<unsigned> port = u.scheme ? default_port(*u.scheme) : std::nullopt;
  // 6.2.3: an empty port, or the scheme's default, is dropped for the schemes we know.
  const bool keep_port = u.port && !(port && (u.port->empty() || port_equals(*u.port, *port)));

  out.reserve(out.size() + recomposed_size(u) + 4);  // + 3: the longest path repair ("./", "/")
  const detail::reference_shape has{
      .scheme = u.scheme.has_value(),
      .authority = u.authority ? detail::authority_form::parts : detail::authority_form::none,
      .userinfo = u.userinfo.has_value(),
      .port = keep_port,
      .query = u.query.has_value(),
      .fragment = u.fragment.has_value(),
  };
  detail::write_reference(out, has, [&](std::string& o, detail::part p) {
    switch (p) {
      case detail::part::scheme: detail::append_ascii_lower(o, *u.scheme); break;  // 6.2.2.1
      case detail::part::userinfo: append_escapes_normalized(o, *u.userinfo); break;
      case detail::part::host:
        // IP literals hold no escapes; their hex digits go in lowercase.
        if (u.host_kind == host_type::reg_name) append_reg_name(o, *u.host);
        else detail::append_ascii_lower(o, *u.host);
        break;
      case detail::part::port: o.append(*u.port); break;
      case detail::part::path: {
        // 6.2.2.2 before 6.2.2.3: "%2E%2E" is a ".." segment once decoded. A path after a
        // scheme or from the root goes through 5.2.4 as written, as resolve does (so
        // "foo:a/../c" is "foo:/c", what resolving it gives); only a relative-path
        // reference stays relative.
        const std::size_t begin = o.size();
        append_escapes_normalized(o, u.path);
        if (u.scheme || u.path.starts_with('/')) detail::remove_dot_segments_in_place(o, begin);
        else detail::remove_dot_segments_relative_in_place(o, begin);
        if (o.size() == begin && u.authority && port)
          o.push_back('/');  // 6.2.3: "http://a" -> "http://a/"
        detail::guard_path_in_place(o, begin, u.scheme.has_value(), u.authority.has_value());
        break;
      }
      case detail::part::query: append_escapes_normalized(o, *u.query); break;
      case detail::part::fragment: append_escapes_normalized(o, *u.fragment); break;
      case detail::part::authority: break;  // written in its parts
    }
  });
}

}  // namespace

std::string normalize(const uri_view& u) {
  std::string out;
  append_normalized(out, u);
  return out;
}

result<std::string> normalize(std::string_view in, syntax grammar) {
  auto u = parse_uri_reference(in, grammar);
  if (!u) return u.error();
  return normalize(*u);
}

bool equal(const uri_view& a, const uri_view& b) {
  // Both normal forms in one buffer: one allocation.
  std::string forms;
  forms.reserve(recomposed_size(a) + recomposed_size(b) + 8);
  append_normalized(forms, a);
  const std::size_t first = forms.size();
  append_normalized(forms, b);
  return std::string_view(forms).substr(0, first) == std::string_view(forms).substr(first);
}

result<bool> equal(std::string_view a, std::string_view b, syntax grammar) {
  auto ua = parse_uri_reference(a, grammar);
  if (!ua) return ua.error();
  auto ub = parse_uri_reference(b, grammar);
  if (!ub) return ub.error();
  if (a == b) return true;  // the same text has the same normal form
  return equal(*ua, *ub);
}

}  // namespace urix
