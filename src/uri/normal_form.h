// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/uri/normal_form.h: the test that lets normalize copy a reference instead of writing it
// again (normalize.cpp). Nearly every real URL is already in normal form.
// @private: not part of urix's public API.
#pragma once

#include <string_view>

#include "urix/uri.h"

namespace urix::detail {

/// Is `in`, which the parser read as `u`, already in normal form: does normalize(u) give
/// back `in` byte for byte? False may also mean "not known": then normalize writes it.
[[nodiscard]] bool is_normal(std::string_view in, const uri_view& u) noexcept;

}  // namespace urix::detail
