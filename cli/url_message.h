// SPDX-License-Identifier: Apache-2.0 OR MIT
// cli/url_message.h: what a URL Standard verb says of a rejected input. Its error code is
// always errc::invalid_url; which of the standard's validation errors rejected it (its name)
// is written here by the verb's processor right before it returns the error, and read by
// describe() (diagnostics.cpp) when the same thread reports it.
#pragma once

#include <string>

namespace urix::cli {

/// The message for the errc::invalid_url being reported on this thread ("" for the default).
inline thread_local std::string url_message;

}  // namespace urix::cli
