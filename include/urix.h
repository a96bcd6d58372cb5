// urix.h: everything urix offers, in one include.
//   urix/charset.h  a constexpr 256-bit set of bytes
//   urix/sets.h     the named sets of RFC 3986, RFC 2396 and the WHATWG URL Standard
//   urix/pct.h      percent-encoding, decoding, checking and escape normalization
//   urix/utf8.h     UTF-8 validation and U+FFFD repair
//   urix/result.h   errc, error {code, offset} and result<T>
#pragma once

#include "urix/charset.h"
#include "urix/pct.h"
#include "urix/result.h"
#include "urix/sets.h"
#include "urix/utf8.h"
#include "urix/version.h"
