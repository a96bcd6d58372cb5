// SPDX-License-Identifier: Apache-2.0 OR MIT
// bench/peer_headers.h: the headers of the peers both benchmark programs call, each where
// CMake found its library (URIX_BENCH_*). Included by one translation unit per program
// (peers.cpp, uri_peers.cpp): Boost.URL's src.hpp compiles the library into it.
#pragma once

#ifdef URIX_BENCH_BOOST
#include <boost/url/src.hpp>  // Boost.URL 1.81 compiled into the including translation unit
#endif
#ifdef URIX_BENCH_CURL
#include <curl/curl.h>
#endif
#ifdef URIX_BENCH_URIPARSER
#include <uriparser/Uri.h>
#endif
#ifdef URIX_BENCH_GLIB
#include <glib.h>
#endif
