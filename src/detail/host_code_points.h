// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/detail/host_code_points.h: the URL Standard's forbidden host and domain code points, for
// its host parser (src/url/) and the data: URL processor's slice of it (src/data/).
// @private: not part of urix's public API.
#pragma once

#include "urix/charset.h"

namespace urix::detail {

/// "forbidden host code point": U+0000, tab, newline, CR, space, # / : < > ? @ [ \ ] ^ |.
inline constexpr charset forbidden_host_code_points =
    charset::range(0, 0) | charset("\t\n\r #/:<>?@[\\]^|");

/// "forbidden domain code point": a forbidden host code point, a C0 control, '%' or DEL.
inline constexpr charset forbidden_domain_code_points =
    forbidden_host_code_points | charset::range(0, 0x1F) | charset("%\x7F");

}  // namespace urix::detail
