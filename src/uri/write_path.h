// src/uri/write_path.h: the one rule for writing a path so that it reads back as that path,
// shared by resolve, normalize and uri::to_string.
// @private: not part of urix's public API.
#pragma once

#include <string>
#include <string_view>

namespace urix::detail {

/// Appends `path`, the path of a reference with or without a scheme and an authority (written
/// before it), so that parsing the whole reference gives back this path, this scheme and this
/// authority (RFC 3986 3.3, 4.2). 5.3 writes the path as it is; where that would read back
/// otherwise, a prefix that 5.2.4 removes again is put in front:
///   - no authority, path starting "//": "/." ("/.//g"; "//g" would be an authority);
///   - no scheme, no authority, a first segment holding ':': "./" ("./a:b"; "a:b" would be
///     the scheme "a");
/// and after an authority, a rootless path gets a '/' (path-abempty), the only case where the
/// path changes (the owning `uri` can hold one; the parser, resolve and normalize cannot).
void append_path(std::string& out, std::string_view path, bool has_scheme, bool has_authority);

}  // namespace urix::detail
