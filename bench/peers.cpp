// SPDX-License-Identifier: Apache-2.0 OR MIT
// The peers' adapters: each calls the library the way its documentation shows, with the
// RFC 3986 component set (unreserved) or query set (pchar / "/" / "?") where it takes one.
// Compiled with -w: these are other projects' headers, not urix code.
#include "peers.h"

#include <cstring>

#include "peer_headers.h"

namespace urix_bench {
namespace {

#ifdef URIX_BENCH_BOOST
namespace urls = boost::urls;
constexpr auto boost_query_chars = urls::pchars + '/' + '?';

std::size_t boost_encode(const std::string& in, char*) {
  return urls::encode(in, urls::unreserved_chars).size();
}
std::size_t boost_encode_query(const std::string& in, char*) {
  return urls::encode(in, boost_query_chars).size();
}
std::size_t boost_decode(const std::string& in, char*) {
  auto pct = urls::make_pct_string_view(in);  // validates: Boost decodes only valid input
  return pct ? pct->decode().size() : 0;
}
#endif

#ifdef URIX_BENCH_CURL
CURL* curl_handle = nullptr;
std::size_t curl_encode(const std::string& in, char*) {
  char* out = curl_easy_escape(curl_handle, in.data(), static_cast<int>(in.size()));
  const std::size_t n = std::strlen(out);
  curl_free(out);
  return n;
}
std::size_t curl_decode(const std::string& in, char*) {
  int n = 0;
  char* out = curl_easy_unescape(curl_handle, in.data(), static_cast<int>(in.size()), &n);
  curl_free(out);
  return static_cast<std::size_t>(n);
}
#endif

#ifdef URIX_BENCH_URIPARSER
std::size_t uriparser_encode(const std::string& in, char* scratch) {
  const char* end = uriEscapeExA(in.data(), in.data() + in.size(), scratch, URI_FALSE, URI_FALSE);
  return static_cast<std::size_t>(end - scratch);
}
std::size_t uriparser_decode(const std::string& in, char* scratch) {
  std::memcpy(scratch, in.c_str(), in.size() + 1);  // uriparser decodes in place
  const char* end = uriUnescapeInPlaceA(scratch);
  return static_cast<std::size_t>(end - scratch);
}
#endif

#ifdef URIX_BENCH_GLIB
std::size_t glib_encode(const std::string& in, char*) {
  char* out = g_uri_escape_string(in.c_str(), nullptr, FALSE);
  const std::size_t n = std::strlen(out);
  g_free(out);
  return n;
}
std::size_t glib_encode_query(const std::string& in, char*) {
  // GLib keeps unreserved always; the rest of the query set is the "allowed reserved" list.
  char* out = g_uri_escape_string(in.c_str(), "!$&'()*+,;=:@/?", FALSE);
  const std::size_t n = std::strlen(out);
  g_free(out);
  return n;
}
std::size_t glib_decode(const std::string& in, char*) {
  char* out = g_uri_unescape_string(in.c_str(), nullptr);
  const std::size_t n = out == nullptr ? 0 : std::strlen(out);
  g_free(out);
  return n;
}
#endif

}  // namespace

void init_peers() {
#ifdef URIX_BENCH_CURL
  if (curl_handle == nullptr) curl_handle = curl_easy_init();
#endif
}

namespace {

// Each peer built into this binary with what it can do (nullptr: it has no such operation;
// curl and uriparser take no set, so they have no query-set encoder).
struct peer_functions {
  std::string_view name;
  codec_fn encode_component, encode_query, decode;
};

const std::vector<peer_functions>& built_in() {
  static const std::vector<peer_functions> all = {
#ifdef URIX_BENCH_BOOST
      {"boost", boost_encode, boost_encode_query, boost_decode},
#endif
#ifdef URIX_BENCH_CURL
      {"curl", curl_encode, nullptr, curl_decode},
#endif
#ifdef URIX_BENCH_URIPARSER
      {"uriparser", uriparser_encode, nullptr, uriparser_decode},
#endif
#ifdef URIX_BENCH_GLIB
      {"glib", glib_encode, glib_encode_query, glib_decode},
#endif
  };
  return all;
}

}  // namespace

std::vector<peer> peers_for(op o) {
  std::vector<peer> all;
  for (const peer_functions& p : built_in()) {
    const codec_fn fn = o == op::encode_component ? p.encode_component
                        : o == op::encode_query   ? p.encode_query
                                                  : p.decode;
    if (fn != nullptr) all.push_back({p.name, fn});
  }
  return all;
}

}  // namespace urix_bench
