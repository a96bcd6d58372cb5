// Floors (floors.cpp): the packing step of each escape-heavy design alone, as an upper bound
// on what a full kernel of that design can reach on this CPU.
#pragma once

#include <vector>

#include "corpora.h"

namespace urix_bench {

/// Registers floor_enc/CORPUS/whole/{compress,lut,triples} over `raw` and
/// floor_dec/CORPUS/whole/compress over `escaped`, when the CPU has AVX-512 VBMI2.
void register_floors(const std::vector<corpus>& raw, const std::vector<corpus>& escaped);

}  // namespace urix_bench
