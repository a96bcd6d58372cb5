// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/url/fast.cpp: the basic URL parser's result for the commonest URLs, in one pass over the
// input written straight into the href. Three shapes:
//  - "scheme://host[:port][/path][?query][#fragment]" with a scheme other than file (a
//    special scheme's host a domain or an IPv4 address as its serializer writes it, another
//    scheme's an opaque host);
//  - "file://[host]/path[?query][#fragment]" (no port; a host other than "localhost"; a path
//    whose first segment is no Windows drive letter);
//  - "scheme:opaque-path[?query][#fragment]" with a scheme that is not special and an opaque
//    path that does not start with '/' and holds no space.
// A host must be ASCII letters, digits, '-', '_' and '.', and a special URL's must not end
// in a number unless it is four decimal numbers 0-255 without leading zeros; a path, query
// and fragment hold no tab or newline (the parser removes them), the path no dot segment or
// backslash. For such an input every state of the parser (parse.cpp) does nothing but copy,
// lowercase the scheme and a special URL's host (domain to ASCII on an ASCII domain), drop a
// default port, write a special URL's empty path as "/" and percent-encode in the path,
// query and fragment what their sets encode (the input's UTF-8 then checked, and its last
// byte no C0 control or space, which the parser trims). Anything else is declined, and the
// full parser decides. It is not used when validation errors are asked for (some inputs it
// takes have them, e.g. '|' in a path). For can_parse_url alone it stops where the answer is
// known: after the scheme of an opaque path, after the host and port of a URL with a host.
// For parse_url_href it writes nothing when the input is its own href, as most are.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "../detail/ascii.h"
#include "../detail/dot_segments.h"
#include "../pct/short_encode.h"
#include "record.h"
#include "urix/charset.h"
#include "urix/pct.h"
#include "urix/sets.h"
#include "urix/uri.h"
#include "urix/utf8.h"

namespace urix {
namespace {

// The bytes each component may hold as themselves: its percent-encode set's complement, less
// what ends it and, in a special URL's path, '\' (a delimiter there). Each is compiled for
// scanning at compile time (tables made per call cost more than a short component's run); the
// scheme and the host also without capitals, to note them.
constexpr charset capitals = charset::range('A', 'Z');
constexpr charset host_bytes = sets::alpha | sets::digit | charset("-_.");
constexpr scan_set scheme_run{sets::scheme};
constexpr scan_set lowercase_scheme_run{sets::scheme - capitals};
constexpr scan_set host_run{host_bytes};
constexpr scan_set lowercase_host_run{host_bytes - capitals};
// A path segment's bytes that stay as they are (no '\\', a separator in special URLs), less
// '.' and '%', with which a dot segment starts.
constexpr scan_set path_run_to_dots{sets::whatwg::path - charset("\\.%")};
constexpr scan_set path_kept{sets::whatwg::path};
// What ends a path, a query and a fragment where its run stops (these bytes are never
// escaped in them), and the tab and newline the parser removes (no one-pass reading then).
constexpr scan_set path_stops{charset("?#\\\t\n\r")};
constexpr scan_set query_stops{charset("#\t\n\r")};
constexpr scan_set fragment_stops{charset("\t\n\r")};
// A query's and a fragment's, as the parser's states keep them ('#' is in neither).
constexpr const scan_set& special_query_run = detail::url::special_query_kept.scan;
constexpr const scan_set& query_run = detail::url::query_kept.scan;
constexpr const scan_set& fragment_run = detail::url::fragment_kept.scan;
constexpr scan_set opaque_path_run{sets::whatwg::c0_control - charset("?# ")};
// What ends the authority of a special URL and of another.
constexpr charset special_authority_end{"/\\?#"};
constexpr charset authority_end{"/?#"};

bool is_tab_or_newline(char c) noexcept { return c == '\t' || c == '\n' || c == '\r'; }

// clean_prefix(in.substr(from), set) + from, with the active kernel's scan fetched once per
// parse rather than per component.
class runs {
 public:
  explicit runs(std::string_view in) noexcept : in_(in) {}
  [[nodiscard]] std::size_t end(std::size_t from, const scan_set& set) const noexcept {
    return from + span_(in_.data() + from, in_.size() - from, set);
  }

 private:
  std::string_view in_;
  scan_function span_ = active_scan_function();
};

// The end of the run from `from` over `all`, first over `lowercase` (`all` without
// capitals): `capital` is set when the run holds one.
std::size_t cased_run(std::string_view in, const runs& run, std::size_t from,
                      const scan_set& lowercase, const scan_set& all, bool& capital) noexcept {
  std::size_t end = run.end(from, lowercase);
  if (end < in.size() && detail::is_ascii_upper(in[end])) {
    capital = true;
    end = run.end(end, all);
  }
  return end;
}

// Is the segment of `path` that starts at `at` a single-dot or double-dot segment, which the
// path state would remove? (None is longer than six bytes.)
bool dot_segment_at(std::string_view path, std::size_t at) noexcept {
  std::size_t end = at;
  while (end < path.size() && path[end] != '/' && end - at <= 6) ++end;
  const std::string_view seg = path.substr(at, end - at);
  return detail::is_single_dot_segment(seg) || detail::is_double_dot_segment(seg);
}

// Does the path hold a dot segment? Each starts with '.' or '%' after a '/': those places
// are found eight bytes at a time (a byte's high bit marks it; a byte above a marked one may
// be marked too, which only costs a look), and only they are looked at.
bool has_dot_segment(std::string_view path) noexcept {
  const std::size_t n = path.size();
  if constexpr (std::endian::native != std::endian::little) {
    for (std::size_t i = 0; i + 1 < n; ++i) {
      if (path[i] == '/' && (path[i + 1] == '.' || path[i + 1] == '%') && dot_segment_at(path, i + 1)) return true;
    }
    return false;
  }
  constexpr std::uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
  const auto marked = [](std::uint64_t w, char c) {
    const std::uint64_t x = w ^ (ones * static_cast<unsigned char>(c));
    return (x - ones) & ~x & highs;
  };
  const auto load = [](const char* p) {
    std::uint64_t w;
    std::memcpy(&w, p, 8);
    return w;
  };
  // Bytes i..i+7 of `here`, and the bytes after each of them in `next`.
  const auto found_in = [&](const char* here, std::size_t i) {
    const std::uint64_t next = load(here + 1);
    for (std::uint64_t starts = marked(load(here), '/') & (marked(next, '.') | marked(next, '%')); starts != 0;
         starts &= starts - 1) {
      const std::size_t at = i + static_cast<std::size_t>(std::countr_zero(starts)) / 8 + 1;
      if (at < n && path[at - 1] == '/' && dot_segment_at(path, at)) return true;
    }
    return false;
  };
  std::size_t i = 0;
  for (; i + 9 <= n; i += 8) {
    if (found_in(path.data() + i, i)) return true;
  }
  if (i + 1 >= n) return false;
  char tail[17] = {};  // the last bytes, zeros after them
  std::memcpy(tail, path.data() + i, n - i);
  return found_in(tail, i);
}

// Does the ASCII domain end in a number (its last label, less a root '.', starts with a digit:
// all digits, or "0x..."; an empty one is no number)? The IPv4 parser decides those.
[[gnu::always_inline]] inline bool may_end_in_a_number(std::string_view host) noexcept {
  if (!host.empty() && host.back() == '.') host.remove_suffix(1);
  // A number ends in a digit, a hex digit or the 'x' of "0x"; most hosts end in another
  // letter, and their last label need not be found.
  static constexpr scan_set number_ends{sets::hexdig | charset("xX")};
  if (!host.empty() && !number_ends.contains(host.back())) return false;
  const std::size_t dot = host.rfind('.');
  const std::string_view last = dot == std::string_view::npos ? host : host.substr(dot + 1);
  return !last.empty() && sets::digit.contains(last[0]);
}

// The bytes of a path, query or fragment that its percent-encode set escapes.
struct escapes {
  std::size_t count = 0;
  bool non_ascii = false;  // some are not ASCII: the input's UTF-8 must be valid
};

// At in[q], where a component's run of kept bytes stopped: is it a byte the component escapes
// (none of its `stops`)? Then it and any non-ASCII bytes after it are counted in `found`, and
// q moves past them.
[[gnu::always_inline]] inline bool take_escaped(std::string_view in, std::size_t& q,
                                                const scan_set& stops, escapes& found) noexcept {
  const char c = in[q];
  if (stops.contains(c)) return false;
  std::size_t end = q + 1;
  if (static_cast<unsigned char>(c) >= 0x80) {
    found.non_ascii = true;
    while (end < in.size() && static_cast<unsigned char>(in[end]) >= 0x80) ++end;
  }
  found.count += end - q;
  q = end;
  return true;
}

// The end of a component's bytes from q: its set's runs, and the bytes it escapes between.
[[gnu::always_inline]] inline std::size_t component_end(std::string_view in, const runs& run,
                                                        std::size_t q, const scan_set& kept,
                                                        const scan_set& stops,
                                                        escapes& found) noexcept {
  do {
    q = run.end(q, kept);
  } while (q < in.size() && take_escaped(in, q, stops, found));
  return q;
}

// Where the query and the fragment of in[q, n) start (npos for none); false if anything else
// follows them. Inlined: most URLs have neither, and a call would cost more than the tests.
[[gnu::always_inline]] inline bool query_and_fragment(std::string_view in, const runs& run,
                                                      std::size_t q, const scan_set& query,
                                                      std::size_t& query_start,
                                                      std::size_t& fragment_start,
                                                      escapes& found) noexcept {
  const std::size_t n = in.size();
  query_start = fragment_start = std::string_view::npos;
  if (q < n && in[q] == '?') {
    query_start = q++;
    q = component_end(in, run, q, query, query_stops, found);
  }
  if (q < n && in[q] == '#') {
    fragment_start = q++;
    q = component_end(in, run, q, fragment_run, fragment_stops, found);
  }
  return q == n;
}

}  // namespace

// The path in[path_start, path_end), then the query and the fragment (their '?' and '#' at
// query_start and fragment_start, npos for none), each percent-encoded with its set, written
// into the href from `at` on (its room made for them). Out of line: most URLs need no escape.
[[gnu::noinline]] void url_access::write_escaped(url& out, std::size_t at, std::string_view in,
                                                 std::size_t path_start, std::size_t path_end,
                                                 std::size_t query_start, std::size_t fragment_start,
                                                 const scan_set& query_kept) noexcept {
  constexpr std::size_t none = std::string_view::npos;
  char* const begin = out.href_.data();
  char* w = detail::write_encoded_short(begin + at, in.substr(path_start, path_end - path_start), path_kept);
  const auto here = [&] { return static_cast<std::uint32_t>(w - begin); };
  out.search_start_ = out.hash_start_ = url::npos;
  if (query_start != none) {
    out.search_start_ = here();
    *w++ = '?';
    const std::size_t end = fragment_start != none ? fragment_start : in.size();
    w = detail::write_encoded_short(w, in.substr(query_start + 1, end - query_start - 1), query_kept);
  }
  if (fragment_start != none) {
    out.hash_start_ = here();
    *w++ = '#';
    w = detail::write_encoded_short(w, in.substr(fragment_start + 1), fragment_run);
  }
  out.href_.resize(here());
}

template <bool keep_input>
url_access::one_pass url_access::read_one_pass(std::string_view in, url* out_or_null) {
  const std::size_t n = in.size();
  const runs run(in);
  const auto decided = [](bool parses) { return parses ? one_pass::read : one_pass::declined; };
  const auto offset_or_npos = [](std::size_t at, std::ptrdiff_t shift) {
    return at == std::string_view::npos ? url::npos
                                        : static_cast<std::uint32_t>(static_cast<std::ptrdiff_t>(at) + shift);
  };
  // The scheme: an ASCII alpha, then alphanumerics, '+', '-', '.', up to ':'. The commonest
  // are known by their first bytes.
  std::size_t p = 0;  // the ':'
  int default_port = 0;
  bool scheme_capital = false;
  if (const detail::url::common_start known = detail::url::common_start_of(in); known.scheme_size != 0) {
    p = known.scheme_size;
    default_port = known.special_port;
  } else {
    if (n == 0 || !sets::alpha.contains(in[0])) return one_pass::declined;
    p = cased_run(in, run, 0, lowercase_scheme_run, scheme_run, scheme_capital);
    if (p >= n || in[p] != ':') return one_pass::declined;
    default_port = detail::url::special_scheme_port(in.substr(0, p));
  }
  std::size_t query_start, fragment_start;

  const bool special = default_port != -2;
  const bool slashes = n >= p + 3 && in[p + 1] == '/' && in[p + 2] == '/';
  if (!special && !slashes) {
    // Not special: an opaque path (not "/": that is the path or authority state).
    if (p + 1 < n && in[p + 1] == '/') return one_pass::declined;
    // The opaque path, query and fragment states never fail: can_parse_url knows the answer,
    // unless a tab or newline (removed first) could hide a '/' after the ':'.
    if (out_or_null == nullptr) return decided(p + 1 == n || !is_tab_or_newline(in[p + 1]));
    const std::size_t path_end = run.end(p + 1, opaque_path_run);
    escapes found;
    if (!query_and_fragment(in, run, path_end, query_run, query_start, fragment_start, found) ||
        found.count != 0)
      return one_pass::declined;
    if (keep_input && !scheme_capital) return one_pass::href_is_input;
    url& out = *out_or_null;
    out.href_.assign(in);
    if (scheme_capital) detail::copy_ascii_lower(out.href_.data(), in.data(), p);
    out.protocol_end_ = out.username_end_ = out.host_start_ = out.host_end_ =
        out.pathname_start_ = static_cast<std::uint32_t>(p + 1);
    out.search_start_ = offset_or_npos(query_start, 0);
    out.hash_start_ = offset_or_npos(fragment_start, 0);
    out.port_ = -1;
    out.host_type_ = url_host_type::none;
    out.special_ = false;
    out.opaque_path_ = true;
    return one_pass::read;
  }

  const bool file = default_port == -1;
  // "//" and the host: a domain (lowercased) or an IPv4 address in a special URL, an opaque
  // host (as it is) in another.
  if (!slashes) return one_pass::declined;
  const std::size_t host_start = p + 3;
  bool host_capital = false;
  std::size_t q = special ? cased_run(in, run, host_start, lowercase_host_run, host_run, host_capital)
                          : run.end(host_start, host_run);
  const std::size_t host_end = q;
  const std::string_view host(in.data() + host_start, host_end - host_start);  // no bounds check
  url_host_type host_type = url_host_type::domain;
  if (!special) {
    // An empty host cannot have a port ("host-missing").
    if (host.empty() && q < n && in[q] == ':') return one_pass::declined;
    host_type = host.empty() ? url_host_type::empty : url_host_type::opaque;
  } else if (host.empty()) {
    if (!file || q >= n || in[q] != '/') return one_pass::declined;
    host_type = url_host_type::empty;
  } else if (may_end_in_a_number(host)) {
    // What the IPv4 serializer writes (four decimal numbers 0-255 without leading zeros) is
    // RFC 3986's IPv4address, which the IPv4 parser leaves as it is.
    if (!is_ipv4address(host)) return one_pass::declined;
    host_type = url_host_type::ipv4;
  }
  if (file && detail::ascii_iequals(host, "localhost")) return one_pass::declined;
  // The port: digits, at most 65535; the scheme's default is no port. File URLs have none.
  int port = -1;
  if (q < n && in[q] == ':') {
    if (file) return one_pass::declined;
    ++q;
    std::uint32_t value = 0;
    std::size_t digits = 0;
    for (; q < n && sets::digit.contains(in[q]); ++q, ++digits) {
      value = value * 10 + static_cast<std::uint32_t>(in[q] - '0');
      if (value > 65535) return one_pass::declined;
    }
    if (digits != 0 && static_cast<int>(value) != default_port) port = static_cast<int>(value);
  }
  // The path, query and fragment states never fail: once the host and port end where the
  // authority does, can_parse_url knows the answer.
  if (out_or_null == nullptr) return decided(q == n || (special ? special_authority_end : authority_end).contains(in[q]));
  // The path, query and fragment, each as its set leaves it. The path's run stops at each
  // '.' and '%' (most paths have none or one): only one right after a '/' may start a dot
  // segment, and only then is the path searched for one.
  const std::size_t path_start = q;
  bool may_hold_dot_segment = false;
  escapes found;
  if (q < n && in[q] == '/') {
    for (;;) {
      q = run.end(q, path_run_to_dots);
      if (q == n) break;
      if (in[q] == '.' || in[q] == '%') {
        may_hold_dot_segment |= in[q - 1] == '/';
        ++q;
      } else if (!take_escaped(in, q, path_stops, found)) {
        break;
      }
    }
  }
  const std::size_t path_end = q;
  const std::string_view path(in.data() + path_start, path_end - path_start);
  if (may_hold_dot_segment && has_dot_segment(path)) return one_pass::declined;
  if (file && path.size() >= 3 && sets::alpha.contains(path[1]) && (path[2] == ':' || path[2] == '|') &&
      (path.size() == 3 || path[3] == '/')) {
    return one_pass::declined;  // a Windows drive letter: the file states' quirks
  }
  const scan_set& query_kept = special ? special_query_run : query_run;
  if (!query_and_fragment(in, run, path_end, query_kept, query_start, fragment_start, found)) return one_pass::declined;
  const bool escaped = found.count != 0;
  if (escaped && (static_cast<unsigned char>(in[n - 1]) <= 0x20 || (found.non_ascii && !validate_utf8(in)))) {
    return one_pass::declined;
  }

  // A special URL's empty path is written "/"; another's stays empty. With a path and no port
  // written, the href is the input with its scheme and host lowercased.
  const bool empty_path = special && path.empty();
  const bool href_is_lowercased_input = !empty_path && !escaped && host_end == path_start;
  if (keep_input && href_is_lowercased_input && !scheme_capital && !host_capital) return one_pass::href_is_input;
  url& out = *out_or_null;
  out.protocol_end_ = static_cast<std::uint32_t>(p + 1);
  out.username_end_ = out.host_start_ = static_cast<std::uint32_t>(host_start);
  out.host_end_ = static_cast<std::uint32_t>(host_end);
  out.port_ = port;
  out.host_type_ = host_type;
  out.special_ = special;
  out.opaque_path_ = false;
  std::string& h = out.href_;
  if (href_is_lowercased_input) {
    h.assign(in);
    if (scheme_capital) detail::copy_ascii_lower(h.data(), in.data(), p);
    if (host_capital) detail::copy_ascii_lower(h.data() + host_start, host.data(), host.size());
    out.pathname_start_ = static_cast<std::uint32_t>(path_start);
    out.search_start_ = offset_or_npos(query_start, 0);
    out.hash_start_ = offset_or_npos(fragment_start, 0);
    return one_pass::read;
  }
  // Write the href: lowercase scheme and host, the port unless the default, "/" for no path,
  // the escapes.
  h.resize(n + (empty_path ? 1 : 0) + 2 * found.count);
  char* w = h.data();
  detail::copy_ascii_lower(w, in.data(), p);
  w[p] = ':';
  w[p + 1] = '/';
  w[p + 2] = '/';
  std::size_t at = host_start;
  if (special) {
    detail::copy_ascii_lower(w + at, host.data(), host.size());
  } else {
    std::char_traits<char>::copy(w + at, host.data(), host.size());
  }
  at += host.size();
  if (port >= 0) {
    w[at++] = ':';
    // The digits as written, without leading zeros.
    std::size_t first = host_end + 1;
    while (first + 1 < path_start && in[first] == '0') ++first;
    for (std::size_t i = first; i < path_start; ++i) w[at++] = in[i];
  }
  out.pathname_start_ = static_cast<std::uint32_t>(at);
  if (empty_path) w[at++] = '/';
  if (!escaped) {
    const std::size_t rest = n - path_start;
    if (rest != 0) std::char_traits<char>::copy(w + at, in.data() + path_start, rest);
    const std::ptrdiff_t shift = static_cast<std::ptrdiff_t>(at) - static_cast<std::ptrdiff_t>(path_start);
    h.resize(at + rest);
    out.search_start_ = offset_or_npos(query_start, shift);
    out.hash_start_ = offset_or_npos(fragment_start, shift);
    return one_pass::read;
  }
  write_escaped(out, at, in, path_start, path_end, query_start, fragment_start, query_kept);
  return one_pass::read;
}

template url_access::one_pass url_access::read_one_pass<false>(std::string_view, url*);
template url_access::one_pass url_access::read_one_pass<true>(std::string_view, url*);

}  // namespace urix
