// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix from-path PATH... (SPEC section 14): the file: URI of each absolute path (RFC 8089,
// urix/file_path.h). POSIX paths are bytes: those that are not UTF-8 become escapes. With
// --windows, drive-letter and UNC paths ("\\server\share\a" -> "file://server/share/a").
// A file name may hold a newline: -0 reads such names (find -print0).
#include <CLI/CLI.hpp>
#include <memory>
#include <string_view>

#include "urix/file_path.h"
#include "whole_input.h"

namespace urix::cli {
namespace {

class from_path_processor final : public whole_input_processor {
 public:
  explicit from_path_processor(path_style style) : whole_input_processor(true), style_(style) {}

 private:
  result<void> run(std::string_view in, output& out) override {
    auto uri = path_to_uri(in, style_);
    if (!uri) return uri.error();
    out.write(*uri);
    return {};
  }

  path_style style_;
};

processor_factory declare(CLI::App& command) {
  auto windows = std::make_shared<bool>(false);
  command.add_flag("--windows", *windows,
                   "Windows paths: drive letters (C:\\a) and UNC (\\\\server\\share\\a), '\\' or '/'");
  return [windows]() -> std::unique_ptr<processor> {
    return std::make_unique<from_path_processor>(*windows ? path_style::windows : path_style::posix);
  };
}

// Shown under "Examples:" in --help; tests/cli/doc_examples.py runs them.
constexpr std::string_view examples =
    "$ urix from-path '/home/me/a b#1.txt'\n"
    "file:///home/me/a%20b%231.txt\n"
    "$ urix from-path --windows 'C:\\Users\\me\\x.txt' '\\\\server\\share\\a'\n"
    "file:///C:/Users/me/x.txt\n"
    "file://server/share/a\n";

}  // namespace

const verb from_path_verb{"from-path", "The file: URI of each absolute file path (RFC 8089)",
                          {},          declare,
                          {},          examples};

}  // namespace urix::cli
