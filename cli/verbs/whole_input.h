// SPDX-License-Identifier: Apache-2.0 OR MIT
// cli/verbs/whole_input.h: the processor shape of the URI and IRI verbs (SPEC sections 6-7).
//
// A URI is parsed as a whole: its components are only known once the input has ended. So
// these verbs consume nothing until the last call; with --whole the input layer then gathers
// all of standard input before the verb sees it (memory grows with the input, unlike the
// streaming codec verbs; URIs are short).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "../verb.h"
#include "urix/result.h"

namespace urix::cli {

/// A processor that handles each input in one piece.
class whole_input_processor : public processor {
 public:
  result<std::size_t> process(std::string_view in, bool last, output& out) final {
    if (!last) return std::size_t{0};  // wait for the rest of the input
    if (auto r = run(in, out); !r) return r.error();
    return in.size();
  }

  /// A block of lines in one call, for a verb that writes one output record per input: the
  /// input layer's work per line is then a search for the separator. A verb may do the same
  /// without run()'s virtual call per line.
  std::optional<std::size_t> process_records(std::string_view records, char separator,
                                             output& out) override {
    if (!writes_a_record_per_input_) return std::nullopt;
    return for_each_record(records, separator, [&](std::string_view record) {
      if (!run(record, out)) return false;
      out.put(separator);
      return true;
    });
  }

 protected:
  /// `writes_a_record_per_input`: run() writes the whole output of each accepted input (the
  /// input layer adds the separator), so blocks of lines can go through process_records.
  explicit whole_input_processor(bool writes_a_record_per_input = false)
      : writes_a_record_per_input_(writes_a_record_per_input) {}

  /// Handles the complete input `in`: writes its result to `out`, or fails with an error
  /// whose offset is into `in` (nothing written).
  virtual result<void> run(std::string_view in, output& out) = 0;

 private:
  bool writes_a_record_per_input_;
};

/// A verb that writes one conversion of each input, `Convert(converted, in, options)`
/// appending to a string it reuses: normalize, to-uri, to-iri.
template <class Options, result<void> (*Convert)(std::string&, std::string_view, Options)>
class converting_processor final : public whole_input_processor {
 public:
  explicit converting_processor(Options opts) : whole_input_processor(true), opts_(opts) {}

 private:
  result<void> run(std::string_view in, output& out) override {
    converted_.clear();
    if (auto r = Convert(converted_, in, opts_); !r) return r.error();
    out.write(converted_);
    // A long line's string goes: kept, it would add to the memory the next writes take.
    if (converted_.capacity() > kept_capacity) std::string().swap(converted_);
    return {};
  }

  static constexpr std::size_t kept_capacity = std::size_t{1} << 16;

  Options opts_;
  std::string converted_;  // reused: no allocation per line
};

}  // namespace urix::cli
