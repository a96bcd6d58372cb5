// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/uri/paths.h: the path steps of resolution (RFC 3986 5.2.3, 5.2.4) and normalization
// (6.2.2.3), run in place on the tail of the output string: neither output is ever longer
// than its input, so the reference is written once, into one buffer.
// @private: not part of urix's public API.
#pragma once

#include <cstddef>
#include <string>

namespace urix::detail {

/// RFC 3986 5.2.4 remove_dot_segments on s[begin, end), in place (resolve.cpp).
void remove_dot_segments_in_place(std::string& s, std::size_t begin);

/// The form normalize gives the path of a relative-path reference (urix/normalize.h) on
/// s[begin, end), in place (normalize.cpp).
void remove_dot_segments_relative_in_place(std::string& s, std::size_t begin);

}  // namespace urix::detail
