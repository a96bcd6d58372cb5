// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/uri/normalize.h: the test that lets normalize copy a reference instead of writing it
// again (normalize.cpp). Nearly every real URL is already in normal form.
// @private: not part of urix's public API.
#pragma once

#include <string_view>

#include "parse.h"
#include "urix/uri.h"

namespace urix::detail {

/// Is the text that the parser read as `u`, noting `facts` (parse.h), already in normal
/// form: does normalize(u) give it back byte for byte? False may also mean "not known": then
/// normalize writes it.
[[nodiscard]] bool is_normal(const uri_view& u, const text_facts& facts) noexcept;

}  // namespace urix::detail
