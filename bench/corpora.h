// SPDX-License-Identifier: Apache-2.0 OR MIT
// bench/corpora.h: the inputs every benchmark runs on, loaded or generated once.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

namespace urix_bench {

/// One input, whole (a single call) and as short lines (one call each).
struct corpus {
  std::string name;
  std::string whole;               // the entire text, '\n's included
  std::vector<std::string> lines;  // its lines, long ones cut into 20-200 byte pieces
  std::size_t line_bytes = 0;      // sum of the lines' sizes

  void add_line(std::string line);
};

/// The file at `path`, without a leading UTF-8 BOM (not part of the text), ending in '\n'.
std::string read_text(const std::filesystem::path& path);

/// The five corpora of the suite (issue 5), from `testdata` (the shared test data) and a
/// fixed seed; `scale` is the size of each generated one in bytes.
///   real_urls     corpora/{isaacs_files,kasztp,node_files}.txt, BOM stripped
///   multilingual  corpora/multilingual/*.txt (nine scripts of lorem ipsum, UTF-8)
///   ascii_prose   English-like words and punctuation
///   queryish      k=v&k=v with nested URLs, e-mail addresses and reserved characters
///   clean         only unreserved characters: nothing to encode (whole: lines joined
///                 without separators, so the whole buffer is clean too)
std::vector<corpus> load_corpora(const std::string& testdata, std::size_t scale);

/// `c` with every line encoded with RFC 3986 unreserved (what decoding benchmarks decode).
corpus encoded(const corpus& c);

}  // namespace urix_bench
