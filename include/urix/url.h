// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix/url.h: URLs as the WHATWG URL Standard parses them (browsers, Node, Deno), beside
// RFC 3986 (urix/uri.h). The two standards are never mixed: this header is the URL
// Standard's mode, chosen explicitly.
//
//   urix::result<urix::url> u = urix::parse_url("HTTP://EXAMPLE.com:80/a/../b c?q#f");
//   u->href()      // "http://example.com/b%20c?q#f"
//   u->hostname()  // "example.com"
//   u->port()      // "" (80 is http's default port)
//   auto r = urix::parse_url("../x", &*u);          // "http://example.com/x"
//   urix::can_parse_url("http://[::1")               // false
//
// A urix::url holds its serialization (the href) in one std::string and the boundaries of
// its components as offsets into it: every getter is a view into that string, valid until
// the url is changed or destroyed. Setters follow the URL Standard's API (state overrides):
// a value the standard rejects leaves the URL unchanged and the setter returns false.
//
// Validation errors (the standard's "validation error" with its names, such as
// invalid-URL-unit) are collected only when asked for, through the overload that takes a
// vector: a URL that parses may still have them (they are warnings then), and a URL that
// fails has the one that failed it last, marked `fatal`.
//
// Input is a string of bytes read as UTF-8; ill-formed UTF-8 is read with each maximal
// invalid subpart replaced by U+FFFD, as a browser's conversion to a scalar value string does.
// Offsets (of errors) are byte offsets into the input as given; a finding inside a host that
// was percent-decoded or converted by IDNA before the IPv4 parser read it is at the host's start.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "urix/export.h"
#include "urix/result.h"

namespace urix {

/// The URL Standard's validation errors ("Validation errors" table), by their names there.
enum class url_error : unsigned char {
  // IDNA and host parsing
  domain_to_ascii = 1,         ///< domain-to-ASCII: UTS #46 ToASCII (strict) records an error
  domain_percent_encoded,      ///< domain-percent-encoded: a domain holds a percent-encoded byte
  host_invalid_code_point,     ///< host-invalid-code-point: an opaque host holds a forbidden host code point
  ipv4_empty_part,             ///< IPv4-empty-part: an IPv4 address ends with a "."
  ipv4_too_many_parts,         ///< IPv4-too-many-parts: more than four parts
  ipv4_non_numeric_part,       ///< IPv4-non-numeric-part: a part is not a number
  ipv4_non_decimal_part,       ///< IPv4-non-decimal-part: a part is hex ("0x") or octal ("0")
  ipv4_out_of_range_part,      ///< IPv4-out-of-range-part: a part exceeds 255
  ipv4_too_few_parts,          ///< IPv4-too-few-parts: fewer than four parts
  ipv6_unclosed,               ///< IPv6-unclosed: "[" without "]"
  ipv6_invalid_compression,    ///< IPv6-invalid-compression: starts with a single ":"
  ipv6_too_many_pieces,        ///< IPv6-too-many-pieces: more than eight pieces
  ipv6_multiple_compression,   ///< IPv6-multiple-compression: "::" twice
  ipv6_invalid_code_point,     ///< IPv6-invalid-code-point: not a hex digit, ":" or "."
  ipv6_too_few_pieces,         ///< IPv6-too-few-pieces: fewer than eight pieces, no "::"
  ipv6_piece_leading_zero,     ///< IPv6-piece-leading-zero: a piece written with a leading 0
  ipv4_in_ipv6_too_many_pieces,     ///< IPv4-in-IPv6-too-many-pieces
  ipv4_in_ipv6_invalid_code_point,  ///< IPv4-in-IPv6-invalid-code-point
  ipv4_in_ipv6_out_of_range_part,   ///< IPv4-in-IPv6-out-of-range-part
  ipv4_in_ipv6_too_few_parts,       ///< IPv4-in-IPv6-too-few-parts
  // URL parsing
  invalid_url_unit,            ///< invalid-URL-unit: not a URL code point, a lone "%", tab or newline, ...
  special_scheme_missing_following_solidus,  ///< special-scheme-missing-following-solidus
  missing_scheme_non_relative_url,           ///< missing-scheme-non-relative-URL
  invalid_reverse_solidus,     ///< invalid-reverse-solidus: "\" in a special URL
  invalid_credentials,         ///< invalid-credentials: the URL holds credentials ("@")
  host_missing,                ///< host-missing: a special URL (or credentials) without a host
  port_out_of_range,           ///< port-out-of-range: above 65535
  port_invalid,                ///< port-invalid: not digits
  file_invalid_windows_drive_letter,       ///< file-invalid-Windows-drive-letter
  file_invalid_windows_drive_letter_host,  ///< file-invalid-Windows-drive-letter-host
};

/// The standard's name of `e`, exactly as written there ("invalid-URL-unit",
/// "IPv4-non-decimal-part", ...); "unknown" for a value that is none.
[[nodiscard]] URIX_API std::string_view name(url_error e) noexcept;

/// One validation error: what, and the byte offset in the input where it was found. `fatal`
/// marks the error that made the parser return failure (then it is the last one).
struct url_validation_error {
  url_error code;
  std::size_t offset;
  bool fatal = false;
  friend bool operator==(const url_validation_error&, const url_validation_error&) = default;
};

/// What a URL's host is (URL Standard, "Host representation"); none when the host is null.
enum class url_host_type : unsigned char { none, domain, ipv4, ipv6, opaque, empty };

class url;

/// The URL Standard's basic URL parser on `input` against `base` (nullptr: no base). On
/// failure the error is errc::invalid_url at the offset of the validation error that failed
/// it. The commonest URLs (an http(s) URL with a plain host, a file: path, an opaque path)
/// are read in one pass with one allocation, the href; others build the standard's URL record
/// first, in strings kept per thread, and allocate the href too (and a non-ASCII host's ASCII
/// form).
[[nodiscard]] URIX_API result<url> parse_url(std::string_view input, const url* base = nullptr);

/// parse_url, appending every validation error it meets to `errors` (on failure too: then the
/// last one is `fatal`).
[[nodiscard]] URIX_API result<url> parse_url(std::string_view input, const url* base,
                                             std::vector<url_validation_error>& errors);

/// parse_url into an existing url, for a loop that parses many: `into`'s href keeps its
/// capacity, so that once it has held the longest href, a parse allocates nothing (a
/// non-ASCII host's ASCII form aside). On failure `into` is left as it was. `input` and `base`
/// may be views into `into` (`parse_url_into(u.href(), u)`, `parse_url_into("x", u, &u)`).
///
///   urix::url u;
///   for (std::string_view line : lines)
///     if (urix::parse_url_into(line, u)) out << u.href() << '\n';
[[nodiscard]] URIX_API result<void> parse_url_into(std::string_view input, url& into,
                                                   const url* base = nullptr);

/// The href of parse_url(input, base), for a loop that wants nothing else (normalizing a file
/// of URLs). Most URLs are their own href: then the view is `input` itself, and nothing is
/// copied or written. Otherwise the URL is parsed into `scratch` as by parse_url_into (its
/// href keeps its capacity), and the view is scratch.href(). On failure, parse_url's error,
/// and `scratch` is left as it was.
///
///   urix::url scratch;
///   for (std::string_view line : lines)
///     if (auto href = urix::parse_url_href(line, scratch)) out << *href << '\n';
[[nodiscard]] URIX_API result<std::string_view> parse_url_href(std::string_view input, url& scratch,
                                                               const url* base = nullptr);

/// Whether parse_url(input, base) succeeds (the URL API's URL.canParse).
[[nodiscard]] URIX_API bool can_parse_url(std::string_view input, const url* base = nullptr);

/// A parsed URL: its href and the offsets of its components. Getters are named as the
/// JavaScript URL's attributes and return what they return; each is a view into the href.
class url {
 public:
  /// The URL Standard's serialization, "scheme:[//[user[:pass]@]host[:port]]path[?query][#fragment]".
  [[nodiscard]] std::string_view href() const noexcept { return href_; }
  /// The scheme and ":" ("https:").
  [[nodiscard]] std::string_view protocol() const noexcept { return piece(0, protocol_end_); }
  [[nodiscard]] URIX_API std::string_view username() const noexcept;
  [[nodiscard]] URIX_API std::string_view password() const noexcept;
  /// hostname and, when there is one, ":" port ("example.com:8080"); "" when the host is null.
  [[nodiscard]] std::string_view host() const noexcept { return piece(host_start_, pathname_start_ - slash_dot()); }
  /// The host, serialized: a domain, "1.2.3.4", "[::1]", an opaque host; "" when null.
  [[nodiscard]] std::string_view hostname() const noexcept { return piece(host_start_, host_end_); }
  /// The port's digits; "" when there is none (or it is the scheme's default).
  [[nodiscard]] URIX_API std::string_view port() const noexcept;
  /// The path: "/a/b", or an opaque path ("mailto:x" -> "x").
  [[nodiscard]] std::string_view pathname() const noexcept { return piece(pathname_start_, path_end()); }
  /// "?" and the query; "" when the query is null or empty.
  [[nodiscard]] URIX_API std::string_view search() const noexcept;
  /// "#" and the fragment; "" when the fragment is null or empty.
  [[nodiscard]] URIX_API std::string_view hash() const noexcept;
  /// The serialization of the URL's origin ("https://example.com:8443"), or "null" for an
  /// opaque origin. Not a view: with credentials the origin is not one piece of the href.
  [[nodiscard]] URIX_API std::string origin() const;

  /// The scheme without ":".
  [[nodiscard]] std::string_view scheme() const noexcept { return piece(0, protocol_end_ - 1); }
  [[nodiscard]] url_host_type host_type() const noexcept { return host_type_; }
  /// The port as a number; -1 when there is none.
  [[nodiscard]] int port_number() const noexcept { return port_; }
  /// Whether the scheme is special (ftp, file, http, https, ws, wss).
  [[nodiscard]] bool is_special() const noexcept { return special_; }
  /// Whether the path is opaque (a URL such as "mailto:x" or "data:,x" without "//" or "/").
  [[nodiscard]] bool has_opaque_path() const noexcept { return opaque_path_; }
  /// Whether the query / the fragment is non-null ("?" / "#" present, perhaps empty).
  [[nodiscard]] bool has_search() const noexcept { return search_start_ != npos; }
  [[nodiscard]] bool has_hash() const noexcept { return hash_start_ != npos; }
  /// Whether the username or password is not empty.
  [[nodiscard]] bool has_credentials() const noexcept {
    return host_type_ != url_host_type::none && host_start_ > protocol_end_ + 2;
  }

  // ---- Setters: the URL API's, with the standard's state overrides ----------------------
  // Each returns false, leaving the URL as it was, when the standard ignores or rejects the
  // value (e.g. set_port("99999"), set_host on a URL with an opaque path, set_protocol("http")
  // on "mailto:x"); true when the value was applied.

  /// Parses `value` as a whole new URL (no base); false if it fails to parse.
  URIX_API bool set_href(std::string_view value);
  URIX_API bool set_protocol(std::string_view value);
  URIX_API bool set_username(std::string_view value);
  URIX_API bool set_password(std::string_view value);
  URIX_API bool set_host(std::string_view value);
  URIX_API bool set_hostname(std::string_view value);
  URIX_API bool set_port(std::string_view value);
  URIX_API bool set_pathname(std::string_view value);
  URIX_API bool set_search(std::string_view value);
  URIX_API bool set_hash(std::string_view value);

  friend bool operator==(const url& a, const url& b) noexcept { return a.href_ == b.href_; }

 private:
  friend struct url_access;  // the library's parser and setters (src/url/)
  static constexpr std::uint32_t npos = 0xFFFFFFFFu;

  [[nodiscard]] std::string_view piece(std::uint32_t from, std::uint32_t to) const noexcept {
    return std::string_view(href_).substr(from, to - from);
  }
  // "/." between a null host and a path that starts with "//" (URL serializer, step 3).
  [[nodiscard]] std::uint32_t slash_dot() const noexcept {
    return host_type_ == url_host_type::none && pathname_start_ > protocol_end_ ? 2 : 0;
  }
  [[nodiscard]] std::uint32_t path_end() const noexcept {
    return search_start_ != npos   ? search_start_
           : hash_start_ != npos ? hash_start_
                                 : static_cast<std::uint32_t>(href_.size());
  }

  std::string href_;
  // Offsets into href_. protocol_end_: one past the ':'. With a host: "//" follows, the
  // username is [protocol_end_ + 2, username_end_), a password (if any) follows its ':' up
  // to the '@' before host_start_. Without a host all three equal protocol_end_.
  std::uint32_t protocol_end_ = 0;
  std::uint32_t username_end_ = 0;
  std::uint32_t host_start_ = 0;
  std::uint32_t host_end_ = 0;        // a port, if any, is ':' digits from here to the path
  std::uint32_t pathname_start_ = 0;
  std::uint32_t search_start_ = npos;  // the '?', or npos
  std::uint32_t hash_start_ = npos;    // the '#', or npos
  std::int32_t port_ = -1;
  url_host_type host_type_ = url_host_type::none;
  bool special_ = false;
  bool opaque_path_ = false;
};

/// A list of name-value pairs as application/x-www-form-urlencoded reads and writes them (URL
/// Standard, "application/x-www-form-urlencoded" and the URLSearchParams class), the query of
/// a form submission or of most URLs. Names and values are UTF-8 text (the standard's scalar
/// value strings): ill-formed UTF-8 given to it reads as U+FFFD.
///
///   urix::url_search_params p("?b=2&a=1+1&a=%C3%A9");
///   *p.get("a")          // "1 1"
///   p.get_all("a")       // {"1 1", "\u00E9"}
///   p.sort();            // stable, by name
///   p.to_string()        // "a=1+1&a=%C3%A9&b=2"
///
/// With a url: url_search_params(u.search()) reads its query; u.set_search(p.to_string())
/// writes one back (an empty list gives no query at all, as the URL API's update steps do).
class url_search_params {
 public:
  using value_type = std::pair<std::string, std::string>;

  url_search_params() = default;
  /// Parses `init` as application/x-www-form-urlencoded, after one leading '?' (the
  /// URLSearchParams constructor given a string).
  URIX_API explicit url_search_params(std::string_view init);

  /// Appends the pair (name, value).
  URIX_API void append(std::string_view name, std::string_view value);
  /// Removes every pair named `name` (the API's delete(name)).
  URIX_API void remove(std::string_view name);
  /// Removes every pair (name, value) (the API's delete(name, value)).
  URIX_API void remove(std::string_view name, std::string_view value);
  /// The value of the first pair named `name`, or nullopt. A view into the list, valid until
  /// it changes.
  [[nodiscard]] URIX_API std::optional<std::string_view> get(std::string_view name) const;
  /// The values of every pair named `name`, in order.
  [[nodiscard]] URIX_API std::vector<std::string_view> get_all(std::string_view name) const;
  [[nodiscard]] URIX_API bool has(std::string_view name) const;
  [[nodiscard]] URIX_API bool has(std::string_view name, std::string_view value) const;
  /// Sets the first pair named `name` to `value` and removes the others, or appends the pair.
  URIX_API void set(std::string_view name, std::string_view value);
  /// Sorts the pairs by name, comparing UTF-16 code units as JavaScript does; stable, so pairs
  /// of one name keep their order.
  URIX_API void sort();
  /// The number of pairs.
  [[nodiscard]] std::size_t size() const noexcept { return list_.size(); }
  /// The application/x-www-form-urlencoded serialization: "name=value" pairs joined by '&',
  /// each encoded with the form percent-encode set, space as '+'.
  [[nodiscard]] URIX_API std::string to_string() const;

  [[nodiscard]] auto begin() const noexcept { return list_.begin(); }
  [[nodiscard]] auto end() const noexcept { return list_.end(); }
  friend bool operator==(const url_search_params&, const url_search_params&) = default;

 private:
  std::vector<value_type> list_;
};

}  // namespace urix
