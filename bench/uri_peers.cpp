// SPDX-License-Identifier: Apache-2.0 OR MIT
// The URI peers' adapters: each does the job of one urix call the way its library's
// documentation shows, and hands back a string where urix returns one (so that both sides
// allocate what a caller gets). Compiled with -w: other projects' headers, not urix code.
#include "uri_peers.h"

#include <cstring>
#include <memory>

#include "peer_headers.h"

#ifdef URIX_BENCH_ICU
#include <unicode/uidna.h>
#endif
#ifdef URIX_BENCH_IDN2
#include <idn2.h>
#endif

namespace urix_bench {
namespace {

using opt = std::optional<std::string_view>;

#ifdef URIX_BENCH_BOOST
namespace urls = boost::urls;

std::vector<urls::url_view> boost_bases;

opt boost_opt(bool has, urls::string_view s) { return has ? opt(std::string_view(s.data(), s.size())) : std::nullopt; }

std::ptrdiff_t boost_parse(const uri_item& in, std::string* show) {
  auto r = urls::parse_uri_reference(in.text);
  if (!r) return -1;
  if (show)
    *show = uri_summary(boost_opt(r->has_scheme(), r->scheme()), boost_opt(r->has_authority(), r->encoded_host()),
                        boost_opt(r->has_port(), r->port()), std::string_view(r->encoded_path()),
                        boost_opt(r->has_query(), r->encoded_query()),
                        boost_opt(r->has_fragment(), r->encoded_fragment()));
  return static_cast<std::ptrdiff_t>(r->encoded_path().size());
}

// segments() and params() decode each piece into a std::string, as urix's decode() does.
std::ptrdiff_t boost_iterate(const uri_item& in, std::string* show) {
  auto r = urls::parse_uri_reference(in.text);
  if (!r) return -1;
  std::ptrdiff_t n = 0;
  for (const std::string& s : r->segments()) {
    n += static_cast<std::ptrdiff_t>(s.size());
    if (show) *show += s + "/";
  }
  for (const urls::param& p : r->params()) {
    n += static_cast<std::ptrdiff_t>(p.key.size() + p.value.size());
    if (show) *show += "&" + p.key + "=" + p.value;
  }
  return n;
}

std::ptrdiff_t boost_normalize(const uri_item& in, std::string* show) {
  auto r = urls::parse_uri_reference(in.text);
  if (!r) return -1;
  urls::url u(*r);
  u.normalize();
  if (show) *show = u.buffer();
  return static_cast<std::ptrdiff_t>(u.buffer().size());
}

// url_view's operator== compares "as if both were normalized" without building them.
std::ptrdiff_t boost_equal(const uri_item& in, std::string* show) {
  auto a = urls::parse_uri_reference(in.text);
  auto b = urls::parse_uri_reference(in.other);
  if (!a || !b) return -1;
  const bool same = *a == *b;
  if (show) *show = same ? "equal" : "different";
  return same ? 1 : 0;
}

std::ptrdiff_t boost_resolve(const uri_item& in, std::string* show) {
  auto ref = urls::parse_uri_reference(in.text);
  if (!ref) return -1;
  urls::url dest;
  if (!urls::resolve(boost_bases[in.base], *ref, dest)) return -1;
  if (show) *show = dest.buffer();
  return static_cast<std::ptrdiff_t>(dest.buffer().size());
}
#endif

#ifdef URIX_BENCH_CURL
// One handle for parsing, cleared before each URL (a handle that holds a URL would resolve
// the next one against it). Schemes curl does not know (node:, foo:) are allowed.
CURLU* curl_parser = nullptr;
std::vector<CURLU*> curl_bases;
constexpr unsigned curl_flags = CURLU_NON_SUPPORT_SCHEME;

void curl_part(CURLU* h, CURLUPart part, opt& view, std::string& keep) {
  char* p = nullptr;
  if (curl_url_get(h, part, &p, 0) == CURLUE_OK && p != nullptr) {
    keep = p;
    curl_free(p);
    view = keep;
  }
}

std::ptrdiff_t curl_parse(const uri_item& in, std::string* show) {
  curl_url_set(curl_parser, CURLUPART_URL, nullptr, 0);
  if (curl_url_set(curl_parser, CURLUPART_URL, in.text.c_str(), curl_flags) != CURLUE_OK) return -1;
  if (show) {
    std::string keep[6];
    opt v[6];
    const CURLUPart parts[6] = {CURLUPART_SCHEME, CURLUPART_HOST, CURLUPART_PORT,
                                CURLUPART_PATH,   CURLUPART_QUERY, CURLUPART_FRAGMENT};
    for (int i = 0; i < 6; ++i) curl_part(curl_parser, parts[i], v[i], keep[i]);
    *show = uri_summary(v[0], v[1], v[2], v[3].value_or(""), v[4], v[5]);
  }
  return 0;
}

// The base handle is copied (curl_url_dup) and the reference set on the copy, which
// resolves it; the target is read back as a string.
std::ptrdiff_t curl_resolve(const uri_item& in, std::string* show) {
  CURLU* h = curl_url_dup(curl_bases[in.base]);
  std::ptrdiff_t n = -1;
  char* out = nullptr;
  if (curl_url_set(h, CURLUPART_URL, in.text.c_str(), curl_flags) == CURLUE_OK &&
      curl_url_get(h, CURLUPART_URL, &out, 0) == CURLUE_OK) {
    n = static_cast<std::ptrdiff_t>(std::strlen(out));
    if (show) *show = out;
    curl_free(out);
  }
  curl_url_cleanup(h);
  return n;
}
#endif

#ifdef URIX_BENCH_URIPARSER
std::vector<UriUriA> uriparser_bases;

opt range(const UriTextRangeA& r) {
  return r.first == nullptr ? std::nullopt : opt(std::string_view(r.first, static_cast<std::size_t>(r.afterLast - r.first)));
}

// uriparser keeps the path as a list of segments (an empty one points at a static empty
// string, not into the input): joined with '/', after a '/' when the path is absolute.
std::string uriparser_path(const UriUriA& u) {
  std::string path = u.absolutePath || (u.hostText.first != nullptr && u.pathHead != nullptr) ? "/" : "";
  for (const UriPathSegmentA* s = u.pathHead; s != nullptr; s = s->next) {
    if (s != u.pathHead) path += '/';
    path.append(s->text.first, s->text.afterLast);
  }
  return path;
}

// The reference written back into a string of the exact size, as urix's result is.
std::ptrdiff_t uriparser_write(const UriUriA& u, std::string* show) {
  int chars = 0;
  if (uriToStringCharsRequiredA(&u, &chars) != URI_SUCCESS) return -1;
  std::string out(static_cast<std::size_t>(chars) + 1, '\0');
  if (uriToStringA(out.data(), &u, chars + 1, nullptr) != URI_SUCCESS) return -1;
  out.resize(static_cast<std::size_t>(chars));
  if (show) *show = out;
  return chars;
}

std::ptrdiff_t uriparser_parse(const uri_item& in, std::string* show) {
  UriUriA u;
  const char* error = nullptr;
  if (uriParseSingleUriA(&u, in.text.c_str(), &error) != URI_SUCCESS) return -1;
  const std::ptrdiff_t n = u.pathTail == nullptr ? 0 : u.pathTail->text.afterLast - u.pathTail->text.first;
  if (show) {
    // hostText of an IP-literal is without its brackets; a host is present iff hostText is.
    *show = uri_summary(range(u.scheme), range(u.hostText), range(u.portText), uriparser_path(u),
                        range(u.query), range(u.fragment));
  }
  uriFreeUriMembersA(&u);
  return n;
}

std::ptrdiff_t uriparser_iterate(const uri_item& in, std::string* show) {
  UriUriA u;
  const char* error = nullptr;
  if (uriParseSingleUriA(&u, in.text.c_str(), &error) != URI_SUCCESS) return -1;
  std::ptrdiff_t n = 0;
  for (const UriPathSegmentA* s = u.pathHead; s != nullptr; s = s->next) {
    std::string seg(s->text.first, s->text.afterLast);  // uriparser decodes in place
    seg.resize(static_cast<std::size_t>(uriUnescapeInPlaceA(seg.data()) - seg.data()));
    n += static_cast<std::ptrdiff_t>(seg.size());
    if (show) *show += seg + "/";
  }
  if (u.query.first != nullptr) {
    UriQueryListA* list = nullptr;
    int count = 0;
    if (uriDissectQueryMallocA(&list, &count, u.query.first, u.query.afterLast) == URI_SUCCESS) {
      for (const UriQueryListA* p = list; p != nullptr; p = p->next) {
        n += static_cast<std::ptrdiff_t>(std::strlen(p->key) + (p->value ? std::strlen(p->value) : 0));
        if (show) *show += std::string("&") + p->key + "=" + (p->value ? p->value : "");
      }
      uriFreeQueryListA(list);
    }
  }
  uriFreeUriMembersA(&u);
  return n;
}

std::ptrdiff_t uriparser_normalize(const uri_item& in, std::string* show) {
  UriUriA u;
  const char* error = nullptr;
  if (uriParseSingleUriA(&u, in.text.c_str(), &error) != URI_SUCCESS) return -1;
  std::ptrdiff_t n = -1;
  if (uriNormalizeSyntaxA(&u) == URI_SUCCESS) n = uriparser_write(u, show);
  uriFreeUriMembersA(&u);
  return n;
}

std::ptrdiff_t uriparser_equal(const uri_item& in, std::string* show) {
  UriUriA a, b;
  const char* error = nullptr;
  if (uriParseSingleUriA(&a, in.text.c_str(), &error) != URI_SUCCESS) return -1;
  if (uriParseSingleUriA(&b, in.other.c_str(), &error) != URI_SUCCESS) {
    uriFreeUriMembersA(&a);
    return -1;
  }
  std::ptrdiff_t n = -1;
  if (uriNormalizeSyntaxA(&a) == URI_SUCCESS && uriNormalizeSyntaxA(&b) == URI_SUCCESS) {
    n = uriEqualsUriA(&a, &b) ? 1 : 0;
    if (show) *show = n ? "equal" : "different";
  }
  uriFreeUriMembersA(&a);
  uriFreeUriMembersA(&b);
  return n;
}

std::ptrdiff_t uriparser_resolve(const uri_item& in, std::string* show) {
  UriUriA ref, dest;
  const char* error = nullptr;
  if (uriParseSingleUriA(&ref, in.text.c_str(), &error) != URI_SUCCESS) return -1;
  std::ptrdiff_t n = -1;
  if (uriAddBaseUriA(&dest, &ref, &uriparser_bases[in.base]) == URI_SUCCESS) {  // strict RFC 3986
    n = uriparser_write(dest, show);
    uriFreeUriMembersA(&dest);
  }
  uriFreeUriMembersA(&ref);
  return n;
}
#endif

#ifdef URIX_BENCH_GLIB
std::vector<GUri*> glib_bases;
// Components kept as written, as urix's views are (without it GLib decodes each one).
constexpr auto glib_flags = G_URI_FLAGS_ENCODED;

opt glib_opt(const char* s) { return s == nullptr ? std::nullopt : opt(s); }

// g_uri_parse takes absolute URIs only (a relative reference is an error).
std::ptrdiff_t glib_parse(const uri_item& in, std::string* show) {
  GUri* u = g_uri_parse(in.text.c_str(), glib_flags, nullptr);
  if (u == nullptr) return -1;
  if (show) {
    const int port = g_uri_get_port(u);
    const std::string port_text = port < 0 ? "" : std::to_string(port);
    *show = uri_summary(glib_opt(g_uri_get_scheme(u)), glib_opt(g_uri_get_host(u)),
                        port < 0 ? std::nullopt : opt(port_text), g_uri_get_path(u), glib_opt(g_uri_get_query(u)),
                        glib_opt(g_uri_get_fragment(u)));
  }
  const std::ptrdiff_t n = static_cast<std::ptrdiff_t>(std::strlen(g_uri_get_path(u)));
  g_uri_unref(u);
  return n;
}

// g_uri_resolve_relative(base_string, ref) is this with the base parsed again on every call:
// the base is parsed once here, as for the other libraries.
std::ptrdiff_t glib_resolve(const uri_item& in, std::string* show) {
  GUri* u = g_uri_parse_relative(glib_bases[in.base], in.text.c_str(), glib_flags, nullptr);
  if (u == nullptr) return -1;
  char* out = g_uri_to_string(u);
  const std::ptrdiff_t n = static_cast<std::ptrdiff_t>(std::strlen(out));
  if (show) *show = out;
  g_free(out);
  g_uri_unref(u);
  return n;
}
#endif

#ifdef URIX_BENCH_ICU
// UTS #46 nontransitional with the checks urix's defaults make (Bidi, ContextJ).
UIDNA* icu_idna() {
  static UIDNA* const idna = [] {
    UErrorCode e = U_ZERO_ERROR;
    return uidna_openUTS46(UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_NONTRANSITIONAL_TO_UNICODE | UIDNA_CHECK_BIDI |
                               UIDNA_CHECK_CONTEXTJ,
                           &e);
  }();
  return idna;
}

template <int32_t (*Convert)(const UIDNA*, const char*, int32_t, char*, int32_t, UIDNAInfo*, UErrorCode*)>
std::ptrdiff_t icu_host(const uri_item& in, std::string* show) {
  if (in.host.empty()) return 0;  // no reg-name host: no host step
  char out[1024];
  UIDNAInfo info = UIDNA_INFO_INITIALIZER;
  UErrorCode e = U_ZERO_ERROR;
  const int32_t n =
      Convert(icu_idna(), in.host.data(), static_cast<int32_t>(in.host.size()), out, sizeof out, &info, &e);
  // ICU reports the hyphen rules (CheckHyphens) always; urix's default, as the URL Standard's,
  // does not apply them.
  constexpr uint32_t hyphens = UIDNA_ERROR_LEADING_HYPHEN | UIDNA_ERROR_TRAILING_HYPHEN | UIDNA_ERROR_HYPHEN_3_4;
  if (U_FAILURE(e) || (info.errors & ~hyphens) != 0) return -1;
  if (show) show->assign(out, static_cast<std::size_t>(n));
  return n;
}
#endif

#ifdef URIX_BENCH_IDN2
std::ptrdiff_t idn2_host_to_ascii(const uri_item& in, std::string* show) {
  if (in.host.empty()) return 0;  // no reg-name host: no host step
  char* out = nullptr;
  if (idn2_to_ascii_8z(in.host.c_str(), &out, IDN2_NONTRANSITIONAL) != IDN2_OK) return -1;
  const std::ptrdiff_t n = static_cast<std::ptrdiff_t>(std::strlen(out));
  if (show) *show = out;
  idn2_free(out);
  return n;
}

std::ptrdiff_t idn2_host_to_unicode(const uri_item& in, std::string* show) {
  if (in.host.empty()) return 0;  // no reg-name host: no host step
  char* out = nullptr;
  if (idn2_to_unicode_8z8z(in.host.c_str(), &out, IDN2_NONTRANSITIONAL) != IDN2_OK) return -1;
  const std::ptrdiff_t n = static_cast<std::ptrdiff_t>(std::strlen(out));
  if (show) *show = out;
  idn2_free(out);
  return n;
}
#endif

}  // namespace

std::vector<uri_impl> uri_peers() {
  std::vector<uri_impl> all;
#ifdef URIX_BENCH_BOOST
  all.insert(all.end(), {{"boost", uri_op::parse, boost_parse},
                         {"boost", uri_op::iterate, boost_iterate},
                         {"boost", uri_op::normalize, boost_normalize},
                         {"boost", uri_op::equal, boost_equal},
                         {"boost", uri_op::resolve, boost_resolve}});
#endif
#ifdef URIX_BENCH_URIPARSER
  all.insert(all.end(), {{"uriparser", uri_op::parse, uriparser_parse},
                         {"uriparser", uri_op::iterate, uriparser_iterate},
                         {"uriparser", uri_op::normalize, uriparser_normalize},
                         {"uriparser", uri_op::equal, uriparser_equal},
                         {"uriparser", uri_op::resolve, uriparser_resolve}});
#endif
#ifdef URIX_BENCH_CURL
  all.insert(all.end(), {{"curl", uri_op::parse, curl_parse}, {"curl", uri_op::resolve, curl_resolve}});
#endif
#ifdef URIX_BENCH_GLIB
  all.insert(all.end(), {{"glib", uri_op::parse, glib_parse}, {"glib", uri_op::resolve, glib_resolve}});
#endif
#ifdef URIX_BENCH_ICU
  all.insert(all.end(), {{"icu-host", uri_op::to_uri, icu_host<uidna_nameToASCII_UTF8>},
                         {"icu-host", uri_op::to_iri, icu_host<uidna_nameToUnicodeUTF8>}});
#endif
#ifdef URIX_BENCH_IDN2
  all.insert(all.end(), {{"idn2-host", uri_op::to_uri, idn2_host_to_ascii},
                         {"idn2-host", uri_op::to_iri, idn2_host_to_unicode}});
#endif
  return all;
}

void init_uri_peers(const std::vector<std::string>& bases) {
  for (const std::string& b : bases) {
#ifdef URIX_BENCH_BOOST
    auto parsed = urls::parse_uri(b);
    boost_bases.push_back(parsed ? *parsed : urls::url_view());  // rejected: its rows fail, counted
#endif
#ifdef URIX_BENCH_CURL
    CURLU* h = curl_url();
    curl_url_set(h, CURLUPART_URL, b.c_str(), curl_flags);
    curl_bases.push_back(h);
#endif
#ifdef URIX_BENCH_URIPARSER
    UriUriA u;
    const char* error = nullptr;
    uriParseSingleUriA(&u, b.c_str(), &error);  // the bases are URIs urix accepts; so does uriparser
    uriparser_bases.push_back(u);
#endif
#ifdef URIX_BENCH_GLIB
    glib_bases.push_back(g_uri_parse(b.c_str(), glib_flags, nullptr));
#endif
    static_cast<void>(b);
  }
#ifdef URIX_BENCH_CURL
  if (curl_parser == nullptr) curl_parser = curl_url();
#endif
}

}  // namespace urix_bench
