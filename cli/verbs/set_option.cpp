// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "set_option.h"

#include <CLI/CLI.hpp>
#include <string_view>
#include <vector>

#include "../suggest.h"
#include "../verb.h"
#include "urix/sets.h"

namespace urix::cli {

void add_set_option(CLI::App& command, set_option& opts) {
  std::string names;
  for (const auto& s : sets::named_sets) (names += names.empty() ? "" : ", ") += s.name;
  command.add_option("--set", opts.name, "The allowed set (default: unreserved); one of: " + names)
      ->type_name("NAME");
  command.add_option("--allow", opts.allow, "Add these ASCII characters to the set")
      ->type_name("CHARS");
}

sets::named_set resolve_set(const set_option& opts) {
  auto resolved = resolve_named_set(opts.name, opts.allow);
  if (resolved) return *resolved;
  if (resolved.error().code != errc::unknown_set)
    throw usage_error("--allow takes ASCII characters only (bytes >= 0x80 are always encoded)");
  std::vector<std::string_view> names;
  for (const auto& s : sets::named_sets) names.push_back(s.name);
  const std::string hint = did_you_mean(opts.name, names);
  std::string msg = "unknown set '" + opts.name + "'" + (hint.empty() ? ";" : hint) + " valid sets are:";
  for (std::string_view n : names) (msg += ' ') += n;
  throw usage_error(msg);
}

}  // namespace urix::cli
