// SPDX-License-Identifier: Apache-2.0 OR MIT
// The C API's URLs (include/urix/c.h, "WHATWG URLs"): a urix_url is a urix::url; each call
// checks its arguments, calls urix/url.h and maps the result. Without IDNA there is no URL
// layer, and every call says so (URIX_E_NOT_SUPPORTED).
#include <cstring>
#include <new>
#include <string>
#include <string_view>

#include "urix/c.h"
#include "urix/config.h"
#if URIX_HAVE_IDNA
#include "urix/url.h"
#endif

#if URIX_HAVE_IDNA
struct urix_url {
  urix::url value;
};
#endif

namespace {

[[maybe_unused]] std::string_view view(const char* p, std::size_t n) {
  return n == 0 ? std::string_view() : std::string_view(p, n);
}

#if URIX_HAVE_IDNA
using setter_fn = bool (urix::url::*)(std::string_view);

setter_fn setter_of(int attribute) {
  switch (attribute) {
    case URIX_URL_HREF: return &urix::url::set_href;
    case URIX_URL_PROTOCOL: return &urix::url::set_protocol;
    case URIX_URL_USERNAME: return &urix::url::set_username;
    case URIX_URL_PASSWORD: return &urix::url::set_password;
    case URIX_URL_HOST: return &urix::url::set_host;
    case URIX_URL_HOSTNAME: return &urix::url::set_hostname;
    case URIX_URL_PORT: return &urix::url::set_port;
    case URIX_URL_PATHNAME: return &urix::url::set_pathname;
    case URIX_URL_SEARCH: return &urix::url::set_search;
    case URIX_URL_HASH: return &urix::url::set_hash;
    default: return nullptr;
  }
}
#endif

}  // namespace

extern "C" {

urix_error urix_url_parse(const char* in, size_t in_len, const urix_url* base, unsigned flags,
                          urix_url** out) {
  if (out == nullptr) return {URIX_E_INVALID_ARGUMENT, 0};
  *out = nullptr;
  if ((in == nullptr && in_len != 0) || flags != 0) return {URIX_E_INVALID_ARGUMENT, 0};
#if URIX_HAVE_IDNA
  try {
    auto r = urix::parse_url(view(in, in_len), base != nullptr ? &base->value : nullptr);
    if (!r) return {static_cast<int>(r.error().code), r.error().offset};
    *out = new urix_url{std::move(*r)};
    return {URIX_OK, 0};
  } catch (...) {
    return {URIX_E_OUT_OF_MEMORY, 0};
  }
#else
  (void)base;
  return {URIX_E_NOT_SUPPORTED, 0};
#endif
}

void urix_url_free(urix_url* url) {
#if URIX_HAVE_IDNA
  delete url;
#else
  (void)url;
#endif
}

urix_error urix_url_get(const urix_url* url, int attribute, char* out, size_t* out_len) {
  if (url == nullptr || out_len == nullptr || (out == nullptr && *out_len != 0))
    return {URIX_E_INVALID_ARGUMENT, 0};
#if URIX_HAVE_IDNA
  const urix::url& u = url->value;
  std::string origin;
  std::string_view v;
  switch (attribute) {
    case URIX_URL_HREF: v = u.href(); break;
    case URIX_URL_ORIGIN:
      try {
        origin = u.origin();
      } catch (...) {
        return {URIX_E_OUT_OF_MEMORY, 0};
      }
      v = origin;
      break;
    case URIX_URL_PROTOCOL: v = u.protocol(); break;
    case URIX_URL_USERNAME: v = u.username(); break;
    case URIX_URL_PASSWORD: v = u.password(); break;
    case URIX_URL_HOST: v = u.host(); break;
    case URIX_URL_HOSTNAME: v = u.hostname(); break;
    case URIX_URL_PORT: v = u.port(); break;
    case URIX_URL_PATHNAME: v = u.pathname(); break;
    case URIX_URL_SEARCH: v = u.search(); break;
    case URIX_URL_HASH: v = u.hash(); break;
    default: return {URIX_E_INVALID_ARGUMENT, 0};
  }
  if (v.size() > *out_len) {
    *out_len = v.size();
    return {URIX_E_NO_SPACE, 0};
  }
  if (!v.empty()) std::memcpy(out, v.data(), v.size());
  *out_len = v.size();
  return {URIX_OK, 0};
#else
  (void)attribute;
  return {URIX_E_NOT_SUPPORTED, 0};
#endif
}

urix_error urix_url_set(urix_url* url, int attribute, const char* value, size_t value_len) {
  if (url == nullptr || (value == nullptr && value_len != 0)) return {URIX_E_INVALID_ARGUMENT, 0};
#if URIX_HAVE_IDNA
  const setter_fn f = setter_of(attribute);
  if (f == nullptr) return {URIX_E_INVALID_ARGUMENT, 0};
  try {
    if (!(url->value.*f)(view(value, value_len))) return {URIX_E_INVALID_URL, 0};
  } catch (...) {
    return {URIX_E_OUT_OF_MEMORY, 0};
  }
  return {URIX_OK, 0};
#else
  (void)attribute;
  return {URIX_E_NOT_SUPPORTED, 0};
#endif
}

}  // extern "C"
