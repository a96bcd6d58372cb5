// Syntax-based (RFC 3986 6.2.2) and scheme-based (6.2.3) normalization; see urix/normalize.h
// for the exact list of what changes.
#include "urix/normalize.h"

#include <optional>
#include <vector>

#include "../detail/ascii.h"
#include "urix/resolve.h"
#include "write.h"

namespace urix {
namespace {

// 6.2.2.1 and 6.2.2.2 on a component the parser accepted (so every escape is well-formed).
std::string escapes_normalized(std::string_view s) { return *normalize_escapes(s); }

// 6.2.3: the schemes whose default port and empty-path rules SPEC section 6 applies.
std::optional<unsigned> default_port(std::string_view lower_scheme) noexcept {
  if (lower_scheme == "http" || lower_scheme == "ws") return 80;
  if (lower_scheme == "https" || lower_scheme == "wss") return 443;
  if (lower_scheme == "ftp") return 21;
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

// 6.2.2.1: a reg-name is case-insensitive, but the hex of its escapes is uppercase. Escapes
// of unreserved characters are decoded first, so "%4C" becomes "l".
void append_reg_name(std::string& out, std::string_view host) {
  const std::string s = escapes_normalized(host);
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%') {
      out.append(s, i, 3);
      i += 2;
    } else {
      out += detail::ascii_lower(s[i]);
    }
  }
}

// 6.2.2.3 for a relative-path reference (no scheme, a path not starting with '/'): the
// dot-segments go, but the result stays relative and means what the input meant.
//  - A ".." with nothing left to remove stays, since it climbs above the base.
//  - A '/' is appended where a removed "." or ".." ended the path ("a/b/.." -> "a/"), and an
//    empty result of a non-empty path is "./" (the base's directory, which "" is not).
//  - "./" is kept in front of a first segment that is empty (the path would start with '/').
// (A first segment holding ':' gets its "./" from the writer's guard, as every path does.)
std::string remove_dot_segments_relative(std::string_view path) {
  std::vector<std::string_view> segments;
  std::size_t kept = 0;  // leading ".." segments kept
  bool directory = false;
  std::size_t pos = 0;
  while (true) {
    const std::size_t slash = path.find('/', pos);
    const std::string_view seg =
        path.substr(pos, slash == std::string_view::npos ? path.npos : slash - pos);
    directory = false;
    if (seg == ".") {
      directory = true;
    } else if (seg == "..") {
      if (segments.size() > kept) {
        segments.pop_back();
      } else {
        segments.push_back(seg);
        ++kept;
      }
      directory = true;  // ".." is "../", as "." is "./" (5.2.4 rule C)
    } else {
      segments.push_back(seg);
    }
    if (slash == std::string_view::npos) break;
    pos = slash + 1;
  }
  std::string out;
  for (std::size_t i = 0; i < segments.size(); ++i) {
    if (i > 0) out += '/';
    out += segments[i];
  }
  if (directory && !segments.empty()) out += '/';
  if (out.empty()) return path.empty() ? std::string() : std::string("./");
  if (segments.front().empty()) out.insert(0, "./");
  return out;
}

}  // namespace

std::string normalize(const uri_view& u) {
  std::string scheme;
  if (u.scheme) detail::append_ascii_lower(scheme, *u.scheme);  // 6.2.2.1
  const std::optional<unsigned> port = default_port(scheme);
  // 6.2.3: an empty port, or the scheme's default, is dropped for the schemes we know.
  const bool keep_port = u.port && !(port && (u.port->empty() || port_equals(*u.port, *port)));

  // 6.2.2.2 before 6.2.2.3: "%2E%2E" is a ".." segment once decoded. A path after a scheme
  // or from the root goes through 5.2.4 as written, as resolve does (so "foo:a/../c" is
  // "foo:/c", what resolving it gives); only a relative-path reference stays relative.
  std::string path = escapes_normalized(u.path);
  if (u.scheme || path.starts_with('/')) path = remove_dot_segments(path);
  else path = remove_dot_segments_relative(path);
  if (path.empty() && u.authority && port) path = "/";  // 6.2.3: "http://a" -> "http://a/"

  std::string out;
  out.reserve(recomposed_size(u) + 1);
  const detail::reference_shape has{
      .scheme = u.scheme.has_value(),
      .authority = u.authority ? detail::authority_form::parts : detail::authority_form::none,
      .userinfo = u.userinfo.has_value(),
      .port = keep_port,
      .query = u.query.has_value(),
      .fragment = u.fragment.has_value(),
      .guard = detail::guard_for(path, u.scheme.has_value(), u.authority.has_value()),
  };
  detail::write_reference(out, has, [&](std::string& o, detail::part p) {
    switch (p) {
      case detail::part::scheme: o.append(scheme); break;
      case detail::part::userinfo: o.append(escapes_normalized(*u.userinfo)); break;
      case detail::part::host:
        // IP literals hold no escapes; their hex digits go in lowercase.
        if (u.host_kind == host_type::reg_name) append_reg_name(o, *u.host);
        else detail::append_ascii_lower(o, *u.host);
        break;
      case detail::part::port: o.append(*u.port); break;
      case detail::part::path: o.append(path); break;
      case detail::part::query: o.append(escapes_normalized(*u.query)); break;
      case detail::part::fragment: o.append(escapes_normalized(*u.fragment)); break;
      case detail::part::authority: break;  // written in its parts
    }
  });
  return out;
}

result<std::string> normalize(std::string_view in, syntax grammar) {
  auto u = parse_uri_reference(in, grammar);
  if (!u) return u.error();
  return normalize(*u);
}

bool equal(const uri_view& a, const uri_view& b) { return normalize(a) == normalize(b); }

result<bool> equal(std::string_view a, std::string_view b, syntax grammar) {
  auto ua = parse_uri_reference(a, grammar);
  if (!ua) return ua.error();
  auto ub = parse_uri_reference(b, grammar);
  if (!ub) return ub.error();
  return equal(*ua, *ub);
}

}  // namespace urix
