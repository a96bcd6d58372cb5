// SPDX-License-Identifier: Apache-2.0 OR MIT
// Tests of uri_template::match and matchable (urix/template.h): which templates read back
// uniquely, what they read back, and the property match(expand(v)) == v over generated
// templates and values.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "urix/template.h"

namespace {

using urix::errc;
using urix::template_value;
using urix::template_variables;
using urix::uri_template;

uri_template parsed(std::string_view t) {
  auto r = uri_template::parse(t);
  EXPECT_TRUE(r) << t;
  return r ? *r : *uri_template::parse("");
}

bool matchable(std::string_view t) { return static_cast<bool>(parsed(t).matchable()); }

TEST(TemplateMatchable, WhichTemplatesReadBackUniquely) {
  // An expression followed by the end, by a final literal, or by a byte it cannot hold.
  EXPECT_TRUE(matchable("/users/{id}"));
  EXPECT_TRUE(matchable("/users/{id}/posts{/post}{?page,per_page}{#frag}"));
  EXPECT_TRUE(matchable("https://api.example.com/repos/{owner}/{repo}/issues{?state,labels*,per_page}"));
  EXPECT_TRUE(matchable("/files/{name}.json"));      // the final literal fixes the end
  EXPECT_TRUE(matchable("/files/{+path}/edit"));
  EXPECT_TRUE(matchable("{/list*}{?keys*}"));
  EXPECT_TRUE(matchable("{x,y}/{;a,b*}"));
  EXPECT_TRUE(matchable("file:///{+path}"));
  EXPECT_TRUE(matchable("{/a}/b/c"));  // "/b/c" ends the template: "/x/b/c" or "/b/c"
  // Not matchable, at the expression that makes it ambiguous.
  auto at = [](std::string_view t) {
    auto r = parsed(t).matchable();
    EXPECT_FALSE(r) << t;
    return r ? urix::error{} : r.error();
  };
  EXPECT_EQ(at("{a}{b}"), (urix::error{errc::not_matchable, 0}));        // where does a end?
  EXPECT_EQ(at("/{a}.{b}.json"), (urix::error{errc::not_matchable, 1}));  // '.' is unreserved
  EXPECT_EQ(at("{+path}{?q}"), (urix::error{errc::not_matchable, 0}));   // '?' is reserved
  EXPECT_EQ(at("x{+a}/{b}"), (urix::error{errc::not_matchable, 1}));
  EXPECT_EQ(at("{?a}{&b}"), (urix::error{errc::not_matchable, 0}));      // '&' separates both
  EXPECT_EQ(at("{.a,b}"), (urix::error{errc::not_matchable, 0}));        // separator in values
  EXPECT_EQ(at("{+a,b}"), (urix::error{errc::not_matchable, 0}));
  EXPECT_EQ(at("{#list*}"), (urix::error{errc::not_matchable, 0}));
  EXPECT_EQ(at("{/a,b*}"), (urix::error{errc::not_matchable, 0}));
  EXPECT_EQ(at("{/a}/b{c}"), (urix::error{errc::not_matchable, 0}));     // '/' could be either
  EXPECT_EQ(at("{/a}{/b}"), (urix::error{errc::not_matchable, 0}));
  EXPECT_EQ(at("a{x}{?y}{z}"), (urix::error{errc::not_matchable, 1}));
}

template_variables vars(std::initializer_list<std::pair<std::string, template_value>> list) {
  template_variables v;
  for (const auto& [k, val] : list) v.set(k, val);
  return v;
}

TEST(TemplateMatch, ReadsValuesBackDecoded) {
  const uri_template t = parsed("https://api.example.com/repos/{owner}/{repo}/issues{?state,labels*,per_page}");
  auto m = t.match("https://api.example.com/repos/a%20b/c/issues?state=open&labels=x&labels=y%2Cz");
  ASSERT_TRUE(m);
  EXPECT_EQ(*m, vars({{"owner", "a b"}, {"repo", "c"}, {"state", "open"},
                      {"labels", template_value::list{"x", "y,z"}}}));
  m = t.match("https://api.example.com/repos/a/c/issues");
  ASSERT_TRUE(m);
  EXPECT_EQ(*m, vars({{"owner", "a"}, {"repo", "c"}}));
  // Parameters come in the template's order; an unknown one is not an expansion.
  EXPECT_EQ(t.match("https://api.example.com/repos/a/c/issues?per_page=1&state=x").error(),
            (urix::error{errc::no_match, 52}));
  EXPECT_EQ(t.match("https://api.example.com/repos/a/c/issues?page=2").error(),
            (urix::error{errc::no_match, 41}));
  EXPECT_EQ(t.match("https://api.example.com/repo/a/c").error(), (urix::error{errc::no_match, 28}));
  EXPECT_EQ(t.match("https://api.example.com/repos/a b/c/issues").error(),
            (urix::error{errc::no_match, 31}));
}

TEST(TemplateMatch, ListsAndAssociativeArrays) {
  auto m = parsed("{/list*}{?keys*}").match("/a/b%2Fc?x=1&y=");
  ASSERT_TRUE(m);
  EXPECT_EQ(*m, vars({{"list", template_value::list{"a", "b/c"}},
                      {"keys", template_value::pairs{{"x", "1"}, {"y", ""}}}}));
  m = parsed("{/keys*}").match("/semi=%3B/dot=.");
  ASSERT_TRUE(m);
  EXPECT_EQ(*m, vars({{"keys", template_value::pairs{{"semi", ";"}, {"dot", "."}}}}));
  EXPECT_EQ(parsed("{/keys*}").match("/a=1/b").error(), (urix::error{errc::no_match, 5}));
  // An exploded item is written whole: a raw ',' belongs to no item.
  EXPECT_EQ(parsed("{/list*}").match("/a/b,c").error(), (urix::error{errc::no_match, 4}));
  EXPECT_EQ(parsed("{;a,m*}").match(";a=1;k=x,y").error(), (urix::error{errc::no_match, 8}));
  EXPECT_EQ(*parsed("{;a,m*}").match(";a=1,2;k=x"),
            vars({{"a", template_value::list{"1", "2"}}, {"m", template_value::pairs{{"k", "x"}}}}));
  m = parsed("{list}").match("red,green");
  ASSERT_TRUE(m);
  EXPECT_EQ(*m, vars({{"list", template_value::list{"red", "green"}}}));
  m = parsed("{+list}").match("red,green");  // ',' is a value's byte with '+'
  ASSERT_TRUE(m);
  EXPECT_EQ(*m, vars({{"list", "red,green"}}));
}

TEST(TemplateMatch, UnnamedExpressionsOfSeveralVariables) {
  auto m = parsed("map?{x,y}").match("map?1024,768");
  ASSERT_TRUE(m);
  EXPECT_EQ(*m, vars({{"x", "1024"}, {"y", "768"}}));
  EXPECT_EQ(parsed("map?{x,y}").match("map?1024").error(), (urix::error{errc::ambiguous_match, 4}));
  m = parsed("{/a,b}").match("/x,y/z");
  ASSERT_TRUE(m);
  EXPECT_EQ(*m, vars({{"a", template_value::list{"x", "y"}}, {"b", "z"}}));
}

TEST(TemplateMatch, EmptyAndUndefined) {
  EXPECT_EQ(*parsed("/x{/a}").match("/x/"), vars({{"a", ""}}));
  EXPECT_EQ(*parsed("/x{/a}").match("/x"), vars({}));
  EXPECT_EQ(*parsed("/x/{a}").match("/x/"), vars({}));  // "" and undefined read the same
  EXPECT_EQ(*parsed("{;a,b}").match(";a;b=2"), vars({{"a", ""}, {"b", "2"}}));
  EXPECT_EQ(*parsed("{?a,b}").match("?a=&b=2"), vars({{"a", ""}, {"b", "2"}}));
  // ';' writes an empty string "a" (ifemp is ""), so "a=" is a list of one empty item.
  EXPECT_EQ(*parsed("{;a}").match(";a="), vars({{"a", template_value::list{""}}}));
  // ...and no exploded item: ';' writes an empty item or pair value "k", never "k=".
  EXPECT_EQ(parsed("{;m*}").match(";k=1;j=").error(), (urix::error{errc::no_match, 6}));
  EXPECT_EQ(parsed("{;a*}").match(";a=").error(), (urix::error{errc::no_match, 2}));
  EXPECT_EQ(*parsed("{;a*}").match(";a;a=1"), vars({{"a", template_value::list{"", "1"}}}));
  // A named expression's pairs of a non-last exploded variable read as the last one's; where
  // that reading would write other text, there is no match (found by fuzz/template.cpp).
  const uri_template t = parsed("{;a,B*,ba,b*}");
  const template_variables v = vars({{"a", "1"},
                                     {"B", template_value::pairs{{"k", "v"}}},
                                     {"ba", template_value::list{""}},
                                     {"b", template_value::pairs{{"z", ""}}}});
  const std::string out = t.expand(v);
  EXPECT_EQ(out, ";a=1;k=v;ba=;z");
  EXPECT_EQ(t.match(out).error(), (urix::error{errc::no_match, 11}));
}

TEST(TemplateMatch, PrefixesAndRepeatedNames) {
  const uri_template t = parsed("/{a:2}/{a}");
  EXPECT_EQ(*t.match("/ab/abc"), vars({{"a", "abc"}}));
  EXPECT_EQ(t.match("/ab/xbc").error().code, errc::no_match);
  EXPECT_EQ(t.match("/abc/abc").error().code, errc::no_match);  // longer than its prefix
  EXPECT_EQ(*parsed("/{a:3}").match("/%C3%A9tx"), vars({{"a", "\xc3\xa9tx"}}));
  EXPECT_EQ(*parsed("{x}/{x}").match("1/1"), vars({{"x", "1"}}));
  EXPECT_EQ(parsed("{x}/{x}").match("1/2").error(), (urix::error{errc::no_match, 2}));
  EXPECT_EQ(parsed("{x}/{x}").match("1/").error().code, errc::no_match);
  EXPECT_EQ(*parsed("{x}/{x}").match("/"), vars({}));
  EXPECT_EQ(*parsed("{x}{/x}").match("/"), vars({{"x", ""}}));  // "" reads as nothing in {x}
  // Two "" in one expression write ",": its empty text leaves them undefined.
  EXPECT_EQ(parsed("{x,y}/{;x,y}").match("/;x;y").error().code, errc::no_match);
  EXPECT_EQ(*parsed("{x}/{?x}").match("/?x="), vars({{"x", ""}}));
  EXPECT_EQ(parsed("/{/x}{?x}").match("//").error().code, errc::no_match);  // x="" writes "?x="
}

TEST(TemplateMatch, MalformedInput) {
  EXPECT_EQ(parsed("/{a}").match("/%4").error(), (urix::error{errc::no_match, 1}));
  EXPECT_EQ(parsed("/{a}").match("/%zz").error(), (urix::error{errc::no_match, 1}));
  EXPECT_EQ(parsed("/{a}").match("").error(), (urix::error{errc::no_match, 0}));
  EXPECT_EQ(parsed("/{a}x").match("/").error(), (urix::error{errc::no_match, 1}));
  EXPECT_EQ(parsed("{a}{b}").match("ab").error(), (urix::error{errc::not_matchable, 0}));
  // Escapes in literals compare in either case.
  EXPECT_EQ(*parsed("%7e/{a}").match("%7E/1"), vars({{"a", "1"}}));
}

// ---- The property: over generated matchable templates and values ---------------------------

struct generator {
  std::mt19937 rng;
  std::size_t pick(std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng); }

  std::string text(bool allow_percent, bool nonempty) {
    static const std::vector<std::string> atoms = {"a", "Z", "0", "-", ".", "_", "~", " ", "/", "?", "#", "[",
                                                   "]", "@", "!", "$", "&", "'", "(", ")", "*", "+", ",",
                                                   ";", "=", ":", "\"", "<", "\xc3\xa9", "\xe4\xb8\xad",
                                                   "\xf0\x9f\x98\x80", "%", "%41", "\x01"};
    std::string s;
    const std::size_t n = pick(6) + (nonempty ? 1 : 0);
    while (s.size() < n) {
      const std::string& a = atoms[pick(atoms.size())];
      if (!allow_percent && a.find('%') != std::string::npos) continue;
      s += a;
    }
    return s;
  }
};

// How a variable is used in a template, which decides what reads back as itself.
struct use {
  uri_template::op oper;
  bool explode;
  std::uint16_t prefix;
  bool several;  // in an expression of several variables
  bool last;     // the last in its expression
};

// A value that match reads back as itself for that use (template.h lists the readings).
template_value canonical_value(generator& g, const use& u) {
  using op = uri_template::op;
  const bool named = u.oper == op::param || u.oper == op::query || u.oper == op::continuation;
  const bool reserved = u.oper == op::reserved || u.oper == op::fragment;
  const bool empty_is_undefined = (u.oper == op::none || u.oper == op::reserved) && !u.several;
  const bool may_be_undefined = named || !u.several;
  const std::size_t kind = g.pick(4);
  if (kind == 0 && may_be_undefined) return {};
  if (u.explode) {
    const std::size_t n = g.pick(3) + 1;
    if (kind == 1 && (!named || u.last)) {
      template_value::pairs p;
      for (std::size_t i = 0; i < n; ++i) p.emplace_back("k" + g.text(true, false), g.text(true, false));
      return p;
    }
    template_value::list l;
    for (std::size_t i = 0; i < n; ++i) l.push_back(g.text(true, false));
    return l;
  }
  if (kind == 2 && !reserved && !(u.several && u.oper == op::none)) {
    template_value::list l;
    const std::size_t n = g.pick(3) + 2;
    for (std::size_t i = 0; i < n; ++i) l.push_back(g.text(true, false));
    return l;
  }
  std::string s = g.text(!reserved, empty_is_undefined);
  if (u.prefix != 0) {
    // At most `prefix` characters: cut at a character boundary.
    std::size_t chars = 0, i = 0;
    while (i < s.size() && chars < u.prefix) {
      const auto b = static_cast<unsigned char>(s[i]);
      i += b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
      ++chars;
    }
    s.resize(i);
    if (s.empty() && empty_is_undefined) s = "a";
  }
  return s;
}

std::string random_template(generator& g, std::size_t& next_name) {
  static const std::vector<std::string> literals = {"/", "/api", ".json", "-", "x", "/v1/", "?a=1", "%7E"};
  static const char ops[] = {'\0', '+', '#', '.', '/', ';', '?', '&'};
  std::string t;
  const std::size_t parts = g.pick(4) + 1;
  for (std::size_t p = 0; p < parts; ++p) {
    if (g.pick(3) == 0) {
      t += literals[g.pick(literals.size())];
      continue;
    }
    t += '{';
    if (const char o = ops[g.pick(8)]; o != '\0') t += o;
    const std::size_t vars = g.pick(3) + 1;
    for (std::size_t v = 0; v < vars; ++v) {
      if (v != 0) t += ',';
      t += "v" + std::to_string(next_name++);
      const std::size_t m = g.pick(5);
      if (m == 0) t += "*";
      if (m == 1) t += ":" + std::to_string(g.pick(4) + 1);
    }
    t += '}';
  }
  return t;
}

TEST(TemplateMatch, PropertyMatchOfExpandIsTheValues) {
  generator g{std::mt19937(6570)};
  std::size_t templates = 0, checked = 0, rejected = 0;
  for (std::size_t attempt = 0; attempt < 20000 && templates < 400; ++attempt) {
    std::size_t next_name = 0;
    const std::string text = random_template(g, next_name);
    auto t = uri_template::parse(text);
    ASSERT_TRUE(t) << text;
    if (!t->matchable()) {
      ++rejected;
      continue;
    }
    ++templates;
    std::vector<use> uses(t->varspecs().size());
    for (const auto& p : t->parts()) {
      for (std::uint32_t k = 0; k < p.var_count; ++k) {
        const auto& spec = t->varspecs()[p.first_var + k];
        uses[p.first_var + k] = {p.oper, spec.explode, spec.prefix, p.var_count > 1, k + 1 == p.var_count};
      }
    }
    for (int round = 0; round < 25; ++round) {
      template_variables v;
      for (std::size_t k = 0; k < uses.size(); ++k) {
        template_value value = canonical_value(g, uses[k]);
        if (!value.is_undefined()) v.set(t->name(t->varspecs()[k]), std::move(value));
      }
      const std::string uri = t->expand(v);
      auto m = t->match(uri);
      ASSERT_TRUE(m) << text << " on " << uri << ": " << urix::name(m.error().code) << " at "
                     << m.error().offset;
      EXPECT_EQ(*m, v) << text << " on " << uri;
      EXPECT_EQ(t->expand(*m), uri) << text;
      ++checked;
    }
  }
  EXPECT_GE(templates, 400u);
  EXPECT_GT(rejected, 0u);
  RecordProperty("checked", static_cast<int>(checked));
}

}  // namespace
