// SPDX-License-Identifier: Apache-2.0 OR MIT
// Tests for urix/sets.h: every named set against the transcribed standards, byte by byte, and
// the identities the standards state between the sets.
//
// Data: rfc/charsets.json (RFC 3986 Appendix A, RFC 2396 section 2; allowed characters) and
// whatwg/percent_encode_sets.json (URL Standard "Percent-encoded bytes"; the bytes that ARE
// encoded, so allowed = 0x20-0x7E minus the listed ones).
#include "urix/sets.h"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include "test_util.h"
#include "urix/pct.h"

namespace {

using urix::charset;
namespace sets = urix::sets;

/// The set of the characters in a JSON string (a class of charsets.json).
charset from_string(const nlohmann::json& j) { return charset(j.get<std::string>()); }

/// RFC 3986 / RFC 2396 classes: the allowed characters as transcribed.
charset rfc_class(const char* standard, const char* name) {
  static const nlohmann::json data = urix_test::load_json("rfc/charsets.json");
  return from_string(data.at(standard).at(name));
}

/// WHATWG percent-encode set `name`, turned into the allowed set: printable ASCII minus it.
charset whatwg_allowed(const char* name) {
  static const nlohmann::json data = urix_test::load_json("whatwg/percent_encode_sets.json");
  charset encoded;
  for (const auto& ch : data.at("sets").at(name)) encoded = encoded | from_string(ch);
  return charset::range(0x20, 0x7E) - encoded;
}

/// What the data says each SPEC section 2 name must hold. The SPEC's names differ from the
/// ABNF rule names in places: host is reg-name (3.2.2), segment-nc is segment-nz-nc (3.3),
/// segment is *pchar (3.3), and query-param is SPEC's own: query minus "&=+".
std::map<std::string, charset> expected_sets() {
  const charset query = rfc_class("rfc3986", "query");
  return {
      {"unreserved", rfc_class("rfc3986", "unreserved")},
      {"gen-delims", rfc_class("rfc3986", "gen-delims")},
      {"sub-delims", rfc_class("rfc3986", "sub-delims")},
      {"reserved", rfc_class("rfc3986", "reserved")},
      {"pchar", rfc_class("rfc3986", "pchar")},
      {"segment", rfc_class("rfc3986", "pchar")},
      {"segment-nc", rfc_class("rfc3986", "segment-nz-nc")},
      {"path", rfc_class("rfc3986", "path (segments joined by /)")},
      {"query", query},
      {"fragment", rfc_class("rfc3986", "fragment")},
      {"query-param", query - charset("&=+")},
      {"userinfo", rfc_class("rfc3986", "userinfo")},
      {"host", rfc_class("rfc3986", "reg-name")},
      {"rfc2396-unreserved", rfc_class("rfc2396", "unreserved")},
      {"rfc2396-reserved", rfc_class("rfc2396", "reserved")},
      {"rfc2396-uric", rfc_class("rfc2396", "uric (excluding escaped)")},
      {"whatwg-c0", whatwg_allowed("c0-control")},
      {"whatwg-fragment", whatwg_allowed("fragment")},
      {"whatwg-query", whatwg_allowed("query")},
      {"whatwg-special-query", whatwg_allowed("special-query")},
      {"whatwg-path", whatwg_allowed("path")},
      {"whatwg-userinfo", whatwg_allowed("userinfo")},
      {"whatwg-component", whatwg_allowed("component")},
      {"whatwg-form", whatwg_allowed("application/x-www-form-urlencoded")},
  };
}

// SPEC section 2, RFC 3986 Appendix A, RFC 2396 section 2, URL Standard "Percent-encoded bytes":
// each of the 256 bytes is in a named set exactly when the standard allows it.
TEST(Sets, EveryNamedSetMatchesTheStandardsByteForByte) {
  const auto expected = expected_sets();
  EXPECT_EQ(expected.size(), sets::named_sets.size()) << "a named set has no expectation";
  for (const auto& named : sets::named_sets) {
    const auto it = expected.find(std::string(named.name));
    ASSERT_NE(it, expected.end()) << "no test data for set " << named.name;
    for (unsigned c = 0; c < 256; ++c) {
      const auto b = static_cast<unsigned char>(c);
      EXPECT_EQ(named.set.contains(b), it->second.contains(b))
          << "set " << named.name << ", byte 0x" << std::hex << c;
    }
  }
}

// SPEC section 2 / RFC 3986 2.5: bytes >= 0x80 are never allowed as themselves.
TEST(Sets, NoNamedSetHoldsANonAsciiByte) {
  for (const auto& named : sets::named_sets)
    EXPECT_EQ(named.set & charset::range(0x80, 0xFF), charset()) << named.name;
}

// RFC 3986 2.2: reserved = gen-delims / sub-delims, and the two halves are disjoint.
TEST(Sets, Rfc3986_2_2_ReservedIsGenDelimsPlusSubDelims) {
  EXPECT_EQ(sets::reserved, sets::gen_delims | sets::sub_delims);
  EXPECT_EQ(sets::gen_delims & sets::sub_delims, charset());
  EXPECT_EQ(sets::gen_delims.size(), 7U);
  EXPECT_EQ(sets::sub_delims.size(), 11U);
}

// RFC 3986 2.3: unreserved characters are allowed in every component (they never need
// encoding), and they are never reserved.
TEST(Sets, Rfc3986_2_3_UnreservedIsAllowedInEveryComponent) {
  EXPECT_EQ(sets::unreserved & sets::reserved, charset());
  EXPECT_EQ(sets::unreserved.size(), 66U);
  for (const charset* component : {&sets::pchar, &sets::segment, &sets::segment_nc, &sets::path,
                                   &sets::query, &sets::fragment, &sets::query_param,
                                   &sets::userinfo, &sets::host})
    EXPECT_EQ(sets::unreserved - *component, charset());
}

// RFC 3986 3.3: pchar = unreserved / pct-encoded / sub-delims / ":" / "@"; segment-nz-nc is
// pchar without ":"; path adds "/". 3.4, 3.5: query and fragment are pchar / "/" / "?".
TEST(Sets, Rfc3986_3_ComponentSetsFollowTheGrammar) {
  EXPECT_EQ(sets::pchar, sets::unreserved | sets::sub_delims | charset(":@"));
  EXPECT_EQ(sets::segment, sets::pchar);
  EXPECT_EQ(sets::segment_nc, sets::pchar - charset(":"));
  EXPECT_EQ(sets::path, sets::pchar | charset("/"));
  EXPECT_EQ(sets::query, sets::pchar | charset("/?"));
  EXPECT_EQ(sets::fragment, sets::query);
  // 3.2.1 and 3.2.2: userinfo adds ":" to reg-name; neither holds "@" "/" "?" "#" "[" "]".
  EXPECT_EQ(sets::userinfo, sets::host | charset(":"));
  EXPECT_EQ(sets::host & charset("@/?#[]:"), charset());
  // SPEC section 2: query-param is a query without the characters that structure it.
  EXPECT_EQ(sets::query_param, sets::query - charset("&=+"));
  // '%' is never allowed as itself by RFC 3986: it only introduces pct-encoded (2.1, 2.4).
  for (const charset* s : {&sets::unreserved, &sets::reserved, &sets::pchar, &sets::path,
                           &sets::query, &sets::userinfo, &sets::host})
    EXPECT_FALSE(s->contains('%'));
}

// RFC 2396 2.2, 2.3: unreserved = alphanum | mark, uric = reserved | unreserved | escaped.
TEST(Sets, Rfc2396_2_UnreservedIsAlphanumPlusMark) {
  EXPECT_EQ(sets::rfc2396::unreserved, sets::rfc2396::alphanum | sets::rfc2396::mark);
  EXPECT_EQ(sets::rfc2396::alphanum, sets::alpha | sets::digit);
  EXPECT_EQ(sets::rfc2396::uric, sets::rfc2396::reserved | sets::rfc2396::unreserved);
  EXPECT_EQ(sets::rfc2396::reserved & sets::rfc2396::unreserved, charset());
  // RFC 3986 2.3 moved ! * ' ( ) from mark to sub-delims: the RFC 3986 unreserved set is the
  // RFC 2396 one minus those five.
  EXPECT_EQ(sets::unreserved, sets::rfc2396::unreserved - charset("!*'()"));
  // RFC 3986 2.2 only added characters to reserved: every RFC 2396 reserved one stays.
  EXPECT_EQ(sets::rfc2396::reserved - sets::reserved, charset());
}

// URL Standard, "Percent-encoded bytes" (whatwg/url 6ae8486, 2026-07-02): each encode set is
// defined as a smaller one plus more code points, so the allowed sets nest the other way:
// form < component < userinfo < path < query < C0 control, special-query < query, and
// fragment < C0 control. Each step removes something (strict subsets).
TEST(Sets, WhatwgAllowedSetsNestAsTheStandardDefinesThem) {
  namespace w = sets::whatwg;
  auto strict_subset = [](const charset& a, const charset& b) { return (a - b) == charset() && a != b; };
  EXPECT_TRUE(strict_subset(w::form, w::component));
  EXPECT_TRUE(strict_subset(w::component, w::userinfo));
  EXPECT_TRUE(strict_subset(w::userinfo, w::path));
  EXPECT_TRUE(strict_subset(w::path, w::query));
  EXPECT_TRUE(strict_subset(w::special_query, w::query));
  EXPECT_TRUE(strict_subset(w::query, w::c0_control));
  EXPECT_TRUE(strict_subset(w::fragment, w::c0_control));
  // fragment and query are not nested: fragment encodes '`', query encodes '#'.
  EXPECT_TRUE(w::query.contains('`') && !w::fragment.contains('`'));
  EXPECT_TRUE(w::fragment.contains('#') && !w::query.contains('#'));
  // The C0 control set allows all of printable ASCII; only component and form encode '%'.
  EXPECT_EQ(w::c0_control, charset::range(0x20, 0x7E));
  for (const auto& named : sets::named_sets) {
    if (!named.name.starts_with("whatwg-")) continue;
    const bool encodes_percent = named.name == "whatwg-component" || named.name == "whatwg-form";
    EXPECT_EQ(named.set.contains('%'), !encodes_percent) << named.name;
  }
}

// SPEC section 2: the names are unique, and find_set finds each one (and nothing else).
TEST(Sets, FindSetFindsEveryNameAndOnlyThose) {
  std::set<std::string_view> names;
  for (const auto& named : sets::named_sets) {
    EXPECT_TRUE(names.insert(named.name).second) << "duplicate name " << named.name;
    const charset* found = urix::find_set(named.name);
    ASSERT_NE(found, nullptr) << named.name;
    EXPECT_EQ(found, &named.set) << named.name;
  }
  for (std::string_view unknown : {"", "Unreserved", "unreserved ", "whatwg", "rfc2396",
                                   "segment-nz-nc", "reg-name", "query_param", "whatwg-c0-control"})
    EXPECT_EQ(urix::find_set(unknown), nullptr) << "'" << unknown << "'";
  static_assert(*urix::find_set("query-param") == sets::query_param);
  static_assert(urix::find_set("nope") == nullptr);
}

// What a set implies beyond its bytes is data: only whatwg-form writes space as '+', and
// find_named_set gives the entry that says so (the CLI's encode and check read it there).
TEST(Sets, OnlyFormImpliesSpaceAsPlus) {
  for (const auto& named : sets::named_sets)
    EXPECT_EQ(named.space_as_plus, named.name == "whatwg-form") << named.name;
  const sets::named_set* form = urix::find_named_set("whatwg-form");
  ASSERT_NE(form, nullptr);
  EXPECT_EQ(&form->set, urix::find_set("whatwg-form"));
  EXPECT_EQ(urix::find_named_set("nope"), nullptr);
  static_assert(urix::find_named_set("whatwg-form")->space_as_plus);
}

// A set chosen by name with extra ASCII characters (--set/--allow, set=/allow=), and the
// encode options it implies: resolved once, in the library, for every front end.
TEST(Sets, ResolveNamedSetAddsAsciiAndImpliesPlus) {
  auto path_at = urix::resolve_named_set("path", "@[");
  ASSERT_TRUE(path_at);
  EXPECT_EQ(path_at->set, sets::path | charset("@["));
  EXPECT_EQ(path_at->name, "path");
  EXPECT_EQ(urix::resolve_named_set("query")->set, sets::query);
  EXPECT_EQ(urix::resolve_named_set("nope", "").error(), (urix::error{urix::errc::unknown_set, 0}));
  EXPECT_EQ(urix::resolve_named_set("path", "a\xC3\xA9").error(), (urix::error{urix::errc::disallowed_char, 1}));
  const auto form = *urix::resolve_named_set("whatwg-form");
  EXPECT_TRUE(urix::encode_options_for(form).space_as_plus);
  EXPECT_TRUE(urix::encode_options_for(form, {.lowercase_hex = true}).lowercase_hex);
  EXPECT_FALSE(urix::encode_options_for(*path_at).space_as_plus);
  EXPECT_TRUE(urix::encode_options_for(*path_at, {.space_as_plus = true}).space_as_plus);
  EXPECT_EQ(urix::encode("a b", form.set, urix::encode_options_for(form)), "a+b");
}

}  // namespace
