// SPDX-License-Identifier: Apache-2.0 OR MIT
// bench/peers.h: the libraries urix is measured against, each behind the same signature.
//
// Every function takes NUL-terminated input (a std::string: GLib needs the terminator) and
// `scratch`, a reused buffer of at least 3 * in.size() + 1 bytes, and returns the output size.
// What a peer allocates it also frees, inside the timed call: that is its cost per call.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace urix_bench {

using codec_fn = std::size_t (*)(const std::string& in, char* scratch);

/// One implementation of one operation.
struct peer {
  std::string_view name;
  codec_fn fn;
};

/// The operations of the suite; a peer takes part in those it can do.
enum class op { encode_component, encode_query, decode };

/// The peers built into this binary (CMake finds what is installed) for `o`.
std::vector<peer> peers_for(op o);

/// Creates the handles some peers need (curl); call once before benchmarking.
void init_peers();

}  // namespace urix_bench
