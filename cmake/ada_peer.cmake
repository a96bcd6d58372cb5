# SPDX-License-Identifier: Apache-2.0 OR MIT
# ada, the WHATWG URL parser inside Node, as a peer and never part of urix: compiled from its
# single-file amalgamation (../shared/peers/ada) when it is there, with urix's flags, for the
# URL differential test, the URL fuzz target and the URL benchmark. The object library
# urix_peer_ada carries its header directory to what links it, and is built only for them.
set(URIX_ADA_DIR "${PROJECT_SOURCE_DIR}/../shared/peers/ada" CACHE PATH
    "ada's amalgamation (ada.h, ada.cpp), a peer for the URL differential and benchmarks")
if(EXISTS "${URIX_ADA_DIR}/ada.cpp")
  add_library(urix_peer_ada OBJECT EXCLUDE_FROM_ALL "${URIX_ADA_DIR}/ada.cpp")
  target_compile_features(urix_peer_ada PRIVATE cxx_std_20)
  target_compile_options(urix_peer_ada PRIVATE -w)  # a peer's warnings are not ours
  target_include_directories(urix_peer_ada SYSTEM INTERFACE "${URIX_ADA_DIR}")
endif()
