// SPDX-License-Identifier: Apache-2.0 OR MIT
// fuzz/url.cpp: the URL Standard's parser (urix/url.h) on arbitrary input, with or without a
// base (the first byte's low bit: the input is then "BASE\nINPUT"). Invariants:
//  - parse_url with validation errors collected gives the same result as without; a failure
//    ends with its fatal error, at the result's offset; no offset lies past the input;
//  - can_parse_url agrees, and so does parse_url_href (the same href, or the same error);
//  - the href parses again to itself (the URL serializer's round trip), and the attributes
//    are the pieces of the href they name;
//  - set_href(href) changes nothing, and setters never leave an href that fails to parse;
//  - against ada (compiled in when ../shared/peers/ada is there: URIX_FUZZ_ADA), success, the
//    href and every attribute agree, except where ada's Unicode data (newer than ICU 72's)
//    may decide a host differently: for inputs holding non-ASCII bytes or percent-encoded
//    bytes, which can reach IDNA, success may differ, or the hostname and what follows from
//    it (docs/differences.md); and a setter given the same value on ada's reading of the
//    same href gives the same href.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz.h"
#include "urix/url.h"
#include "urix/utf8.h"
#if defined(URIX_FUZZ_ADA)
#include "ada.h"
#endif

#define CHECK(cond) URIX_FUZZ_CHECK(cond)

namespace {

void check_pieces(const urix::url& u) {
  const std::string_view h = u.href();
  CHECK(h.starts_with(u.protocol()) && u.protocol().ends_with(':'));
  CHECK(h.find(u.pathname()) != std::string_view::npos);
  CHECK(u.search().empty() || u.search().front() == '?');
  CHECK(u.hash().empty() || (u.hash().front() == '#' && h.ends_with(u.hash())));
  CHECK(u.host().starts_with(u.hostname()));
  CHECK(u.port().empty() || u.host() == std::string(u.hostname()) + ":" + std::string(u.port()));
  CHECK(urix::is_ascii(h));
}

#if defined(URIX_FUZZ_ADA)
// Whether the input may reach IDNA with code points whose status differs between Unicode
// versions: non-ASCII bytes, or escapes that a special URL's host decodes.
bool may_differ_by_unicode_version(std::string_view s) {
  return !urix::is_ascii(s) || s.find('%') != std::string_view::npos;
}

void compare_with_ada(std::string_view input, const std::string* base_text,
                      const urix::result<urix::url>& mine) {
  if (!urix::validate_utf8(input) || (base_text != nullptr && !urix::validate_utf8(*base_text))) return;
  std::optional<ada::url_aggregator> base;
  if (base_text != nullptr) {
    auto b = ada::parse<ada::url_aggregator>(*base_text);
    if (!b) return;  // urix's base failed too (checked by the caller)
    base = *b;
  }
  auto theirs = ada::parse<ada::url_aggregator>(input, base ? &*base : nullptr);
  const bool lenient = may_differ_by_unicode_version(input) ||
                       (base_text != nullptr && may_differ_by_unicode_version(*base_text));
  if (static_cast<bool>(theirs) != static_cast<bool>(mine)) {
    if (lenient) return;
    std::fprintf(stderr, "ada %s, urix %s\n", theirs ? "parses" : "fails", mine ? "parses" : "fails");
    urix::fuzz::fail("urix and ada disagree on success", __FILE__, __LINE__);
  }
  if (!mine) return;
  const urix::url& u = *mine;
  const bool same = theirs->get_href() == u.href() && theirs->get_protocol() == u.protocol() &&
                    theirs->get_username() == u.username() && theirs->get_password() == u.password() &&
                    theirs->get_host() == u.host() && theirs->get_hostname() == u.hostname() &&
                    theirs->get_port() == u.port() && theirs->get_pathname() == u.pathname() &&
                    theirs->get_search() == u.search() && theirs->get_hash() == u.hash() &&
                    theirs->get_origin() == u.origin();
  // A host that IDNA decides differently changes the hostname; anything else must agree.
  if (!same && !(lenient && theirs->get_hostname() != u.hostname())) {
    std::fprintf(stderr, "ada href %.*s\nurix href %.*s\n", static_cast<int>(theirs->get_href().size()),
                 theirs->get_href().data(), static_cast<int>(u.href().size()), u.href().data());
    urix::fuzz::fail("urix and ada disagree on an attribute", __FILE__, __LINE__);
  }
}

// Setter `which` (as the caller's switch numbers them) with `value` on ada's reading of
// `before`'s href gives `after`'s href, where neither can reach IDNA differently.
void compare_setter_with_ada(const urix::url& before, unsigned which, std::string_view value,
                             const urix::url& after) {
  if (!urix::validate_utf8(value) || may_differ_by_unicode_version(value) ||
      may_differ_by_unicode_version(before.href()))
    return;
  auto theirs = ada::parse<ada::url_aggregator>(before.href());
  if (!theirs || theirs->get_href() != before.href()) return;  // the parse is compared elsewhere
  switch (which) {
    case 0: (void)theirs->set_pathname(value); break;
    case 1: theirs->set_search(value); break;
    case 2: theirs->set_hash(value); break;
    case 3: (void)theirs->set_host(value); break;
    case 4: (void)theirs->set_port(value); break;
    case 5: (void)theirs->set_username(value); break;
    case 6: (void)theirs->set_protocol(value); break;
    default: (void)theirs->set_hostname(value); break;
  }
  if (theirs->get_href() != after.href()) {
    std::fprintf(stderr, "setter %u with \"%.*s\" on %.*s\nada  %.*s\nurix %.*s\n", which,
                 static_cast<int>(value.size()), value.data(), static_cast<int>(before.href().size()),
                 before.href().data(), static_cast<int>(theirs->get_href().size()), theirs->get_href().data(),
                 static_cast<int>(after.href().size()), after.href().data());
    urix::fuzz::fail("urix and ada disagree on a setter", __FILE__, __LINE__);
  }
}
#endif

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  urix::fuzz::reader r(data, size);
  const std::uint8_t mode = r.byte();
  std::string rest(r.rest());
  std::string base_text;
  bool with_base = (mode & 1) != 0;
  std::string_view input = rest;
  if (with_base) {
    const std::size_t nl = rest.find('\n');
    if (nl == std::string::npos) {
      with_base = false;
    } else {
      base_text = rest.substr(0, nl);
      input = std::string_view(rest).substr(nl + 1);
    }
  }
  urix::result<urix::url> base = urix::url{};
  if (with_base) {
    base = urix::parse_url(base_text);
    if (!base) return 0;
  }
  const urix::url* b = with_base ? &*base : nullptr;

  std::vector<urix::url_validation_error> errors;
  auto with_errors = urix::parse_url(input, b, errors);
  auto plain = urix::parse_url(input, b);
  CHECK(static_cast<bool>(with_errors) == static_cast<bool>(plain));
  CHECK(urix::can_parse_url(input, b) == static_cast<bool>(plain));
  // parse_url_href: the same href or error, either the input itself or the scratch's href.
  urix::url scratch;
  auto href = urix::parse_url_href(input, scratch, b);
  CHECK(static_cast<bool>(href) == static_cast<bool>(plain));
  if (href) {
    CHECK(*href == plain->href() && (href->data() == input.data() || href->data() == scratch.href().data()));
  } else {
    CHECK(href.error() == plain.error() && scratch.href().empty());
  }
  for (const auto& e : errors) CHECK(e.offset <= input.size());
  if (!plain) {
    CHECK(!errors.empty() && errors.back().fatal);
    CHECK(plain.error().code == urix::errc::invalid_url && plain.error().offset == errors.back().offset);
  } else {
    for (const auto& e : errors) CHECK(!e.fatal);
    const urix::url& u = *plain;
    CHECK(with_errors->href() == u.href());
    check_pieces(u);
    // The serializer's round trip.
    auto again = urix::parse_url(u.href());
    CHECK(again && again->href() == u.href());
    urix::url copy = u;
    CHECK(copy.set_href(u.href()) && copy == u);
    // A setter from the input's own pieces: whatever it does, the href still parses.
    const std::string value(input.substr(0, input.size() / 2));
    const unsigned which = mode >> 1 & 7;
    switch (which) {
      case 0: {
        (void)copy.set_pathname(value);
        // A tab, which the parser removes first, makes a plain value take the path state,
        // which must write what the setter wrote without it.
        urix::url general = u;
        (void)general.set_pathname(value + "\t");
        CHECK(general == copy);
        break;
      }
      case 1: (void)copy.set_search(value); break;
      case 2: (void)copy.set_hash(value); break;
      case 3: (void)copy.set_host(value); break;
      case 4: (void)copy.set_port(value); break;
      case 5: (void)copy.set_username(value); break;
      case 6: (void)copy.set_protocol(value); break;
      default: (void)copy.set_hostname(value); break;
    }
    check_pieces(copy);
    auto reparsed = urix::parse_url(copy.href());
    CHECK(reparsed && reparsed->href() == copy.href());
#if defined(URIX_FUZZ_ADA)
    compare_setter_with_ada(u, which, value, copy);
#endif
  }
#if defined(URIX_FUZZ_ADA)
  compare_with_ada(input, with_base ? &base_text : nullptr, plain);
#endif
  return 0;
}
