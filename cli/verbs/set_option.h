// SPDX-License-Identifier: Apache-2.0 OR MIT
// cli/verbs/set_option.h: the --set NAME and --allow CHARS options that encode and check share.
#pragma once

#include <string>

#include "urix/sets.h"

namespace CLI {
class App;
}

namespace urix::cli {

struct set_option {
  std::string name = "unreserved";
  std::string allow;
};

/// Adds --set and --allow to `command`, stored in `opts`.
void add_set_option(CLI::App& command, set_option& opts);

/// The named set `opts` names, with the --allow characters added to its bytes and what it
/// implies kept (whatwg-form: space as '+'). Throws usage_error for an unknown name (listing
/// the valid ones) or a non-ASCII --allow byte.
[[nodiscard]] sets::named_set resolve_set(const set_option& opts);

}  // namespace urix::cli
