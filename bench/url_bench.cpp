// SPDX-License-Identifier: Apache-2.0 OR MIT
// bench/url_bench.cpp: the URL Standard's mode (urix/url.h) against ada, the peer compiled in
// the same build with the same flags, one call per URL, on the shared real-URL corpora
// (corpora/kasztp.txt, node_files.txt, isaacs_files.txt), the WPT inputs (urltestdata.json,
// those without a base) and an IDN-host corpus (words of corpora/multilingual/ as hosts).
//
//   parse       a URL with its href ready (urix::parse_url / ada::parse<url_aggregator>)
//   can_parse   urix::can_parse_url / ada::can_parse
//   set_search, set_pathname, set_host   the setter on a parsed URL, once per URL
//   search_params   url_search_params / ada::url_search_params: parse the query, serialize
//
// Counters: items_per_second (URLs) and bytes_per_second (of input).
#include <algorithm>
#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "ada.h"
#include "urix/url.h"

namespace {

struct corpus {
  std::string name;
  std::vector<std::string> urls;
  std::size_t bytes = 0;
};

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void add(corpus& c, std::string url) {
  c.bytes += url.size();
  c.urls.push_back(std::move(url));
}

std::vector<corpus> load(const std::string& testdata) {
  std::vector<corpus> out;
  for (const char* name : {"kasztp", "node_files", "isaacs_files"}) {
    corpus c{name, {}, 0};
    std::string text = slurp(std::filesystem::path(testdata) / "corpora" / (std::string(name) + ".txt"));
    if (text.starts_with("\xEF\xBB\xBF")) text.erase(0, 3);
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
      if (!line.empty()) add(c, line);
    }
    out.push_back(std::move(c));
  }
  // The WPT inputs without a base: a mix of valid and invalid URLs. (Surrogate escapes, which
  // the JSON reader refuses alone, read as U+FFFD: the benchmark needs the mix, not them.)
  {
    corpus c{"wpt", {}, 0};
    std::string text = slurp(std::filesystem::path(testdata) / "wpt" / "urltestdata.json");
    for (std::size_t at = text.find("\\uD"); at != std::string::npos; at = text.find("\\uD", at + 1)) {
      if (at + 5 < text.size() && std::string_view("89ABab").find(text[at + 3]) != std::string_view::npos) {
        text.replace(at + 2, 4, "FFFD");
      }
    }
    for (const auto& t : nlohmann::json::parse(text)) {
      if (t.is_object() && t.at("base").is_null()) add(c, t.at("input").get<std::string>());
    }
    out.push_back(std::move(c));
  }
  // IDN hosts: the words of the multilingual corpora that are not ASCII, each as a host label,
  // taken from the files in turn (in name order) so that every script has its share.
  {
    corpus c{"idn_hosts", {}, 0};
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(testdata) / "corpora" / "multilingual")) {
      files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    std::vector<std::vector<std::string>> words(files.size());
    for (std::size_t f = 0; f < files.size(); ++f) {
      std::istringstream text(slurp(files[f]));
      for (std::string w; text >> w;) {
        while (!w.empty() && std::string_view(".,;:!?()\"'").find(w.back()) != std::string_view::npos) w.pop_back();
        const bool ascii = std::all_of(w.begin(), w.end(), [](char ch) { return static_cast<unsigned char>(ch) < 0x80; });
        if (!ascii) words[f].push_back(w);
      }
    }
    for (std::size_t i = 0; c.urls.size() < 20000; ++i) {
      bool any = false;
      for (std::size_t f = 0; f < files.size() && c.urls.size() < 20000; ++f) {
        if (i >= words[f].size()) continue;
        add(c, "https://" + words[f][i] + ".example/a");
        any = true;
      }
      if (!any) break;
    }
    out.push_back(std::move(c));
  }
  return out;
}

void count(benchmark::State& state, const corpus& c) {
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(c.urls.size()));
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(c.bytes));
}

void urix_parse(benchmark::State& state, const corpus* c) {
  for (auto _ : state) {
    for (const std::string& s : c->urls) {
      auto r = urix::parse_url(s);
      if (r) benchmark::DoNotOptimize(r->href().size());
    }
  }
  count(state, *c);
}

void ada_parse(benchmark::State& state, const corpus* c) {
  for (auto _ : state) {
    for (const std::string& s : c->urls) {
      auto r = ada::parse<ada::url_aggregator>(s);
      if (r) benchmark::DoNotOptimize(r->get_href().size());
    }
  }
  count(state, *c);
}

void urix_can_parse(benchmark::State& state, const corpus* c) {
  for (auto _ : state) {
    for (const std::string& s : c->urls) benchmark::DoNotOptimize(urix::can_parse_url(s));
  }
  count(state, *c);
}

void ada_can_parse(benchmark::State& state, const corpus* c) {
  for (auto _ : state) {
    for (const std::string& s : c->urls) benchmark::DoNotOptimize(ada::can_parse(s));
  }
  count(state, *c);
}

// A setter on each parsed URL: the URLs are parsed once, copied per iteration outside the
// timing.
template <class Url, class Parse, class Set>
void setter(benchmark::State& state, const corpus* c, Parse parse, Set set) {
  std::vector<Url> parsed;
  for (const std::string& s : c->urls) {
    if (auto r = parse(s)) parsed.push_back(*r);
  }
  for (auto _ : state) {
    state.PauseTiming();
    std::vector<Url> work = parsed;
    state.ResumeTiming();
    for (Url& u : work) set(u);
    benchmark::DoNotOptimize(work.data());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(parsed.size()));
}

auto urix_parse_fn = [](const std::string& s) { return urix::parse_url(s); };
auto ada_parse_fn = [](const std::string& s) { return ada::parse<ada::url_aggregator>(s); };

void urix_set_search(benchmark::State& st, const corpus* c) {
  setter<urix::url>(st, c, urix_parse_fn, [](urix::url& u) { (void)u.set_search("?q=a b&x=1"); });
}
void ada_set_search(benchmark::State& st, const corpus* c) {
  setter<ada::url_aggregator>(st, c, ada_parse_fn, [](ada::url_aggregator& u) { u.set_search("?q=a b&x=1"); });
}
void urix_set_pathname(benchmark::State& st, const corpus* c) {
  setter<urix::url>(st, c, urix_parse_fn, [](urix::url& u) { (void)u.set_pathname("/a/./b/../c d"); });
}
void ada_set_pathname(benchmark::State& st, const corpus* c) {
  setter<ada::url_aggregator>(st, c, ada_parse_fn, [](ada::url_aggregator& u) { (void)u.set_pathname("/a/./b/../c d"); });
}
void urix_set_host(benchmark::State& st, const corpus* c) {
  setter<urix::url>(st, c, urix_parse_fn, [](urix::url& u) { (void)u.set_host("Example.ORG:8080"); });
}
void ada_set_host(benchmark::State& st, const corpus* c) {
  setter<ada::url_aggregator>(st, c, ada_parse_fn, [](ada::url_aggregator& u) { (void)u.set_host("Example.ORG:8080"); });
}

void urix_search_params(benchmark::State& state, const corpus* c) {
  for (auto _ : state) {
    for (const std::string& s : c->urls) {
      const std::size_t q = s.find('?');
      if (q == std::string::npos) continue;
      urix::url_search_params p(std::string_view(s).substr(q));
      benchmark::DoNotOptimize(p.to_string().size());
    }
  }
  count(state, *c);
}

void ada_search_params(benchmark::State& state, const corpus* c) {
  for (auto _ : state) {
    for (const std::string& s : c->urls) {
      const std::size_t q = s.find('?');
      if (q == std::string::npos) continue;
      ada::url_search_params p(std::string_view(s).substr(q));
      benchmark::DoNotOptimize(p.to_string().size());
    }
  }
  count(state, *c);
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  const char* env = std::getenv("URIX_TESTDATA");
  static const std::vector<corpus> corpora = load(env != nullptr ? env : URIX_TESTDATA);
  using fn = void (*)(benchmark::State&, const corpus*);
  const std::pair<const char*, fn> runs[] = {
      {"parse/urix", urix_parse},           {"parse/ada", ada_parse},
      {"can_parse/urix", urix_can_parse},   {"can_parse/ada", ada_can_parse},
      {"set_search/urix", urix_set_search}, {"set_search/ada", ada_set_search},
      {"set_pathname/urix", urix_set_pathname}, {"set_pathname/ada", ada_set_pathname},
      {"set_host/urix", urix_set_host},     {"set_host/ada", ada_set_host},
      {"search_params/urix", urix_search_params}, {"search_params/ada", ada_search_params},
  };
  for (const corpus& c : corpora) {
    for (const auto& [name, run] : runs) {
      benchmark::RegisterBenchmark((std::string(name) + "/" + c.name).c_str(), run, &c);
    }
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
}
