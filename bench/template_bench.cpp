// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix_template_bench: RFC 6570 URI Templates (urix/template.h), per call. Parse once, expand
// many: the RFC's examples (../shared/testdata/uritemplate, every case of both files, each
// with its group's variables) and a realistic API template; parsing and matching too.
//   build/bench/bench/urix_template_bench --benchmark_min_time=0.2
// Items are expansions (or parses, matches): ns per item is the time per call.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <fstream>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "urix/template.h"

namespace {

using urix::template_value;
using urix::template_variables;
using urix::uri_template;

constexpr const char* api_text =
    "https://api.example.com/repos/{owner}/{repo}/issues{?state,labels*,per_page}";

template_variables api_vars() {
  template_variables v;
  v.set("owner", "urix-project");
  v.set("repo", "urix");
  v.set("state", "open");
  v.set("labels", template_value::list{"bug", "good first issue"});
  v.set("per_page", "100");
  return v;
}

struct rfc_case {
  uri_template t;
  const template_variables* vars;
};

// Every case of the RFC's examples that expands (the suite's false cases are parse errors).
const std::vector<rfc_case>& rfc_cases() {
  static std::vector<template_variables> groups;
  static std::vector<rfc_case> cases = [] {
    std::vector<rfc_case> out;
    std::vector<std::pair<std::size_t, std::string>> texts;
    for (const char* file : {"spec-examples.json", "spec-examples-by-section.json"}) {
      const char* env = std::getenv("URIX_TESTDATA");  // as the other suites read it
      std::ifstream in(std::string(env != nullptr ? env : URIX_TESTDATA) + "/uritemplate/" + file);
      if (!in) throw std::runtime_error(std::string("cannot open uritemplate/") + file);
      const auto suite = nlohmann::ordered_json::parse(in);
      for (const auto& [name, body] : suite.items()) {
        template_variables vars;
        for (const auto& [k, v] : body["variables"].items()) {
          if (v.is_string()) {
            vars.set(k, v.get<std::string>());
          } else if (v.is_array()) {
            template_value::list l;
            for (const auto& item : v) l.push_back(item.get<std::string>());
            vars.set(k, std::move(l));
          } else if (v.is_object()) {
            template_value::pairs p;
            for (const auto& [pk, pv] : v.items()) p.emplace_back(pk, pv.get<std::string>());
            vars.set(k, std::move(p));
          }
        }
        groups.push_back(std::move(vars));
        for (const auto& tc : body["testcases"]) texts.emplace_back(groups.size() - 1, tc[0].get<std::string>());
      }
    }
    for (const auto& [group, text] : texts) {
      if (auto t = uri_template::parse(text)) out.push_back({std::move(*t), &groups[group]});
    }
    return out;
  }();
  return cases;
}

void BM_ExpandRfcExamples(benchmark::State& state) {
  const auto& cases = rfc_cases();
  std::size_t bytes = 0;
  for (auto _ : state) {
    for (const rfc_case& c : cases) {
      std::string s = c.t.expand(*c.vars);
      bytes += s.size();
      benchmark::DoNotOptimize(s);
    }
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(cases.size()));
  state.SetBytesProcessed(static_cast<std::int64_t>(bytes));
}
BENCHMARK(BM_ExpandRfcExamples);

void BM_ExpandApi(benchmark::State& state) {
  const uri_template t = *uri_template::parse(api_text);
  const template_variables v = api_vars();
  for (auto _ : state) {
    std::string s = t.expand(v);
    benchmark::DoNotOptimize(s);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(BM_ExpandApi);

// Expands `t` with `values` into one string, reused: no allocation at all once it has grown.
template <class Values>
void expand_reused(benchmark::State& state, const uri_template& t, const Values& values) {
  std::string s;
  for (auto _ : state) {
    s.clear();
    t.expand_append(s, values);
    benchmark::DoNotOptimize(s);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}

// The same with the output string reused.
void BM_ExpandApiAppend(benchmark::State& state) {
  expand_reused(state, *uri_template::parse(api_text), api_vars());
}
BENCHMARK(BM_ExpandApiAppend);

// The same with the values borrowed and given by variable index (what the Python binding
// does): no lookup by name, no copy.
void BM_ExpandApiByIndex(benchmark::State& state) {
  const uri_template t = *uri_template::parse(api_text);
  const std::string_view labels[] = {"bug", "good first issue"};
  // variable_names(): owner, repo, state, labels, per_page
  const urix::template_value_view values[] = {"urix-project", "urix", "open",
                                              urix::template_value_view::list(labels), "100"};
  if (t.expand(values) != t.expand(api_vars())) {
    state.SkipWithError("the values by index do not expand as api_vars() do");
    return;
  }
  expand_reused(state, t, std::span<const urix::template_value_view>(values));
}
BENCHMARK(BM_ExpandApiByIndex);

void BM_ParseApi(benchmark::State& state) {
  for (auto _ : state) {
    auto t = uri_template::parse(api_text);
    benchmark::DoNotOptimize(t);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(BM_ParseApi);

void BM_MatchApi(benchmark::State& state) {
  const uri_template t = *uri_template::parse(api_text);
  const std::string uri = t.expand(api_vars());
  for (auto _ : state) {
    auto m = t.match(uri);
    benchmark::DoNotOptimize(m);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(BM_MatchApi);

void BM_VariablesFromJson(benchmark::State& state) {
  const std::string json =
      R"({"owner": "urix-project", "repo": "urix", "state": "open", "labels": ["bug", "good first issue"], "per_page": 100})";
  for (auto _ : state) {
    auto v = template_variables::from_json(json);
    benchmark::DoNotOptimize(v);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(BM_VariablesFromJson);

}  // namespace

BENCHMARK_MAIN();
