// SPDX-License-Identifier: Apache-2.0 OR MIT
// bench/uri_bench.cpp: urix's URI layer against its peers, one call per URL (issue 30).
//
// Benchmarks are named OP/CORPUS/IMPL:
//   OP      parse      parse_uri_reference (all lines: rejecting is part of the job)
//           iterate    parse, then every path segment and query parameter, decoded
//           normalize  parse + normalize + write (RFC 3986 6.2.2, 6.2.3)
//           equal      parse both + compare normal forms (6.2.1)
//           resolve    parse the reference + resolve against a parsed base + write (5.2)
//           to_uri     iri_to_uri (RFC 3987 3.1), to_iri  uri_to_iri (3.2)
//   CORPUS  kasztp, isaacs, node   the real URL lists of ../shared/testdata/corpora
//           rfc3986                resolve: the 42 references of RFC 3986 5.4
//           idn                    to_uri: IRIs built from corpora/multilingual;
//                                  to_iri: their URIs (xn-- hosts, escaped paths)
//   IMPL    urix; the peers (uri_peers.h); floor (reads every byte, one table lookup
//           each: the least a byte-by-byte grammar check does); copy (the line copied into
//           a std::string: what returning a string costs at least)
// How the corpora are built is in docs/performance.md ("The URI layer"). Before timing, every
// peer is run on every input and compared with urix (accepted inputs, a sample of outputs):
// differences are printed as notes on stderr (URIX_BENCH_CHECK=0 skips this).
// bench/report.py turns the JSON output into the URI tables of docs/performance.md.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <unicode/uchar.h>
#include <unicode/utf8.h>
#include <vector>

#include "corpora.h"
#include "uri_peers.h"
#include "urix/iri.h"
#include "urix/normalize.h"
#include "urix/resolve.h"
#include "urix/uri.h"

namespace urix_bench {
namespace {

// ---- urix -------------------------------------------------------------------------------------

std::vector<std::string> bases;             // of the resolve rows, shared by every implementation
std::vector<urix::uri_view> urix_bases;     // views into `bases`

std::ptrdiff_t urix_parse(const uri_item& in, std::string* show) {
  auto u = urix::parse_uri_reference(in.text);
  if (!u) return -1;
  if (show) *show = uri_summary(u->scheme, u->host, u->port, u->path, u->query, u->fragment);
  return static_cast<std::ptrdiff_t>(u->path.size());
}

std::ptrdiff_t urix_iterate(const uri_item& in, std::string* show) {
  auto u = urix::parse_uri_reference(in.text);
  if (!u) return -1;
  std::ptrdiff_t n = 0;
  for (urix::path_segment s : u->segments()) {
    const std::string d = s.decode();
    n += static_cast<std::ptrdiff_t>(d.size());
    if (show) *show += d + "/";
  }
  for (urix::query_param p : u->params()) {
    const std::string k = p.decode_key(), v = p.decode_value();
    n += static_cast<std::ptrdiff_t>(k.size() + v.size());
    if (show) *show += "&" + k + "=" + v;
  }
  return n;
}

// Returns the result's size, or -1, and shows the result.
std::ptrdiff_t string_result(const urix::result<std::string>& r, std::string* show) {
  if (!r) return -1;
  if (show) *show = *r;
  return static_cast<std::ptrdiff_t>(r->size());
}

std::ptrdiff_t urix_normalize(const uri_item& in, std::string* show) { return string_result(urix::normalize(in.text), show); }

std::ptrdiff_t urix_equal(const uri_item& in, std::string* show) {
  auto same = urix::equal(in.text, in.other);
  if (!same) return -1;
  if (show) *show = *same ? "equal" : "different";
  return *same ? 1 : 0;
}

std::ptrdiff_t urix_resolve(const uri_item& in, std::string* show) {
  auto ref = urix::parse_uri_reference(in.text);
  if (!ref) return -1;
  const std::string target = urix::resolve(urix_bases[in.base], *ref);
  if (show) *show = target;
  return static_cast<std::ptrdiff_t>(target.size());
}

std::ptrdiff_t urix_to_uri(const uri_item& in, std::string* show) { return string_result(urix::iri_to_uri(in.text), show); }
std::ptrdiff_t urix_to_iri(const uri_item& in, std::string* show) { return string_result(urix::uri_to_iri(in.text), show); }

// ---- The limits -------------------------------------------------------------------------------

// Reads every byte with one table lookup each, as a byte-by-byte grammar check does at least
// (a lookup per byte does not vectorize at this build's -march, nor does a grammar).
constexpr std::array<unsigned char, 256> printable = [] {
  std::array<unsigned char, 256> t{};
  for (int c = 0x21; c < 0x7F; ++c) t[static_cast<std::size_t>(c)] = 1;
  return t;
}();

[[gnu::noinline]] std::ptrdiff_t read_floor(const uri_item& in, std::string*) {
  unsigned all = 1;
  for (const char c : in.text) all &= printable[static_cast<unsigned char>(c)];
  return all;
}

std::ptrdiff_t copy_line(const uri_item& in, std::string*) {
  std::string s(in.text);
  benchmark::DoNotOptimize(s.data());
  return static_cast<std::ptrdiff_t>(s.size());
}

// ---- Corpora ------------------------------------------------------------------------------------

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::string_view rest = text;  // ends in '\n' (read_text)
  while (!rest.empty()) {
    const std::size_t nl = rest.find('\n');
    lines.emplace_back(rest.substr(0, nl));
    rest.remove_prefix(nl + 1);
  }
  return lines;
}

std::string host_of(std::string_view uri, urix::syntax grammar) {
  auto u = urix::parse_uri_reference(uri, grammar);
  return u && u->host_kind == urix::host_type::reg_name ? std::string(*u->host) : std::string();
}

// The last `n` segments of `path` (all of it when it has fewer).
std::string last_segments(std::string_view path, int n) {
  std::size_t start = path.size();
  for (int i = 0; i < n; ++i) {
    const std::size_t slash = start == 0 ? std::string_view::npos : path.rfind('/', start - 1);
    if (slash == std::string_view::npos) return std::string(path);
    start = slash;
  }
  return std::string(path.substr(start + 1));
}

// A relative reference made from the path (and query) of another URL of the list, in one of
// eight forms, chosen by its position: what a page's links look like.
std::string relative_reference(const urix::uri_view& u, std::size_t i) {
  const std::string_view path = u.path;
  const std::string query = u.query ? "?" + std::string(*u.query) : "";
  const std::string rootless(path.starts_with('/') ? path.substr(1) : path);
  switch (i % 8) {
    case 0: return (rootless.empty() ? "." : rootless) + query;             // a/b/c?q
    case 1: return "../" + rootless + query;                                // ../a/b/c?q
    case 2: return "./" + last_segments(path, 1);                           // ./c
    case 3: return (path.empty() ? "/" : std::string(path)) + query;        // /a/b/c?q
    case 4: return "//" + std::string(u.authority.value_or("")) + std::string(path);  // //host/a/b
    case 5: return query.empty() ? "?page=2" : query;                       // ?q
    case 6: return "#" + std::string(u.fragment.value_or("section-2"));     // #f
    default: return "../../" + last_segments(path, 2) + query;              // ../../b/c?q
  }
}

struct uri_corpus {
  std::string name;
  std::vector<uri_item> items;
};

using suite = std::map<uri_op, std::vector<uri_corpus>>;

// Every 16th valid URL with a scheme is a base; the next 15 valid URLs give the references
// resolved against it (relative_reference).
std::vector<uri_item> resolve_items(const std::vector<std::string>& valid) {
  std::vector<uri_item> items;
  std::size_t base = 0;
  for (std::size_t i = 0; i < valid.size(); ++i) {
    auto u = urix::parse_uri_reference(valid[i]);
    if (i % 16 == 0 && u->scheme) {
      base = bases.size();
      bases.push_back(valid[i]);
      continue;
    }
    if (bases.empty()) continue;
    std::string ref = relative_reference(*u, i);
    if (urix::parse_uri_reference(ref)) items.push_back({std::move(ref), "", "", base});
  }
  return items;
}

// Deterministic pairs for equal: the URL and itself with its scheme and host in uppercase
// (equal), and its normal form (equal), and the next URL (mostly different), and itself.
std::vector<uri_item> equal_items(const std::vector<std::string>& valid) {
  std::vector<uri_item> items;
  for (std::size_t i = 0; i < valid.size(); ++i) {
    std::string other = valid[i];
    auto u = urix::parse_uri_reference(valid[i]);
    switch (i % 4) {
      case 0: {
        const std::size_t end = u->host ? static_cast<std::size_t>(u->host->data() - valid[i].data()) + u->host->size()
                                        : u->scheme.value_or("").size();
        std::transform(other.begin(), other.begin() + static_cast<std::ptrdiff_t>(end), other.begin(),
                       [](char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 32) : c; });
        break;
      }
      case 1: other = urix::normalize(*u); break;
      case 2: other = valid[(i + 1) % valid.size()]; break;
      default: break;
    }
    items.push_back({valid[i], std::move(other), "", 0});
  }
  return items;
}

// Words of the multilingual texts: runs without ASCII spaces and punctuation, cut into pieces
// of at most 8 code points, those that hold non-ASCII. Host labels
// need letters (a label may not start with a combining mark): runs of letters, marks and
// digits starting with a letter, at most 12 code points.
struct words {
  std::vector<std::string> any;
  std::vector<std::string> label;
};

words words_of(std::string_view text) {
  words w;
  std::string word, label;
  int label_cps = 0, word_cps = 0;
  auto flush_word = [&] {
    if (std::any_of(word.begin(), word.end(), [](char b) { return (b & 0x80) != 0; })) w.any.push_back(word);
    word.clear();
    word_cps = 0;
  };
  auto flush_label = [&] {
    if (label_cps > 0 && label.size() > static_cast<std::size_t>(label_cps)) w.label.push_back(label);  // non-ASCII
    label.clear();
    label_cps = 0;
  };
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(text.data());
  for (std::size_t i = 0; i < text.size();) {
    UChar32 c;
    const std::size_t start = i;
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wconversion"  // inside ICU's macro
    U8_NEXT(bytes, i, text.size(), c);
#pragma GCC diagnostic pop
    const bool ascii_break = c >= 0 && c < 0x80 && std::isalnum(c) == 0;
    if (c < 0 || ascii_break) {  // c < 0: not UTF-8 (the texts are; a piece ends there anyway)
      flush_word();
      flush_label();
      continue;
    }
    word.append(text.substr(start, i - start));
    if (++word_cps == 8) flush_word();  // scripts written without spaces
    const auto gc = U_GET_GC_MASK(c);
    const bool letter = (gc & U_GC_L_MASK) != 0;
    if ((letter || (label_cps > 0 && (gc & (U_GC_M_MASK | U_GC_ND_MASK)) != 0)) && label_cps < 12) {
      label.append(text.substr(start, i - start));
      ++label_cps;
    } else {
      flush_label();
    }
  }
  return w;
}

// IRIs of every script of corpora/multilingual with a non-ASCII word: two labels of that
// script before ".com", "/" path words, a query and a fragment taken in turn from all scripts.
std::vector<std::string> multilingual_iris(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(dir)) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::vector<words> by_file;
  std::vector<std::string> path_words;
  for (const auto& f : files) by_file.push_back(words_of(read_text(f)));
  for (std::size_t i = 0;; ++i) {  // round robin over the scripts
    bool any = false;
    for (const words& w : by_file)
      if (i < w.any.size()) {
        path_words.push_back(w.any[i]);
        any = true;
      }
    if (!any) break;
  }
  std::vector<std::string> iris;
  std::size_t p = 0;
  auto next_word = [&] { return path_words[p++ % path_words.size()]; };
  for (std::size_t k = 0; k < 2000; ++k)
    for (const words& w : by_file) {
      if (w.label.empty()) continue;
      std::string iri = "https://" + w.label[(2 * k) % w.label.size()] + "." + w.label[(2 * k + 1) % w.label.size()] +
                        ".com/" + next_word() + "/" + next_word() + "?q=" + next_word();
      if (k % 3 == 0) iri.append("#").append(next_word());
      iris.push_back(std::move(iri));
    }
  return iris;
}

suite build_suite(const std::filesystem::path& testdata) {
  suite s;
  const std::filesystem::path dir = testdata / "corpora";
  for (const auto& [name, file] : {std::pair{"kasztp", "kasztp.txt"}, {"isaacs", "isaacs_files.txt"}, {"node", "node_files.txt"}}) {
    std::vector<std::string> lines = lines_of(read_text(dir / file));
    std::vector<uri_item> all;
    std::vector<std::string> valid;
    for (std::string& l : lines) {
      if (urix::parse_uri_reference(l)) valid.push_back(l);
      all.push_back({std::move(l), "", "", 0});
    }
    std::vector<uri_item> valid_items, convert;
    for (const std::string& v : valid) valid_items.push_back({v, "", host_of(v, urix::syntax::uri), 0});
    s[uri_op::parse].push_back({name, std::move(all)});
    s[uri_op::iterate].push_back({name, valid_items});
    s[uri_op::normalize].push_back({name, valid_items});
    s[uri_op::equal].push_back({name, equal_items(valid)});
    s[uri_op::resolve].push_back({name, resolve_items(valid)});
    s[uri_op::to_uri].push_back({name, valid_items});
    s[uri_op::to_iri].push_back({name, std::move(valid_items)});
  }

  // RFC 3986 5.4: each reference against its base.
  std::ifstream f(testdata / "rfc" / "rfc3986_5.4_resolution.json");
  const nlohmann::json rfc = nlohmann::json::parse(f);
  std::vector<uri_item> rfc_items;
  std::vector<std::string> rfc_expected;
  for (const auto& c : rfc["cases"]) {
    const auto base = c["base"].get<std::string>();
    auto at = static_cast<std::size_t>(std::find(bases.begin(), bases.end(), base) - bases.begin());
    if (at == bases.size()) bases.push_back(base);
    rfc_items.push_back({c["reference"].get<std::string>(), "", "", at});
    rfc_expected.push_back(c["expected"].get<std::string>());
  }

  std::vector<uri_item> iris, uris;
  std::size_t rejected = 0;
  for (std::string& iri : multilingual_iris(dir / "multilingual")) {
    auto uri = urix::iri_to_uri(iri);
    if (!uri) {
      ++rejected;
      continue;
    }
    uris.push_back({*uri, "", host_of(*uri, urix::syntax::uri), 0});
    std::string host = host_of(iri, urix::syntax::iri);
    iris.push_back({std::move(iri), "", std::move(host), 0});
  }
  std::cerr << "corpus idn: " << iris.size() << " IRIs from corpora/multilingual (" << rejected
            << " built but rejected by urix's iri_to_uri and left out), e.g. " << (iris.empty() ? "" : iris.front().text) << '\n';
  s[uri_op::to_uri].push_back({"idn", std::move(iris)});
  s[uri_op::to_iri].push_back({"idn", std::move(uris)});
  for (const std::string& b : bases) urix_bases.push_back(*urix::parse_uri(b));
  for (std::size_t i = 0; i < rfc_items.size(); ++i) {
    std::string got;
    urix_resolve(rfc_items[i], &got);
    if (got != rfc_expected[i])
      std::cerr << "note: resolve/rfc3986 urix: " << bases[rfc_items[i].base] << " + " << rfc_items[i].text << " gives " << got
                << ", RFC 3986 5.4 says " << rfc_expected[i] << '\n';
  }
  s[uri_op::resolve].push_back({"rfc3986", std::move(rfc_items)});
  return s;
}

// ---- Implementations and checks ---------------------------------------------------------------

constexpr std::array<std::pair<uri_op, std::string_view>, 7> op_names = {{{uri_op::parse, "parse"},
                                                                           {uri_op::iterate, "iterate"},
                                                                           {uri_op::normalize, "normalize"},
                                                                           {uri_op::equal, "equal"},
                                                                           {uri_op::resolve, "resolve"},
                                                                           {uri_op::to_uri, "to_uri"},
                                                                           {uri_op::to_iri, "to_iri"}}};

std::vector<uri_impl> implementations(uri_op o) {
  constexpr std::array<uri_fn, 7> urix_fns = {urix_parse,   urix_iterate, urix_normalize, urix_equal,
                                              urix_resolve, urix_to_uri,  urix_to_iri};
  std::vector<uri_impl> all = {{"urix", o, urix_fns[static_cast<std::size_t>(o)]}};
  for (uri_impl& p : uri_peers())
    if (p.op == o) all.push_back(std::move(p));
  all.push_back({"floor", o, read_floor});
  all.push_back({"copy", o, copy_line});
  return all;
}

// What a host step row is compared with: the host of urix's whole conversion.
std::string expected_show(uri_op o, const std::string& impl, const std::string& urix_show) {
  if (!impl.ends_with("-host")) return urix_show;
  return host_of(urix_show, o == uri_op::to_iri ? urix::syntax::iri : urix::syntax::uri);
}

void cross_check(std::string_view op, const uri_corpus& c, const std::vector<uri_impl>& impls) {
  const uri_impl& ref = impls.front();
  const std::size_t step = std::max<std::size_t>(1, c.items.size() / 1000);
  std::vector<bool> urix_ok;
  for (const uri_item& it : c.items) urix_ok.push_back(ref.fn(it, nullptr) >= 0);
  const auto urix_accepts = static_cast<std::size_t>(std::count(urix_ok.begin(), urix_ok.end(), true));
  // parse: the lines urix rejects that the RFC 3986 parsers (uriparser, Boost.URL) reject too,
  // and those that every peer rejects (GLib and curl are lenient).
  std::vector<std::size_t> rejected_by_all, rejected_by_rfc_parsers;
  for (std::size_t i = 0; i < c.items.size(); ++i)
    if (!urix_ok[i]) rejected_by_all.push_back(i);
  rejected_by_rfc_parsers = rejected_by_all;
  for (const uri_impl& p : impls) {
    if (p.name == "urix" || p.name == "floor" || p.name == "copy") continue;
    const bool host_step = p.name.ends_with("-host");
    std::size_t considered = 0, accepts = 0, sampled = 0, differ = 0, only_peer = 0, only_urix = 0;
    std::string example;
    for (std::size_t i = 0; i < c.items.size(); ++i) {
      const uri_item& it = c.items[i];
      if (host_step && it.host.empty()) continue;  // no host step
      ++considered;
      const bool ok = p.fn(it, nullptr) >= 0;
      accepts += ok ? 1U : 0U;
      only_peer += ok && !urix_ok[i] ? 1U : 0U;
      only_urix += !ok && urix_ok[i] ? 1U : 0U;
      if (ok) std::erase(rejected_by_all, i);
      if (ok && (p.name == "boost" || p.name == "uriparser")) std::erase(rejected_by_rfc_parsers, i);
      if (!ok || !urix_ok[i] || i % step != 0) continue;
      std::string mine, theirs;
      ref.fn(it, &mine);
      p.fn(it, &theirs);
      ++sampled;
      if (theirs != expected_show(p.op, p.name, mine)) {
        if (differ++ == 0)
          example = "\n    input " + it.text + (it.other.empty() ? "" : " / " + it.other) + "\n    urix  " + mine + "\n    " + p.name +
                    "  " + theirs;
      }
    }
    std::cerr << "check: " << op << '/' << c.name << ' ' << p.name << ": accepts " << accepts << " of "
              << considered << (host_step ? " reg-name hosts" : "") << " (urix " << urix_accepts << "; " << only_peer << " only " << p.name << ", "
              << only_urix << " only urix)";
    if (differ != 0) std::cerr << "; note: differs from urix on " << differ << " of " << sampled << " sampled outputs, e.g." << example;
    std::cerr << '\n';
  }
  if (op == "parse")
    std::cerr << "check: parse/" << c.name << ": " << c.items.size() - urix_accepts << " lines rejected by urix, "
              << rejected_by_rfc_parsers.size() << " of them by uriparser and Boost.URL too, " << rejected_by_all.size()
              << " by every peer\n";
}

void run(benchmark::State& st, const uri_corpus* c, uri_fn fn) {
  std::size_t bytes = 0;
  for (const uri_item& it : c->items) bytes += it.text.size();
  for (auto _ : st)
    for (const uri_item& it : c->items) benchmark::DoNotOptimize(fn(it, nullptr));
  st.SetBytesProcessed(st.iterations() * static_cast<std::int64_t>(bytes));
  st.SetItemsProcessed(st.iterations() * static_cast<std::int64_t>(c->items.size()));
  // A peer that rejects much of a corpus did less work: the report leaves it out of "fastest".
  std::size_t accepted = 0;
  for (const uri_item& it : c->items) accepted += fn(it, nullptr) >= 0 ? 1U : 0U;
  st.counters["accepted"] = static_cast<double>(accepted);
  st.counters["inputs"] = static_cast<double>(c->items.size());
}

}  // namespace
}  // namespace urix_bench

int main(int argc, char** argv) {
  using namespace urix_bench;
  benchmark::Initialize(&argc, argv);
  const char* data = std::getenv("URIX_TESTDATA");
  const char* check = std::getenv("URIX_BENCH_CHECK");
  static const suite s = build_suite(data != nullptr ? data : URIX_TESTDATA);
  init_uri_peers(bases);
  for (const auto& [op, name] : op_names) {
    const std::vector<uri_impl> impls = implementations(op);
    for (const uri_corpus& c : s.at(op)) {
      std::size_t bytes = 0;
      for (const uri_item& it : c.items) bytes += it.text.size();
      std::cerr << "corpus " << name << '/' << c.name << ": " << c.items.size() << " inputs of "
                << (c.items.empty() ? 0 : bytes / c.items.size()) << " bytes on average\n";
      if (check == nullptr || std::string_view(check) != "0") cross_check(name, c, impls);
      for (const uri_impl& i : impls)
        benchmark::RegisterBenchmark((std::string(name) + '/' + c.name + '/' + i.name).c_str(), run, &c, i.fn);
    }
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
