// Floors (floors.cpp): the packing step of each escape-heavy design alone, as an upper bound
// on what a full kernel of that design can reach on this CPU, and the cheapest call of
// urix's shape, as a bound on the time per call.
#pragma once

#include <vector>

#include "corpora.h"
#include "peers.h"

namespace urix_bench {

/// Registers floor_enc/CORPUS/whole/{compress,lut,triples} over `raw` and
/// floor_dec/CORPUS/whole/compress over `escaped`, when the CPU has AVX-512 VBMI2.
void register_floors(const std::vector<corpus>& raw, const std::vector<corpus>& escaped);

/// The per-call floor (`call_floor` rows, one call per line): a call of urix's buffer-call
/// shape whose AVX-512 kernel only copies its input. Null when the CPU has no AVX-512 BW.
codec_fn call_floor();

}  // namespace urix_bench
