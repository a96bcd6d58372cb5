// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/data/data_url_paths.h: the two ways urix::parse_data_url reads a URL, and the shortcut
// for MIME types written in serialized form, apart, so that tests and the fuzz target can
// hold each against the general steps.
// @private: not part of urix's public API.
#pragma once

#include <optional>
#include <string_view>

#include "urix/data_url.h"

namespace urix::detail {

/// The plain path: a URL that the URL parser leaves as it is (the opaque form "data:...",
/// printable ASCII without '?' and '#', no space at the end) and whose body decodes without
/// error, in one pass over the body (base64 by the active kernel). std::nullopt for any
/// other URL; for those it does read, the same record as parse_data_url_general.
[[nodiscard]] std::optional<data_url> parse_plain_data_url(std::string_view url);

/// Whether `s` is a MIME type in the form the serializer writes (parse_mime_type(s) succeeds
/// and serializes back to `s`), for the forms of nearly all data: URLs: lowercase type and
/// subtype, up to 8 parameters of distinct lowercase names and token values. False for any
/// other form, serialized or not (a quoted value, more parameters).
[[nodiscard]] bool is_serialized_mime_type(std::string_view s) noexcept;

/// The general path: every step of the Fetch Standard's data: URL processor, with the URL
/// parser's and serializer's, and errors at their byte.
[[nodiscard]] result<data_url> parse_data_url_general(std::string_view url);

}  // namespace urix::detail
