// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix/site.h: sites, the registrable domain of a host (eTLD+1) by the Public Suffix List
// (publicsuffix.org, "Formal algorithm"). Part of urix::idna: a list holds IDN rules, and a
// host may come in either form.
//
//   auto list = urix::public_suffix_list::parse(text_of("/usr/share/publicsuffix/public_suffix_list.dat"));
//   *list->registrable_domain("www.example.co.uk")       // "example.co.uk"
//   *list->registrable_domain("WWW.Example.COM.")        // "example.com."
//   *list->registrable_domain("co.uk")                   // "": a public suffix has no site
//   *list->registrable_domain("www.\u98DF\u72EE.\u4E2D\u56FD")  // "\u98DF\u72EE.\u4E2D\u56FD" (UTF-8)
//   *list->registrable_domain("www.xn--85x722f.xn--fiqs8s")    // "xn--85x722f.xn--fiqs8s"
//
// A host is matched in its ASCII form (UTS #46 ToASCII for one that holds non-ASCII, ASCII
// lowercase otherwise) against rules in that form, and the registrable domain is given back
// in the form the host came in: ASCII for ASCII, Unicode (ToUnicode) for Unicode. Rules of
// both sections of the list (ICANN and private) count, as in libpsl. What has no registrable
// domain gives "": an IP address (IPv4 dotted decimal or an IP-literal), a public suffix
// itself, a host with an empty label ("", ".a", "a..b"; the root's aside), one whose
// registrable domain would be an IPv4 address ("x.1.2.3.4" with the rule "2.3.4"). A trailing dot
// (the root) is set aside and kept in the answer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

#include "urix/export.h"
#include "urix/result.h"

namespace urix {

/// Where Debian's `publicsuffix` package puts the list.
inline constexpr std::string_view default_public_suffix_list_path =
    "/usr/share/publicsuffix/public_suffix_list.dat";

/// The rules of a Public Suffix List, ready for lookups.
class URIX_API public_suffix_list {
 public:
  /// Reads the list's text (UTF-8; one rule per line, "//" comments, a rule ends at the first
  /// white space; "*." wildcard and "!" exception rules). Errors, at a byte offset into
  /// `text`: errc::invalid_utf8, or the IDNA error of a rule that has no ASCII form.
  [[nodiscard]] static result<public_suffix_list> parse(std::string_view text);

  /// The registrable domain (public suffix plus one label) of `host`, as described above,
  /// or "" when it has none. Errors: a non-ASCII host that UTS #46 ToASCII rejects, its error
  /// at the byte offset in `host`.
  [[nodiscard]] result<std::string> registrable_domain(std::string_view host) const;

  /// The public suffix of `host` (in the same form as registrable_domain), or "" for an IP
  /// address or a host with an empty label.
  [[nodiscard]] result<std::string> public_suffix(std::string_view host) const;

  /// How many rules the list holds.
  [[nodiscard]] std::size_t size() const noexcept { return rules_; }

 private:
  struct hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
  };
  // Per ASCII name: bit 0 a rule for the name, bit 1 a wildcard rule "*.name", bit 2 an
  // exception rule "!name".
  std::unordered_map<std::string, std::uint8_t, hash, std::equal_to<>> rules_by_name_;
  std::size_t rules_ = 0;

  result<std::string> lookup(std::string_view host, bool registrable) const;
};

}  // namespace urix
