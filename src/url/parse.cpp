// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/url/parse.cpp: the URL Standard's basic URL parser, state by state, with base URLs and
// state overrides (the setters'). Each state is named as in the standard's "URL parsing"; the
// comments quote its steps where the code alone would not say which one it is.
//
// The standard reads code points; this parser reads bytes of valid UTF-8, which gives the
// same result: every byte of a non-ASCII code point is percent-encoded by every set the
// standard uses, and every delimiter is ASCII. Runs of bytes that a state copies one by one
// (a path segment, the query, the fragment, an opaque path) are taken as one piece.
#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "../detail/ascii.h"
#include "../detail/dot_segments.h"
#include "../detail/escape.h"
#include "../detail/hex.h"
#include "record.h"
#include "units.h"
#include "urix/pct.h"
#include "urix/sets.h"
#include "urix/utf8.h"

namespace urix::detail::url {

namespace {
// The same word of a scheme of 2 to 5 bytes, from two loads rather than a loop.
std::uint64_t scheme_word_loaded(std::string_view s) noexcept {
  if constexpr (std::endian::native != std::endian::little) return scheme_word(s);
  const char* p = s.data();
  const std::size_t n = s.size();
  std::uint64_t w;
  if (n >= 4) {
    std::uint32_t first;
    std::memcpy(&first, p, 4);
    w = first | (n == 5 ? std::uint64_t{static_cast<unsigned char>(p[4])} << 32 : 0);
  } else {
    std::uint16_t first;
    std::memcpy(&first, p, 2);
    w = first | (n == 3 ? std::uint64_t{static_cast<unsigned char>(p[2])} << 16 : 0);
  }
  return w | (std::uint64_t{0x2020202020} >> (8 * (5 - n)));
}
}  // namespace

int special_scheme_port(std::string_view scheme) noexcept {
  if (scheme.size() < 2 || scheme.size() > 5) return -2;
  return special_scheme_port_of_word(scheme_word_loaded(scheme));
}

namespace {
// The code points the host state decides on; it copies runs of others.
constexpr scan_set host_state_stop{charset(":/?#[]\\")};
// What ends a run in the authority state, in a URL that is not special and in one that is.
constexpr scan_set authority_stop{charset("@/?#")};
constexpr scan_set special_authority_stop{charset("@/?#\\")};
// What the file host state stops at.
constexpr scan_set file_host_stop{charset("/\\?#")};
// The scheme's code points, as a table for the scheme state's run.
constexpr scan_set scheme_code_points{sets::scheme};
}  // namespace

std::string_view clean_input(std::string_view input, std::string& storage, diagnostics& diag,
                             bool trim) {
  std::string_view in = input;
  if (trim) {
    // "Remove any leading and trailing C0 control or space from input."
    std::size_t lead = 0;
    while (lead < in.size() && static_cast<unsigned char>(in[lead]) <= 0x20) ++lead;
    std::size_t end = in.size();
    while (end > lead && static_cast<unsigned char>(in[end - 1]) <= 0x20) --end;
    if (lead != 0 || end != in.size()) {
      if (diag.wanted()) {
        diag.shift = 0;
        diag.add(url_error::invalid_url_unit, lead != 0 ? 0 : end);
      }
      diag.shift = lead;
      in = in.substr(lead, end - lead);
    }
  }
  // "Remove all ASCII tab or newline from input." Most input is ASCII without them: one span.
  const std::size_t clean = clean_prefix(in, ascii_but_tab_or_newline);
  if (clean == in.size()) return in;
  const std::string_view rest = in.substr(clean);  // starts at a code point's first byte
  bool has_tab_or_newline = false;  // over every byte, without a branch per byte
  for (const char c : rest) has_tab_or_newline |= (c == '\t') | (c == '\n') | (c == '\r');
  const bool valid = static_cast<bool>(validate_utf8(rest));
  if (!has_tab_or_newline && valid) return in;
  std::string& out = storage;
  out.clear();
  out.reserve(in.size() + 8);
  diag.changes.reserve(16);  // one allocation for the map unless the input is very dirty
  std::ptrdiff_t delta = static_cast<std::ptrdiff_t>(diag.shift);
  bool reported = false;
  // Runs of bytes that stay are copied whole, up to a tab or newline (dropped) or an
  // ill-formed sequence (replaced).
  std::size_t kept_from = 0;
  const auto copy_kept = [&](std::size_t to) { out.append(in.substr(kept_from, to - kept_from)); };
  for (std::size_t i = clean; i < in.size();) {
    const char c = in[i];
    if (c == '\t' || c == '\n' || c == '\r') {
      copy_kept(i);
      if (!reported && diag.wanted()) {
        diag.add(url_error::invalid_url_unit, out.size());
        reported = true;
      }
      ++delta;
      kept_from = ++i;
      diag.changes.push_back({out.size(), delta});
      continue;
    }
    if (static_cast<unsigned char>(c) < 0x80) {
      ++i;
      continue;
    }
    const utf8_sequence seq = read_utf8(in, i);
    if (!seq.ok) {
      // A scalar value string: each maximal invalid subpart reads as U+FFFD.
      copy_kept(i);
      out.append("\xEF\xBF\xBD");
      delta += static_cast<std::ptrdiff_t>(seq.len) - 3;
      diag.changes.push_back({out.size(), delta});
      kept_from = i + seq.len;
    }
    i += seq.len;
  }
  copy_kept(in.size());
  return storage;
}

namespace {
// What a path segment keeps as it is, but for the bytes that end a segment ('/', '\\') or
// may make it a dot segment ('.' and '%' when they start it).
constexpr scan_set plain_path_byte{sets::whatwg::path - charset("/\\.%")};
}  // namespace

std::size_t plain_segments(std::string_view in) noexcept {
  std::size_t whole = std::string_view::npos;
  bool segment_start = true;
  for (std::size_t i = 0; i < in.size(); ++i) {
    const char c = in[i];
    if (c == '/') {
      whole = i;
      segment_start = true;
    } else if (plain_path_byte.contains(c) || (!segment_start && (c == '.' || c == '%'))) {
      segment_start = false;
    } else {
      return whole;
    }
  }
  return in.size();
}

namespace {

constexpr int eof = -1;

// Where the run of bytes from in[q] ends at a byte of `stop` (or the input's end): a byte at
// a time, four to a step (a state's runs are a few bytes to a few dozen, too short for a
// kernel's call to pay).
std::ptrdiff_t run_until(std::string_view in, std::ptrdiff_t q, const scan_set& stop) noexcept {
  const auto n = static_cast<std::ptrdiff_t>(in.size());
  const char* const s = in.data();
  for (; q + 4 <= n; q += 4) {
    if (stop.contains(s[q])) return q;
    if (stop.contains(s[q + 1])) return q + 1;
    if (stop.contains(s[q + 2])) return q + 2;
    if (stop.contains(s[q + 3])) return q + 3;
  }
  while (q < n && !stop.contains(s[q])) ++q;
  return q;
}
// What a path segment keeps as it is, but for the bytes that may end it.
constexpr scan_set segment_kept{sets::whatwg::path - charset("/\\")};

constexpr bool is_alpha(int c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
constexpr bool is_digit(int c) noexcept { return c >= '0' && c <= '9'; }

// "Windows drive letter": an ASCII alpha and ':' or '|'.
bool is_windows_drive_letter(std::string_view s) noexcept {
  return s.size() == 2 && is_alpha(s[0]) && (s[1] == ':' || s[1] == '|');
}
bool is_normalized_windows_drive_letter(std::string_view s) noexcept {
  return is_windows_drive_letter(s) && s[1] == ':';
}
// "starts with a Windows drive letter"
bool starts_with_windows_drive_letter(std::string_view s) noexcept {
  if (s.size() < 2 || !is_windows_drive_letter(s.substr(0, 2))) return false;
  return s.size() == 2 || s[2] == '/' || s[2] == '\\' || s[2] == '?' || s[2] == '#';
}

// Which dot segment a path segment is, if any.
enum class dot_segment : unsigned char { none, single_dot, double_dot };
dot_segment dot_segment_of(std::string_view s) noexcept {
  if (is_double_dot_segment(s)) return dot_segment::double_dot;
  return is_single_dot_segment(s) ? dot_segment::single_dot : dot_segment::none;
}

// The first segment of a serialized path list ("/c:/x" -> "c:"); "" when it is empty.
std::string_view first_segment(std::string_view path) noexcept {
  if (path.empty()) return {};
  const std::size_t end = path.find('/', 1);
  return path.substr(1, end == std::string_view::npos ? path.npos : end - 1);
}

// "shorten a url's path" (`path`, of a file URL or not): the size it is cut to, at its last
// "/", unless it is a file URL's normalized Windows drive letter alone.
std::size_t shortened_size(std::string_view path, bool file) noexcept {
  if (path.empty() ||
      (file && path.size() == 3 && is_normalized_windows_drive_letter(first_segment(path)))) {
    return path.size();
  }
  return path.rfind('/');
}
void shorten_path(record& url) { url.path.resize(shortened_size(url.path, url.scheme == "file")); }

// check_url_units, not inlined: in the path state's loop it would take the registers.
[[gnu::noinline]] void check_units_out_of_line(std::string_view in, std::size_t at,
                                               diagnostics& diag) {
  check_url_units(in, at, diag);
}

// The path state from in[p] to where it ends (the end of the input; '?' or '#' without a
// state override), returning that offset. The path is written in place, in room made once
// for the longest it can get ("/" and three bytes for each byte left): each segment goes
// straight after the path so far, and is taken back out when it turns out to be a dot
// segment. `buffer` is what the file host state left as the first segment (a Windows drive
// letter), if anything.
[[gnu::noinline]] std::size_t read_path(std::string_view in, std::size_t p, record& url,
                                       std::string_view buffer, bool has_override,
                                       diagnostics& diag) {
  const std::size_t n = in.size();
  const bool special = url.special, file = url.scheme == "file";
  std::string& path = url.path;
  const std::size_t size_before = path.size();
  path.resize(size_before + 1 + buffer.size() + 3 * (n - p));
  char* const start = path.data();
  char* segment = start + size_before;  // where the segment being read starts, at its "/"
  *segment = '/';
  char* out = segment + 1;
  if (!buffer.empty()) out = std::copy(buffer.begin(), buffer.end(), out);
  std::size_t q = p;
  for (;;) {
    // The run of code points up to the next delimiter, percent-encoded with the path set.
    for (q = p; q < n; ++q) {
      const char c = in[q];
      if (segment_kept.contains(c)) {
        *out++ = c;
      } else if (c == '/' || (special && c == '\\') || (!has_override && (c == '?' || c == '#'))) {
        break;
      } else if (c == '\\') {
        *out++ = c;  // not in the path percent-encode set, and no delimiter when not special
      } else {
        write_escape(out, static_cast<unsigned char>(c), upper_hex);
        out += 3;
      }
    }
    if (diag.wanted()) check_units_out_of_line(in.substr(p, q - p), p, diag);
    const bool slash = q < n && (in[q] == '/' || in[q] == '\\');
    if (slash && in[q] == '\\') diag.add(url_error::invalid_reverse_solidus, q);
    const std::string_view written(segment + 1, static_cast<std::size_t>(out - segment - 1));
    const dot_segment dots = !written.empty() && (written[0] == '.' || written[0] == '%')
                                 ? dot_segment_of(written)
                                 : dot_segment::none;
    if (dots == dot_segment::double_dot) {
      const std::string_view before(start, static_cast<std::size_t>(segment - start));
      out = start + shortened_size(before, file);
      if (!slash) *out++ = '/';  // "/usr/.." is "/", not an empty path
    } else if (dots == dot_segment::single_dot) {
      out = segment;
      if (!slash) *out++ = '/';
    } else if (file && segment == start && is_windows_drive_letter(written)) {
      segment[2] = ':';  // "a (platform-independent) Windows drive letter quirk"
    }
    if (!slash) break;
    p = q + 1;
    segment = out;
    *out++ = '/';
  }
  path.resize(static_cast<std::size_t>(out - start));
  return q;
}

// The path start state with a state override (the pathname setter's), then the path state.
void parse_path_with_override(std::string_view in, record& url, diagnostics& diag) {
  std::size_t p = 0;
  if (url.special) {
    if (in.starts_with('\\')) diag.add(url_error::invalid_reverse_solidus, 0);
    if (in.starts_with('/') || in.starts_with('\\')) p = 1;
  } else if (in.empty()) {
    if (!url.has_host()) url.path += '/';  // append the empty string to url's path
    return;
  } else if (in.starts_with('/')) {
    p = 1;
  }
  (void)read_path(in, p, url, {}, true, diag);
}

void copy_host(record& url, const record& base) {
  url.host_type = base.host_type;
  url.host = base.host;
}

void copy_authority(record& url, const record& base) {
  url.username = base.username;
  url.password = base.password;
  copy_host(url, base);
  url.port = base.port;
}

}  // namespace

namespace {
// basic_parse for one goal: compiled apart for each, so that a run for the record pays
// nothing for the other's stop.
template <goal for_what>
outcome parse_for(std::string_view in, const record* base, record& url, state override_state,
                  diagnostics& diag) {
  const bool has_override = override_state != state::none;
  state st = has_override ? override_state : state::scheme_start;
  // The working strings keep their capacity from one run to the next on this thread (the
  // parser does not run inside itself): a parse allocates only what it returns.
  thread_local std::string buffer, host;
  buffer.clear();
  struct release_on_return {
    ~release_on_return() {
      release_if_large(buffer);
      release_if_large(host);
    }
  } release;
  bool at_sign_seen = false, inside_brackets = false, password_token_seen = false;
  std::ptrdiff_t host_start = -1;  // where the host, hostname or file host state began
  const auto n = static_cast<std::ptrdiff_t>(in.size());
  auto at = [&](std::ptrdiff_t i) -> int {  // a negative i wraps past the end: eof too
    return static_cast<std::size_t>(i) < in.size() ? static_cast<unsigned char>(in[static_cast<std::size_t>(i)]) : eof;
  };
  auto remaining_starts_with = [&](std::ptrdiff_t p, std::string_view s) {
    return p + 1 <= n && in.substr(static_cast<std::size_t>(p + 1)).starts_with(s);
  };
  auto offset = [](std::ptrdiff_t p) { return static_cast<std::size_t>(p < 0 ? 0 : p); };
  // Where a state ends at '?' or '#': an empty query or fragment starts (true), or neither.
  const auto start_query_or_fragment = [&](int c) {
    if (c == '?') {
      url.has_query = true;
      url.query.clear();
      st = state::query;
      return true;
    }
    if (c == '#') {
      url.has_fragment = true;
      url.fragment.clear();
      st = state::fragment;
      return true;
    }
    return false;
  };
  // The relative and file states' shared steps with a base: its path and query are copied;
  // then `c` ('?', '#') starts the query or fragment anew, or (any other code point) nulls
  // the query, has `edit_path` adjust the path, and is read again in the path state.
  const auto from_base_path = [&](const record& from, int c, std::ptrdiff_t& p, auto&& edit_path) {
    url.path = from.path;
    url.opaque_path = false;
    url.has_query = from.has_query;
    url.query = from.query;
    if (start_query_or_fragment(c) || c == eof) return;
    url.has_query = false;
    url.query.clear();
    edit_path();
    st = state::path;
    --p;
  };

  // From the path start state on nothing fails (the states after it are listed last).
  const bool until_decided = for_what == goal::validity && !has_override;  // see state
  for (std::ptrdiff_t p = 0;; ++p) {
    const int c = at(p);
    switch (st) {
      case state::none:
      case state::scheme_start:
        if (const common_start known = has_override ? common_start{} : common_start_of(in);
            known.scheme_size != 0) {
          // "https://", "http://", "file://": where the scheme state would go from its ':'
          // (with the "//" that follows, a base makes no difference).
          if (known.special_port == -1) {
            st = state::file;  // which sets the scheme
            p = static_cast<std::ptrdiff_t>(known.scheme_size);
          } else {
            url.scheme.assign(in.substr(0, known.scheme_size));
            url.special = true;
            st = state::special_authority_ignore_slashes;
            p = static_cast<std::ptrdiff_t>(known.scheme_size) + 2;
          }
        } else if (is_alpha(c)) {
          st = state::scheme;  // which reads the scheme's code points from this one on
          --p;
        } else if (!has_override) {
          st = state::no_scheme;
          --p;
        } else {
          return outcome::failure;
        }
        break;

      case state::scheme:
        if (c != eof && sets::scheme.contains(static_cast<char>(c))) {
          // The run of scheme code points, lowercased, in one piece.
          std::ptrdiff_t q = p + 1;
          while (q < n && scheme_code_points.contains(in[static_cast<std::size_t>(q)])) ++q;
          const std::size_t from = buffer.size();
          buffer.append(in.substr(static_cast<std::size_t>(p), static_cast<std::size_t>(q - p)));
          ascii_lower_in_place(buffer, from);
          p = q - 1;
        } else if (c == ':') {
          const int scheme_port = special_scheme_port(buffer);  // -1: file, -2: not special
          const bool buffer_special = scheme_port != -2;
          if (has_override) {
            if (url.special != buffer_special) return outcome::ignored;
            if ((url.includes_credentials() || url.port != -1) && scheme_port == -1) return outcome::ignored;
            if (url.scheme == "file" && url.host_type == url_host_type::empty) return outcome::ignored;
          }
          url.scheme = buffer;
          url.special = buffer_special;
          if (has_override) {
            if (scheme_port >= 0 && url.port == scheme_port) url.port = -1;
            return outcome::done;
          }
          buffer.clear();
          if (scheme_port == -1) {
            if (!remaining_starts_with(p, "//")) {
              diag.add(url_error::special_scheme_missing_following_solidus, offset(p + 1));
            }
            st = state::file;
          } else if (url.special && base != nullptr && base->scheme == url.scheme) {
            st = state::special_relative_or_authority;  // base is special, so not opaque
          } else if (url.special) {
            st = state::special_authority_slashes;
          } else if (remaining_starts_with(p, "/")) {
            st = state::path_or_authority;
            ++p;
          } else {
            url.path.clear();
            url.opaque_path = true;
            st = state::opaque_path;
          }
        } else if (!has_override) {
          // Not a scheme after all: start over, from the first code point, with no scheme.
          buffer.clear();
          st = state::no_scheme;
          p = -1;
        } else {
          return outcome::failure;
        }
        break;

      case state::no_scheme:
        if (base == nullptr || (base->opaque_path && c != '#')) {
          diag.fail(url_error::missing_scheme_non_relative_url, offset(p));
          return outcome::failure;
        }
        if (base->opaque_path && c == '#') {
          url.scheme = base->scheme;
          url.special = base->special;
          url.path = base->path;
          url.opaque_path = true;
          url.has_query = base->has_query;
          url.query = base->query;
          url.has_fragment = true;
          url.fragment.clear();
          st = state::fragment;
        } else if (base->scheme != "file") {
          st = state::relative;
          --p;
        } else {
          st = state::file;
          --p;
        }
        break;

      case state::path_or_authority:
        if (c == '/') {
          st = state::authority;
        } else {
          st = state::path;
          --p;
        }
        break;

      case state::relative:
        url.scheme = base->scheme;
        url.special = base->special;
        if (c == '/') {
          st = state::relative_slash;
        } else if (url.special && c == '\\') {
          diag.add(url_error::invalid_reverse_solidus, offset(p));
          st = state::relative_slash;
        } else {
          copy_authority(url, *base);
          from_base_path(*base, c, p, [&] { shorten_path(url); });
        }
        break;

      case state::relative_slash:
        if (url.special && (c == '/' || c == '\\')) {
          if (c == '\\') diag.add(url_error::invalid_reverse_solidus, offset(p));
          st = state::special_authority_ignore_slashes;
        } else if (c == '/') {
          st = state::authority;
        } else {
          copy_authority(url, *base);
          st = state::path;
          --p;
        }
        break;

      // The two states differ only in where a missing "//" leads.
      case state::special_relative_or_authority:
      case state::special_authority_slashes:
        if (c == '/' && remaining_starts_with(p, "/")) {
          st = state::special_authority_ignore_slashes;
          ++p;
        } else {
          diag.add(url_error::special_scheme_missing_following_solidus, offset(p));
          st = st == state::special_relative_or_authority ? state::relative
                                                          : state::special_authority_ignore_slashes;
          --p;
        }
        break;

      // A state that hands the code point it is on to the next state falls through to it,
      // rather than going round the loop to read that code point again.
      case state::special_authority_ignore_slashes:
        if (c == '/' || c == '\\') {
          diag.add(url_error::special_scheme_missing_following_solidus, offset(p));
          break;
        }
        st = state::authority;
        [[fallthrough]];

      case state::authority:
        if (c == '@') {
          diag.add(url_error::invalid_credentials, offset(p));
          if (at_sign_seen) buffer.insert(0, "%40");
          at_sign_seen = true;
          // Up to the first ':' (unless one was seen before) the username, then the password;
          // each code point UTF-8 percent-encoded with the userinfo set.
          std::string_view rest = buffer;
          if (!password_token_seen) {
            const std::size_t colon = rest.find(':');
            encode_append(url.username, rest.substr(0, colon), sets::whatwg::userinfo);
            if (colon == std::string_view::npos) {
              rest = {};
            } else {
              password_token_seen = true;
              rest = rest.substr(colon + 1);
            }
          }
          if (password_token_seen) encode_append(url.password, rest, sets::whatwg::userinfo);
          buffer.clear();
          break;
        }
        if (c == eof || c == '/' || c == '?' || c == '#' || (url.special && c == '\\')) {
          if (at_sign_seen && buffer.empty()) {
            diag.fail(url_error::host_missing, offset(p));
            return outcome::failure;
          }
          p -= static_cast<std::ptrdiff_t>(buffer.size()) + 1;
          buffer.clear();
          st = state::host;
          break;
        }
        {
          // A run up to the next delimiter of this state (the buffer is empty: a run starts the
          // authority or follows an '@').
          const std::ptrdiff_t q = run_until(in, p + 1, url.special ? special_authority_stop : authority_stop);
          if (q < n && in[static_cast<std::size_t>(q)] == '@') {
            buffer.append(in.substr(static_cast<std::size_t>(p), static_cast<std::size_t>(q - p)));
            p = q - 1;
            break;
          }
        }
        // No '@' follows: the run is the host (and port). The host state reads it from here,
        // where it would start after going back over the buffer.
        st = state::host;
        [[fallthrough]];

      // The standard's buffer here is always the input from where the state began: it is
      // read as that piece of the input, not copied.
      case state::host:
      case state::hostname: {
        if (host_start < 0) host_start = p;
        const auto host_text = [&] {
          return in.substr(static_cast<std::size_t>(host_start), static_cast<std::size_t>(p - host_start));
        };
        if (has_override && url.scheme == "file") {
          --p;
          st = state::file_host;
        } else if (c == ':' && !inside_brackets) {
          const std::string_view text = host_text();
          if (text.empty()) {
            diag.fail(url_error::host_missing, offset(p));
            return outcome::failure;
          }
          if (override_state == state::hostname) return outcome::failure;
          url_host_type type{};
          if (!parse_host(text, !url.special, offset(host_start), host, type, diag)) {
            return outcome::failure;
          }
          url.host.assign(host);
          url.host_type = type;
          st = state::port;
        } else if (c == eof || c == '/' || c == '?' || c == '#' || (url.special && c == '\\')) {
          const std::string_view text = host_text();
          --p;
          if (url.special && text.empty()) {
            diag.fail(url_error::host_missing, offset(p + 1));
            return outcome::failure;
          }
          if (has_override && text.empty() && (url.includes_credentials() || url.port != -1)) {
            return outcome::failure;
          }
          url_host_type type{};
          if (!parse_host(text, !url.special, offset(host_start), host, type, diag)) {
            return outcome::failure;
          }
          url.host.assign(host);
          url.host_type = type;
          st = state::path_start;
          if (has_override) return outcome::done;
        } else if (c == '[' || c == ']') {
          inside_brackets = c == '[';
        } else {
          // A run up to the next code point this state looks at.
          p = run_until(in, p + 1, host_state_stop) - 1;
        }
        break;
      }

      case state::port:
        if (is_digit(c)) {
          std::ptrdiff_t q = p + 1;
          while (q < n && is_digit(in[static_cast<std::size_t>(q)])) ++q;
          buffer.append(in.substr(static_cast<std::size_t>(p), static_cast<std::size_t>(q - p)));
          p = q - 1;
        } else if (c == eof || c == '/' || c == '?' || c == '#' || (url.special && c == '\\') ||
                   has_override) {
          if (!buffer.empty()) {
            std::uint32_t port = 0;
            for (char d : buffer) {
              port = port * 10 + static_cast<std::uint32_t>(d - '0');
              if (port > 65535) {
                diag.fail(url_error::port_out_of_range, offset(p) - buffer.size());
                return outcome::failure;
              }
            }
            url.port = static_cast<int>(port) == default_port(url.scheme) ? -1 : static_cast<int>(port);
            buffer.clear();
            if (has_override) return outcome::done;
          }
          if (has_override) return outcome::failure;
          st = state::path_start;
          --p;
        } else {
          diag.fail(url_error::port_invalid, offset(p));
          return outcome::failure;
        }
        break;

      case state::file:
        url.scheme = "file";
        url.special = true;
        url.host_type = url_host_type::empty;
        url.host.clear();
        if (c == '/' || c == '\\') {
          if (c == '\\') diag.add(url_error::invalid_reverse_solidus, offset(p));
          st = state::file_slash;
        } else if (base != nullptr && base->scheme == "file") {
          copy_host(url, *base);
          from_base_path(*base, c, p, [&] {
            if (!starts_with_windows_drive_letter(in.substr(static_cast<std::size_t>(p)))) {
              shorten_path(url);
            } else {
              diag.add(url_error::file_invalid_windows_drive_letter, offset(p));
              url.path.clear();
            }
          });
        } else {
          st = state::path;
          --p;
        }
        break;

      case state::file_slash:
        if (c == '/' || c == '\\') {
          if (c == '\\') diag.add(url_error::invalid_reverse_solidus, offset(p));
          st = state::file_host;
        } else {
          if (base != nullptr && base->scheme == "file") {
            copy_host(url, *base);
            const std::string_view rest = p < n ? in.substr(static_cast<std::size_t>(p)) : std::string_view{};
            const std::string_view first = first_segment(base->path);
            if (!starts_with_windows_drive_letter(rest) && is_normalized_windows_drive_letter(first)) {
              url.path += '/';
              url.path += first;
            }
          }
          st = state::path;
          --p;
        }
        break;

      case state::file_host: {  // its buffer, too, is read as a piece of the input
        if (host_start < 0) host_start = p;
        if (c == eof || c == '/' || c == '\\' || c == '?' || c == '#') {
          const std::string_view text =
              in.substr(static_cast<std::size_t>(host_start), static_cast<std::size_t>(p - host_start));
          --p;
          if (!has_override && is_windows_drive_letter(text)) {
            // The buffer is not reset: the path state takes it as the first segment.
            diag.add(url_error::file_invalid_windows_drive_letter_host, offset(host_start));
            buffer.assign(text);
            st = state::path;
          } else if (text.empty()) {
            url.host_type = url_host_type::empty;
            url.host.clear();
            if (has_override) return outcome::done;
            st = state::path_start;
          } else {
            url_host_type type{};
            if (!parse_host(text, !url.special, offset(host_start), host, type, diag)) {
              return outcome::failure;
            }
            if (host == "localhost") {
              host.clear();
              type = url_host_type::empty;
            }
            url.host.assign(host);
            url.host_type = type;
            if (has_override) return outcome::done;
            st = state::path_start;
          }
        } else {
          p = run_until(in, p + 1, file_host_stop) - 1;
        }
        break;
      }

      case state::path_start:  // without a state override: see parse_path_with_override
        if (url.special) {
          if (c == '\\') diag.add(url_error::invalid_reverse_solidus, offset(p));
          if (c == '/' || c == '\\') ++p;
        } else if (c == eof || start_query_or_fragment(c)) {
          break;  // the end; or '?' or '#', where the query or fragment starts
        } else if (c == '/') {
          ++p;
        }
        st = state::path;
        [[fallthrough]];

      case state::path:
        p = static_cast<std::ptrdiff_t>(read_path(in, offset(p), url, buffer, has_override, diag));
        buffer.clear();
        start_query_or_fragment(at(p));
        break;

      case state::opaque_path:
        if (start_query_or_fragment(c)) {
          // '?' or '#': the query or fragment starts
        } else if (c == ' ') {
          diag.add(url_error::invalid_url_unit, offset(p));
          const int next = at(p + 1);
          if (next == '?' || next == '#') {
            url.path += "%20";
          } else {
            url.path += ' ';
          }
        } else if (c != eof) {
          std::ptrdiff_t q = p + 1;
          while (q < n) {
            const char d = in[static_cast<std::size_t>(q)];
            if (d == '?' || d == '#' || d == ' ') break;
            ++q;
          }
          const std::string_view run = in.substr(static_cast<std::size_t>(p), static_cast<std::size_t>(q - p));
          if (diag.wanted()) check_url_units(run, offset(p), diag);
          append_encoded(url.path, run, c0_control_kept);
          p = q - 1;
        }
        break;

      case state::query:
        // The encoding is always UTF-8 here: each code point's bytes are encoded on their own.
        if ((!has_override && c == '#') || c == eof) {
          if (c == '#') {
            url.has_fragment = true;
            url.fragment.clear();
            st = state::fragment;
          }
        } else {
          std::ptrdiff_t q = p + 1;
          while (q < n && (has_override || in[static_cast<std::size_t>(q)] != '#')) ++q;
          const std::string_view run = in.substr(static_cast<std::size_t>(p), static_cast<std::size_t>(q - p));
          if (diag.wanted()) check_url_units(run, offset(p), diag);
          append_encoded(url.query, run, url.special ? special_query_kept : query_kept);
          p = q - 1;
        }
        break;

      case state::fragment:
        if (c != eof) {
          const std::string_view run = in.substr(static_cast<std::size_t>(p));
          if (diag.wanted()) check_url_units(run, offset(p), diag);
          append_encoded(url.fragment, run, fragment_kept);
          p = n - 1;
        }
        break;
    }
    if (p >= n || (until_decided && st >= state::path_start)) break;
  }
  return outcome::done;
}
}  // namespace

outcome basic_parse(std::string_view in, const record* base, record& url, state override_state,
                    diagnostics& diag, goal for_what) {
  if (override_state == state::path_start) {
    parse_path_with_override(in, url, diag);
    return outcome::done;
  }
  return for_what == goal::record ? parse_for<goal::record>(in, base, url, override_state, diag)
                                  : parse_for<goal::validity>(in, base, url, override_state, diag);
}

}  // namespace urix::detail::url
