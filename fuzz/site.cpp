// SPDX-License-Identifier: Apache-2.0 OR MIT
// Fuzz target "site": the Public Suffix List reader and lookup (urix/site.h). The input is
// "LIST\n\nHOST": the list's text and a host. Checked:
//   - an error's offset lies within its input;
//   - a host's registrable domain, when it has one, is the public suffix with one more label
//     before it, ends the host's ASCII form (or is it), and has itself as its registrable domain;
//   - the registrable domain has the host's public suffix. (Not "a public suffix is its own
//     public suffix": with rules "a.b.c", "!a.b.c" and "!b.c", that of "a.b.c" is "b.c" and
//     that of "b.c" is "c", as the formal algorithm says.)
#include "urix/site.h"

#include "fuzz.h"
#include "urix/idna.h"
#include "urix/utf8.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  urix::fuzz::reader input(data, size);
  const std::string_view in = input.rest();
  const std::size_t split = in.find("\n\n");
  if (split == std::string_view::npos) return 0;
  const std::string_view text = in.substr(0, split), host = in.substr(split + 2);
  auto list = urix::public_suffix_list::parse(text);
  if (!list) {
    URIX_FUZZ_CHECK(list.error().offset <= text.size());
    return 0;
  }
  auto site = list->registrable_domain(host);
  auto suffix = list->public_suffix(host);
  if (!site) {
    URIX_FUZZ_CHECK(site.error().offset <= host.size());
    URIX_FUZZ_CHECK(!suffix);
    return 0;
  }
  URIX_FUZZ_CHECK(suffix.has_value());
  if (site->empty()) return 0;
  URIX_FUZZ_CHECK(site->size() > suffix->size() && site->ends_with(*suffix));
  URIX_FUZZ_CHECK((*site)[site->size() - suffix->size() - 1] == '.');
  auto again = list->registrable_domain(*site);
  URIX_FUZZ_CHECK(again && *again == *site);
  auto site_suffix = list->public_suffix(*site);
  URIX_FUZZ_CHECK(site_suffix && *site_suffix == *suffix);
  if (urix::is_ascii(host)) {
    std::string lower(host);
    for (char& c : lower) c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    URIX_FUZZ_CHECK(lower.ends_with(*site));
  }
  return 0;
}
