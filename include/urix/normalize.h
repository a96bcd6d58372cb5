// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix/normalize.h: syntax-based and scheme-based normalization of URI references (RFC 3986
// sections 6.2.2 and 6.2.3) and the comparison built on it (6.2.1: compare normalized forms).
//
//   *urix::normalize("HTTP://Example.COM:80/%7euser/a/../b")  // "http://example.com/~user/b"
//   *urix::equal("http://example.com/~user", "http://example.com/%7Euser")   // true
//   *urix::equal("http://example.com/a%2Fb", "http://example.com/a/b")       // false
//
// What changes, and nothing else (SPEC section 6):
//   - scheme and host in lowercase (6.2.2.1); letters inside escapes stay uppercase;
//   - escape hex in uppercase (6.2.2.1); escapes of unreserved characters decoded (6.2.2.2),
//     before dot-segments are removed, so "%2E%2E" is a ".." segment; a reg-name that then
//     reads as an IPv4address is that address ("//192.1%2E64.164" -> "//192.1.64.164", 3.2.2);
//   - dot-segments removed (6.2.2.3): after a scheme or from the root, by 5.2.4 exactly as
//     resolve does ("foo:a/../c" is "foo:/c", what resolving it gives). In a relative-path
//     reference leading ".." segments stay ("../../a" is already normal) and the result keeps
//     the reference's meaning: "a/.." is "./" and ".." is "../" (each names a directory),
//     ".//x" and "./a:b" keep their "./" (without it they would read as an authority or a
//     scheme). A path that would start with "//" without an authority is written "/.//...",
//     as resolve writes it: the output reads back with the components computed;
//   - for http, https, ws, wss and ftp (6.2.3): a port that is empty or the scheme's default
//     (80, 443, 80, 443, 21; compared as a number, so ":080" too) is dropped, and an empty path
//     after an authority becomes "/".
// Escapes of reserved characters are never decoded; the query and fragment keep their order
// and form.
#pragma once

#include <string>
#include <string_view>

#include "urix/export.h"
#include "urix/result.h"
#include "urix/uri.h"

namespace urix {

/// The normal form of a parsed reference. Allocates the returned string only.
[[nodiscard]] URIX_API std::string normalize(const uri_view& u);

/// The normal form of a parsed reference, appended to `out`: a caller that reuses `out`
/// allocates nothing.
URIX_API void normalize_append(std::string& out, const uri_view& u);

/// Parses `in` as a URI-reference and returns its normal form; the parser's error (with its
/// byte offset) for a malformed input.
[[nodiscard]] URIX_API result<std::string> normalize(std::string_view in, syntax grammar = syntax::uri);
/// Parses `in` and appends its normal form to `out`; on a malformed input, the parser's error,
/// and `out` is left as it was. A caller that reuses `out` allocates nothing. Text that is
/// already in normal form (nearly every real URL) is copied as it is.
[[nodiscard]] URIX_API result<void> normalize_append(std::string& out, std::string_view in,
                                            syntax grammar = syntax::uri);

/// Do two parsed references have the same normal form (RFC 3986 6.2.1)? Allocates nothing
/// for references of up to about 250 bytes.
[[nodiscard]] URIX_API bool equal(const uri_view& a, const uri_view& b);

/// Parses both and compares their normal forms. On a malformed input, the parser's error for
/// the first of them that fails (parse each yourself to tell which one it was).
[[nodiscard]] URIX_API result<bool> equal(std::string_view a, std::string_view b,
                                 syntax grammar = syntax::uri);

}  // namespace urix
