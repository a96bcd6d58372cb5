// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix/uri.h: URI references (RFC 3986 sections 3 and 4, Appendix A) and IRI references
// (RFC 3987 section 2.2): a zero-copy parser, decoded access to path segments and query
// parameters, recomposition (5.3), and `uri`, an owning value that encodes what it is given.
//
//   auto u = urix::parse_uri_reference("http://user@[::1]:8080/a%2Fb/c?q=1+2#top");
//   u->scheme              // "http"        (std::optional: absent is not the same as empty)
//   u->host                // "[::1]"       (an IP-literal keeps its brackets)
//   u->host_kind           // urix::host_type::ipv6
//   u->port                // "8080"
//   for (auto s : u->segments()) s.decode();   // "a/b", "c": split first, then decode
//   for (auto p : u->params()) p.decode_value(); // "1 2": '+' is a space in a query parameter
//   urix::parse_uri_reference("http://[::1::2]/").error()  // {bad_ip_literal, 11}
//
// A uri_view holds string_views into the parsed input: the input must outlive it. Nothing in
// parsing, iterating or recomposing allocates, except the functions that return std::string.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>

#include "urix/export.h"
#include "urix/pct.h"
#include "urix/result.h"
#include "urix/sets.h"

namespace urix {

/// What kind of host a URI has (RFC 3986 3.2.2). `none` when there is no authority.
enum class host_type : unsigned char {
  none,       ///< no authority, hence no host
  reg_name,   ///< reg-name: a registered name such as "example.com", possibly empty
  ipv4,       ///< IPv4address in dotted-decimal form, e.g. "192.0.2.1"
  ipv6,       ///< IP-literal holding an IPv6address, e.g. "[2001:db8::1]"
  ipvfuture,  ///< IP-literal holding an IPvFuture, e.g. "[v7.abc]"
};

/// The name of a host type as SPEC section 6 spells it: "reg-name", "ipv4", "ipv6",
/// "ipvfuture"; "" for host_type::none.
[[nodiscard]] URIX_API std::string_view to_string(host_type kind) noexcept;

/// Which grammar the parser follows: RFC 3986 URIs (ASCII only), or RFC 3987 IRIs, which
/// also allow the UTF-8 encoded ucschar code points in userinfo, reg-name, path, query and
/// fragment, and iprivate code points in the query (RFC 3987 section 2.2).
enum class syntax : unsigned char { uri, iri };

// ---- Decoded access: segments and parameters ----------------------------------------------

namespace detail {
/// What the iterators of the lazy views below share: the text from the current piece to the
/// end, the piece's length, and equality (all end iterators are equal). `Derived` reads a
/// piece (operator*) and steps to the next (prefix operator++).
template <class Derived, class Value>
class piece_iterator {
 public:
  using iterator_category = std::forward_iterator_tag;
  using value_type = Value;
  using difference_type = std::ptrdiff_t;
  using pointer = void;
  using reference = Value;

  Derived operator++(int) noexcept {
    Derived old = static_cast<Derived&>(*this);
    ++static_cast<Derived&>(*this);
    return old;
  }
  friend bool operator==(const Derived& a, const Derived& b) noexcept {
    return a.done_ == b.done_ && (a.done_ || a.rest_.data() == b.rest_.data());
  }

 protected:
  piece_iterator() noexcept = default;
  explicit piece_iterator(std::string_view rest) noexcept : rest_(rest), done_(false) {}
  [[nodiscard]] std::string_view piece() const noexcept { return rest_.substr(0, len_); }
  void finish() noexcept {
    done_ = true;
    rest_ = {};
  }

  std::string_view rest_;  // from the current piece to the end of the text
  std::size_t len_ = 0;    // length of the current piece
  bool done_ = true;
};
}  // namespace detail

/// One path segment, still percent-encoded; decode() allocates only when it is called.
struct URIX_API path_segment {
  std::string_view encoded;
  /// The segment's bytes with every "%HH" decoded ("a%2Fb" -> "a/b"). A malformed escape
  /// (possible only when the view did not come from the parser) is copied unchanged.
  [[nodiscard]] std::string decode() const;
  /// The same, into `buffer`, which a loop over many segments reuses: returns `encoded`
  /// itself when it holds no escape, else the decoded bytes in `buffer` (valid until it
  /// changes).
  ///   std::string buffer;
  ///   for (auto s : u->segments()) use(s.decode(buffer));   // no allocation per segment
  [[nodiscard]] std::string_view decode(std::string& buffer) const;
};

/// The segments of a path, lazily: the path is split on '/' first and each piece decoded
/// only on request, so "/a%2Fb/c" has the two segments "a/b" and "c". The leading '/' of an
/// absolute path starts the path rather than separating segments, so "" and "/" have no
/// segments, "/a" and "a" have one, and "/a/" has two ("a" and "").
class URIX_API segments_view {
 public:
  class iterator : public detail::piece_iterator<iterator, path_segment> {
   public:
    iterator() noexcept = default;
    [[nodiscard]] path_segment operator*() const noexcept { return {piece()}; }
    iterator& operator++() noexcept {
      if (len_ == rest_.size()) {
        finish();
      } else {
        rest_.remove_prefix(len_ + 1);
        len_ = std::min(rest_.find('/'), rest_.size());
      }
      return *this;
    }
    using piece_iterator::operator++;

   private:
    friend class segments_view;
    explicit iterator(std::string_view rest) noexcept : piece_iterator(rest) {
      len_ = std::min(rest.find('/'), rest.size());
    }
  };

  segments_view() noexcept = default;
  /// The segments of `path` (an encoded path, as in uri_view::path).
  explicit segments_view(std::string_view path) noexcept : path_(path) {}

  [[nodiscard]] iterator begin() const noexcept;
  [[nodiscard]] iterator end() const noexcept { return {}; }
  [[nodiscard]] bool empty() const noexcept { return begin() == end(); }
  /// Number of segments (counts '/', allocates nothing).
  [[nodiscard]] std::size_t size() const noexcept;

 private:
  std::string_view path_;
};

/// One parameter of a query, still encoded: `key=value`, or just `key` (value absent).
struct URIX_API query_param {
  std::string_view key;
  std::optional<std::string_view> value;
  /// The key decoded as application/x-www-form-urlencoded: '+' is a space, "%HH" a byte.
  [[nodiscard]] std::string decode_key() const;
  /// The value decoded the same way; "" when the value is absent.
  [[nodiscard]] std::string decode_value() const;
  /// decode_key() and decode_value() into `buffer`, as path_segment::decode(buffer) does:
  /// the piece itself when it holds no '%' or '+', else the decoded bytes in `buffer`.
  [[nodiscard]] std::string_view decode_key(std::string& buffer) const;
  [[nodiscard]] std::string_view decode_value(std::string& buffer) const;
};

/// The parameters of a query, lazily: split on '&', then each piece at its first '=', then
/// decoded on request with '+' as space (what Python's parse_qsl and the WHATWG URL
/// Standard's urlencoded parser do). Empty pieces ("a=1&&b=2", a trailing '&') are skipped,
/// as both of those do.
class URIX_API params_view {
 public:
  class iterator : public detail::piece_iterator<iterator, query_param> {
   public:
    iterator() noexcept = default;
    [[nodiscard]] query_param operator*() const noexcept {
      const std::string_view text = piece();
      const std::size_t eq = text.find('=');
      if (eq == std::string_view::npos) return {text, std::nullopt};
      return {text.substr(0, eq), text.substr(eq + 1)};
    }
    iterator& operator++() noexcept {
      rest_.remove_prefix(len_);  // now "" or "&..."
      skip_empty();
      return *this;
    }
    using piece_iterator::operator++;

   private:
    friend class params_view;
    explicit iterator(std::string_view rest) noexcept : piece_iterator(rest) { skip_empty(); }
    void skip_empty() noexcept {
      while (!rest_.empty() && rest_.front() == '&') rest_.remove_prefix(1);
      if (rest_.empty()) {
        finish();
        return;
      }
      len_ = std::min(rest_.find('&'), rest_.size());
    }
  };

  params_view() noexcept = default;
  /// The parameters of `query` (an encoded query without its '?').
  explicit params_view(std::string_view query) noexcept : query_(query) {}

  [[nodiscard]] iterator begin() const noexcept { return iterator(query_); }
  [[nodiscard]] iterator end() const noexcept { return {}; }
  [[nodiscard]] bool empty() const noexcept { return begin() == end(); }

 private:
  std::string_view query_;
};

// ---- Parsing --------------------------------------------------------------------------------

/// The components of a URI reference, as written (still percent-encoded), each a view into
/// the parsed input. An absent component is std::nullopt; a present but empty one is "".
/// RFC 3986 5.3 needs the difference: "http://a/?" has an empty query, "http://a/" none.
struct uri_view {
  std::optional<std::string_view> scheme;     ///< without the ':'
  std::optional<std::string_view> authority;  ///< between "//" and the path; present iff host is
  std::optional<std::string_view> userinfo;   ///< without the '@'
  std::optional<std::string_view> host;       ///< an IP-literal keeps its "[" "]"
  std::optional<std::string_view> port;       ///< without the ':'; may be "" ("http://a:/")
  std::string_view path;                      ///< always present, possibly empty
  std::optional<std::string_view> query;      ///< without the '?'
  std::optional<std::string_view> fragment;   ///< without the '#'
  host_type host_kind = host_type::none;

  /// True for a URI (has a scheme), false for a relative reference (RFC 3986 4.1).
  [[nodiscard]] bool has_scheme() const noexcept { return scheme.has_value(); }
  [[nodiscard]] bool has_authority() const noexcept { return authority.has_value(); }
  /// The path's segments, split on '/' and decoded on request.
  [[nodiscard]] segments_view segments() const noexcept { return segments_view(path); }
  /// The query's parameters ('&' and '=' separated); none when the query is absent.
  [[nodiscard]] params_view params() const noexcept { return params_view(query.value_or("")); }
};

/// Where the components of a reference lie in its text, in a few words: each one's length
/// and which are present. The offsets follow from them, as each component comes after its
/// delimiter (RFC 3986 5.3: "scheme:" "//" "userinfo@" host ":port" path "?query"
/// "#fragment"): a caller that keeps many references (a Python object per URL) keeps this
/// instead of seven views, and gets the views back without parsing again.
///   const urix::uri_view u = *urix::parse_uri_reference(text);
///   const urix::uri_layout l = urix::uri_layout::of(u);
///   l.view(text).host == u.host   // and so for every component; l.offset(l.host) == 7 ...
struct uri_layout {
  enum part : unsigned char { scheme, userinfo, host, port, path, query, fragment, count };
  std::size_t len[count] = {};  ///< each part's length; 0 when absent
  unsigned char present = 0;    ///< bit i: part i is present (the path always is)
  host_type host_kind = host_type::none;

  /// The layout of `u`'s components (views into one text, as the parser gives them).
  [[nodiscard]] static constexpr uri_layout of(const uri_view& u) noexcept {
    uri_layout l;
    const std::optional<std::string_view> parts[count] = {u.scheme, u.userinfo, u.host, u.port,
                                                          u.path,   u.query,    u.fragment};
    for (int i = 0; i < count; ++i) {
      if (!parts[i]) continue;
      l.len[i] = parts[i]->size();
      l.present = static_cast<unsigned char>(l.present | (1u << i));
    }
    l.host_kind = u.host_kind;
    return l;
  }

  [[nodiscard]] constexpr bool has(int which) const noexcept { return ((present >> which) & 1) != 0; }

  /// The offset of part `which` in the text: after the parts before it and their delimiters.
  [[nodiscard]] constexpr std::size_t offset(int which) const noexcept {
    std::size_t p = 0;
    const auto skip = [&](int c, std::size_t delimiter) {
      if (has(c)) p += len[c] + delimiter;
    };
    if (which == scheme) return 0;
    skip(scheme, 1);        // "scheme:"
    if (has(host)) p += 2;  // "//"
    if (which == userinfo) return p;
    skip(userinfo, 1);  // "userinfo@"
    if (which == host) return p;
    skip(host, 0);
    if (which == port) return p + 1;  // ":port"
    skip(port, 1);
    if (which == path) return p;
    p += len[path];
    if (which == query) return p + 1;  // "?query"
    skip(query, 1);
    return p + 1;  // "#fragment"
  }

  /// The components in `text`, the text this layout was taken from.
  [[nodiscard]] constexpr uri_view view(std::string_view text) const noexcept {
    const auto part_of = [&](int which) -> std::optional<std::string_view> {
      if (!has(which)) return std::nullopt;
      return text.substr(offset(which), len[which]);
    };
    uri_view u;
    u.scheme = part_of(scheme);
    u.userinfo = part_of(userinfo);
    u.host = part_of(host);
    u.port = part_of(port);
    u.path = text.substr(offset(path), len[path]);
    u.query = part_of(query);
    u.fragment = part_of(fragment);
    if (u.host) {
      const std::size_t begin = has(userinfo) ? offset(userinfo) : offset(host);
      u.authority = text.substr(begin, offset(path) - begin);
    }
    u.host_kind = host_kind;
    return u;
  }
};

/// Parses a URI-reference (RFC 3986 4.1): a URI or a relative reference. On failure the
/// error names the first byte that breaks the grammar:
///   errc::bad_scheme         text before the first ':' (in the first segment) is not a scheme
///   errc::bad_ip_literal     "[...]" is not an IPv6address or IPvFuture, or lacks its ']'
///   errc::bad_port           a port byte that is not a digit
///   errc::incomplete_escape, errc::bad_escape_hex   a malformed "%HH", at its '%'
///   errc::invalid_utf8       (IRI syntax) bytes >= 0x80 that are not well-formed UTF-8
///   errc::disallowed_char    any other byte the component may not hold (space, '"', '[', ...)
/// Allocates nothing; the views point into `in`.
[[nodiscard]] URIX_API result<uri_view> parse_uri_reference(std::string_view in,
                                                   syntax grammar = syntax::uri) noexcept;

/// Parses a URI (RFC 3986 3): like parse_uri_reference, but a scheme is required
/// (errc::missing_scheme at offset 0 otherwise). A fragment is allowed.
[[nodiscard]] URIX_API result<uri_view> parse_uri(std::string_view in,
                                         syntax grammar = syntax::uri) noexcept;

/// parse_uri_reference with the IRI grammar (RFC 3987 2.2, IRI-reference).
[[nodiscard]] inline result<uri_view> parse_iri_reference(std::string_view in) noexcept {
  return parse_uri_reference(in, syntax::iri);
}

/// parse_uri with the IRI grammar (RFC 3987 2.2, IRI).
[[nodiscard]] inline result<uri_view> parse_iri(std::string_view in) noexcept {
  return parse_uri(in, syntax::iri);
}

/// Does all of `s` match IPv4address (RFC 3986 3.2.2)? Dotted decimal, four octets 0-255,
/// no leading zeros: "1.2.3.4" yes; "1.2.3.04", "1.2.3.256", "1.2.3" no.
[[nodiscard]] URIX_API bool is_ipv4address(std::string_view s) noexcept;

/// Checks that all of `s` (without brackets) matches IPv6address (RFC 3986 3.2.2), in any of
/// its nine forms; otherwise errc::bad_ip_literal with the offset in `s` where it stops matching.
[[nodiscard]] URIX_API result<void> check_ipv6address(std::string_view s) noexcept;

/// Checks that all of `s` (without brackets) matches IPvFuture (RFC 3986 3.2.2):
/// "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ); errc::bad_ip_literal otherwise.
[[nodiscard]] URIX_API result<void> check_ipvfuture(std::string_view s) noexcept;

// ---- Recomposition (RFC 3986 5.3) -----------------------------------------------------------

/// Exact size of recompose(u).
[[nodiscard]] inline std::size_t recomposed_size(const uri_view& u) noexcept {
  std::size_t n = u.path.size();
  if (u.scheme) n += u.scheme->size() + 1;
  if (u.authority) n += u.authority->size() + 2;
  if (u.query) n += u.query->size() + 1;
  if (u.fragment) n += u.fragment->size() + 1;
  return n;
}

/// The reference written back from its components (RFC 3986 5.3): scheme ":", "//"
/// authority, path, "?" query, "#" fragment, each only when present. For a view from the
/// parser this is the parsed input, byte for byte.
[[nodiscard]] URIX_API std::string recompose(const uri_view& u);

/// recompose, appending to `out`.
URIX_API void recompose_append(std::string& out, const uri_view& u);

// ---- An owning URI reference -------------------------------------------------------------------

/// A URI reference that owns its components and builds them from decoded text: each
/// set_*(decoded) percent-encodes with that component's set (urix/sets.h), so any text can
/// go in and the result is always a valid reference. The set_encoded_* forms take text that
/// is already encoded and check it instead.
///
///   urix::uri u;
///   u.set_scheme("https");
///   u.set_host("example.com");
///   u.push_segment("a/b");              // "/a%2Fb": a '/' in a segment is data
///   u.append_param("q", "x & y");       // "q=x+%26+y"
///   u.to_string();                       // "https://example.com/a%2Fb?q=x+%26+y"
class URIX_API uri {
 public:
  uri() = default;
  /// Copies the components of a parsed reference.
  explicit uri(const uri_view& v);
  /// Parses `in` (see parse_uri_reference) into an owning value.
  [[nodiscard]] static result<uri> parse(std::string_view in, syntax grammar = syntax::uri);

  // Encoded components; std::nullopt when absent.
  [[nodiscard]] const std::optional<std::string>& scheme() const noexcept { return scheme_; }
  [[nodiscard]] const std::optional<std::string>& userinfo() const noexcept { return userinfo_; }
  [[nodiscard]] const std::optional<std::string>& host() const noexcept { return host_; }
  [[nodiscard]] host_type host_kind() const noexcept { return host_kind_; }
  [[nodiscard]] const std::optional<std::string>& port() const noexcept { return port_; }
  [[nodiscard]] const std::string& path() const noexcept { return path_; }
  [[nodiscard]] const std::optional<std::string>& query() const noexcept { return query_; }
  [[nodiscard]] const std::optional<std::string>& fragment() const noexcept { return fragment_; }

  /// Sets the scheme; errc::bad_scheme unless it matches ALPHA *( ALPHA / DIGIT / "+" / "-" / "."
  /// ).
  result<void> set_scheme(std::string_view scheme);
  /// Sets the userinfo from decoded text, encoded with sets::userinfo. Adds an empty host
  /// if there was none, since userinfo lives in the authority.
  void set_userinfo(std::string_view decoded);
  /// Sets the host to a reg-name from decoded text, encoded with sets::host ("a b" -> "a%20b").
  /// Text that matches IPv4address is unchanged by encoding and becomes host_type::ipv4.
  void set_host(std::string_view decoded);
  /// Sets the host as written: "[" IPv6address / IPvFuture "]", an IPv4address or an encoded
  /// reg-name; the parser's error (with an offset into `encoded`) when it is none of them.
  result<void> set_encoded_host(std::string_view encoded);
  /// Sets the port; errc::bad_port at the first byte that is not a digit. Adds an empty
  /// host if there was none.
  result<void> set_port(std::string_view digits);
  /// Sets the path from decoded text, encoded with sets::path ('/' stays a separator).
  void set_path(std::string_view decoded);
  /// Appends one segment from decoded text, encoded with sets::pchar (a '/' becomes "%2F").
  void push_segment(std::string_view decoded);
  /// Sets the query from decoded text, encoded with sets::query.
  void set_query(std::string_view decoded);
  /// Appends "key=value" (with '&' when the query is not empty), form-encoded: each byte
  /// outside sets::query_param is escaped and a space becomes '+'.
  void append_param(std::string_view key, std::string_view value);
  /// Sets the fragment from decoded text, encoded with sets::fragment.
  void set_fragment(std::string_view decoded);

  /// Set a component as written (already encoded): `encoded` is checked against that
  /// component's set (each byte allowed or part of a well-formed "%HH", as check() does) and
  /// copied; otherwise check()'s error, with its offset into `encoded`, and nothing changes.
  /// set_encoded_userinfo adds an empty host if there was none.
  result<void> set_encoded_userinfo(std::string_view encoded);
  result<void> set_encoded_path(std::string_view encoded);
  result<void> set_encoded_query(std::string_view encoded);
  result<void> set_encoded_fragment(std::string_view encoded);

  /// Removes every query parameter whose decoded key (see query_param) is `decoded_key`,
  /// keeping the others as written and in their order (when one is removed, empty pieces
  /// such as "a&&b" go too). A query left without parameters is removed: "?x=1" minus x is no
  /// query.
  void remove_params(std::string_view decoded_key);
  /// Orders the query parameters by decoded key (bytewise), keeping the order of equal keys
  /// (a stable sort: "b=1&a=2&b=0" -> "a=2&b=1&b=0"); each stays as written. Sorting never
  /// drops data: an empty piece is a parameter with an empty key, so "b&&a" -> "&a&b".
  void sort_params();

  void clear_scheme() noexcept { scheme_.reset(); }
  /// Removes the whole authority: userinfo, host and port.
  void clear_authority() noexcept;
  void clear_userinfo() noexcept { userinfo_.reset(); }
  void clear_port() noexcept { port_.reset(); }
  void clear_query() noexcept { query_.reset(); }
  void clear_fragment() noexcept { fragment_.reset(); }

  /// The reference as text (RFC 3986 5.3). Where the components alone would be read back
  /// differently, it writes the path so that they are not: a '/' before a rootless path when
  /// there is an authority, "/." before a path starting "//" when there is none, and "./"
  /// before a first segment holding ':' when there is no scheme (RFC 3986 4.2).
  [[nodiscard]] std::string to_string() const;

 private:
  void ensure_host();
  std::optional<std::string> scheme_, userinfo_, host_, port_, query_, fragment_;
  std::string path_;
  host_type host_kind_ = host_type::none;
};

}  // namespace urix
