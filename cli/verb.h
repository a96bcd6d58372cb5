// SPDX-License-Identifier: Apache-2.0 OR MIT
// cli/verb.h: what a verb of the `urix` CLI is (see the overview at the top of cli/main.cpp).
//
// A verb turns one input into one output. The input may arrive whole (a STRING argument, a
// line of stdin) or in chunks (--whole streams stdin in constant memory), so a verb is written
// as a processor that consumes a prefix of what it is given and may leave a short tail for
// the next call. Errors are urix::error, with the offset of the offending byte in the input
// given to that call; the input layer turns it into an absolute column and a caret.
#pragma once

#include <string.h>

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "output.h"
#include "verb_list.h"  // generated: URIX_CLI_VERBS
#include "urix/result.h"

namespace CLI {
class App;
}

namespace urix::cli {

/// The work of one verb on one input.
class processor {
 public:
  processor() = default;
  processor(const processor&) = delete;
  processor& operator=(const processor&) = delete;
  virtual ~processor() = default;

  /// Processes a prefix of `in`, writes its result to `out` and returns the prefix's length.
  /// The bytes not consumed come back at the start of `in` on the next call, followed by more
  /// input. When `last` is true, `in` ends the input and all of it must be consumed. Without
  /// `last`, a processor should consume all but a few bytes (what it needs to see more of,
  /// such as a '%' whose hex digits are in the next chunk), or the input layer has to buffer.
  /// On failure, the error offset is relative to `in`.
  virtual result<std::size_t> process(std::string_view in, bool last, output& out) = 0;

  /// Line and -0 modes: processes `records`, several whole records each ending in
  /// `separator`, writing what process() would write for each record alone with the separator
  /// after it, and returns how many records there were (the input layer numbers the lines
  /// with it). Returns nullopt if it cannot (the default) or if it rejects one of the records;
  /// the input layer then drops what was written and gives the records to process() one by
  /// one, which reports the error. A verb whose work is byte by byte (encode, decode, check)
  /// does a whole block in one call here, instead of a call per line, and counts the records
  /// with count_records.
  virtual std::optional<std::size_t> process_records(std::string_view records, char separator,
                                                     output& out) {
    (void)records, (void)separator, (void)out;
    return std::nullopt;
  }

  /// Called once after the last input, when every input was accepted; returns the exit
  /// status (0 or 1). A verb that compares its inputs (equal) decides and writes here; it may
  /// throw usage_error (e.g. the wrong number of inputs).
  virtual int finish(output& out) {
    (void)out;
    return 0;
  }

  /// True for a verb that rejects an input, if at all, before it writes any of its output
  /// (parse reads the whole reference first). The input layer then need not hold an input's
  /// output back until it is accepted, and the output of one long line streams out.
  bool decides_before_output = false;

  /// The bytes that end an output record in this run: "\n", NUL with -0, "\r\n" with
  /// --crlf, none with --whole (set before the first input). A verb that writes decoded bytes
  /// (decode, get) rejects an input that would write one, at the escape it comes from: one
  /// input, one record (SPEC 8), and no line forged by a "%0A" in a log.
  std::string_view record_terminators = "\n";

  /// Whether a decoded byte reads as ASCII: false where bytes are read in a legacy charset
  /// (decode --charset), in which 0x25 may be a line feed (EBCDIC), not '%'. Error messages
  /// then name an escape's byte by its value alone.
  bool escapes_read_as_ascii = true;

  /// Does `byte` (as escape_at gives it: -1 for none) end an output record in this run?
  [[nodiscard]] bool ends_record(int byte) const noexcept {
    return byte >= 0 && record_terminators.find(static_cast<char>(byte)) != std::string_view::npos;
  }
};

/// Calls `each` with every record of `records` (whole records, each ending in `separator`)
/// without its separator, in order, until `each` returns false. Returns the number of records
/// if it never did, else nullopt.
template <class F>
std::optional<std::size_t> for_each_record(std::string_view records, char separator, F&& each) {
  const char* at = records.data();
  const char* const end = at + records.size();
  std::size_t count = 0;
  while (at != end) {
    // The last record ends in `separator` too: the search needs no bound (rawmemchr, GNU).
    const auto* stop = static_cast<const char*>(::rawmemchr(at, separator));
    if (!each(std::string_view(at, static_cast<std::size_t>(stop - at)))) return std::nullopt;
    at = stop + 1;
    ++count;
  }
  return count;
}

/// How many records `records` holds (whole records, each ending in `separator`): for a verb
/// whose process_records does not go record by record.
[[nodiscard]] std::size_t count_records(std::string_view records, char separator) noexcept;

/// The first byte of `decoded` that ends a record in `p`'s run, or npos.
[[nodiscard]] inline std::size_t find_record_terminator(const processor& p,
                                                        std::string_view decoded) noexcept {
  return p.record_terminators.empty() ? std::string_view::npos
                                      : decoded.find_first_of(p.record_terminators);
}

/// How the input layer treats a verb's results.
struct verb_traits {
  /// Report every rejected input and go on (check); otherwise stop at the first error.
  bool keep_going = false;
  /// Write a separator after each input's output (false for verbs that only report, like check).
  bool writes_output = true;
  /// The exit status when an input is rejected: 1, or 2 for a verb whose 1 means something
  /// else (equal: "not equal"), so that a script never reads "malformed" as an answer.
  int rejected_status = 1;
  /// The verb compares two inputs (equal): --whole, which gives one, is a usage error.
  bool takes_two_inputs = false;
};

/// Called after the command line has been parsed: validates the verb's options (throwing
/// usage_error) and makes its processor.
using processor_factory = std::function<std::unique_ptr<processor>()>;

/// An option whose value is optional, as in `decode --utf8` and `decode --utf8=replace`.
/// CLI11 2.1 cannot give a flag an optional value without the flag swallowing the next
/// argument as that value, so the CLI rewrites the spelled form (before any "--") to a hidden
/// flag of its own before parsing.
struct optional_value {
  std::string_view written;  // "--utf8=replace"
  std::string_view flag;     // "--utf8-replace", declared by the verb, hidden from --help
};

/// A verb: its name, a one-line summary for --help, `declare`, which adds the verb's own
/// options to its CLI11 subcommand and returns the factory that reads them after parsing, the
/// spelled forms of its options with an optional value, and examples.
struct verb {
  const char* name;
  const char* summary;
  verb_traits traits;
  processor_factory (*declare)(CLI::App& command);
  std::span<const optional_value> optional_values = {};
  /// Examples for --help: lines "$ urix ..." each followed by what it prints (the doc tests
  /// run them, tests/cli/doc_examples.py --verb-help).
  std::string_view examples = {};
};

/// A wrong command line (unknown set, conflicting options, ...): the CLI exits with 2.
class usage_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// An input given in an option rather than as a STRING (resolve's BASE) was rejected. Thrown
/// by a factory; the CLI reports it like any rejected input (column and caret) and exits with 1.
class rejected_input : public std::runtime_error {
 public:
  rejected_input(std::string text, urix::error err)
      : std::runtime_error("rejected input"), input(std::move(text)), failure(err) {}
  std::string input;
  urix::error failure;
};

// The verbs this build has (files in cli/verbs/), from the list in cli/CMakeLists.txt.
#define URIX_CLI_DECLARE_VERB(name) extern const verb name##_verb;
URIX_CLI_VERBS(URIX_CLI_DECLARE_VERB)
#undef URIX_CLI_DECLARE_VERB

}  // namespace urix::cli
