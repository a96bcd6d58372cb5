// SPDX-License-Identifier: Apache-2.0 OR MIT
// The Public Suffix List: its file format and the formal algorithm of publicsuffix.org
// (urix/site.h).
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "../detail/ascii.h"
#include "urix/idna.h"
#include "urix/site.h"
#include "urix/uri.h"
#include "urix/utf8.h"

namespace urix {
namespace {

constexpr std::uint8_t exact_rule = 1, wildcard_rule = 2, exception_rule = 4;

constexpr bool is_space(char c) noexcept { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

// Hosts and rules are matched in ASCII form, as UTS #46 ToASCII writes them; lengths are
// not the list's business (a rule or host may be longer than DNS allows).
constexpr idna_options list_idna = [] {
  idna_options o;
  o.verify_dns_length = false;
  return o;
}();

result<std::string> ascii_form(std::string_view name) {
  if (is_ascii(name)) {
    std::string out(name);
    for (char& c : out) c = detail::ascii_lower(c);
    return out;
  }
  return domain_to_ascii(name, list_idna);
}

// A domain name has no empty label but the root (RFC 1034 3.1): "", ".a", "a..b" and "a."
// (the root set aside already) name no domain. Nor does an IP address: IPv4, or a name with
// '[' or ']', which only delimit an IP-literal (RFC 3986 3.2.2). None has a site.
bool names_no_site(std::string_view name) {
  return name.empty() || name.starts_with('.') || name.ends_with('.') ||
         name.find("..") != std::string_view::npos || name.find_first_of("[]") != std::string_view::npos ||
         is_ipv4address(name);
}

}  // namespace

result<public_suffix_list> public_suffix_list::parse(std::string_view text) {
  if (auto valid = validate_utf8(text); !valid) return valid.error();
  public_suffix_list list;
  for (std::size_t line = 0; line < text.size();) {
    const std::size_t end = std::min(text.find('\n', line), text.size());
    std::size_t b = line;
    while (b < end && is_space(text[b])) ++b;
    std::size_t e = b;
    while (e < end && !is_space(text[e])) ++e;
    std::string_view rule = text.substr(b, e - b);
    line = end + 1;
    if (rule.empty() || rule.starts_with("//")) continue;
    std::uint8_t kind = exact_rule;
    std::size_t at = b;
    if (rule.starts_with('!')) {
      kind = exception_rule;
      rule.remove_prefix(1), ++at;
    } else if (rule.starts_with("*.")) {
      kind = wildcard_rule;
      rule.remove_prefix(2), at += 2;
    }
    auto name = ascii_form(rule);
    if (!name) return error{name.error().code, at + name.error().offset};
    list.rules_by_name_[std::move(*name)] |= kind;
    ++list.rules_;
  }
  return list;
}

result<std::string> public_suffix_list::registrable_domain(std::string_view host) const {
  return lookup(host, true);
}

result<std::string> public_suffix_list::public_suffix(std::string_view host) const {
  return lookup(host, false);
}

result<std::string> public_suffix_list::lookup(std::string_view host, bool registrable) const {
  bool root = host.ends_with('.');
  const std::string_view name = root ? host.substr(0, host.size() - 1) : host;
  if (names_no_site(name)) return std::string();
  const bool unicode = !is_ascii(name);
  auto mapped = ascii_form(name);
  if (!mapped) return mapped.error();
  std::string_view ascii = *mapped;
  if (unicode) {
    // UTS #46 maps three other full stops to '.' (and fullwidth brackets to '[' ']'): the
    // checks above are made again on the labels of the ASCII form. (An ASCII name's form is
    // its lowercase, which they would find the same.)
    if (ascii.ends_with('.')) {
      if (root) return std::string();
      root = true;
      ascii.remove_suffix(1);
    }
    if (names_no_site(ascii)) return std::string();
  }

  // The labels, by where each starts: the suffix from label i is ascii.substr(starts[i]).
  std::vector<std::size_t> starts{0};
  for (std::size_t i = 0; i < ascii.size(); ++i)
    if (ascii[i] == '.') starts.push_back(i + 1);
  const std::size_t n = starts.size();
  std::vector<std::uint8_t> flags(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    const auto it = rules_by_name_.find(ascii.substr(starts[i]));
    if (it != rules_by_name_.end()) flags[i] = it->second;
  }
  // The prevailing rule: an exception rule if one matches (its public suffix drops the
  // exception's leftmost label), else the matching rule with the most labels, else "*".
  std::size_t suffix_labels = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if ((flags[i] & exception_rule) != 0) {
      suffix_labels = n - i - 1;
      break;
    }
    const bool matches = (flags[i] & exact_rule) != 0 || (i + 1 < n && (flags[i + 1] & wildcard_rule) != 0);
    if (matches && suffix_labels == 0) suffix_labels = n - i;
  }
  if (suffix_labels == 0) suffix_labels = 1;
  const std::size_t labels = suffix_labels + (registrable ? 1 : 0);
  if (labels > n) return std::string();
  std::string out(ascii.substr(starts[n - labels]));
  // A site is a domain: never an IPv4 address, even that ending a longer name.
  if (registrable && is_ipv4address(out)) return std::string();
  if (unicode) {
    auto in_unicode = domain_to_unicode(out, list_idna);
    if (!in_unicode) return in_unicode.error();  // cannot fail for ToASCII's own output
    out = std::move(*in_unicode);
  }
  if (root) out += '.';
  return out;
}

}  // namespace urix
