// SPDX-License-Identifier: Apache-2.0 OR MIT
// cli/verbs/whatwg.h: the verbs' URL Standard mode (SPEC 12): what `--whatwg` makes parse,
// normalize, resolve, equal, get, set and check do, and the `explain` verb. Only in a build
// with IDNA (urix/config.h: URIX_HAVE_IDNA), as the URL layer needs it for hosts.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "../verb.h"

namespace urix::cli::whatwg {

/// parse --whatwg: one JSON object per URL, the JavaScript URL's attributes and
/// "validation_errors".
[[nodiscard]] std::unique_ptr<processor> make_parser();
/// normalize --whatwg: the href.
[[nodiscard]] std::unique_ptr<processor> make_normalizer();
/// resolve --whatwg: each input parsed against BASE; throws rejected_input if BASE fails.
[[nodiscard]] std::unique_ptr<processor> make_resolver(const std::string& base);
/// equal --whatwg: the two hrefs are the same.
[[nodiscard]] std::unique_ptr<processor> make_comparer(bool verbose);
/// check --whatwg: rejects a URL that fails to parse; with `strict` also one with a
/// validation error (the first, at its offset).
[[nodiscard]] std::unique_ptr<processor> make_checker(bool strict);
/// get --whatwg FORMAT: placeholders are the JavaScript URL's attribute names ({href},
/// {hostname}, ...), {search:KEY} and {search-all:KEY}; throws usage_error for another.
[[nodiscard]] std::unique_ptr<processor> make_getter(const std::string& format);

/// set --whatwg: the URL API's setters, in the order given, then the search parameters.
struct edits {
  std::vector<std::pair<std::string, std::string>> set;  // attribute, value
  std::vector<std::string> remove_param;
  std::vector<std::pair<std::string, std::string>> append_param;
  bool sort_params = false;
};
/// Throws usage_error for an attribute that has no setter.
[[nodiscard]] std::unique_ptr<processor> make_setter(edits e);

}  // namespace urix::cli::whatwg
