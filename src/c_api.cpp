// SPDX-License-Identifier: Apache-2.0 OR MIT
// The C API (include/urix/c.h): each call checks its arguments, calls the C++ API and maps
// its result; nothing here decides a URI rule. No exception leaves a call: the core throws
// only when it allocates (std::bad_alloc, or std::length_error for an impossible size), and
// both are URIX_E_OUT_OF_MEMORY.
#include "urix/c.h"

#include <cstring>
#include <exception>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "urix/data_url.h"
#include "urix/file_path.h"
#include "urix/normalize.h"
#include "urix/pct.h"
#include "urix/resolve.h"
#include "urix/result.h"
#include "urix/sets.h"
#include "urix/uri.h"
#include "urix/config.h"
#if URIX_HAVE_IDNA
#include "urix/iri.h"
#include "urix/site.h"
#endif

namespace {

using urix::errc;

// The C codes are the C++ ones (c.h promises it), and so are the host types.
static_assert(URIX_E_INCOMPLETE_ESCAPE == static_cast<int>(errc::incomplete_escape));
static_assert(URIX_E_BAD_ESCAPE_HEX == static_cast<int>(errc::bad_escape_hex));
static_assert(URIX_E_DISALLOWED_CHAR == static_cast<int>(errc::disallowed_char));
static_assert(URIX_E_INVALID_UTF8 == static_cast<int>(errc::invalid_utf8));
static_assert(URIX_E_NO_SPACE == static_cast<int>(errc::no_space));
static_assert(URIX_E_BAD_SCHEME == static_cast<int>(errc::bad_scheme));
static_assert(URIX_E_BAD_PORT == static_cast<int>(errc::bad_port));
static_assert(URIX_E_BAD_IP_LITERAL == static_cast<int>(errc::bad_ip_literal));
static_assert(URIX_E_BAD_PATH == static_cast<int>(errc::bad_path));
static_assert(URIX_E_MISSING_SCHEME == static_cast<int>(errc::missing_scheme));
static_assert(URIX_E_IDNA_ERROR == static_cast<int>(errc::idna_error));
static_assert(URIX_E_UNSAFE_HOST == static_cast<int>(errc::unsafe_host));
static_assert(URIX_E_LABEL_TOO_LONG == static_cast<int>(errc::label_too_long));
static_assert(URIX_E_DOMAIN_TOO_LONG == static_cast<int>(errc::domain_too_long));
static_assert(URIX_E_BAD_PUNYCODE == static_cast<int>(errc::bad_punycode));
static_assert(URIX_E_DISALLOWED_CODE_POINT == static_cast<int>(errc::disallowed_code_point));
static_assert(URIX_E_UNMAPPABLE_CHAR == static_cast<int>(errc::unmappable_char));
static_assert(URIX_E_INVALID_IN_CHARSET == static_cast<int>(errc::invalid_in_charset));
static_assert(URIX_E_WRONG_SCHEME == static_cast<int>(errc::wrong_scheme));
static_assert(URIX_E_MISSING_COMMA == static_cast<int>(errc::missing_comma));
static_assert(URIX_E_BAD_BASE64 == static_cast<int>(errc::bad_base64));
static_assert(URIX_E_BAD_MIME_TYPE == static_cast<int>(errc::bad_mime_type));
static_assert(URIX_E_NUL_IN_PATH == static_cast<int>(errc::nul_in_path));
static_assert(URIX_E_SLASH_IN_SEGMENT == static_cast<int>(errc::slash_in_segment));
static_assert(URIX_E_RELATIVE_PATH == static_cast<int>(errc::relative_path));
static_assert(URIX_E_REMOTE_HOST == static_cast<int>(errc::remote_host));
static_assert(URIX_E_INVALID_URL == static_cast<int>(errc::invalid_url));
static_assert(URIX_E_UNKNOWN_SET == static_cast<int>(errc::unknown_set));
static_assert(URIX_HOST_NONE == static_cast<int>(urix::host_type::none));
static_assert(URIX_HOST_REG_NAME == static_cast<int>(urix::host_type::reg_name));
static_assert(URIX_HOST_IPV4 == static_cast<int>(urix::host_type::ipv4));
static_assert(URIX_HOST_IPV6 == static_cast<int>(urix::host_type::ipv6));
static_assert(URIX_HOST_IPVFUTURE == static_cast<int>(urix::host_type::ipvfuture));

constexpr urix_error ok{URIX_OK, 0};
constexpr urix_error invalid_argument{URIX_E_INVALID_ARGUMENT, 0};

urix_error from(const urix::error& e) { return {static_cast<int>(e.code), e.offset}; }

// The bytes [p, p + n); a NULL pointer is allowed only with n == 0.
std::string_view view(const char* p, std::size_t n) { return n == 0 ? std::string_view() : std::string_view(p, n); }

// Are the input and the output buffer arguments usable, and `flags` among `allowed`?
bool valid(const char* in, std::size_t in_len, unsigned flags, unsigned allowed) {
  return (in != nullptr || in_len == 0) && (flags & ~allowed) == 0;
}
bool valid_out(const char* out, const std::size_t* out_len) {
  return out_len != nullptr && (out != nullptr || *out_len == 0);
}

const urix::sets::named_set& named(const urix_set* set) {
  // urix_find_set hands out pointers into urix::sets::named_sets, typed as urix_set.
  return set != nullptr ? *reinterpret_cast<const urix::sets::named_set*>(set)
                        : *urix::find_named_set("unreserved");
}

urix::encode_options encode_options(const urix::sets::named_set& set, unsigned flags) {
  return urix::encode_options_for(set, {.space_as_plus = (flags & URIX_PLUS) != 0,
                                        .lowercase_hex = (flags & URIX_LOWER) != 0,
                                        .keep_escapes = (flags & URIX_KEEP_ESCAPES) != 0});
}

urix::syntax grammar(unsigned flags) { return (flags & URIX_IRI) != 0 ? urix::syntax::iri : urix::syntax::uri; }

// Copies a computed result out, or says how much room it needs.
urix_error copy_out(const urix::result<std::string>& r, char* out, std::size_t* out_len) {
  if (!r) return from(r.error());
  if (r->size() > *out_len) {
    *out_len = r->size();
    return {URIX_E_NO_SPACE, 0};
  }
  if (!r->empty()) std::memcpy(out, r->data(), r->size());
  *out_len = r->size();
  return ok;
}

// Runs `f`; an exception (only allocation failures can occur) becomes URIX_E_OUT_OF_MEMORY.
template <class F>
urix_error guarded(F&& f) noexcept {
  try {
    return f();
  } catch (...) {
    return {URIX_E_OUT_OF_MEMORY, 0};
  }
}

// A call on a base and another reference (resolve, relativize) whose result is text: the
// arguments' checks (URIX_IRI the only flag), then `f(base, other, grammar)` copied out.
template <class F>
urix_error from_base(const char* base, std::size_t base_len, const char* other, std::size_t other_len,
                     unsigned flags, char* out, std::size_t* out_len, F&& f) noexcept {
  if (!valid(base, base_len, flags, URIX_IRI) || !valid(other, other_len, 0, 0) || !valid_out(out, out_len))
    return invalid_argument;
  return guarded([&] { return copy_out(f(view(base, base_len), view(other, other_len), grammar(flags)), out, out_len); });
}

urix_range range_of(std::string_view in, std::string_view part) {
  return {part.data() - in.data(), static_cast<std::ptrdiff_t>(part.size())};
}
urix_range range_of(std::string_view in, const std::optional<std::string_view>& part) {
  return part ? range_of(in, *part) : urix_range{-1, -1};
}

}  // namespace

extern "C" {

const urix_set* urix_find_set(const char* name) {
  if (name == nullptr) return nullptr;
  return reinterpret_cast<const urix_set*>(urix::find_named_set(name));
}

size_t urix_encoded_size(const char* in, size_t in_len, const urix_set* set, unsigned flags) {
  if (!valid(in, in_len, flags, URIX_PLUS | URIX_LOWER | URIX_KEEP_ESCAPES)) return 0;
  const auto& s = named(set);
  return urix::encoded_size(view(in, in_len), s.set, encode_options(s, flags));
}

urix_error urix_encode(const char* in, size_t in_len, const urix_set* set, unsigned flags,
                       char* out, size_t* out_len) {
  if (!valid(in, in_len, flags, URIX_PLUS | URIX_LOWER | URIX_KEEP_ESCAPES) ||
      !valid_out(out, out_len))
    return invalid_argument;
  const auto& s = named(set);
  const urix::encode_options opts = encode_options(s, flags);
  const urix::result<std::size_t> r = urix::encode_to({out, *out_len}, view(in, in_len), s.set, opts);
  if (r) {
    *out_len = *r;
    return ok;
  }
  if (r.error().code == errc::no_space) *out_len = urix::encoded_size(view(in, in_len), s.set, opts);
  return from(r.error());
}

urix_error urix_decode(const char* in, size_t in_len, unsigned flags, char* out, size_t* out_len) {
  if (!valid(in, in_len, flags, URIX_PLUS | URIX_LENIENT) || !valid_out(out, out_len))
    return invalid_argument;
  const urix::decode_options opts{.plus_as_space = (flags & URIX_PLUS) != 0,
                                  .lenient = (flags & URIX_LENIENT) != 0};
  const urix::result<std::size_t> r = urix::decode_to({out, *out_len}, view(in, in_len), opts);
  if (r) {
    *out_len = *r;
    return ok;
  }
  if (r.error().code != errc::no_space) return from(r.error());
  // The buffer filled up before the input was read to its end: a malformed escape further on
  // is the answer, otherwise the size needed. (In-place decoding never runs out of room.)
  const urix::result<std::size_t> size = urix::decoded_size(view(in, in_len), opts);
  if (!size) return from(size.error());
  *out_len = *size;
  return from(r.error());
}

urix_error urix_check(const char* in, size_t in_len, const urix_set* set, unsigned flags) {
  if (!valid(in, in_len, flags, 0)) return invalid_argument;
  const urix::result<void> r = urix::check(view(in, in_len), named(set).encoded_chars());
  return r ? ok : from(r.error());
}

urix_error urix_parse(const char* in, size_t in_len, unsigned flags, urix_components* out) {
  if (!valid(in, in_len, flags, URIX_IRI) || out == nullptr) return invalid_argument;
  const std::string_view text = view(in, in_len);
  const urix::result<urix::uri_view> r = urix::parse_uri_reference(text, grammar(flags));
  if (!r) return from(r.error());
  *out = {.scheme = range_of(text, r->scheme),
          .authority = range_of(text, r->authority),
          .userinfo = range_of(text, r->userinfo),
          .host = range_of(text, r->host),
          .port = range_of(text, r->port),
          .path = range_of(text, r->path),
          .query = range_of(text, r->query),
          .fragment = range_of(text, r->fragment),
          .host_type = static_cast<int>(r->host_kind)};
  return ok;
}

urix_error urix_normalize(const char* in, size_t in_len, unsigned flags, char* out,
                          size_t* out_len) {
  if (!valid(in, in_len, flags, URIX_IRI) || !valid_out(out, out_len)) return invalid_argument;
  return guarded([&] { return copy_out(urix::normalize(view(in, in_len), grammar(flags)), out, out_len); });
}

urix_error urix_resolve(const char* base, size_t base_len, const char* ref, size_t ref_len,
                        unsigned flags, char* out, size_t* out_len) {
  return from_base(base, base_len, ref, ref_len, flags, out, out_len,
                   [](auto... args) { return urix::resolve(args...); });
}

urix_error urix_to_uri(const char* in, size_t in_len, unsigned flags, char* out, size_t* out_len) {
  if (!valid(in, in_len, flags, URIX_LENIENT) || !valid_out(out, out_len)) return invalid_argument;
#if URIX_HAVE_IDNA
  return guarded([&] {
    return copy_out(urix::iri_to_uri(view(in, in_len), {.lenient = (flags & URIX_LENIENT) != 0}),
                    out, out_len);
  });
#else
  return {URIX_E_NOT_SUPPORTED, 0};
#endif
}

urix_error urix_to_iri(const char* in, size_t in_len, unsigned flags, char* out, size_t* out_len) {
  if (!valid(in, in_len, flags, URIX_UNICODE_HOSTS_ALL) || !valid_out(out, out_len))
    return invalid_argument;
#if URIX_HAVE_IDNA
  const urix::host_display hosts = (flags & URIX_UNICODE_HOSTS_ALL) != 0
                                       ? urix::host_display::all
                                       : urix::host_display::safe;
  return guarded([&] {
    return copy_out(urix::uri_to_iri(view(in, in_len), {.unicode_hosts = hosts}), out, out_len);
  });
#else
  return {URIX_E_NOT_SUPPORTED, 0};
#endif
}

// urix::name and urix::message return views of string literals: NUL-terminated.
const char* urix_errc_name(int code) {
  switch (code) {
    case URIX_OK: return "ok";
    case URIX_E_OUT_OF_MEMORY: return "out_of_memory";
    case URIX_E_INVALID_ARGUMENT: return "invalid_argument";
    case URIX_E_NOT_SUPPORTED: return "not_supported";
    default: break;
  }
  // urix::errc is an unsigned char: only codes in its range are converted.
  return code > 0 && code < URIX_E_OUT_OF_MEMORY ? urix::name(static_cast<errc>(code)).data()
                                                 : "unknown";
}

const char* urix_errc_message(int code) {
  switch (code) {
    case URIX_OK: return "success";
    case URIX_E_OUT_OF_MEMORY: return "out of memory";
    case URIX_E_INVALID_ARGUMENT: return "invalid argument: a NULL pointer or an unknown flag";
    case URIX_E_NOT_SUPPORTED: return "not supported: this urix was built without IDNA";
    default: break;
  }
  return code > 0 && code < URIX_E_OUT_OF_MEMORY ? urix::message(static_cast<errc>(code)).data()
                                                 : "unknown error";
}

// SPEC 14: relativize, file paths, data: URLs.
urix_error urix_relativize(const char* base, size_t base_len, const char* target, size_t target_len,
                           unsigned flags, char* out, size_t* out_len) {
  return from_base(base, base_len, target, target_len, flags, out, out_len,
                   [](auto... args) { return urix::relativize(args...); });
}

urix_error urix_path_to_uri(const char* in, size_t in_len, unsigned flags, char* out, size_t* out_len) {
  if (!valid(in, in_len, flags, URIX_WINDOWS) || !valid_out(out, out_len)) return invalid_argument;
  const auto style = (flags & URIX_WINDOWS) != 0 ? urix::path_style::windows : urix::path_style::posix;
  return guarded([&] { return copy_out(urix::path_to_uri(view(in, in_len), style), out, out_len); });
}

urix_error urix_uri_to_path(const char* in, size_t in_len, unsigned flags, char* out, size_t* out_len) {
  if (!valid(in, in_len, flags, URIX_WINDOWS) || !valid_out(out, out_len)) return invalid_argument;
  const auto style = (flags & URIX_WINDOWS) != 0 ? urix::path_style::windows : urix::path_style::posix;
  return guarded([&] { return copy_out(urix::uri_to_path(view(in, in_len), style), out, out_len); });
}

urix_error urix_data_url_mime_type(const char* in, size_t in_len, unsigned flags, char* out,
                                   size_t* out_len) {
  if (!valid(in, in_len, flags, 0) || !valid_out(out, out_len)) return invalid_argument;
  return guarded([&] {
    auto d = urix::parse_data_url(view(in, in_len));
    return copy_out(d ? urix::result<std::string>(d->mime.serialize()) : d.error(), out, out_len);
  });
}

urix_error urix_data_url_body(const char* in, size_t in_len, unsigned flags, char* out, size_t* out_len) {
  if (!valid(in, in_len, flags, 0) || !valid_out(out, out_len)) return invalid_argument;
  return guarded([&] {
    auto d = urix::parse_data_url(view(in, in_len));
    return copy_out(d ? urix::result<std::string>(std::move(d->body)) : d.error(), out, out_len);
  });
}

// Sites: an urix_psl is a urix::public_suffix_list.
struct urix_psl {
#if URIX_HAVE_IDNA
  urix::public_suffix_list list;
#endif
};

urix_error urix_psl_parse(const char* text, size_t text_len, urix_psl** out) {
  if (!valid(text, text_len, 0, 0) || out == nullptr) return invalid_argument;
  *out = nullptr;
#if URIX_HAVE_IDNA
  return guarded([&]() -> urix_error {
    auto list = urix::public_suffix_list::parse(view(text, text_len));
    if (!list) return from(list.error());
    *out = new urix_psl{std::move(*list)};
    return ok;
  });
#else
  return {URIX_E_NOT_SUPPORTED, 0};
#endif
}

void urix_psl_free(urix_psl* psl) { delete psl; }

urix_error urix_registrable_domain(const urix_psl* psl, const char* host, size_t host_len,
                                   unsigned flags, char* out, size_t* out_len) {
  if (psl == nullptr || !valid(host, host_len, flags, 0) || !valid_out(out, out_len))
    return invalid_argument;
#if URIX_HAVE_IDNA
  return guarded([&] { return copy_out(psl->list.registrable_domain(view(host, host_len)), out, out_len); });
#else
  return {URIX_E_NOT_SUPPORTED, 0};
#endif
}

}  // extern "C"
