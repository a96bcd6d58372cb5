// SPDX-License-Identifier: Apache-2.0 OR MIT
// bench/uri_peers.h: the URI layer's operations as urix_uri_bench times them, for urix and for
// each peer library built in (uri_peers.cpp).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace urix_bench {

/// One call's input. Every operation reads `text`; equal compares it with `other`; resolve
/// resolves it against bases()[base]; the host step rows convert `host` alone.
struct uri_item {
  std::string text;
  std::string other;
  std::string host;
  std::size_t base = 0;
};

/// One call of one operation: a size derived from the result (so that nothing is optimized
/// away), or -1 when the implementation rejects the input. With `show`, it also writes what
/// it computed in the form the cross-check compares (uri_summary for parse).
using uri_fn = std::ptrdiff_t (*)(const uri_item& in, std::string* show);

/// The operations of the suite (names as in the benchmark names: OP/CORPUS/IMPL).
enum class uri_op { parse, iterate, normalize, equal, resolve, to_uri, to_iri };

struct uri_impl {
  std::string name;
  uri_op op;
  uri_fn fn;
};

/// The peers built into this binary, each with the operations it has: parse, iterate
/// (segments and query parameters, decoded), normalize, equal and resolve for the URI
/// libraries; to_uri and to_iri for the IDNA libraries, which convert the host alone (the
/// host step of the conversion: `icu-host`, `idn2-host`).
std::vector<uri_impl> uri_peers();

/// Parses the bases of the resolve rows once for each peer (outside the timed loops).
/// Call once, before any resolve row runs; `bases` must outlive the run.
void init_uri_peers(const std::vector<std::string>& bases);

/// How the parse cross-check shows a parsed reference: each component, "-" when absent.
/// The host is shown as written, an IP-literal without its brackets (uriparser's form).
inline std::string uri_summary(std::optional<std::string_view> scheme, std::optional<std::string_view> host,
                               std::optional<std::string_view> port, std::string_view path,
                               std::optional<std::string_view> query, std::optional<std::string_view> fragment) {
  if (host && host->size() >= 2 && host->front() == '[' && host->back() == ']') host = host->substr(1, host->size() - 2);
  std::string s;
  for (std::optional<std::string_view> part : {scheme, host, port, std::optional(path), query, fragment}) {
    if (!s.empty()) s += " | ";
    if (!part) {
      s += '-';
      continue;
    }
    const std::string_view v = *part;
    s += '"';
    s += v;
    s += '"';
  }
  return s;
}

}  // namespace urix_bench
