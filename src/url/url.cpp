// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/url/url.cpp: the URL serializer (a record into one href with offsets), the getters,
// origins, the setters of the URL API (state overrides), and parse_url / can_parse_url.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../detail/copy.h"
#include "record.h"
#include "urix/pct.h"
#include "urix/sets.h"
#include "urix/url.h"
#include "urix/utf8.h"

namespace urix {

namespace u = detail::url;
using one_pass = url_access::one_pass;

std::string_view name(url_error e) noexcept {
  switch (e) {
    case url_error::domain_to_ascii: return "domain-to-ASCII";
    case url_error::domain_percent_encoded: return "domain-percent-encoded";
    case url_error::host_invalid_code_point: return "host-invalid-code-point";
    case url_error::ipv4_empty_part: return "IPv4-empty-part";
    case url_error::ipv4_too_many_parts: return "IPv4-too-many-parts";
    case url_error::ipv4_non_numeric_part: return "IPv4-non-numeric-part";
    case url_error::ipv4_non_decimal_part: return "IPv4-non-decimal-part";
    case url_error::ipv4_out_of_range_part: return "IPv4-out-of-range-part";
    case url_error::ipv4_too_few_parts: return "IPv4-too-few-parts";
    case url_error::ipv6_unclosed: return "IPv6-unclosed";
    case url_error::ipv6_invalid_compression: return "IPv6-invalid-compression";
    case url_error::ipv6_too_many_pieces: return "IPv6-too-many-pieces";
    case url_error::ipv6_multiple_compression: return "IPv6-multiple-compression";
    case url_error::ipv6_invalid_code_point: return "IPv6-invalid-code-point";
    case url_error::ipv6_too_few_pieces: return "IPv6-too-few-pieces";
    case url_error::ipv6_piece_leading_zero: return "IPv6-piece-leading-zero";
    case url_error::ipv4_in_ipv6_too_many_pieces: return "IPv4-in-IPv6-too-many-pieces";
    case url_error::ipv4_in_ipv6_invalid_code_point: return "IPv4-in-IPv6-invalid-code-point";
    case url_error::ipv4_in_ipv6_out_of_range_part: return "IPv4-in-IPv6-out-of-range-part";
    case url_error::ipv4_in_ipv6_too_few_parts: return "IPv4-in-IPv6-too-few-parts";
    case url_error::invalid_url_unit: return "invalid-URL-unit";
    case url_error::special_scheme_missing_following_solidus:
      return "special-scheme-missing-following-solidus";
    case url_error::missing_scheme_non_relative_url: return "missing-scheme-non-relative-URL";
    case url_error::invalid_reverse_solidus: return "invalid-reverse-solidus";
    case url_error::invalid_credentials: return "invalid-credentials";
    case url_error::host_missing: return "host-missing";
    case url_error::port_out_of_range: return "port-out-of-range";
    case url_error::port_invalid: return "port-invalid";
    case url_error::file_invalid_windows_drive_letter: return "file-invalid-Windows-drive-letter";
    case url_error::file_invalid_windows_drive_letter_host:
      return "file-invalid-Windows-drive-letter-host";
  }
  return "unknown";
}

// ---- The URL serializer ------------------------------------------------------------------

url url_access::make(const u::record& r) {
  url out;
  make(r, out);
  return out;
}

void url_access::make(const u::record& r, url& out) {
  // The port's digits, written backwards from the end of `digits`.
  char digits[10];
  char* const digits_end = digits + sizeof digits;
  char* port = digits_end;
  for (auto v = static_cast<std::uint32_t>(r.port); r.port >= 0 && (port == digits_end || v != 0); v /= 10) {
    *--port = static_cast<char>('0' + v % 10);
  }
  const std::string_view port_digits(port, static_cast<std::size_t>(digits_end - port));
  const bool credentials = r.includes_credentials();
  // "/." keeps a path that starts with "//" from reading as a host (URL serializer, step 3).
  const bool slash_dot = !r.has_host() && !r.opaque_path && r.path.size() > 1 && r.path[0] == '/' &&
                         r.path[1] == '/';
  std::size_t size = r.scheme.size() + 1 + r.path.size();
  if (r.has_host()) {
    size += 2 + r.host.size() + (port_digits.empty() ? 0 : 1 + port_digits.size());
    if (credentials) size += r.username.size() + (r.password.empty() ? 0 : 1 + r.password.size()) + 1;
  }
  if (slash_dot) size += 2;
  if (r.has_query) size += 1 + r.query.size();
  if (r.has_fragment) size += 1 + r.fragment.size();
  // Written through a pointer into the string sized once: at most one allocation (none when
  // `out` holds enough already), no appends, nothing of the old href copied.
  std::string& h = out.href_;
  h.clear();
  h.resize(size);
  char* const begin = h.data();
  char* w = begin;
  const auto put = [&w](std::string_view piece) {
    detail::copy_short(w, piece.data(), piece.size());
    w += piece.size();
  };
  const auto here = [&] { return static_cast<std::uint32_t>(w - begin); };
  put(r.scheme);
  *w++ = ':';
  out.protocol_end_ = here();
  if (r.has_host()) {
    put("//");
    if (credentials) {
      put(r.username);
      out.username_end_ = here();
      if (!r.password.empty()) {
        *w++ = ':';
        put(r.password);
      }
      *w++ = '@';
    } else {
      out.username_end_ = here();
    }
    out.host_start_ = here();
    put(r.host);
    out.host_end_ = here();
    if (!port_digits.empty()) {
      *w++ = ':';
      put(port_digits);
    }
  } else {
    out.username_end_ = out.host_start_ = out.host_end_ = out.protocol_end_;
    if (slash_dot) put("/.");
  }
  out.pathname_start_ = here();
  put(r.path);
  out.search_start_ = out.hash_start_ = url::npos;
  if (r.has_query) {
    out.search_start_ = here();
    *w++ = '?';
    put(r.query);
  }
  if (r.has_fragment) {
    out.hash_start_ = here();
    *w++ = '#';
    put(r.fragment);
  }
  out.port_ = r.port;
  out.host_type_ = r.host_type;
  out.special_ = r.special;
  out.opaque_path_ = r.opaque_path;
}

void url_access::unmake_authority(const url& x, u::record& r) {
  r.reset();
  r.scheme = x.scheme();
  r.special = x.special_;
  r.username = x.username();
  r.password = x.password();
  r.host_type = x.host_type_;
  r.host = x.hostname();
  r.port = x.port_;
}

void url_access::unmake(const url& x, u::record& r) {
  unmake_authority(x, r);
  r.opaque_path = x.opaque_path_;
  r.path = x.pathname();
  const std::string_view h = x.href_;
  if (x.search_start_ != url::npos) {
    r.has_query = true;
    const std::uint32_t end = x.hash_start_ != url::npos ? x.hash_start_ : static_cast<std::uint32_t>(h.size());
    r.query = h.substr(x.search_start_ + 1, end - x.search_start_ - 1);
  }
  if (x.hash_start_ != url::npos) {
    r.has_fragment = true;
    r.fragment = h.substr(x.hash_start_ + 1);
  }
}

void url_access::splice(url& u, std::uint32_t begin, std::uint32_t end, std::string_view with) {
  u.href_.replace(begin, end - begin, with);
  const std::uint32_t new_end = begin + static_cast<std::uint32_t>(with.size());
  const auto moved = [&](std::uint32_t at) { return at == url::npos ? url::npos : new_end + (at - end); };
  u.search_start_ = moved(u.search_start_);
  u.hash_start_ = moved(u.hash_start_);
}

namespace detail::url {
urix::url serialize(const record& r) { return url_access::make(r); }
record to_record(const urix::url& x) {
  record r;
  url_access::unmake(x, r);
  return r;
}
void to_record(const urix::url& x, record& into) { url_access::unmake(x, into); }
}  // namespace detail::url

// ---- Getters ---------------------------------------------------------------------------

std::string_view url::username() const noexcept {
  if (host_type_ == url_host_type::none) return {};
  return piece(protocol_end_ + 2, username_end_);
}

std::string_view url::password() const noexcept {
  if (!has_credentials() || href_[username_end_] != ':') return {};
  return piece(username_end_ + 1, host_start_ - 1);
}

std::string_view url::port() const noexcept {
  if (port_ < 0) return {};
  return piece(host_end_ + 1, pathname_start_);
}

std::string_view url::search() const noexcept {
  if (search_start_ == npos) return {};
  const std::uint32_t end = hash_start_ != npos ? hash_start_ : static_cast<std::uint32_t>(href_.size());
  return end - search_start_ > 1 ? piece(search_start_, end) : std::string_view{};
}

std::string_view url::hash() const noexcept {
  if (hash_start_ == npos || href_.size() - hash_start_ <= 1) return {};
  return piece(hash_start_, static_cast<std::uint32_t>(href_.size()));
}

std::string url::origin() const {
  const std::string_view s = scheme();
  if (s == "blob") {
    // The origin of the URL its path parses to, when that is http(s) (URL Standard, "Origin").
    result<url> inner = parse_url(pathname());
    if (inner && (inner->scheme() == "http" || inner->scheme() == "https")) return inner->origin();
    return "null";
  }
  if (special_ && s != "file") {
    std::string out(s);
    out += "://";
    out += hostname();
    if (port_ >= 0) (out += ':') += port();
    return out;
  }
  return "null";  // an opaque origin
}

// ---- Parsing ---------------------------------------------------------------------------

namespace {

// The parser's records and cleaned input, kept per thread: see parse_record (the path setter
// borrows `url` too).
struct parse_scratch {
  std::string input;
  u::record url, base;
  void release_if_large() noexcept {
    u::release_if_large(input);
    url.release_if_large();
    base.release_if_large();
  }
  // The same after a parse of `parsed` against `against`: no string but the host grows past
  // three times the bytes read (percent-encoding triples a byte; ToASCII may write more).
  void release_after(std::string_view parsed, const urix::url* against) noexcept {
    release_after(parsed.size() + (against != nullptr ? against->href().size() : 0));
  }
  // The same after a parse that read `read` bytes of input and base.
  void release_after(std::size_t read) noexcept {
    if (read > u::kept_capacity / 3) {
      release_if_large();
    } else {
      u::release_if_large(url.host);
    }
  }
};

parse_scratch& thread_scratch() {
  thread_local parse_scratch s;
  return s;
}

// The basic URL parser's record of `input` against `base`, or null on failure (the error in
// `diag`). The cleaned input and the records keep their strings' capacity from one parse to
// the next on this thread (the parser never runs inside itself): a parse allocates only the
// href made from the record. The caller releases them after use if they grew large.
const u::record* parse_record(std::string_view input, const url* base, u::diagnostics& diag,
                              u::goal for_what = u::goal::record) {
  parse_scratch& s = thread_scratch();
  const std::string_view in = u::clean_input(input, s.input, diag, true);
  s.url.reset();
  const u::record* b = nullptr;
  if (base != nullptr) {
    u::to_record(*base, s.base);
    b = &s.base;
  }
  return u::basic_parse(in, b, s.url, u::state::none, diag, for_what) == u::outcome::done ? &s.url : nullptr;
}

// The full parser into `into` (left as it was on failure). The record is the parser's own
// copy of everything it read, so `input` and `base` may be views into `into`.
result<void> parse(std::string_view input, const url* base, u::diagnostics& diag, url& into) {
  const u::record* r = parse_record(input, base, diag);
  const std::size_t read = input.size() + (base != nullptr ? base->href().size() : 0);
  if (r != nullptr) url_access::make(*r, into);
  thread_scratch().release_after(read);
  if (r == nullptr) return error{errc::invalid_url, diag.fatal_offset()};
  return {};
}

// The url is built in the result, which every path returns (no move out of a local).
result<url> parse(std::string_view input, const url* base, u::diagnostics& diag) {
  result<url> made(std::in_place, [] { return url(); });
  if (auto r = parse(input, base, diag, *made); !r) made = r.error();
  return made;
}

}  // namespace

result<url> parse_url(std::string_view input, const url* base) {
  // Most URLs on the web are an absolute http(s) URL that needs no change but case: read
  // in one pass, written straight into the href (a base plays no part in such a URL).
  result<url> made(std::in_place, [] { return url(); });  // as in parse above
  if (url_access::fast_parse(input, &*made) != one_pass::declined) return made;
  u::diagnostics diag;
  if (auto r = parse(input, base, diag, *made); !r) made = r.error();
  return made;
}

result<url> parse_url(std::string_view input, const url* base,
                      std::vector<url_validation_error>& errors) {
  u::diagnostics diag(&errors);
  return parse(input, base, diag);
}

namespace {

// Is `input` a view into u's href? The one-pass parse writes the href as it reads the input,
// so not over the input itself.
bool views_into(std::string_view input, const url& u) {
  const std::string_view href = u.href();
  return std::less_equal<>()(href.data(), input.data()) && std::less<>()(input.data(), href.data() + href.size());
}

// parse_url_href's full parser, out of line: the one-pass reading, which takes most URLs,
// then runs without the frame the full parser's call needs.
[[gnu::noinline]] result<std::string_view> parse_href(std::string_view input, url& scratch, const url* base) {
  u::diagnostics diag;
  if (auto r = parse(input, base, diag, scratch); !r) return r.error();
  return scratch.href();
}

}  // namespace

result<void> parse_url_into(std::string_view input, url& into, const url* base) {
  if (!views_into(input, into) && url_access::fast_parse(input, &into) != one_pass::declined) return {};
  u::diagnostics diag;
  return parse(input, base, diag, into);
}

result<std::string_view> parse_url_href(std::string_view input, url& scratch, const url* base) {
  if (!views_into(input, scratch)) {
    switch (url_access::fast_parse(input, &scratch, true)) {
      case one_pass::href_is_input: return input;
      case one_pass::read: return scratch.href();
      case one_pass::declined: break;
    }
  }
  return parse_href(input, scratch, base);
}

bool can_parse_url(std::string_view input, const url* base) {
  if (url_access::fast_parse(input, nullptr) != one_pass::declined) return true;
  u::diagnostics diag;
  const bool parsed = parse_record(input, base, diag, u::goal::validity) != nullptr;
  thread_scratch().release_after(input, base);
  return parsed;
}

// ---- Setters (URL API) -------------------------------------------------------------------

namespace {

// The basic URL parser on a setter's value (its tabs and newlines removed), into `r`, with
// `st` as the state override.
u::outcome parse_with_override(u::record& r, std::string_view value, u::state st) {
  u::diagnostics diag;
  // Most values are short and need no cleaning, which a byte loop tells for less than a call
  // to clean_input's scanning kernels costs.
  const auto kept = [](char c) { return u::ascii_but_tab_or_newline.contains(c); };
  if (value.size() <= 32 && std::all_of(value.begin(), value.end(), kept)) {
    return u::basic_parse(value, nullptr, r, st, diag);
  }
  std::string storage;
  return u::basic_parse(u::clean_input(value, storage, diag, false), nullptr, r, st, diag);
}

// Runs the basic URL parser on `value` with `x`'s record and a state override, and keeps
// what it left in the record (the standard keeps a change made before a later "return
// failure", as the host setter's "example.com:" does). True when the value was applied.
bool run_override(url& x, u::record& r, std::string_view value, u::state st) {
  const u::outcome o = parse_with_override(r, value, st);
  url next = u::serialize(r);
  const bool changed = next.href() != x.href();
  if (o == u::outcome::done || changed) {
    x = std::move(next);
    return true;
  }
  return false;
}

// `value`, or a copy of it when it is a view into `href` (u.set_search(u.search())): the
// search and hash setters cut the href before they read the value.
std::string_view unaliased(std::string_view value, const std::string& href, std::string& copy) {
  const std::less<const char*> before;
  if (!before(value.data(), href.data()) && before(value.data(), href.data() + href.capacity())) {
    copy.assign(value);
    return copy;
  }
  return value;
}

std::string userinfo_encoded(std::string_view value) {
  // "set the username/password": UTF-8 percent-encode with the userinfo set.
  if (!validate_utf8(value)) return encode(utf8_replace_invalid(value), sets::whatwg::userinfo);
  return encode(value, sets::whatwg::userinfo);
}

}  // namespace

bool url::set_href(std::string_view value) {
  result<url> r = parse_url(value);
  if (!r) return false;
  *this = std::move(*r);
  return true;
}

bool url::set_protocol(std::string_view value) {
  u::record r = u::to_record(*this);
  std::string input(value);
  input += ':';
  return run_override(*this, r, input, u::state::scheme_start);
}

bool url::set_username(std::string_view value) {
  u::record r = u::to_record(*this);
  if (r.cannot_have_credentials_or_port()) return false;
  r.username = userinfo_encoded(value);
  *this = u::serialize(r);
  return true;
}

bool url::set_password(std::string_view value) {
  u::record r = u::to_record(*this);
  if (r.cannot_have_credentials_or_port()) return false;
  r.password = userinfo_encoded(value);
  *this = u::serialize(r);
  return true;
}

// The host and hostname states read the scheme, whether there are credentials or a port, and
// write the host and the port: on a URL that has a host they run on a record of those alone,
// and "host[:port]" takes the old one's place in the href. A URL without a host would gain
// "//" and may lose a "/." (URL serializer): that one goes through the whole record.
bool url_access::set_host(url& x, std::string_view value, u::state st) {
  if (x.opaque_path_) return false;
  if (x.host_type_ == url_host_type::none) {
    u::record r = u::to_record(x);
    return run_override(x, r, value, st);
  }
  u::record r;
  unmake_authority(x, r);
  const u::outcome o = parse_with_override(r, value, st);
  const bool changed = r.host != x.hostname() || r.host_type != x.host_type_ || r.port != x.port_;
  if (o != u::outcome::done && !changed) return false;
  std::string authority = std::move(r.host);
  const std::uint32_t host_size = static_cast<std::uint32_t>(authority.size());
  if (r.port >= 0) (authority += ':') += std::to_string(r.port);
  splice(x, x.host_start_, x.pathname_start_, authority);
  x.host_end_ = x.host_start_ + host_size;
  x.pathname_start_ = x.host_start_ + static_cast<std::uint32_t>(authority.size());
  x.port_ = r.port;
  x.host_type_ = r.host_type;
  return true;
}

bool url::set_host(std::string_view value) { return url_access::set_host(*this, value, u::state::host); }

bool url::set_hostname(std::string_view value) {
  return url_access::set_host(*this, value, u::state::hostname);
}

bool url::set_port(std::string_view value) {
  u::record r = u::to_record(*this);
  if (r.cannot_have_credentials_or_port()) return false;
  if (value.empty()) {
    r.port = -1;
    *this = u::serialize(r);
    return true;
  }
  return run_override(*this, r, value, u::state::port);
}

// The path state reads only the scheme, whether it is special and whether there is a host,
// and writes only the path: it runs on a record of those alone, and the path it makes takes
// the old one's place in the href, as the URL serializer would write it ("/." before a path
// starting with "//" when there is no host). The path setter always changes the URL.
bool url::set_pathname(std::string_view value) {
  if (opaque_path_) return false;
  const std::uint32_t begin = pathname_start_ - slash_dot(), end = path_end();
  // "/" and plain segments (u::plain_segments) are the path as they are: the path start state
  // reads the "/" and the path state copies the rest. Not so for "//" without a host (the
  // serializer's "/."), nor "/c|" (the path state's Windows drive letter quirk in file URLs).
  const bool plain =
      value.starts_with('/') && u::plain_segments(value.substr(1)) == value.size() - 1;
  if (plain && !(host_type_ == url_host_type::none && value.starts_with("//")) &&
      !(value.size() > 2 && value[2] == '|')) {
    url_access::splice(*this, begin, end, value);
    pathname_start_ = begin;
    return true;
  }
  // The record's strings keep their capacity from call to call; what the path start and path
  // states read of it is set, the rest they leave alone.
  u::record& r = thread_scratch().url;
  r.scheme = scheme();
  r.special = special_;
  r.host_type = host_type_;
  r.path.clear();
  (void)parse_with_override(r, value, u::state::path_start);
  const bool dot = host_type_ == url_host_type::none && r.path.starts_with("//");
  if (dot) r.path.insert(0, "/.");
  url_access::splice(*this, begin, end, r.path);
  pathname_start_ = begin + (dot ? 2 : 0);
  u::release_if_large(r.scheme);
  u::release_if_large(r.path);
  return true;
}

// The search and hash setters change one component at the end of the href: the query state
// and the fragment state with a state override only percent-encode each code point, so the
// new component is written in place of the old one, without the record.

bool url::set_search(std::string_view value) {
  const auto size = static_cast<std::uint32_t>(href_.size());
  const std::uint32_t query_start = search_start_ != npos ? search_start_ : hash_start_ != npos ? hash_start_ : size;
  // The fragment, if any, is set aside; the href is cut at the query and written on from there.
  std::string copy, fragment;
  value = unaliased(value, href_, copy);
  if (hash_start_ != npos) fragment.assign(href_, hash_start_);
  href_.resize(query_start);
  if (value.empty()) {
    search_start_ = npos;  // "If the given value is the empty string, set url's query to null"
  } else {
    // "Let input be the given value with a single leading U+003F (?) removed, if any."
    if (value.front() == '?') value.remove_prefix(1);
    std::string storage;
    u::diagnostics diag;
    const std::string_view input = u::clean_input(value, storage, diag, false);
    search_start_ = query_start;
    href_ += '?';
    u::append_encoded(href_, input, special_ ? u::special_query_kept : u::query_kept);
  }
  if (hash_start_ != npos) {
    hash_start_ = static_cast<std::uint32_t>(href_.size());
    href_ += fragment;
  }
  return true;
}

bool url::set_hash(std::string_view value) {
  std::string copy;
  value = unaliased(value, href_, copy);
  if (hash_start_ != npos) href_.resize(hash_start_);
  if (value.empty()) {
    hash_start_ = npos;  // "set this's URL's fragment to null"
    return true;
  }
  if (value.front() == '#') value.remove_prefix(1);
  std::string storage;
  u::diagnostics diag;
  const std::string_view input = u::clean_input(value, storage, diag, false);
  hash_start_ = static_cast<std::uint32_t>(href_.size());
  href_ += '#';
  u::append_encoded(href_, input, u::fragment_kept);
  return true;
}

}  // namespace urix
