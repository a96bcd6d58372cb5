// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix/result.h: error codes and result<T>, the return type of every fallible urix call.
//
// A failure carries what went wrong (`errc`) and where: the byte offset into the input
// of the first offending byte. That offset is what the CLI turns into "column C" and a caret.
//
//   urix::result<std::string> r = urix::decode("100%");
//   if (!r) std::cerr << urix::message(r.error().code) << " at byte " << r.error().offset;
//
// This compiler's C++20 mode has no std::expected, so urix carries its own small one.
#pragma once

#include <cassert>
#include <cstddef>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>

#include "urix/export.h"

namespace urix {

/// Why an operation failed. Every code has a one-line meaning in message(). (0 is no code:
/// the compact results below use it for success.)
enum class errc : unsigned char {
  incomplete_escape = 1,  ///< '%' not followed by two more bytes (input ends first)
  bad_escape_hex,         ///< '%' followed by a byte that is not a hex digit
  disallowed_char,        ///< byte not in the component's allowed set (check, parse)
  invalid_utf8,           ///< bytes that are not well-formed UTF-8
  no_space,               ///< caller's output buffer is too small; nothing is truncated silently
  // URI grammar (RFC 3986 section 3); produced by the URI parser.
  bad_scheme,             ///< scheme does not match ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
  bad_port,               ///< port holds a non-digit
  bad_ip_literal,         ///< '[' ... ']' is not a valid IPv6address or IPvFuture
  bad_path,               ///< path form not allowed here (e.g. "//" path without authority)
  missing_scheme,         ///< an absolute URI is required here (e.g. a resolution base) but there is no scheme
  // IRI / IDNA (RFC 3987, UTS #46); produced by the IRI layer.
  idna_error,             ///< host rejected by IDNA processing
  unsafe_host,            ///< IDNA mapping produced a URI delimiter in the host
  label_too_long,         ///< IDNA: a domain label longer than 63 bytes (UTS #46 VerifyDnsLength)
  domain_too_long,        ///< IDNA: a domain longer than 253 bytes (UTS #46 VerifyDnsLength)
  bad_punycode,           ///< an "xn--" label or Punycode string that does not decode (RFC 3492)
  disallowed_code_point,  ///< IDNA: a code point UTS #46 disallows in domain names
  // Legacy charsets (RFC 2396 2.1); produced by the CLI's --charset.
  unmappable_char,        ///< a character the chosen charset cannot represent
  invalid_in_charset,     ///< bytes that are not a valid sequence in the chosen charset
  // File paths, data: URLs (RFC 8089, RFC 2397 and the Fetch Standard); urix/file_path.h and
  // urix/data_url.h.
  wrong_scheme,           ///< a URI of another scheme where one is required (data:, file:)
  missing_comma,          ///< a data: URL without the ',' that ends its MIME type
  bad_base64,             ///< a ";base64" data: URL body that forgiving-base64 rejects
  bad_mime_type,          ///< text that MIME Sniffing's "parse a MIME type" rejects
  nul_in_path,            ///< a NUL byte or "%00": no file path can hold it
  slash_in_segment,       ///< an encoded separator ("%2F") inside a segment: no file name holds it
  relative_path,          ///< a relative file path: a file: URI names absolute paths only
  remote_host,            ///< a file: URI's host that this kind of path cannot name
  // WHATWG URL Standard; produced by the URL layer (urix/url.h).
  invalid_url,            ///< the URL Standard's basic URL parser returned failure
  unclosed_expression,    ///< URI Template: '{' without its '}' (RFC 6570 2.2)
  bad_operator,           ///< URI Template: an operator RFC 6570 reserves or does not define (2.2)
  bad_varname,            ///< URI Template: not a variable name, or an empty variable list (2.3)
  bad_prefix,             ///< URI Template: prefix outside 1-9999, or with explode (2.4)
  not_matchable,          ///< URI Template: the template has no unique inverse (see template.h)
  no_match,               ///< URI Template: the URI is not an expansion of the template
  ambiguous_match,        ///< URI Template: the URI reads back in more than one way
  bad_json,               ///< URI Template variables as JSON: not an object of strings, lists and objects
  // Sets by name (urix/sets.h).
  unknown_set,            ///< a set name that sets::named_sets does not hold
};

/// A short, lowercase, human-readable meaning of `code` (no trailing period).
[[nodiscard]] URIX_API std::string_view message(errc code) noexcept;

/// The stable name of `code`: its enumerator's spelling ("incomplete_escape",
/// "bad_escape_hex", ...), unique per code and never reworded, for JSON output, bindings and
/// logs that programs read. message() is for people and may change.
[[nodiscard]] URIX_API std::string_view name(errc code) noexcept;

/// What failed and where: `offset` is the 0-based byte offset into the input.
struct error {
  errc code;
  std::size_t offset;
  friend bool operator==(const error&, const error&) = default;
};

namespace detail {
// Converts to the T that make() returns: constructing a T from it constructs make()'s
// result in place, where a T argument would be built first and then moved.
template <class Make>
struct built_by {
  Make& make;
  operator std::invoke_result_t<Make&>() const { return make(); }  // NOLINT: implicit by design
};
}  // namespace detail

/// Either a T or an error. Test with `if (r)`, read with `*r` / `r->`, or `r.error()`.
template <class T>
class [[nodiscard]] result {
 public:
  result(T value) noexcept(std::is_nothrow_move_constructible_v<T>)  // NOLINT: implicit by design
      : v_(std::in_place_index<0>, std::move(value)) {}
  result(urix::error e) noexcept : v_(std::in_place_index<1>, e) {}  // NOLINT: implicit by design
  /// The T that `make()` returns, built in place: for a large T (a uri_view), which the
  /// constructor above would build first and then copy.
  template <class Make>
    requires std::is_same_v<std::invoke_result_t<Make&>, T>
  result(std::in_place_t, Make&& make) : v_(std::in_place_index<0>, detail::built_by<Make>{make}) {}

  [[nodiscard]] bool has_value() const noexcept { return v_.index() == 0; }
  explicit operator bool() const noexcept { return has_value(); }

  T& value() & noexcept { assert(has_value()); return *std::get_if<0>(&v_); }
  const T& value() const& noexcept { assert(has_value()); return *std::get_if<0>(&v_); }
  T&& value() && noexcept { assert(has_value()); return std::move(*std::get_if<0>(&v_)); }
  T& operator*() & noexcept { return value(); }
  const T& operator*() const& noexcept { return value(); }
  T&& operator*() && noexcept { return std::move(*this).value(); }
  T* operator->() noexcept { return &value(); }
  const T* operator->() const noexcept { return &value(); }

  [[nodiscard]] const urix::error& error() const noexcept {
    assert(!has_value());
    return *std::get_if<1>(&v_);
  }

 private:
  std::variant<T, urix::error> v_;
};

// The two results every buffer call returns, result<std::size_t> (a size written or needed)
// and result<void>, are one `error` whose code is 0 on success: 16 trivially copyable bytes,
// which the x86-64 and AArch64 calling conventions return in two registers. (The general
// form above, a variant, is 24 bytes returned through memory: a store and a load on every
// call, a visible share of a short decode.)

namespace detail {
// What the two compact results share: the error, and success as its code 0.
class compact_result {
 public:
  [[nodiscard]] bool has_value() const noexcept { return e_.code == errc{}; }
  explicit operator bool() const noexcept { return has_value(); }
  [[nodiscard]] const urix::error& error() const noexcept {
    assert(!has_value());
    return e_;
  }

 protected:
  compact_result() noexcept = default;
  explicit compact_result(urix::error e) noexcept : e_(e) { assert(e.code != errc{}); }
  urix::error e_{};
};
}  // namespace detail

/// result<std::size_t>: a size, or an error. On success the error's `offset` holds the size.
template <>
class [[nodiscard]] result<std::size_t> : public detail::compact_result {
 public:
  result(std::size_t value) noexcept { e_.offset = value; }  // NOLINT: implicit by design
  result(urix::error e) noexcept : compact_result(e) {}      // NOLINT: implicit by design

  std::size_t& value() noexcept { assert(has_value()); return e_.offset; }
  const std::size_t& value() const noexcept { assert(has_value()); return e_.offset; }
  std::size_t& operator*() noexcept { return value(); }
  const std::size_t& operator*() const noexcept { return value(); }
};

/// result<void>: success, or an error.
template <>
class [[nodiscard]] result<void> : public detail::compact_result {
 public:
  result() noexcept = default;
  result(urix::error e) noexcept : compact_result(e) {}  // NOLINT: implicit by design
};

static_assert(std::is_trivially_copyable_v<result<std::size_t>> &&
              sizeof(result<std::size_t>) == 2 * sizeof(std::size_t));
static_assert(std::is_trivially_copyable_v<result<void>> && sizeof(result<void>) == 2 * sizeof(std::size_t));

}  // namespace urix
