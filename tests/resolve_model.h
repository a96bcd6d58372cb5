// SPDX-License-Identifier: Apache-2.0 OR MIT
// tests/resolve_model.h: RFC 3986 5.2.2 as a model that computes a target's components, and
// the check that a written reference reads back as given components. Used by
// tests/resolve_test.cpp and fuzz/resolve.cpp, fuzz/uri.cpp: the output of resolve and
// normalize must parse back to the components they computed.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>

#include "urix/pct.h"
#include "urix/resolve.h"
#include "urix/uri.h"

namespace urix_test {

// The components of a target, owned.
struct components {
  std::optional<std::string> scheme, authority;
  std::string path;
  std::optional<std::string> query, fragment;
};

inline std::optional<std::string> own(std::optional<std::string_view> v) {
  return v ? std::optional<std::string>(*v) : std::nullopt;
}

// 5.2.3, as the RFC's prose says it.
inline std::string model_merge(const urix::uri_view& base, std::string_view ref_path) {
  if (base.authority && base.path.empty()) return "/" + std::string(ref_path);
  const std::size_t slash = base.path.rfind('/');
  if (slash == std::string_view::npos) return std::string(ref_path);
  return std::string(base.path.substr(0, slash + 1)) + std::string(ref_path);
}

// 5.2.4, as the RFC's prose says it: an input buffer consumed from the left into a separate
// output buffer (the library does it in place, in one buffer).
inline std::string model_remove_dot_segments(std::string_view in) {
  std::string out;
  const auto pop_segment = [&] {
    const std::size_t slash = out.rfind('/');
    out.erase(slash == std::string::npos ? 0 : slash);
  };
  std::string buffer(in);
  std::string_view rest = buffer;
  while (!rest.empty()) {
    if (rest.starts_with("../")) {  // A
      rest.remove_prefix(3);
    } else if (rest.starts_with("./")) {  // A
      rest.remove_prefix(2);
    } else if (rest.starts_with("/./")) {  // B
      rest.remove_prefix(2);
    } else if (rest == "/.") {  // B
      rest = "/";
    } else if (rest.starts_with("/../")) {  // C
      rest.remove_prefix(3);
      pop_segment();
    } else if (rest == "/..") {  // C
      rest = "/";
      pop_segment();
    } else if (rest == "." || rest == "..") {  // D
      rest = {};
    } else {  // E
      const std::size_t end = std::min(rest.find('/', 1), rest.size());
      out.append(rest.substr(0, end));
      rest.remove_prefix(end);
    }
  }
  return out;
}

// 5.2.2, the pseudo-code line by line (strict), with the model's 5.2.4.
inline components model_resolve(const urix::uri_view& base, const urix::uri_view& ref) {
  const auto remove_dot_segments = [](std::string_view p) { return model_remove_dot_segments(p); };
  components t;
  if (ref.scheme) {
    t = {own(ref.scheme), own(ref.authority), remove_dot_segments(ref.path), own(ref.query), {}};
  } else {
    if (ref.authority) {
      t = {{}, own(ref.authority), remove_dot_segments(ref.path), own(ref.query), {}};
    } else {
      if (ref.path.empty()) {
        t.path = base.path;
        t.query = own(ref.query ? ref.query : base.query);
      } else {
        if (ref.path.starts_with('/')) t.path = remove_dot_segments(ref.path);
        else t.path = remove_dot_segments(model_merge(base, ref.path));
        t.query = own(ref.query);
      }
      t.authority = own(base.authority);
    }
    t.scheme = own(base.scheme);
  }
  t.fragment = own(ref.fragment);
  return t;
}

// Does the written path `got` read back as the computed `path`? Equal, or with the one prefix
// that RFC 3986 needs there: "/." before "//" without an authority (3.3), "./" before a first
// segment holding ':' without a scheme (4.2). 5.2.4 removes either prefix again.
inline bool reads_back_as(std::string_view got, std::string_view path, const components& t) {
  if (!t.authority && path.starts_with("//")) return got == "/." + std::string(path);
  const std::string_view first = path.substr(0, path.find('/'));
  if (!t.scheme && !t.authority && first.find(':') != first.npos)
    return got == "./" + std::string(path);
  return got == path;
}

// "" when `text` parses with exactly the components `t` (its path as reads_back_as says),
// else which component differs.
inline std::string reads_back_diff(std::string_view text, const components& t) {
  const auto u = urix::parse_uri_reference(text);
  if (!u) return "does not parse";
  if (own(u->scheme) != t.scheme) return "reads back with another scheme";
  if (own(u->authority) != t.authority) return "reads back with another authority";
  if (!reads_back_as(u->path, t.path, t)) return "reads back with another path";
  if (own(u->query) != t.query) return "reads back with another query";
  if (own(u->fragment) != t.fragment) return "reads back with another fragment";
  return "";
}

inline std::string ascii_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

// "" when `normal` (normalize's output for `u`) reads back as normalize computed it, else
// what differs: an authority (and userinfo, host kind) exactly when `u` has one, the query
// and fragment with normalized escapes, and, for a reference with a scheme or an absolute
// path, the lowercase scheme and the path that 6.2.2.2 then 5.2.4 give (the rule resolve
// applies), "/" for an empty path after an authority of http, https, ws, wss, ftp (6.2.3).
// A relative-path reference (its own rule: leading ".." stay) must stay one.
inline std::string normal_form_diff(const urix::uri_view& u, std::string_view normal) {
  const auto n = urix::parse_uri_reference(normal);
  if (!n) return "does not parse";
  if (n->has_authority() != u.has_authority()) return "gains or loses an authority";
  // A reg-name whose escapes decode to an IPv4address reads back as that address (3.2.2:
  // first match wins), which 6.2.2.2 makes the same host: "192.1%2E64.164" is 192.1.64.164.
  const bool becomes_ipv4 = u.host_kind == urix::host_type::reg_name && n->host &&
                            urix::is_ipv4address(*n->host);
  if (n->host_kind != (becomes_ipv4 ? urix::host_type::ipv4 : u.host_kind))
    return "reads back with another host kind";
  if (n->userinfo.has_value() != u.userinfo.has_value()) return "gains or loses a userinfo";
  const auto escapes = [](std::optional<std::string_view> v) {
    return v ? std::optional<std::string>(*urix::normalize_escapes(*v)) : std::nullopt;
  };
  if (own(n->query) != escapes(u.query)) return "reads back with another query";
  if (own(n->fragment) != escapes(u.fragment)) return "reads back with another fragment";
  if (!u.scheme && !u.path.starts_with('/')) {
    if (n->has_scheme() || n->path.starts_with('/')) return "a relative path is no longer one";
    return "";
  }
  components t;
  if (u.scheme) t.scheme = ascii_lower(*u.scheme);
  t.authority = own(n->authority);  // presence checked above; its value is not modeled here
  t.path = model_remove_dot_segments(*urix::normalize_escapes(u.path));
  const bool http_like =
      t.scheme && (*t.scheme == "http" || *t.scheme == "https" || *t.scheme == "ws" ||
                   *t.scheme == "wss" || *t.scheme == "ftp");
  if (t.path.empty() && t.authority && http_like) t.path = "/";
  t.query = own(n->query);
  t.fragment = own(n->fragment);
  return reads_back_diff(normal, t);
}

}  // namespace urix_test
