// SPDX-License-Identifier: Apache-2.0 OR MIT
// Fuzz target "template": RFC 6570 URI Templates (urix/template.h). The input is
// "TEMPLATE\nREST". When TEMPLATE parses, REST gives each of its variables a value (a kind
// byte, then lengths and bytes), and:
//   - the expansion is a valid encoded form of unreserved + reserved (every '%' starts an
//     escape), and expand_append through a lookup, and by variable index with the values
//     borrowed (template_value_view), give the same bytes;
//   - where the template is matchable and no value holds a '%' (which '+' and '#' keep, so
//     that a decoded reading cannot give it back), a match of the expansion expands back to it,
//     up to RFC 3986 6.2.2.1-2 (a varname's own "%ba" or "%41" is written as is; read as an
//     associative array's key it is written "%BA" or "A");
//   - match of REST itself (any bytes) fails with an offset inside its input, or gives
//     variables that match their own expansion again, to the same variables;
//   - REST read as JSON variables either fails inside its input or expands without failing.
// Error offsets never point past their input.
#include "urix/template.h"

#include <cstdio>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fuzz.h"
#include "urix/pct.h"
#include "urix/sets.h"

namespace {

using urix::template_value;

// `s` normalized by RFC 3986 6.2.2.1 and 6.2.2.2 (escape hex in uppercase, unreserved
// characters' escapes decoded); `s` is an expansion, so it has no malformed escape.
std::string normalized(std::string_view s) { return *urix::normalize_escapes(s); }

std::string bytes(urix::fuzz::reader& in, bool& has_percent) {
  const std::size_t n = in.byte() % 8;
  std::string s;
  for (std::size_t i = 0; i < n; ++i) s.push_back(static_cast<char>(in.byte()));
  has_percent = has_percent || s.find('%') != std::string::npos;
  return s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  urix::fuzz::reader input(data, size);
  const std::string_view all = input.rest();
  const std::size_t nl = all.find('\n');
  const std::string_view text = all.substr(0, nl);
  const std::string_view rest = nl == std::string_view::npos ? std::string_view() : all.substr(nl + 1);

  auto t = urix::uri_template::parse(text);
  if (!t) {
    URIX_FUZZ_CHECK(t.error().offset <= text.size());
    return 0;
  }
  URIX_FUZZ_CHECK(t->text() == text);

  // Values from REST.
  urix::fuzz::reader values(reinterpret_cast<const std::uint8_t*>(rest.data()), rest.size());
  urix::template_variables vars;
  bool has_percent = false;
  for (std::string_view name : t->variable_names()) {
    switch (values.byte() % 4) {
      case 0: break;  // undefined
      case 1: vars.set(name, bytes(values, has_percent)); break;
      case 2: {
        template_value::list l(values.byte() % 4);
        for (auto& item : l) item = bytes(values, has_percent);
        vars.set(name, std::move(l));
        break;
      }
      default: {
        template_value::pairs p(values.byte() % 4);
        for (auto& [k, v] : p) {
          k = bytes(values, has_percent);
          v = bytes(values, has_percent);
        }
        vars.set(name, std::move(p));
        break;
      }
    }
  }
  const std::string out = t->expand(vars);
  URIX_FUZZ_CHECK(urix::check(out, urix::sets::unreserved | urix::sets::reserved).has_value());
  std::string looked_up;
  t->expand_append(looked_up, [&](std::string_view n) { return vars.find(n); });
  URIX_FUZZ_CHECK(looked_up == out);
  std::vector<urix::template_value_view> views(t->variable_count());
  std::vector<std::vector<std::string_view>> items(views.size());
  std::vector<std::vector<std::pair<std::string_view, std::string_view>>> entries(views.size());
  for (const auto& spec : t->varspecs()) {
    const template_value* v = vars.find(t->name(spec));
    const std::uint32_t i = spec.variable;
    if (v == nullptr) continue;
    switch (v->type()) {
      case template_value::kind::undefined: break;
      case template_value::kind::string: views[i] = std::string_view(v->string()); break;
      case template_value::kind::list:
        items[i].assign(v->items().begin(), v->items().end());
        views[i] = urix::template_value_view::list(items[i]);
        break;
      case template_value::kind::pairs:
        entries[i].assign(v->entries().begin(), v->entries().end());
        views[i] = urix::template_value_view::pairs(entries[i]);
        break;
    }
  }
  URIX_FUZZ_CHECK(t->expand(views) == out);

  const bool matchable = t->matchable().has_value();
  if (matchable && !has_percent) {
    if (auto m = t->match(out)) {
      const std::string back = t->expand(*m);
      if (normalized(back) != normalized(out)) {
        std::fprintf(stderr, "template %.*s\nexpansion %s\nmatched, expanded again %s\n",
                     static_cast<int>(text.size()), text.data(), out.c_str(), back.c_str());
      }
      URIX_FUZZ_CHECK(normalized(back) == normalized(out));
    }
  }

  // Any bytes as a URI.
  if (auto m = t->match(rest)) {
    URIX_FUZZ_CHECK(matchable);
    const std::string again = t->expand(*m);
    auto m2 = t->match(again);
    URIX_FUZZ_CHECK(m2.has_value() && *m2 == *m);
  } else {
    URIX_FUZZ_CHECK(m.error().offset <= (m.error().code == urix::errc::not_matchable ? text.size() : rest.size()));
  }

  // REST as JSON variables.
  if (auto j = urix::template_variables::from_json(rest)) {
    (void)t->expand(*j);
  } else {
    URIX_FUZZ_CHECK(j.error().offset <= rest.size());
  }
  return 0;
}
