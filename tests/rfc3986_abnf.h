// SPDX-License-Identifier: Apache-2.0 OR MIT
// tests/rfc3986_abnf.h: a recognizer for URI-reference written straight from the ABNF of
// RFC 3986 Appendix A, one function per rule, for differential tests of urix's parser
// (tests/rfc3986_abnf_test.cpp, fuzz/abnf.cpp).
//
// It is meant to be obviously correct, not fast: every rule returns the set of positions
// where a match starting at a given position can end, so alternatives and repetitions are
// tried in every way (backtracking by enumeration), with no cleverness about which one wins.
// Its cost grows with the cube of the input's length: keep inputs to a few hundred bytes.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rfc3986 {

/// The components of one way to match URI-reference, as written (nothing decoded).
struct components {
  std::optional<std::string> scheme;
  std::optional<std::string> authority;  ///< present iff the reference has "//" authority
  std::optional<std::string> userinfo;
  std::optional<std::string> host;
  std::optional<std::string> port;
  std::string path;
  std::optional<std::string> query;
  std::optional<std::string> fragment;
  /// "reg-name", "ipv4", "ipv6", "ipvfuture", or "" without an authority. RFC 3986 3.2.2:
  /// a host that matches IPv4address is an IPv4 address, not a reg-name (the ABNF lets both
  /// rules match it).
  std::string host_kind;

  friend bool operator==(const components&, const components&) = default;
};

/// Every distinct way `s` matches URI-reference (RFC 3986 4.1): empty when it does not match;
/// more than one entry would mean the components are ambiguous (they never are).
std::vector<components> parse_uri_reference(std::string_view s);

/// Does all of `s` match the rule? matches_uri_reference(s) == !parse_uri_reference(s).empty()
/// checks the component walk against the plain rule.
bool matches_uri_reference(std::string_view s);
bool matches_ipv6address(std::string_view s);
bool matches_ipv4address(std::string_view s);

/// Compares urix's strict parser (urix::parse_uri_reference with its default grammar,
/// syntax::uri) with the recognizer on `s`: "" when they agree on accept/reject and on every
/// component (scheme, authority, userinfo, host, host kind, port, path, query, fragment, and
/// which of them are present), else what differs. urix's documented deviations from
/// Appendix A (docs/differences.md) would be encoded here; it documents none for parsing:
/// it rejects zone IDs and "[IPv4]" as the ABNF does, and checks no port range.
std::string compare_with_urix(std::string_view s);

}  // namespace rfc3986
