// SPDX-License-Identifier: Apache-2.0 OR MIT
// File paths <-> file: URIs (RFC 8089): POSIX and Windows paths (urix/file_path.h).
#include "urix/file_path.h"

#include <cstddef>
#include <string>
#include <string_view>

#include "../detail/ascii.h"
#include "urix/pct.h"
#include "urix/sets.h"
#include "urix/uri.h"
#include "urix/utf8.h"

namespace urix {
namespace {

constexpr bool is_windows_separator(char c) noexcept { return c == '\\' || c == '/'; }
constexpr bool is_ascii_alpha(char c) noexcept {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

// Appends the Windows path `p` (offsets from `at` in the caller's path) as URI path segments:
// each separator ('\' or '/') a '/', everything between encoded by the segment set.
void append_windows_segments(std::string& out, std::string_view p) {
  for (;;) {
    const std::size_t sep = std::min(p.find_first_of("\\/"), p.size());
    encode_append(out, p.substr(0, sep), sets::segment);
    if (sep == p.size()) return;
    out += '/';
    p.remove_prefix(sep + 1);
  }
}

// A UNC server "." or "?" is none: "\\.\" and "\\?\" start a device or a Win32 namespace
// path, which would name another file than the URI does.
bool names_a_namespace(std::string_view server) noexcept { return server == "." || server == "?"; }

result<std::string> windows_path_to_uri(std::string_view path) {
  if (auto valid = validate_utf8(path); !valid) return valid.error();
  std::size_t at = 0;  // where `p` starts in `path`
  std::string_view p = path;
  const auto starts_with_separators = [](std::string_view s, std::string_view marker) {
    // "\\?\" and "\\.\", with either separator.
    if (s.size() < 4) return false;
    return is_windows_separator(s[0]) && is_windows_separator(s[1]) && s[2] == marker[0] &&
           is_windows_separator(s[3]);
  };
  bool unc = false;
  if (starts_with_separators(p, "?")) {  // Win32 file namespace: the path that follows, as is
    at = 4;
    p.remove_prefix(4);
    if (p.size() >= 4 && detail::ascii_iequals(p.substr(0, 3), "UNC") && is_windows_separator(p[3])) {
      at += 4;
      p.remove_prefix(4);
      unc = true;
    }
  } else if (starts_with_separators(p, ".")) {
    return error{errc::bad_path, 0};  // a device, not a file
  } else if (p.size() >= 2 && is_windows_separator(p[0]) && is_windows_separator(p[1])) {
    at = 2;
    p.remove_prefix(2);
    unc = true;
  }
  std::string uri = "file://";
  if (unc) {
    // "\\server\share\rest" -> "file://server/share/rest" (RFC 8089 E.3.1).
    const std::size_t server_end = std::min(p.find_first_of("\\/"), p.size());
    if (server_end == 0) return error{errc::bad_path, at};
    const std::size_t share_begin = server_end + 1;
    const std::size_t share_end =
        share_begin <= p.size() ? std::min(p.find_first_of("\\/", share_begin), p.size()) : p.size();
    if (share_begin >= p.size() || share_end == share_begin)
      return error{errc::bad_path, at + std::min(share_begin, p.size())};
    // A server called "localhost" would read back as the local host (RFC 8089 2): the
    // E.3.2 form keeps the whole UNC path in the URI's path instead.
    const std::string_view server = p.substr(0, server_end);
    if (names_a_namespace(server)) return error{errc::bad_path, at};
    if (detail::ascii_iequals(server, "localhost")) {
      uri += "//";
      encode_append(uri, server, sets::segment);
    } else {
      encode_append(uri, server, sets::host);
    }
    uri += '/';
    append_windows_segments(uri, p.substr(share_begin));
    return uri;
  }
  // "C:\rest" -> "file:///C:/rest" (RFC 8089 E.2).
  if (p.size() < 2 || !is_ascii_alpha(p[0]) || p[1] != ':') return error{errc::relative_path, at};
  if (p.size() < 3 || !is_windows_separator(p[2])) return error{errc::relative_path, at + 2};
  ((uri += '/') += p[0]) += ':';
  uri += '/';
  append_windows_segments(uri, p.substr(3));
  return uri;
}

// Decodes the URI path piece `encoded` (at `at` in the URI) into `out`, segment by segment:
// an escape of NUL or of a separator is an error; on Windows each '/' becomes '\' and the
// decoded bytes must be UTF-8.
result<void> decode_segments(std::string& out, std::string_view encoded, std::size_t at, path_style style) {
  const char separator = style == path_style::windows ? '\\' : '/';
  std::size_t segment_begin = out.size(), encoded_begin = 0;
  const auto check_segment = [&](std::size_t encoded_end) -> result<void> {
    if (style != path_style::windows) return {};
    auto valid = validate_utf8(std::string_view(out).substr(segment_begin));
    if (valid) return {};
    const std::string_view piece = encoded.substr(encoded_begin, encoded_end - encoded_begin);
    return error{errc::invalid_utf8, at + encoded_begin + encoded_offset(piece, valid.error().offset)};
  };
  for (std::size_t i = 0; i < encoded.size(); ++i) {
    const char c = encoded[i];
    if (c == '/') {
      if (auto r = check_segment(i); !r) return r;
      out += separator;
      segment_begin = out.size();
      encoded_begin = i + 1;
    } else if (c == '%') {
      const int b = escape_at(encoded, i);  // well-formed: the parser checked it
      if (b == 0) return error{errc::nul_in_path, at + i};
      if (b == '/' || (style == path_style::windows && b == '\\'))
        return error{errc::slash_in_segment, at + i};
      out += static_cast<char>(b);
      i += 2;
    } else {
      out += c;
    }
  }
  return check_segment(encoded.size());
}

}  // namespace

result<std::string> path_to_uri(std::string_view path, path_style style) {
  if (const std::size_t nul = path.find('\0'); nul != std::string_view::npos)
    return error{errc::nul_in_path, nul};
  if (style == path_style::windows) return windows_path_to_uri(path);
  if (!path.starts_with('/')) return error{errc::relative_path, 0};
  std::string uri = "file://";
  encode_append(uri, path, sets::path);  // each segment by the segment set; '/' separates
  return uri;
}

result<std::string> uri_to_path(std::string_view uri, path_style style) {
  auto parsed = parse_uri(uri);
  if (!parsed) return parsed.error();
  const uri_view& u = *parsed;
  const auto offset = [&](std::string_view part) { return static_cast<std::size_t>(part.data() - uri.data()); };
  if (!detail::ascii_iequals(*u.scheme, "file")) return error{errc::wrong_scheme, 0};
  if (u.userinfo) return error{errc::remote_host, offset(*u.userinfo)};
  if (u.port) return error{errc::remote_host, offset(*u.port) - 1};
  if (u.query) return error{errc::disallowed_char, offset(*u.query) - 1};
  const std::size_t path_at = offset(u.path);
  const bool local = !u.host || u.host->empty() || detail::ascii_iequals(*u.host, "localhost");
  std::string out;
  if (style == path_style::posix) {
    if (!local) return error{errc::remote_host, offset(*u.host)};
    if (u.path.empty()) return error{errc::bad_path, path_at};
    if (!u.path.starts_with('/')) return error{errc::relative_path, path_at};
    if (auto r = decode_segments(out, u.path, path_at, style); !r) return r.error();
    return out;
  }
  std::string_view path = u.path;
  std::size_t at = path_at;
  if (!local || path.starts_with("//")) {
    // UNC: "file://server/share/a" (E.3.1), or "file:////server/share/a" (E.3.2).
    out = "\\\\";
    std::size_t server_at = 0;
    if (!local) {
      server_at = offset(*u.host);
      if (auto r = decode_segments(out, *u.host, server_at, style); !r) return r.error();
    } else {
      path.remove_prefix(2), at += 2;
      const std::size_t server_end = std::min(path.find('/'), path.size());
      if (server_end == 0) return error{errc::bad_path, at};
      server_at = at;
      if (auto r = decode_segments(out, path.substr(0, server_end), at, style); !r) return r.error();
      path.remove_prefix(server_end), at += server_end;
    }
    if (names_a_namespace(std::string_view(out).substr(2))) return error{errc::bad_path, server_at};
    // A share must follow the server.
    if (path.size() < 2 || path[0] != '/' || path[1] == '/') return error{errc::bad_path, at};
    if (auto r = decode_segments(out, path, at, style); !r) return r.error();
    return out;
  }
  // A drive: "/C:/a", or "C:/a" (E.2).
  if (path.starts_with('/')) path.remove_prefix(1), at += 1;
  const bool drive = path.size() >= 2 && is_ascii_alpha(path[0]) && path[1] == ':' &&
                     (path.size() == 2 || path[2] == '/');
  if (!drive) return error{u.path.empty() ? errc::bad_path : errc::relative_path, path_at};
  out += path[0];
  out += ':';
  path.remove_prefix(2), at += 2;
  if (path.empty()) {
    out += '\\';  // "file:///C:" is the drive's root
    return out;
  }
  if (auto r = decode_segments(out, path, at, style); !r) return r.error();
  return out;
}

}  // namespace urix
