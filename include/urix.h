// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix.h: everything urix offers, in one include.
//   urix/charset.h  a constexpr 256-bit set of bytes
//   urix/sets.h     the named sets of RFC 3986, RFC 2396 and the WHATWG URL Standard
//   urix/pct.h      percent-encoding, decoding, checking and escape normalization
//   urix/utf8.h     UTF-8 validation and U+FFFD repair
//   urix/ucs.h      the code point classes of RFC 3987 (ucschar, iprivate, bidi formatting)
//   urix/result.h   errc, error {code, offset} and result<T>
//   urix/uri.h      URI/IRI references: parse, segments, query parameters, recompose, `uri`
//   urix/normalize.h  RFC 3986 6.2.2-6.2.3 normalization and equal()
//   urix/resolve.h  RFC 3986 5.2 resolution and remove_dot_segments
//   urix/kernel.h   which SIMD kernel runs (scalar, avx2, avx512), and forcing one
//   urix/idna.h     IDNA: UTS #46 ToASCII / ToUnicode for hosts, Punycode (RFC 3492)
//   urix/iri.h      IRI <-> URI conversion (RFC 3987 3.1, 3.2)
//   urix/url.h      URLs as the WHATWG URL Standard parses them (its second mode; needs IDNA)
//   urix/template.h URI Templates (RFC 6570): parse, expand, match
//   urix/site.h     sites: the registrable domain by the Public Suffix List (needs IDNA)
//   urix/data_url.h data: URLs (Fetch's processor), MIME types, forgiving-base64
//   urix/file_path.h  file paths <-> file: URIs (RFC 8089)
//   urix/config.h   what this build has: idna.h, iri.h, url.h and site.h only where
//                   URIX_HAVE_IDNA is 1
#pragma once

#include "urix/config.h"
#include "urix/charset.h"
#if URIX_HAVE_IDNA
#include "urix/idna.h"
#include "urix/iri.h"
#include "urix/site.h"
#include "urix/url.h"
#endif
#include "urix/data_url.h"
#include "urix/file_path.h"
#include "urix/kernel.h"
#include "urix/normalize.h"
#include "urix/pct.h"
#include "urix/resolve.h"
#include "urix/result.h"
#include "urix/sets.h"
#include "urix/template.h"
#include "urix/ucs.h"
#include "urix/uri.h"
#include "urix/utf8.h"
#include "urix/version.h"
