// SPDX-License-Identifier: Apache-2.0 OR MIT
// cli/docgen.h: the man page and the shell completions, generated from the command line the CLI
// declares (the CLI11 App that main.cpp builds, which --help prints), so that they cannot drift
// from it: a verb or an option added there appears in all of them. The build runs the hidden
// commands `urix --man DATE` and `urix --completion bash|zsh|fish` (cli/CMakeLists.txt).
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "verb.h"

namespace CLI {
class App;
}

namespace urix::cli {

/// urix(1) in man(7) format: the synopsis, a section per verb with its options, the options
/// every verb has, exit status. `date` goes in the title line.
[[nodiscard]] std::string man_page(const CLI::App& app, std::span<const verb* const> verbs,
                                   std::string_view date);

/// The completion script for `shell` ("bash", "zsh" or "fish"): verbs, options, and the values
/// of options that take one of a list (set names, kernels, --errors formats); "" for another
/// shell.
[[nodiscard]] std::string completion_script(const CLI::App& app, std::span<const verb* const> verbs,
                                            std::string_view shell);

}  // namespace urix::cli
