// SPDX-License-Identifier: Apache-2.0 OR MIT
// Loading the shared corpora and generating the synthetic ones (fixed seed: every run and
// every machine benchmarks the same bytes).
#include "corpora.h"

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string_view>

#include "urix/pct.h"
#include "urix/sets.h"

namespace urix_bench {

std::string read_text(const std::filesystem::path& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw std::runtime_error("cannot read " + path.string());
  std::ostringstream s;
  s << f.rdbuf();
  std::string text = s.str();
  if (text.starts_with("\xEF\xBB\xBF")) text.erase(0, 3);  // a BOM is not part of the text
  if (!text.empty() && text.back() != '\n') text += '\n';
  return text;
}

namespace {

// Where a line may be cut: not inside a UTF-8 sequence.
std::size_t cut_point(std::string_view s, std::size_t at) {
  while (at > 0 && at < s.size() && (static_cast<unsigned char>(s[at]) & 0xC0) == 0x80) --at;
  return at;
}

corpus from_text(std::string name, std::string text) {
  corpus c;
  c.name = std::move(name);
  std::mt19937 rng(42);
  std::uniform_int_distribution<std::size_t> piece(20, 200);
  std::string_view rest = text;
  while (!rest.empty()) {
    const std::size_t nl = rest.find('\n');
    std::string_view line = rest.substr(0, nl);
    rest.remove_prefix(nl == std::string_view::npos ? rest.size() : nl + 1);
    // Paragraph-long lines become several calls of typical URL-component size.
    while (line.size() > 200) {
      std::size_t at = cut_point(line, piece(rng));
      if (at == 0) at = line.size();
      c.add_line(std::string(line.substr(0, at)));
      line.remove_prefix(at);
    }
    if (!line.empty()) c.add_line(std::string(line));
  }
  c.whole = std::move(text);
  return c;
}

const std::array<std::string_view, 40> words = {
    "the",   "of",      "and",     "to",     "in",      "is",     "that",     "for",
    "it",    "as",      "was",     "with",   "be",      "by",     "on",       "not",
    "he",    "this",    "are",     "or",     "his",     "from",   "at",       "which",
    "but",   "have",    "an",      "they",   "you",     "were",   "percent",  "encoding",
    "URI",   "Resource", "character", "octet", "reserved", "HTTP", "2024", "component"};

std::string ascii_prose(std::size_t size, std::mt19937& rng) {
  std::uniform_int_distribution<std::size_t> word(0, words.size() - 1);
  std::uniform_int_distribution<std::size_t> line_len(20, 200);
  std::uniform_int_distribution<int> die(0, 19);
  std::string text;
  while (text.size() < size) {
    const std::size_t target = line_len(rng);
    std::string line;
    while (line.size() < target) {
      if (!line.empty()) line += ' ';
      line += words[word(rng)];
      switch (die(rng)) {
        case 0: line += ','; break;
        case 1: line += '.'; break;
        case 2: line += ';'; break;
        case 3: line += " (see"; break;
        case 4: line += '\''; break;
        case 5: line += '!'; break;
        default: break;
      }
    }
    text += line;
    text += '\n';
  }
  return text;
}

std::string queryish(std::size_t size, std::mt19937& rng) {
  static constexpr std::array<std::string_view, 12> keys = {
      "q", "redirect_uri", "email", "page", "filter", "sort", "callback", "utm_source", "next", "lang", "tags", "id"};
  static constexpr std::array<std::string_view, 12> values = {
      "https://example.com/a/b?c=d&e=f#frag", "jane.doe+news@example.org", "42", "price>=10 & price<=20",
      "a,b;c:d", "name asc", "https://cdn.example.net/x.js?v=1.2.3", "newsletter", "/account/settings?tab=2",
      "en-US", "c++ & c#", "[2001:db8::1]:8080"};
  std::uniform_int_distribution<std::size_t> pick(0, keys.size() - 1);
  std::uniform_int_distribution<int> pairs(1, 5);
  std::string text;
  while (text.size() < size) {
    const int n = pairs(rng);
    for (int i = 0; i < n; ++i) {
      if (i != 0) text += '&';
      text += keys[pick(rng)];
      text += '=';
      text += values[pick(rng)];
    }
    text += '\n';
  }
  return text;
}

std::string clean(std::size_t size, std::mt19937& rng) {
  static constexpr std::string_view alphabet =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~";
  std::uniform_int_distribution<std::size_t> pick(0, alphabet.size() - 1);
  std::uniform_int_distribution<std::size_t> line_len(20, 100);
  std::string text;
  while (text.size() < size) {
    for (std::size_t i = line_len(rng); i > 0; --i) text += alphabet[pick(rng)];
    text += '\n';
  }
  return text;
}

}  // namespace

void corpus::add_line(std::string line) {
  line_bytes += line.size();
  lines.push_back(std::move(line));
}

std::vector<corpus> load_corpora(const std::string& testdata, std::size_t scale) {
  const std::filesystem::path dir = std::filesystem::path(testdata) / "corpora";
  std::string urls;
  for (const char* f : {"isaacs_files.txt", "kasztp.txt", "node_files.txt"}) urls += read_text(dir / f);
  std::vector<std::filesystem::path> texts;
  for (const auto& e : std::filesystem::directory_iterator(dir / "multilingual")) texts.push_back(e.path());
  std::sort(texts.begin(), texts.end());
  std::string multilingual;
  for (const auto& f : texts) multilingual += read_text(f);

  std::mt19937 rng(20240601);
  std::vector<corpus> all;
  all.push_back(from_text("real_urls", std::move(urls)));
  all.push_back(from_text("multilingual", std::move(multilingual)));
  all.push_back(from_text("ascii_prose", ascii_prose(scale, rng)));
  all.push_back(from_text("queryish", queryish(scale, rng)));
  all.push_back(from_text("clean", clean(scale, rng)));
  // "Already clean" means the whole buffer too: its lines are joined without the '\n's,
  // which encoding would escape.
  std::string joined;
  for (const std::string& line : all.back().lines) joined += line;
  all.back().whole = std::move(joined);
  return all;
}

corpus encoded(const corpus& c) {
  corpus e;
  e.name = c.name;
  const bool separated = c.whole.find('\n') != std::string::npos;  // as the original is
  for (const std::string& line : c.lines) {
    e.add_line(urix::encode(line, urix::sets::unreserved));
    e.whole += e.lines.back();
    if (separated) e.whole += '\n';
  }
  return e;
}

}  // namespace urix_bench
