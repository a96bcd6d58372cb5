// SPDX-License-Identifier: Apache-2.0 OR MIT
// Floors (floors.cpp): the packing step of each escape-heavy design alone, as an upper bound
// on what a full kernel of that design can reach on this CPU, and the cheapest call of
// urix's shape, as a bound on the time per call.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "corpora.h"
#include "peers.h"

namespace urix_bench {

/// Registers floor_enc/CORPUS/whole/{compress,lut,triples,stores,third_stores,line_stores}
/// over `raw` and floor_dec/CORPUS/whole/compress over `escaped`, when the CPU has AVX-512
/// VBMI2.
void register_floors(const std::vector<corpus>& raw, const std::vector<corpus>& escaped);

/// The per-call floors (`call_floor` and `call_floor_loop` rows, one call per line): calls of
/// urix's buffer-call shape whose AVX-512 kernel only copies its input, in two ways; the
/// cheaper per corpus is the floor. Empty when the CPU lacks what the floors compile for.
std::vector<std::pair<std::string, codec_fn>> call_floors();

/// The floors for decoding calls, in the call floor's shape: `call_floor_pack`, a kernel that
/// only drops each escape's '%' and second digit (vpcompressb), leaving the output the decoded
/// size but not decoded; `call_floor_hex`, one that also puts each escape's byte in place of
/// its first digit and checks nothing. Empty as above.
std::vector<std::pair<std::string, codec_fn>> decode_call_floors();

}  // namespace urix_bench
