// SPDX-License-Identifier: Apache-2.0 OR MIT
// Tests of urix/template.h: RFC 6570 URI Templates. Expansion over the RFC's own examples
// (../shared/testdata/uritemplate), the grammar's rejections one rule at a time, matching,
// and the one-allocation, linear-work promises.
#include "urix/template.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <new>
#include <random>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "count_allocations.h"
#include "urix/pct.h"
#include "urix/sets.h"

namespace {

using urix::errc;
using urix::template_value;
using urix::template_variables;
using urix::uri_template;
using ojson = nlohmann::ordered_json;

ojson load(const std::string& name) {
  std::ifstream file(std::string(URIX_TESTDATA) + "/uritemplate/" + name);
  if (!file) throw std::runtime_error("cannot open test data uritemplate/" + name);
  return ojson::parse(file);
}

template_value value_of(const ojson& j) {
  if (j.is_null()) return {};
  if (j.is_string()) return j.get<std::string>();
  if (j.is_array()) {
    template_value::list items;
    for (const auto& item : j) items.push_back(item.is_string() ? item.get<std::string>() : item.dump());
    return items;
  }
  if (j.is_object()) {
    template_value::pairs entries;
    for (const auto& [k, v] : j.items()) entries.emplace_back(k, v.is_string() ? v.get<std::string>() : v.dump());
    return entries;
  }
  return j.dump();  // numbers and booleans as their JSON text
}

template_variables variables_of(const ojson& j) {
  template_variables vars;
  for (const auto& [k, v] : j.items()) vars.set(k, value_of(v));
  return vars;
}

std::string expand(std::string_view t, const template_variables& vars) {
  auto parsed = uri_template::parse(t);
  EXPECT_TRUE(parsed) << t;
  return parsed ? parsed->expand(vars) : std::string("<parse error>");
}

// The expansion by variable index (expand with template_value_views), the values borrowed
// from `vars`: what a binding does with its own objects.
std::string expand_by_index(const uri_template& t, const template_variables& vars) {
  std::vector<urix::template_value_view> values;
  std::vector<std::vector<std::string_view>> lists;
  std::vector<std::vector<std::pair<std::string_view, std::string_view>>> pairs;
  lists.reserve(t.variable_count());  // the views point into these: no reallocation
  pairs.reserve(t.variable_count());
  for (std::string_view name : t.variable_names()) {
    const template_value* v = vars.find(name);
    values.emplace_back();
    if (v == nullptr) continue;
    switch (v->type()) {
      case template_value::kind::undefined: break;
      case template_value::kind::string: values.back() = std::string_view(v->string()); break;
      case template_value::kind::list:
        lists.emplace_back(v->items().begin(), v->items().end());
        values.back() = urix::template_value_view::list(lists.back());
        break;
      case template_value::kind::pairs:
        pairs.emplace_back(v->entries().begin(), v->entries().end());
        values.back() = urix::template_value_view::pairs(pairs.back());
        break;
    }
  }
  return t.expand(values);
}

urix::error parse_error(std::string_view t) {
  auto parsed = uri_template::parse(t);
  EXPECT_FALSE(parsed) << t << " parsed";
  return parsed ? urix::error{} : parsed.error();
}

// RFC 6570 1.2 and 3.2: every example of the RFC, as the standard test suite has them. Where
// an expected value is a list, any listed answer is right (an associative array's order).
void run_suite(const std::string& file, std::size_t& cases) {
  const ojson suite = load(file);
  for (const auto& [group, body] : suite.items()) {
    const template_variables vars = variables_of(body["variables"]);
    for (const auto& tc : body["testcases"]) {
      const std::string t = tc[0].get<std::string>();
      const ojson& want = tc[1];
      ++cases;
      if (want.is_boolean()) {
        EXPECT_FALSE(uri_template::parse(t)) << group << ": " << t;
        continue;
      }
      const std::string got = expand(t, vars);
      EXPECT_EQ(expand_by_index(*uri_template::parse(t), vars), got) << group << ": " << t;
      if (want.is_string()) {
        EXPECT_EQ(got, want.get<std::string>()) << group << ": " << t;
      } else {
        bool any = false;
        for (const auto& w : want) any = any || got == w.get<std::string>();
        EXPECT_TRUE(any) << group << ": " << t << " gave " << got;
      }
    }
  }
}

TEST(TemplateVectors, SpecExamples) {
  std::size_t cases = 0;
  run_suite("spec-examples.json", cases);
  EXPECT_EQ(cases, 64u);
}

TEST(TemplateVectors, SpecExamplesBySection) {
  std::size_t cases = 0;
  run_suite("spec-examples-by-section.json", cases);
  EXPECT_EQ(cases, 117u);
}

// ---- 2: the grammar's rejections, each at its byte ----------------------------------------

TEST(TemplateParse, UnclosedExpression) {  // 2.2: expression = "{" ... "}"
  EXPECT_EQ(parse_error("/a{b"), (urix::error{errc::unclosed_expression, 2}));
  EXPECT_EQ(parse_error("{"), (urix::error{errc::unclosed_expression, 0}));
  EXPECT_EQ(parse_error("{a}{b"), (urix::error{errc::unclosed_expression, 3}));
  EXPECT_EQ(parse_error("{a{b}"), (urix::error{errc::bad_varname, 2}));
}

TEST(TemplateParse, StrayCloseAndLiteralCharacters) {  // 2.1 literals
  EXPECT_EQ(parse_error("a}b"), (urix::error{errc::disallowed_char, 1}));
  for (char c : std::string_view(" \"<>\\^`|\x01\x7f")) {
    const std::string t = std::string("ab") + c;
    EXPECT_EQ(parse_error(t), (urix::error{errc::disallowed_char, 2})) << int(c);
  }
  EXPECT_EQ(parse_error("a%2"), (urix::error{errc::incomplete_escape, 1}));
  EXPECT_EQ(parse_error("a%zz"), (urix::error{errc::bad_escape_hex, 1}));
  EXPECT_EQ(parse_error("a\xff"), (urix::error{errc::invalid_utf8, 1}));
  EXPECT_EQ(parse_error("a\xc3"), (urix::error{errc::invalid_utf8, 1}));
  // U+FFFE is neither ucschar nor iprivate (RFC 3987 2.2).
  EXPECT_EQ(parse_error("a\xef\xbf\xbe"), (urix::error{errc::disallowed_code_point, 1}));
  EXPECT_TRUE(uri_template::parse("'!#$&()*+,-./09:;=?@AZ[]_az~"));
}

TEST(TemplateParse, Operators) {  // 2.2: op-reserve and unknown operators
  for (char c : std::string_view("=,!@|")) {
    EXPECT_EQ(parse_error(std::string("{") + c + "a}"), (urix::error{errc::bad_operator, 1})) << c;
  }
  EXPECT_EQ(parse_error("x{$a}"), (urix::error{errc::bad_operator, 2}));
  EXPECT_EQ(parse_error("{~a}"), (urix::error{errc::bad_operator, 1}));
  EXPECT_EQ(parse_error("{++a}"), (urix::error{errc::bad_varname, 2}));  // one operator
  for (char c : std::string_view("+#./;?&")) {
    EXPECT_TRUE(uri_template::parse(std::string("{") + c + "a}")) << c;
  }
}

TEST(TemplateParse, VariableNames) {  // 2.3: varname = varchar *( ["."] varchar )
  EXPECT_EQ(parse_error("{}"), (urix::error{errc::bad_varname, 1}));
  EXPECT_EQ(parse_error("{+}"), (urix::error{errc::bad_varname, 2}));
  EXPECT_EQ(parse_error("{a,}"), (urix::error{errc::bad_varname, 3}));
  EXPECT_EQ(parse_error("{,a}"), (urix::error{errc::bad_operator, 1}));
  EXPECT_EQ(parse_error("{a,,b}"), (urix::error{errc::bad_varname, 3}));
  EXPECT_EQ(parse_error("{.a.}"), (urix::error{errc::bad_varname, 3}));
  EXPECT_EQ(parse_error("{a..b}"), (urix::error{errc::bad_varname, 2}));
  EXPECT_EQ(parse_error("{a b}"), (urix::error{errc::bad_varname, 2}));
  EXPECT_EQ(parse_error("{a-b}"), (urix::error{errc::bad_varname, 2}));
  EXPECT_EQ(parse_error("{a%2}"), (urix::error{errc::bad_varname, 2}));
  EXPECT_EQ(parse_error("{%zz}"), (urix::error{errc::bad_varname, 1}));
  EXPECT_EQ(parse_error("{\xc3\xa9}"), (urix::error{errc::bad_varname, 1}));
  // pct-encoded is a varchar (2.3); names are compared as written.
  auto t = uri_template::parse("{a.b,%C3%A9,_x9}");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->variable_names(), (std::vector<std::string_view>{"a.b", "%C3%A9", "_x9"}));
  template_variables v;
  v.set("%C3%A9", "e");
  EXPECT_EQ(t->expand(v), "e");
}

TEST(TemplateParse, Modifiers) {  // 2.4: prefix = ":" max-length (1-9999), explode = "*"
  EXPECT_EQ(parse_error("{a:0}"), (urix::error{errc::bad_prefix, 3}));
  EXPECT_EQ(parse_error("{a:01}"), (urix::error{errc::bad_prefix, 3}));
  EXPECT_EQ(parse_error("{a:10000}"), (urix::error{errc::bad_prefix, 7}));
  EXPECT_EQ(parse_error("{a:}"), (urix::error{errc::bad_prefix, 3}));
  EXPECT_EQ(parse_error("{a:x}"), (urix::error{errc::bad_prefix, 3}));
  EXPECT_EQ(parse_error("{a:3*}"), (urix::error{errc::bad_prefix, 4}));
  EXPECT_EQ(parse_error("{a*:3}"), (urix::error{errc::bad_prefix, 3}));
  EXPECT_EQ(parse_error("{a**}"), (urix::error{errc::bad_varname, 3}));
  EXPECT_TRUE(uri_template::parse("{a:9999,b:1,c*}"));
  auto t = uri_template::parse("{a:9999,b:1,c*}");
  EXPECT_EQ(t->varspecs()[0].prefix, 9999);
  EXPECT_TRUE(t->varspecs()[2].explode);
}

// ---- 3: expansion details beyond the suite ------------------------------------------------

TEST(TemplateExpand, LiteralsAreEncodedAsSection3_1Says) {
  template_variables none;
  EXPECT_EQ(expand("caf\xc3\xa9/%7e/%41", none), "caf%C3%A9/%7e/%41");
  EXPECT_EQ(expand("http://h/p?q=1#f", none), "http://h/p?q=1#f");
}

TEST(TemplateExpand, PrefixCountsCharactersNotBytes) {  // 2.4.1
  template_variables v;
  v.set("s", "\xc3\xa9\xe4\xb8\xad" "abc");  // U+00E9 U+4E2D "abc"
  EXPECT_EQ(expand("{s:1}", v), "%C3%A9");
  EXPECT_EQ(expand("{s:2}", v), "%C3%A9%E4%B8%AD");
  EXPECT_EQ(expand("{s:3}", v), "%C3%A9%E4%B8%ADa");
  v.set("bad", "\xff" "a");  // an ill-formed byte is one character
  EXPECT_EQ(expand("{bad:1}", v), "%FF");
  v.set("esc", "%41%4");
  EXPECT_EQ(expand("{+esc:1}", v), "%41");   // U+R keeps escapes whole
  EXPECT_EQ(expand("{#esc:2}", v), "#%41%25");
  EXPECT_EQ(expand("{esc:1}", v), "%25");  // U encodes '%' itself
}

TEST(TemplateExpand, PrefixDoesNotApplyToCompositeValues) {  // 2.4.1
  template_variables v;
  v.set("l", template_value::list{"abc", "def"});
  EXPECT_EQ(expand("{l:1}", v), "abc,def");
}

TEST(TemplateExpand, EmptyAndUndefined) {  // 2.3, 3.2.1
  template_variables v;
  v.set("e", "");
  v.set("el", template_value::list{});
  v.set("ep", template_value::pairs{});
  v.set("l1", template_value::list{""});
  EXPECT_EQ(expand("{?e,el,ep,u}", v), "?e=");
  EXPECT_EQ(expand("{;e}", v), ";e");
  EXPECT_EQ(expand("{/el,ep,u}", v), "");
  EXPECT_EQ(expand("{?l1*}", v), "?l1=");
  EXPECT_EQ(expand("{;l1*}", v), ";l1");
  EXPECT_EQ(expand("{x,e}", v), "");
}

TEST(TemplateExpand, NamedExplodedPairs) {  // 3.2.7-3.2.9
  template_variables v;
  v.set("m", template_value::pairs{{"a", ""}, {"b c", "d"}});
  EXPECT_EQ(expand("{;m*}", v), ";a;b%20c=d");
  EXPECT_EQ(expand("{?m*}", v), "?a=&b%20c=d");
  EXPECT_EQ(expand("{/m*}", v), "/a=/b%20c=d");
  EXPECT_EQ(expand("{m}", v), "a,,b%20c,d");
}

// ---- expansion's promises: one allocation, linear work ------------------------------------

TEST(TemplateExpand, OneAllocationAndLinearBound) {
  auto t = uri_template::parse("https://api.example.com/repos/{owner}/{repo}/issues{?state,labels*,per_page}");
  ASSERT_TRUE(t);
  for (std::size_t n : {1u, 10u, 100u, 1000u, 10000u}) {
    template_variables v;
    v.set("owner", std::string(n, 'o'));
    v.set("repo", std::string(n, ' '));
    v.set("labels", template_value::list(n, "l b"));
    v.set("state", "open");
    const std::size_t before = urix_test::allocations();
    const std::string out = t->expand(v);
    EXPECT_EQ(urix_test::allocations() - before, 1u) << n;
    // The bound is linear in the values' bytes: at most 3 bytes per value byte plus names.
    EXPECT_LE(out.capacity(), 200 + 3 * n + 3 * n + n * (3 * 3 + 2 + 6)) << n;
    EXPECT_GE(out.size(), 3 * n);
  }
}

// Matching allocates per value read back, not per byte: linear in the URI.
TEST(TemplateMatch, WorkGrowsLinearly) {
  auto t = uri_template::parse("/x{/list*}{?q}");
  ASSERT_TRUE(t);
  std::size_t previous = 0;
  for (std::size_t n : {1000u, 2000u, 4000u}) {
    template_variables v;
    v.set("list", template_value::list(n, "item%20x"));
    v.set("q", std::string(50 * n, 'q'));
    const std::string uri = t->expand(v);
    const std::size_t before = urix_test::allocations();
    auto m = t->match(uri);
    const std::size_t used = urix_test::allocations() - before;
    ASSERT_TRUE(m);
    EXPECT_EQ(m->find("list")->items().size(), n);
    EXPECT_LE(used, 3 * n + 64) << n;
    if (previous != 0) {
      EXPECT_LE(used, 2 * previous + 16) << n;
    }
    previous = used;
  }
}

TEST(TemplateExpand, LookupIsCalledOncePerVarspec) {
  auto t = uri_template::parse("{a}{b,c}{?d*}");
  ASSERT_TRUE(t);
  std::size_t calls = 0;
  template_value value("x");
  std::string out;
  t->expand_append(out, [&](std::string_view) { ++calls; return &value; });
  EXPECT_EQ(calls, 4u);
  EXPECT_EQ(out, "xx,x?d=x");
  // More varspecs than the stack holds: looked up again, not allocated.
  std::string many;
  for (int i = 0; i < 17; ++i) many += "{v" + std::to_string(i) + "}";
  t = uri_template::parse(many);
  ASSERT_TRUE(t);
  calls = 0;
  out.clear();
  const std::size_t before = urix_test::allocations();
  t->expand_append(out, [&](std::string_view) { ++calls; return &value; });
  EXPECT_EQ(calls, 34u);
  EXPECT_EQ(urix_test::allocations() - before, 1u);
  EXPECT_EQ(out, std::string(17, 'x'));
}

TEST(TemplateParse, VariablesAreNumberedInOrderOfFirstAppearance) {
  auto t = uri_template::parse("{b,a}/{a}{?c,b}{d}");
  ASSERT_TRUE(t);
  std::vector<std::uint32_t> numbers;
  for (const auto& v : t->varspecs()) numbers.push_back(v.variable);
  EXPECT_EQ(numbers, (std::vector<std::uint32_t>{0, 1, 1, 2, 0, 3}));
  EXPECT_EQ(t->variable_names(), (std::vector<std::string_view>{"b", "a", "c", "d"}));
  EXPECT_EQ(t->variable_count(), 4u);
  EXPECT_EQ(uri_template::parse("x")->variable_count(), 0u);
}

TEST(TemplateExpand, ByVariableIndexBorrowsValuesAndAllocatesOnce) {
  auto t = uri_template::parse("https://api.example.com/repos/{owner}/{repo}/issues{?state,labels*,per_page}");
  ASSERT_TRUE(t);
  const std::string_view labels[] = {"bug", "good first issue"};
  const urix::template_value_view values[] = {"urix", "urix", {}, urix::template_value_view::list(labels)};
  const std::size_t before = urix_test::allocations();
  const std::string out = t->expand(values);
  EXPECT_EQ(urix_test::allocations() - before, 1u);
  EXPECT_EQ(out, "https://api.example.com/repos/urix/urix/issues?labels=bug&labels=good%20first%20issue");
  // Variables past the end of the values are undefined; a variable's value serves each of
  // its varspecs.
  EXPECT_EQ(t->expand(std::span(values, 1)), "https://api.example.com/repos/urix//issues");
  const std::pair<std::string_view, std::string_view> kv[] = {{"k", "v w"}};
  const urix::template_value_view a[] = {urix::template_value_view::pairs(kv)};
  EXPECT_EQ(uri_template::parse("{a}{?a*}{;a}")->expand(a), "k,v%20w?k=v%20w;a=k,v%20w");
}

// A lookup may hand back one object it changes between calls: what is written is what it
// holds then, and it fits, however it grew.
TEST(TemplateExpand, LookupMayChangeWhatItReturned) {
  auto percents = [](std::size_t n) {  // n '%' as expansion writes them
    std::string s;
    for (std::size_t i = 0; i < n; ++i) s += "%25";
    return s;
  };
  std::string many;  // more varspecs than are cached: each looked up again to be written
  for (char c = 'a'; c <= 'q'; ++c) many += std::string("{") + c + "}";
  many += "{+r}";
  std::string want_many = "x";
  for (std::size_t k = 0; k < 18; ++k) want_many += percents(4 * (19 + k));
  const std::pair<std::string, std::string> cases[] = {
      {"{a,b}", "x" + percents(8) + "," + percents(8)}, {many, want_many}};
  for (const auto& [tmpl, want] : cases) {
    auto t = uri_template::parse(tmpl);
    ASSERT_TRUE(t);
    template_value latest;
    std::string value;
    std::string out = "x";
    t->expand_append(out, [&](std::string_view) {
      value += "%%%%";
      latest = value;
      return &latest;
    });
    EXPECT_EQ(out, want) << tmpl;
  }
}

// Values are encoded by the expansion itself when short and by the codec when long: both
// give what the codec gives (3.2.1: U, and U+R keeping escapes).
TEST(TemplateExpand, ShortAndLongValuesEncodeAlike) {
  auto plain = uri_template::parse("{x}");
  auto reserved = uri_template::parse("{+x}");
  ASSERT_TRUE(plain && reserved);
  const std::string pieces[] = {"a", " ", "%41", "%00", "%4", "%", "/", "\xC3\xA9", "~", "?"};
  std::mt19937 rng(6570);
  for (int round = 0; round < 400; ++round) {
    std::string s;
    const std::size_t n = rng() % 40;
    for (std::size_t i = 0; i < n; ++i) s += pieces[rng() % std::size(pieces)];
    template_variables v;
    v.set("x", s);
    EXPECT_EQ(plain->expand(v), urix::encode(s, urix::sets::unreserved)) << s;
    EXPECT_EQ(reserved->expand(v),
              urix::encode(s, urix::sets::unreserved | urix::sets::reserved, {.keep_escapes = true}))
        << s;
  }
}

TEST(TemplateExpand, CopiesAreIndependent) {
  std::string text = "{a}/lit";
  auto t = uri_template::parse(text);
  ASSERT_TRUE(t);
  text.assign("xxxxxxx");
  uri_template copy = *t;
  uri_template moved = std::move(*t);
  template_variables v;
  v.set("a", "1");
  EXPECT_EQ(copy.expand(v), "1/lit");
  EXPECT_EQ(moved.expand(v), "1/lit");
}

// ---- variables as JSON text --------------------------------------------------------------

TEST(TemplateJson, ReadsTheValuesVariablesCanBe) {
  auto v = template_variables::from_json(
      R"( {"s": "a\"b\u00e9\ud83d\ude00", "n": null, "l": ["x", 1, -2.5e3, true],)"
      R"( "m": {"k": "v", "k2": false}, "e": [], "s": "last"} )");
  ASSERT_TRUE(v);
  EXPECT_EQ(v->size(), 5u);
  EXPECT_EQ(v->find("s")->string(), "last");
  EXPECT_TRUE(v->find("n")->is_undefined());
  EXPECT_EQ(v->find("l")->items(), (template_value::list{"x", "1", "-2.5e3", "true"}));
  EXPECT_EQ(v->find("m")->entries(), (template_value::pairs{{"k", "v"}, {"k2", "false"}}));
  EXPECT_TRUE(v->find("e")->is_undefined());
  auto u = template_variables::from_json(R"({"s": "a\"b\u00e9\ud83d\ude00"})");
  ASSERT_TRUE(u);
  EXPECT_EQ(u->find("s")->string(), "a\"b\xc3\xa9\xf0\x9f\x98\x80");
}

TEST(TemplateJson, RejectsAtTheOffendingByte) {
  auto at = [](std::string_view json) {
    auto v = template_variables::from_json(json);
    EXPECT_FALSE(v) << json;
    return v ? std::size_t(-1) : v.error().offset;
  };
  EXPECT_EQ(at(""), 0u);
  EXPECT_EQ(at("[]"), 0u);
  EXPECT_EQ(at("{\"a\": [[]]}"), 7u);            // nesting deeper than variables go
  EXPECT_EQ(at("{\"a\": {\"b\": []}}"), 12u);
  EXPECT_EQ(at("{\"a\": \"x\"} x"), 11u);      // text after the object
  EXPECT_EQ(at("{\"a\": 01}"), 7u);
  EXPECT_EQ(at("{\"a\": \"\\udc00\"}"), 7u);    // a lone low surrogate
  EXPECT_EQ(at("{\"a\": \"\\ud800x\"}"), 7u);   // a high one without its pair
  EXPECT_EQ(at("{\"a\": \"\xff\"}"), 7u);       // not UTF-8
  EXPECT_EQ(at("{\"a\": \"\x01\"}"), 7u);       // a control character
  EXPECT_EQ(at("{\"a\": \"x}"), 9u);            // unterminated
  EXPECT_EQ(at("{\"a\" \"x\"}"), 5u);
  EXPECT_EQ(at("{\"a\": tru}"), 6u);
}

}  // namespace
