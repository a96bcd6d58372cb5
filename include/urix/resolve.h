// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix/resolve.h: reference resolution (RFC 3986 section 5.2, the strict algorithm), the
// dot-segment removal it uses (5.2.4), and relativize, its inverse.
//
//   *urix::resolve("http://a/b/c/d;p?q", "../g")   // "http://a/b/g"
//   *urix::resolve("http://a/b/c/d;p?q", "http:g") // "http:g" (strict: a scheme means absolute)
//   urix::remove_dot_segments("/a/b/c/./../../g") // "/a/g"
//
// Strict means RFC 3986 5.2.2 exactly: a reference with a scheme is absolute even when the
// scheme is the base's, unlike the "backward compatible" reading that Python's urljoin uses.
// The target is recomposed as 5.3 says, with its path written so that the target reads back
// with the components 5.2.2 computed: where 5.2.4 leaves a path starting "//" and the target
// has no authority, "/." goes in front, as normalize writes it (base "f:/a" + ".//g" ->
// "f:/.//g", not "f://g", whose "g" would read back as an authority). A rootless base path
// is merged and dot-removed as written: "foo:a/b" + "../c" is "foo:/c" (docs/differences.md).
#pragma once

#include <string>
#include <string_view>

#include "urix/export.h"
#include "urix/result.h"
#include "urix/uri.h"

namespace urix {

/// RFC 3986 5.2.4 remove_dot_segments, exactly as written: "." and ".." segments are removed
/// and a ".." also removes the segment before it. It is meant for absolute paths and merged
/// paths; applied to a relative path it reads it as if it were rooted (see urix/normalize.h
/// for the form that keeps relative paths relative).
[[nodiscard]] URIX_API std::string remove_dot_segments(std::string_view path);

/// remove_dot_segments, appending to `out`.
URIX_API void remove_dot_segments_append(std::string& out, std::string_view path);

/// The target URI of `ref` resolved against `base` (RFC 3986 5.2.2, strict), recomposed
/// (5.3). Precondition: base.scheme is present (5.2.1: the base must be an absolute URI); a
/// base fragment is ignored.
[[nodiscard]] URIX_API std::string resolve(const uri_view& base, const uri_view& ref);

/// resolve, appending the target to `out`: a caller that reuses `out` allocates nothing.
URIX_API void resolve_append(std::string& out, const uri_view& base, const uri_view& ref);

/// Parses both and resolves. Errors: the parser's error for `base` (errc::missing_scheme at
/// offset 0 when it has no scheme), then for `ref` (parse each yourself to tell which one).
[[nodiscard]] URIX_API result<std::string> resolve(std::string_view base, std::string_view ref,
                                          syntax grammar = syntax::uri);

/// The inverse of resolve: the shortest reference that resolves against `base` to `target`,
/// in the normal form of both (urix/normalize.h), so that
///   resolve(normalize(base), relativize(base, target)) == normalize(target).
///   *urix::relativize("http://a/b/c/d", "http://a/b/e/f")   // "../e/f"
///   *urix::relativize("http://a/b/c", "http://a/b/c?q#f")   // "?q#f"
///   *urix::relativize("http://a/b/c", "https://a/b/c")      // "https://a/b/c"
/// Of the forms that resolve to the target (a relative path, an absolute path, a network
/// path "//authority...", the target itself), the shortest wins; on a tie the earlier in this
/// list. A relative path is guarded as resolve needs: "./" before a first segment holding ':'
/// or an empty one ("./a:b", ".//x"), "/." before an absolute path starting "//". The base's
/// fragment plays no part (5.2.2). Precondition: both have a scheme.
[[nodiscard]] URIX_API std::string relativize(const uri_view& base, const uri_view& target);

/// Parses both and relativizes. Errors: the parser's error for `base`, then for `target`
/// (errc::missing_scheme at offset 0 for either without a scheme).
[[nodiscard]] URIX_API result<std::string> relativize(std::string_view base, std::string_view target,
                                             syntax grammar = syntax::uri);

}  // namespace urix
