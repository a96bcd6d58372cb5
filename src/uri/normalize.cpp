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
#include "../detail/swar.h"
#include "normalize.h"
#include "paths.h"
#include "urix/pct.h"
#include "write.h"

namespace urix {
namespace {

// The first N bytes of `s` in one word, each ASCII letter in lowercase: a letter OR 0x20 is
// its lowercase, and the schemes it compares are letters only (a scheme is case-insensitive,
// 3.1). The bytes past N are 0x20 alike on both sides of a comparison.
template <std::size_t N>
std::uint64_t folded(const char* s) noexcept {
  std::uint64_t w = 0;
  std::memcpy(&w, s, N);
  return w | 0x2020202020202020ULL;
}

// 6.2.3: the schemes whose default port and empty-path rules SPEC section 6 applies.
std::optional<unsigned> default_port(std::string_view scheme) noexcept {
  const char* s = scheme.data();
  switch (scheme.size()) {
    case 2: if (folded<2>(s) == folded<2>("ws")) return 80; break;
    case 3:
      if (folded<3>(s) == folded<3>("wss")) return 443;
      if (folded<3>(s) == folded<3>("ftp")) return 21;
      break;
    case 4: if (folded<4>(s) == folded<4>("http")) return 80; break;
    case 5: if (folded<5>(s) == folded<5>("https")) return 443; break;
    default: break;
  }
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

// 6.2.3: the port goes when it is empty or the scheme's default, for the schemes we know
// (`port`: the scheme's default, if it is one of them).
bool drops_port(const uri_view& u, std::optional<unsigned> port) noexcept {
  return u.port && port && (u.port->empty() || port_equals(*u.port, *port));
}

// 6.2.3: an empty path after an authority becomes "/", for the schemes we know.
bool roots_empty_path(const uri_view& u, std::optional<unsigned> port) noexcept {
  return u.authority && port;
}

// Does `s` hold an escape? (The parser has checked that each '%' starts one.)
bool has_escape(std::string_view s) noexcept { return detail::contains_either(s, '%', '%'); }

using detail::cursor;
using detail::text_buffer;

// 6.2.2.1 and 6.2.2.2 on a component the parser accepted (so every escape is well-formed)
// that holds an escape, appended to `out` (never longer than `s`).
void append_with_escapes_normalized(cursor& out, std::string_view s) {
  out.p += *normalize_escapes_to(std::span<char>(out.p, s.size()), s);
}

// The same for any component the parser accepted.
void append_escapes_normalized(cursor& out, std::string_view s) {
  if (!has_escape(s)) {  // most components: no escape, nothing to normalize
    out.append(s);
    return;
  }
  append_with_escapes_normalized(out, s);
}

// `s` with its ASCII letters in lowercase (6.2.2.1: the scheme, the host).
void append_ascii_lower(cursor& out, std::string_view s) {
  detail::copy_ascii_lower(out.p, s.data(), s.size());
  out.p += s.size();
}

// 6.2.2.1: a reg-name is case-insensitive, but the hex of its escapes is uppercase. Escapes
// of unreserved characters are decoded first, so "%4C" becomes "l".
void append_reg_name(cursor& out, std::string_view host) {
  if (!has_escape(host)) {
    append_ascii_lower(out, host);
    return;
  }
  char* const begin = out.p;
  append_with_escapes_normalized(out, host);
  for (char* c = begin; c < out.p; ++c) {
    if (*c == '%') c += 2;
    else *c = detail::ascii_lower(*c);
  }
}

// Never longer than the reference, but for the path: its steps may write two bytes past it
// (paths.h), and its guard two more.
std::size_t normalized_bound(const uri_view& u) noexcept { return recomposed_size(u) + 4; }

// Appends the normal form of `u` to `out`.
void write_normalized(text_buffer& out, const uri_view& u) {
  const std::optional<unsigned> port = u.scheme ? default_port(*u.scheme) : std::nullopt;
  const bool keep_port = u.port && !drops_port(u, port);

  detail::reference_shape has = detail::shape_of(u, detail::authority_form::parts);
  has.port = keep_port;
  char* const start = out.room(normalized_bound(u));
  cursor at{start};
  detail::write_reference(at, has, [&](cursor& o, detail::part p) {
    switch (p) {
      case detail::part::scheme: append_ascii_lower(o, *u.scheme); break;  // 6.2.2.1
      case detail::part::userinfo: append_escapes_normalized(o, *u.userinfo); break;
      case detail::part::host:
        // IP literals hold no escapes; their hex digits go in lowercase.
        if (u.host_kind == host_type::reg_name) append_reg_name(o, *u.host);
        else append_ascii_lower(o, *u.host);
        break;
      case detail::part::port: o.append(*u.port); break;
      case detail::part::path: {
        // 6.2.2.2 before 6.2.2.3: "%2E%2E" is a ".." segment once decoded. A path after a
        // scheme or from the root goes through 5.2.4 as written, as resolve does (so
        // "foo:a/../c" is "foo:/c", what resolving it gives); only a relative-path
        // reference stays relative.
        char* const begin = o.p;
        append_escapes_normalized(o, u.path);
        const auto size = static_cast<std::size_t>(o.p - begin);
        if (u.scheme || u.path.starts_with('/'))
          o.p = begin + detail::remove_dot_segments_in_place(begin, 0, size);
        else o.p = begin + detail::remove_dot_segments_relative_in_place(begin, 0, size);
        if (o.p == begin && roots_empty_path(u, port)) o.push_back('/');  // "http://a" -> "http://a/"
        o.p = detail::guard_path_at(begin, o.p, u.scheme.has_value(), u.authority.has_value());
        break;
      }
      case detail::part::query: append_escapes_normalized(o, *u.query); break;
      case detail::part::fragment: append_escapes_normalized(o, *u.fragment); break;
      case detail::part::authority: break;  // written in its parts
    }
  });
  out.resize(out.size() + static_cast<std::size_t>(at.p - start));
}

}  // namespace

// Each test is the case in which one step of write_normalized changes nothing.
bool detail::is_normal(const uri_view& u, const text_facts& facts) noexcept {
  // 6.2.2.1, 6.2.2.2: no escape to normalize, in any component (nor a host to decode).
  if (facts.has_escape) return false;
  // 6.2.2.1: scheme and host in lowercase (an IP literal's hex digits too).
  if (facts.has_capital_in_scheme_or_host) return false;
  // 6.2.3: no port to drop, no empty path to root (the scheme is looked up only when there
  // is either: most URLs have neither).
  if (u.port || u.path.empty()) {
    const std::optional<unsigned> port = u.scheme ? default_port(*u.scheme) : std::nullopt;
    if (drops_port(u, port)) return false;
    if (u.path.empty()) return !roots_empty_path(u, port);
  }
  // 6.2.2.3: no dot-segment. (The parser's path needs no guard: it read back as itself.)
  return !detail::has_segment_starting_with_dot(u.path);
}

std::string normalize(const uri_view& u) {
  text_buffer out;
  write_normalized(out, u);
  return out.str();
}

void normalize_append(std::string& out, const uri_view& u) {
  text_buffer form;
  write_normalized(form, u);
  out.append(form.view());
}

result<std::string> normalize(std::string_view in, syntax grammar) {
  detail::text_facts facts;
  auto u = detail::parse(in, grammar, false, facts);
  if (!u) return u.error();
  if (detail::is_normal(*u, facts)) return std::string(in);
  return normalize(*u);
}

result<void> normalize_append(std::string& out, std::string_view in, syntax grammar) {
  detail::text_facts facts;
  auto u = detail::parse(in, grammar, false, facts);
  if (!u) return u.error();
  if (detail::is_normal(*u, facts)) out.append(in);
  else normalize_append(out, *u);
  return {};
}

bool equal(const uri_view& a, const uri_view& b) {
  text_buffer form_a, form_b;
  write_normalized(form_a, a);
  write_normalized(form_b, b);
  return form_a.view() == form_b.view();
}

result<bool> equal(std::string_view a, std::string_view b, syntax grammar) {
  detail::text_facts facts_a, facts_b;
  auto ua = detail::parse(a, grammar, false, facts_a);
  if (!ua) return ua.error();
  if (a == b) return true;  // the same text: as valid as `a`, and the same normal form
  auto ub = detail::parse(b, grammar, false, facts_b);
  if (!ub) return ub.error();
  if (detail::is_normal(*ua, facts_a) && detail::is_normal(*ub, facts_b))
    return false;  // they are their forms
  return equal(*ua, *ub);
}

}  // namespace urix
