// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix to-path URI... (SPEC section 14): the file path each file: URI names (RFC 8089,
// urix/file_path.h); with --windows as a Windows path. What names no path is rejected with
// the column: "%00", "%2F" inside a segment, another host (POSIX), a query, a relative path.
//
// One input, one record (SPEC 8): a path byte that would end the output record (a "%0A" in
// line mode) is rejected at its escape; -0 or --whole carry it.
#include <CLI/CLI.hpp>
#include <memory>
#include <string_view>

#include "urix/file_path.h"
#include "urix/pct.h"
#include "whole_input.h"

namespace urix::cli {
namespace {

class to_path_processor final : public whole_input_processor {
 public:
  explicit to_path_processor(path_style style) : whole_input_processor(true), style_(style) {}

 private:
  result<void> run(std::string_view in, output& out) override {
    auto path = uri_to_path(in, style_);
    if (!path) return path.error();
    if (find_record_terminator(*this, *path) != std::string_view::npos) {
      // Only an escape can put one there (the URI itself holds none).
      for (std::size_t i = 0; i < in.size() && in[i] != '#'; ++i)
        if (in[i] == '%' && ends_record(escape_at(in, i))) return error{errc::disallowed_char, i};
    }
    out.write(*path);
    return {};
  }

  path_style style_;
};

processor_factory declare(CLI::App& command) {
  auto windows = std::make_shared<bool>(false);
  command.add_flag("--windows", *windows, "Windows paths: drive letters (C:\\a) and UNC (\\\\server\\share\\a)");
  return [windows]() -> std::unique_ptr<processor> {
    return std::make_unique<to_path_processor>(*windows ? path_style::windows : path_style::posix);
  };
}

// Shown under "Examples:" in --help; tests/cli/doc_examples.py runs them.
constexpr std::string_view examples =
    "$ urix to-path 'file:///home/me/a%20b%231.txt' 'file://localhost/etc/hosts'\n"
    "/home/me/a b#1.txt\n"
    "/etc/hosts\n"
    "$ urix to-path --windows 'file://server/share/a%20b' 'file:///C:/x.txt'\n"
    "\\\\server\\share\\a b\n"
    "C:\\x.txt\n";

}  // namespace

const verb to_path_verb{"to-path", "The file path each file: URI names (RFC 8089)", {}, declare, {}, examples};

}  // namespace urix::cli
