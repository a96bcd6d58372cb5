// SPDX-License-Identifier: Apache-2.0 OR MIT
// cli/input.h: the input modes of SPEC section 8, each feeding a verb's processor.
//
//   arguments  each STRING argument is one input; each output ends in '\n'
//   lines      each line of stdin is one input ('\n' not part of it; a last line without
//              '\n' counts); each output ends in '\n'
//   nul (-0)   the same with NUL instead of '\n', on input and output
//   whole      all of stdin is one input, streamed in chunks: constant memory, binary-safe,
//              nothing added to the output
//
// Input is read with read(2) in large blocks. In line and -0 mode a regular file on stdin (of
// a block or more) is mapped instead, and its blocks are read where they lie; what the file
// gains meanwhile is read after, and a file truncated meanwhile is a read error, exit 2, not a
// SIGBUS (mapped_file.h). In line and -0 mode a verb may take all the whole records of a block
// in one call (processor::process_records, which says how many there were: the line numbers);
// otherwise, or when it rejects the block, the records are run one by one.
// With worker threads, the blocks after the first go to the workers, and this thread reads the
// input and writes their outputs in input order; a block a worker rejects is run record by
// record here, after every earlier block's output. Before a read that would wait, every block in
// flight is written and what is written so far is flushed, so a reader sees each result when the
// input pauses (`tail -f log | urix decode`). Every function returns the exit status of the
// inputs (0 all accepted, 1 one or more rejected) and throws io_error when reading fails. Output
// is left in `out` for the caller to flush.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "output.h"
#include "verb.h"

namespace urix::cli {

/// What the input modes need to know about the verb they run.
struct run_context {
  std::string_view verb;  ///< for error messages
  verb_traits traits;
  processor& proc;
  output& out;
  /// -k: a rejected input gets an empty output record and the run goes on (SPEC 8).
  bool keep_going = false;
  /// --crlf: lines end in "\r\n"; the '\r' is not part of the input, and is written back.
  bool crlf = false;
  /// Line and -0 modes: the worker threads that run blocks of records (1: none, everything
  /// on this thread), each with a processor of its own from `make_processor`.
  unsigned threads = 1;
  processor_factory make_processor = {};
};

/// Runs the verb on each argument.
[[nodiscard]] int run_arguments(const run_context& run, const std::vector<std::string>& inputs);

/// Runs the verb on each record of `fd`, records ending in `separator` ('\n' or '\0').
[[nodiscard]] int run_records(const run_context& run, int fd, char separator);

/// Runs the verb on all of `fd` as one input, streamed in chunks.
[[nodiscard]] int run_whole(const run_context& run, int fd);

}  // namespace urix::cli
