// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix/pct.h: percent-encoding (RFC 3986 section 2.1), decoding (2.4) and escape
// normalization (6.2.2.1-2). Bytes in, bytes out: nothing here interprets UTF-8
// (see urix/utf8.h for that).
//
// Every operation comes in the same three forms, with the same parameters:
//   encoded_size(in, set)             exact output size, nothing written
//   encode_to(buffer, in, set)        into the caller's buffer; errc::no_space if it is short
//   encode(in, set) / encode_append   one allocation / append to a string
// Only the std::string forms allocate (encode at the exact size, decode at the input's size).
//
//   urix::encode("/path/file?.txt", urix::sets::path)          // "/path/file%3F.txt"
//   urix::encode("Tom&Jerry", urix::sets::query_param)          // "Tom%26Jerry"
//   urix::encode("a b", urix::sets::unreserved, {.space_as_plus = true})   // "a+b"
//   *urix::decode("%E4%B8%AD")                                   // "\u4E2D" (the 3 bytes of U+4E2D)
//   urix::decode("100%").error()                                 // {incomplete_escape, 3}
//
// Decode each URI component once, after parsing it out of the URI: decoding first would turn
// "/a%2Fb" (one segment) into "/a/b" (two). The URI layer (urix/uri.h) does it in that order.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include "urix/export.h"
#include "urix/charset.h"
#include "urix/result.h"
#include "urix/sets.h"

namespace urix {

// The options are one bit each: GCC passes a struct of three plain bools by storing them byte
// by byte and loading them back as one word, a load that waits for the stores to reach the
// cache. Bit-fields go in a register.

/// How to encode. Aggregate: `encode(s, sets::query, {.space_as_plus = true})`.
struct encode_options {
  /// Write ' ' as '+', and always write '+' as "%2B" (application/x-www-form-urlencoded,
  /// WHATWG URL Standard "urlencoded serializing"; Python's quote_plus).
  bool space_as_plus : 1 = false;
  /// Write "%2f" instead of "%2F". RFC 3986 2.1 says producers SHOULD use uppercase, so this
  /// is off by default; it exists to reproduce systems that emit lowercase.
  bool lowercase_hex : 1 = false;
  /// Copy a '%' that starts a well-formed "%HH" unchanged, so already-encoded text is not
  /// encoded twice ("100%25" stays "100%25"); any other '%' becomes "%25". Encoding with
  /// this option is idempotent, unless space_as_plus is on too: a second pass writes the '+'
  /// that stood for a space as "%2B".
  bool keep_escapes : 1 = false;
};

/// `opts` for text encoded with `set`: space as '+' also where the set is for form encoding
/// (named_set::space_as_plus, whatwg-form), as every front end's choice of a set implies.
[[nodiscard]] constexpr encode_options encode_options_for(const sets::named_set& set,
                                                          encode_options opts = {}) noexcept {
  opts.space_as_plus = opts.space_as_plus || set.space_as_plus;
  return opts;
}

/// How to decode.
struct decode_options {
  /// Read '+' as ' ' (application/x-www-form-urlencoded; Python's unquote_plus).
  bool plus_as_space : 1 = false;
  /// Copy a '%' that does not start a well-formed "%HH" instead of failing (what Python,
  /// curl and the WHATWG URL Standard do). Off by default: RFC 3986 2.1 defines '%' only as
  /// the start of an escape, so strict decoding reports errc::incomplete_escape or
  /// errc::bad_escape_hex with the offset of that '%'.
  bool lenient : 1 = false;
};

// ---- Encoding -----------------------------------------------------------------------------
// A byte is copied when `allowed` holds it and it is ASCII; every other byte becomes %HH.
// Input is bytes: text outside ASCII must already be UTF-8 (RFC 3986 2.5).

/// Length of the longest prefix of `in` that encoding copies unchanged (the fast path:
/// when it equals in.size(), the input needs no encoding at all).
[[nodiscard]] URIX_API std::size_t clean_prefix(std::string_view in, const charset& allowed,
                                       encode_options opts = {}) noexcept;

/// Length of the longest prefix of `in` whose bytes are all in `set`: clean_prefix(in, c) for
/// the charset c that `set` was compiled from (its ASCII bytes), without building the
/// kernel's tables on each call.
[[nodiscard]] URIX_API std::size_t clean_prefix(std::string_view in, const scan_set& set) noexcept;

/// The function clean_prefix(in, set) calls now: the active kernel's scan, taking (data, size,
/// set). A caller that scans many runs of one input fetches it once and calls it directly,
/// without a kernel lookup per run; fetch it again after choosing another kernel.
using scan_function = std::size_t (*)(const char* data, std::size_t size, const scan_set& set) noexcept;
[[nodiscard]] URIX_API scan_function active_scan_function() noexcept;

/// Exact size of the encoded form of `in`.
[[nodiscard]] URIX_API std::size_t encoded_size(std::string_view in, const charset& allowed,
                                       encode_options opts = {}) noexcept;

/// Encodes `in` into `out` and returns the number of bytes written. If `out` is too small,
/// returns errc::no_space with the offset of the first input byte that did not fit; the
/// contents of `out` are then unspecified. `out` must not overlap `in`.
[[nodiscard]] URIX_API result<std::size_t> encode_to(std::span<char> out, std::string_view in,
                                            const charset& allowed,
                                            encode_options opts = {}) noexcept;

/// Encodes `in` into a new string (one allocation of the exact size).
[[nodiscard]] URIX_API std::string encode(std::string_view in, const charset& allowed,
                                 encode_options opts = {});

/// Appends the encoded form of `in` to `out` (at most one reallocation).
URIX_API void encode_append(std::string& out, std::string_view in, const charset& allowed,
                   encode_options opts = {});

// ---- Decoding -----------------------------------------------------------------------------

/// Exact size of the decoded form of `in`, after checking that it decodes.
[[nodiscard]] URIX_API result<std::size_t> decoded_size(std::string_view in,
                                               decode_options opts = {}) noexcept;

/// Decodes `in` into `out` and returns the number of bytes written. The output is never
/// longer than the input, so `out` may be the input's own storage (in-place decoding:
/// out.data() == in.data()); any other overlap is not allowed. On error (malformed escape,
/// or errc::no_space) the contents of `out` are unspecified.
[[nodiscard]] URIX_API result<std::size_t> decode_to(std::span<char> out, std::string_view in,
                                            decode_options opts = {}) noexcept;

/// Decodes `in` into a new string, in one pass: it is allocated at the input's size (decoding
/// never grows) and cut to the decoded size, so its capacity may exceed its size.
[[nodiscard]] URIX_API result<std::string> decode(std::string_view in, decode_options opts = {});

/// Appends the decoded form of `in` to `out`. On error `out` is left as it was.
[[nodiscard]] URIX_API result<void> decode_append(std::string& out, std::string_view in,
                                         decode_options opts = {});

// Decoding to text: the decoded bytes must be UTF-8 (RFC 3986 2.5, RFC 3987 3.2), and where
// they are not, the error is errc::invalid_utf8 at the escape (or byte) of `in` where the
// first ill-formed sequence starts, the column a user sees, never one in the decoded bytes.
//   urix::decode_utf8("caf%C3%A9")         // "caf\xC3\xA9"
//   urix::decode_utf8("a%FFb").error()     // {invalid_utf8, 1}

/// decode, then the UTF-8 check above.
[[nodiscard]] URIX_API result<std::string> decode_utf8(std::string_view in, decode_options opts = {});

/// decode_utf8, appending to `out`. On error `out` is left as it was.
[[nodiscard]] URIX_API result<void> decode_utf8_append(std::string& out, std::string_view in,
                                              decode_options opts = {});

/// The UTF-8 check alone, for a caller that decoded `in` itself into `decoded`.
[[nodiscard]] URIX_API result<void> check_decoded_utf8(std::string_view in, std::string_view decoded) noexcept;

// ---- Checking and normalizing ---------------------------------------------------------------

/// Is `in` a valid encoded form for `allowed`: every byte allowed (and ASCII), or part of a
/// well-formed "%HH"? On failure the offset is the first offending byte (the '%' of a
/// malformed escape). Where `allowed` holds '%' (the WHATWG sets other than component and
/// form), a '%' that starts no "%HH" is valid as itself, so "100%" is valid there (SPEC
/// section 5), and encode's output always passes check() with the same set.
[[nodiscard]] URIX_API result<void> check(std::string_view in, const charset& allowed) noexcept;

/// RFC 3986 6.2.2.1 and 6.2.2.2: writes escape hex in uppercase and decodes the escapes of
/// unreserved characters ("%7euser" -> "~user"). Escapes of anything else stay escaped, and
/// every other byte is copied. The output is never longer than the input: `out` may be the
/// input's own storage. Fails on a malformed escape, like a strict decode.
[[nodiscard]] URIX_API result<std::size_t> normalize_escapes_to(std::span<char> out,
                                                       std::string_view in) noexcept;

/// normalize_escapes_to, into a new string.
[[nodiscard]] URIX_API result<std::string> normalize_escapes(std::string_view in);

// ---- One escape, and where decoded bytes come from ----------------------------------------
// The codec's own rules, for callers that report positions or write escapes themselves.

/// The byte that the escape "%HH" starting at in[i] names (hex digits of either case), or -1
/// when none starts there: in[i] is not '%', a byte after it is not a hex digit, or the input
/// ends first. `i` may be in.size().
[[nodiscard]] URIX_API int escape_at(std::string_view in, std::size_t i) noexcept;

/// Number of bytes at the end of `in` that start an escape its end may have cut short (0-2):
/// a last '%', or a '%' and one hex digit. A streaming decoder, checker or encoder (with
/// keep_escapes) processes all but these bytes of a chunk and carries them over to the next,
/// which then never splits a "%HH" (RFC 3986 2.1: '%' is not a hex digit, so an escape can
/// be cut nowhere else).
///   urix::incomplete_escape_tail("ab%4")    // 2: "%4" waits for its second digit
///   urix::incomplete_escape_tail("ab%41")   // 0
///   urix::incomplete_escape_tail("ab%G")    // 0: "%G" is malformed, whatever follows
[[nodiscard]] URIX_API std::size_t incomplete_escape_tail(std::string_view in) noexcept;

/// Writes the escape of `byte`, "%HH", to out[0], out[1], out[2]: uppercase hex digits as
/// RFC 3986 2.1 says producers should, lowercase when `lowercase_hex`.
URIX_API void write_escape(char* out, unsigned char byte, bool lowercase_hex = false) noexcept;

/// The offset in `in` of the input that byte `decoded` of its decoded form comes from (the
/// '%' of an escape); in.size() when `decoded` is the decoded size. The same for every
/// decode_options: each decoded byte comes from one well-formed escape or one other byte.
/// Use it to report an error found in decoded bytes (invalid UTF-8) at its input column.
[[nodiscard]] URIX_API std::size_t encoded_offset(std::string_view in, std::size_t decoded) noexcept;

/// The offset in `in` where the last `count` bytes of its decoded form start.
[[nodiscard]] URIX_API std::size_t encoded_offset_from_end(std::string_view in, std::size_t count) noexcept;

}  // namespace urix
