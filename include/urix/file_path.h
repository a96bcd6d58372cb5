// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix/file_path.h: file paths <-> file: URIs (RFC 8089), for POSIX and Windows paths.
//
//   *urix::path_to_uri("/home/a b/caf\xC3\xA9")            // "file:///home/a%20b/caf%C3%A9"
//   *urix::path_to_uri("/tmp/\xFF")                        // "file:///tmp/%FF" (bytes, not text)
//   *urix::path_to_uri("C:\\Users\\a b", path_style::windows)      // "file:///C:/Users/a%20b"
//   *urix::path_to_uri("\\\\server\\share\\a", path_style::windows) // "file://server/share/a"
//   *urix::uri_to_path("file://localhost/etc/hosts")       // "/etc/hosts"
//   urix::uri_to_path("file:///a%2Fb").error()              // {slash_in_segment, 10}
//
// A path becomes "file://" + its host (UNC paths only) + its absolute path, each segment
// percent-encoded by RFC 3986's segment set (so '?', '#', '%', space and every byte >= 0x80
// are escaped; a POSIX name's bytes need not be UTF-8). A URI becomes a path only when it
// names one: a file: URI with an absolute path, no query, no userinfo or port, and a host
// that is empty or "localhost" (RFC 8089 2; on Windows any host, as a UNC path). Its segments
// are decoded; an escape that decodes to NUL or to a separator ("%2F", on Windows also "%5C")
// is an error, since no file name holds one: reading it as a separator would name another
// file. The fragment, which names a part of the file (RFC 3986 3.5), is not part of the path.
//
// Dot segments are kept as written both ways: "/a/../b" is "file:///a/../b". A file system
// resolves ".." after following "a" (a symbolic link may lead elsewhere), so folding it away,
// as RFC 3986 5.2.4 would, could name another file. (urix normalize and resolve do fold them:
// do not normalize a file: URI that you mean to turn back into a path.)
#pragma once

#include <string>
#include <string_view>

#include "urix/export.h"
#include "urix/result.h"

namespace urix {

/// Which operating system's paths: POSIX ('/'-separated bytes, absolute when they start with
/// '/'), or Windows (UTF-8 text; '\' or '/' separate; absolute with a drive, "C:\", or UNC,
/// "\\server\share\", also in the "\\?\" forms).
enum class path_style : unsigned char { posix, windows };

/// The file: URI of an absolute path (RFC 8089 2; Appendix E.2 for drive letters, E.3 for
/// UNC). Errors, at a byte offset into `path`:
///   errc::relative_path  the path is not absolute (POSIX: no leading '/'; Windows: no drive
///                        and root, "C:x" or "\x", and not UNC)
///   errc::nul_in_path    a NUL byte
///   errc::invalid_utf8   (Windows) bytes that are not UTF-8
///   errc::bad_path       (Windows) a UNC path without a server or share, or a "\\.\" device path
[[nodiscard]] URIX_API result<std::string> path_to_uri(std::string_view path,
                                                      path_style style = path_style::posix);

/// The path a file: URI names (RFC 8089 2; E.2 drive letters, "file:///C:/x" and "file:C:/x";
/// E.3 UNC, "file://server/share" and "file:////server/share"). E.2.2's legacy "C|" is not
/// RFC 3986 syntax: the parser rejects the '|'. Errors, at a byte offset into `uri`: the
/// parser's errors (urix/uri.h), then
///   errc::wrong_scheme      the scheme is not "file"
///   errc::remote_host       (POSIX) a host other than "localhost"; userinfo or a port
///   errc::relative_path     no absolute path (a rootless path; on Windows a path without a
///                           drive and no host)
///   errc::bad_path          an empty path
///   errc::disallowed_char   a query (at its '?'): a file path has none
///   errc::nul_in_path       "%00"
///   errc::slash_in_segment  "%2F" (on Windows also "%5C") inside a segment
///   errc::invalid_utf8      (Windows) decoded bytes that are not UTF-8, at their escape
[[nodiscard]] URIX_API result<std::string> uri_to_path(std::string_view uri,
                                                      path_style style = path_style::posix);

}  // namespace urix
