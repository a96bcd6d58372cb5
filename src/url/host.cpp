// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/url/host.cpp: the URL Standard's host parser and host serializer: domains (through
// UTS #46 ToASCII with the standard's flags, urix/idna.h), IPv4 in every form it accepts,
// IPv6 with compression, opaque hosts.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "../detail/ascii.h"
#include "../detail/hex.h"
#include "../detail/host_code_points.h"
#include "../iri/domain.h"
#include "../pct/escape.h"
#include "record.h"
#include "urix/charset.h"
#include "urix/idna.h"
#include "urix/pct.h"
#include "urix/sets.h"
#include "urix/utf8.h"
#include "units.h"

namespace urix::detail::url {
namespace {

bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }

// ---- IPv4 ------------------------------------------------------------------------------

// "IPv4 number parser": the value (saturated above 2^40, which is failure anyway), or -1 for
// failure; `non_decimal` is its validationError.
std::int64_t ipv4_number(std::string_view in, bool& non_decimal) noexcept {
  non_decimal = false;
  if (in.empty()) return -1;
  unsigned radix = 10;
  if (in.size() >= 2 && in[0] == '0' && (in[1] == 'x' || in[1] == 'X')) {
    non_decimal = true;
    in.remove_prefix(2);
    radix = 16;
  } else if (in.size() >= 2 && in[0] == '0') {
    non_decimal = true;
    in.remove_prefix(1);
    radix = 8;
  }
  if (in.empty()) return 0;
  std::int64_t v = 0;
  for (char c : in) {
    const int d = hex_value[static_cast<unsigned char>(c)];
    if (d < 0 || static_cast<unsigned>(d) >= radix) return -1;
    v = v * radix + d;
    if (v > (std::int64_t{1} << 40)) v = std::int64_t{1} << 40;
  }
  return v;
}

// "ends in a number checker" on an ASCII domain.
bool ends_in_a_number(std::string_view in) noexcept {
  if (!in.empty() && in.back() == '.') in.remove_suffix(1);
  const std::size_t dot = in.rfind('.');
  const std::string_view last = dot == std::string_view::npos ? in : in.substr(dot + 1);
  if (last.empty() || !is_digit(last[0])) return false;  // both numbers start with a digit
  if (!last.empty() && last.find_first_not_of("0123456789") == std::string_view::npos) return true;
  bool unused = false;
  return ipv4_number(last, unused) >= 0 && last.size() >= 2 && last[0] == '0' &&
         (last[1] == 'x' || last[1] == 'X');
}

// "IPv4 parser" on an ASCII domain that ends in a number; -1 for failure. `as_written`: the
// domain is the input's host as written (but for case), so a part's offset is its place
// there; otherwise (percent-decoded, or through ToASCII) every finding is at the host's start.
std::int64_t parse_ipv4(std::string_view in, std::size_t at, bool as_written, diagnostics& diag) {
  const auto where = [&](std::size_t offset) { return as_written ? at + offset : at; };
  std::array<std::string_view, 5> parts;
  std::size_t count = 0;
  bool too_many = false;
  for (std::size_t start = 0;;) {
    const std::size_t dot = in.find('.', start);
    const std::string_view part = in.substr(start, dot == std::string_view::npos ? in.npos : dot - start);
    if (count < parts.size()) parts[count] = part; else too_many = true;
    ++count;
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  if (!too_many && parts[count - 1].empty()) {
    diag.add(url_error::ipv4_empty_part, where(in.size() - 1));
    if (count > 1) --count;
  } else if (too_many && in.back() == '.') {
    diag.add(url_error::ipv4_empty_part, where(in.size() - 1));
    --count;
  }
  if (count > 4) {
    diag.fail(url_error::ipv4_too_many_parts, at);
    return -1;
  }
  if (count < 4) diag.add(url_error::ipv4_too_few_parts, at);
  std::array<std::int64_t, 4> numbers{};
  std::size_t offset = 0, first_out_of_range = std::string_view::npos;
  for (std::size_t i = 0; i < count; ++i) {
    bool non_decimal = false;
    numbers[i] = ipv4_number(parts[i], non_decimal);
    if (numbers[i] < 0) {
      diag.fail(url_error::ipv4_non_numeric_part, where(offset));
      return -1;
    }
    if (non_decimal) diag.add(url_error::ipv4_non_decimal_part, where(offset));
    if (numbers[i] > 255 && first_out_of_range == std::string_view::npos) first_out_of_range = offset;
    offset += parts[i].size() + 1;
  }
  if (first_out_of_range != std::string_view::npos) {
    // Any but the last item above 255, or the last one too large for the bytes left: failure.
    bool fails = numbers[count - 1] >= (std::int64_t{1} << (8 * (5 - count)));
    for (std::size_t i = 0; i + 1 < count; ++i) fails = fails || numbers[i] > 255;
    if (fails) {
      diag.fail(url_error::ipv4_out_of_range_part, where(first_out_of_range));
      return -1;
    }
    diag.add(url_error::ipv4_out_of_range_part, where(first_out_of_range));
  }
  std::int64_t ipv4 = numbers[count - 1];
  for (std::size_t i = 0; i + 1 < count; ++i) ipv4 += numbers[i] << (8 * (3 - i));
  return ipv4;
}

// "IPv4 serializer".
void serialize_ipv4(std::uint32_t n, std::string& out) {
  char text[15];  // "255.255.255.255"
  std::size_t k = 0;
  for (int i = 3; i >= 0; --i) {
    const unsigned byte = (n >> (8 * i)) & 0xFFu;
    if (byte >= 100) text[k++] = static_cast<char>('0' + byte / 100);
    if (byte >= 10) text[k++] = static_cast<char>('0' + byte / 10 % 10);
    text[k++] = static_cast<char>('0' + byte % 10);
    if (i != 0) text[k++] = '.';
  }
  out.assign(text, k);
}

// ---- IPv6 ------------------------------------------------------------------------------

// "IPv6 parser" on the text between the brackets.
bool parse_ipv6(std::string_view in, std::size_t at, std::array<std::uint16_t, 8>& address,
                diagnostics& diag) {
  address.fill(0);
  int piece_index = 0;
  int compress = -1;
  std::size_t p = 0;
  const std::size_t n = in.size();
  auto c = [&](std::size_t i) -> int { return i < n ? static_cast<unsigned char>(in[i]) : -1; };
  if (c(p) == ':') {
    if (c(p + 1) != ':') {
      diag.fail(url_error::ipv6_invalid_compression, at + p);
      return false;
    }
    p += 2;
    compress = ++piece_index;
  }
  while (c(p) != -1) {
    if (piece_index == 8) {
      diag.fail(url_error::ipv6_too_many_pieces, at + p);
      return false;
    }
    if (c(p) == ':') {
      if (compress != -1) {
        diag.fail(url_error::ipv6_multiple_compression, at + p);
        return false;
      }
      ++p;
      compress = ++piece_index;
      continue;
    }
    unsigned value = 0;
    std::size_t length = 0;
    const std::size_t piece_at = p;
    while (length < 4 && c(p) != -1 && hex_value[static_cast<unsigned>(c(p))] >= 0) {
      value = value * 16 + static_cast<unsigned>(hex_value[static_cast<unsigned>(c(p))]);
      ++p;
      ++length;
    }
    if (c(p) == '.') {
      if (length == 0) {
        diag.fail(url_error::ipv4_in_ipv6_invalid_code_point, at + p);
        return false;
      }
      p -= length;
      if (piece_index > 6) {
        diag.fail(url_error::ipv4_in_ipv6_too_many_pieces, at + p);
        return false;
      }
      int numbers_seen = 0;
      while (c(p) != -1) {
        int ipv4_piece = -1;
        if (numbers_seen > 0) {
          if (c(p) == '.' && numbers_seen < 4) {
            ++p;
          } else {
            diag.fail(url_error::ipv4_in_ipv6_invalid_code_point, at + p);
            return false;
          }
        }
        if (c(p) == -1 || !is_digit(static_cast<char>(c(p)))) {
          diag.fail(url_error::ipv4_in_ipv6_invalid_code_point, at + p);
          return false;
        }
        while (c(p) != -1 && is_digit(static_cast<char>(c(p)))) {
          const int number = c(p) - '0';
          if (ipv4_piece == -1) {
            ipv4_piece = number;
          } else if (ipv4_piece == 0) {
            diag.fail(url_error::ipv4_in_ipv6_invalid_code_point, at + p);
            return false;
          } else {
            ipv4_piece = ipv4_piece * 10 + number;
          }
          if (ipv4_piece > 255) {
            diag.fail(url_error::ipv4_in_ipv6_out_of_range_part, at + p);
            return false;
          }
          ++p;
        }
        address[static_cast<std::size_t>(piece_index)] =
            static_cast<std::uint16_t>(address[static_cast<std::size_t>(piece_index)] * 0x100 + ipv4_piece);
        ++numbers_seen;
        if (numbers_seen == 2 || numbers_seen == 4) ++piece_index;
      }
      if (numbers_seen != 4) {
        diag.fail(url_error::ipv4_in_ipv6_too_few_parts, at + p);
        return false;
      }
      break;
    }
    if (c(p) == ':') {
      ++p;
      if (c(p) == -1) {
        diag.fail(url_error::ipv6_invalid_code_point, at + p);
        return false;
      }
    } else if (c(p) != -1) {
      diag.fail(url_error::ipv6_invalid_code_point, at + p);
      return false;
    }
    // IPv6-piece-leading-zero: a piece of 2-4 digits whose value fits in fewer.
    if (length > 1 && value < (1u << (4 * (length - 1)))) {
      diag.add(url_error::ipv6_piece_leading_zero, at + piece_at);
    }
    address[static_cast<std::size_t>(piece_index)] = static_cast<std::uint16_t>(value);
    ++piece_index;
  }
  if (compress != -1) {
    int swaps = piece_index - compress;
    piece_index = 7;
    while (piece_index != 0 && swaps > 0) {
      std::swap(address[static_cast<std::size_t>(piece_index)],
                address[static_cast<std::size_t>(compress + swaps - 1)]);
      --piece_index;
      --swaps;
    }
  } else if (piece_index != 8) {
    diag.fail(url_error::ipv6_too_few_pieces, at + n);
    return false;
  }
  return true;
}

// "IPv6 serializer", between brackets (host serializer).
void serialize_ipv6(const std::array<std::uint16_t, 8>& address, std::string& out) {
  // "find the IPv6 address compressed piece index": the first longest run of two or more 0s.
  int longest_index = -1, longest_size = 1, found_index = -1, found_size = 0;
  for (int i = 0; i < 8; ++i) {
    if (address[static_cast<std::size_t>(i)] != 0) {
      if (found_size > longest_size) {
        longest_index = found_index;
        longest_size = found_size;
      }
      found_index = -1;
      found_size = 0;
    } else {
      if (found_index == -1) found_index = i;
      ++found_size;
    }
  }
  if (found_size > longest_size) longest_index = found_index;
  char text[41];  // "[" 8 pieces of up to 4 digits, 7 ':' "]"
  std::size_t k = 0;
  text[k++] = '[';
  bool ignore0 = false;
  for (int i = 0; i < 8; ++i) {
    const std::uint16_t piece = address[static_cast<std::size_t>(i)];
    if (ignore0 && piece == 0) continue;
    ignore0 = false;
    if (longest_index == i) {
      if (i == 0) text[k++] = ':';  // "::" at the start, ":" after a piece
      text[k++] = ':';
      ignore0 = true;
      continue;
    }
    bool leading = true;
    for (int shift = 12; shift >= 0; shift -= 4) {
      const unsigned d = (piece >> shift) & 0xFu;
      if (leading && d == 0 && shift != 0) continue;
      leading = false;
      text[k++] = lower_hex[d];
    }
    if (i != 7) text[k++] = ':';
  }
  text[k++] = ']';
  out.assign(text, k);
}

// ---- Opaque hosts and domains ----------------------------------------------------------

bool forbidden_host(char c) noexcept { return forbidden_host_code_points.contains(c); }
bool forbidden_domain(char c) noexcept { return forbidden_domain_code_points.contains(c); }

// "opaque-host parser"
bool parse_opaque_host(std::string_view in, std::size_t at, std::string& out, diagnostics& diag) {
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (forbidden_host(in[i])) {
      diag.fail(url_error::host_invalid_code_point, at + i);
      return false;
    }
  }
  if (diag.wanted()) check_url_units(in, at, diag);
  out.clear();
  append_encoded(out, in, c0_control_kept);
  return true;
}

// Whether UTS #46 ToASCII with beStrict (CheckHyphens, UseSTD3ASCIIRules, VerifyDnsLength)
// fails on `domain`: the domain-to-ASCII validation error. Only run when errors are wanted.
bool strict_to_ascii_fails(std::string_view domain) {
  return !host_domain_to_ascii(domain, idna_options::uts46_strict());
}

// How many bytes `in` starts with that are printable ASCII other than '%' and the forbidden
// domain code points.
std::size_t plain_domain_bytes(std::string_view in) noexcept {
  static constexpr scan_set plain{charset::range(0x21, 0x7E) - forbidden_domain_code_points};
  std::size_t i = 0;
  while (i < in.size() && plain.contains(in[i])) ++i;
  return i;
}

// Step 8 of the host parser on the ASCII domain `ascii` (which may be `out` itself): one that
// ends in a number is an IPv4 address, or failure; else it is the domain. `as_written` as
// for parse_ipv4.
bool ascii_domain_or_ipv4(std::string_view ascii, std::size_t at, bool as_written, std::string& out,
                          url_host_type& type, diagnostics& diag) {
  if (ends_in_a_number(ascii)) {
    const std::int64_t v = parse_ipv4(ascii, at, as_written, diag);
    if (v < 0) return false;
    serialize_ipv4(static_cast<std::uint32_t>(v), out);
    type = url_host_type::ipv4;
    return true;
  }
  type = url_host_type::domain;
  return true;
}

}  // namespace

bool parse_host(std::string_view input, bool is_opaque, std::size_t at, std::string& out,
                url_host_type& type, diagnostics& diag) {
  // Step 1: "[" ... "]" is an IPv6 address.
  if (!input.empty() && input.front() == '[') {
    if (input.back() != ']' || input.size() < 2) {
      diag.fail(url_error::ipv6_unclosed, at);
      return false;
    }
    std::array<std::uint16_t, 8> address{};
    if (!parse_ipv6(input.substr(1, input.size() - 2), at + 1, address, diag)) return false;
    serialize_ipv6(address, out);
    type = url_host_type::ipv6;
    return true;
  }
  // Step 2: not special: an opaque host.
  if (is_opaque) {
    if (!parse_opaque_host(input, at, out, diag)) return false;
    type = out.empty() ? url_host_type::empty : url_host_type::opaque;
    return true;
  }
  // The commonest domain: printable ASCII without '%' or a forbidden domain code point.
  // Steps 4-7 make it its lowercase (no escape to decode; ASCII, so no ToASCII).
  if (!input.empty() && plain_domain_bytes(input) == input.size() && !diag.wanted()) {
    out.resize(input.size());
    copy_ascii_lower(out.data(), input.data(), input.size());
    return ascii_domain_or_ipv4(out, at, true, out, type, diag);
  }
  // Steps 4-5: percent-decode (into `out`, where the domain's ASCII form goes next), then
  // UTF-8 decode without BOM (U+FFFD never passes the domain parser, so ill-formed UTF-8
  // fails here).
  std::string_view domain = input;
  if (input.find('%') != std::string_view::npos) {
    bool escaped = false;
    for (std::size_t i = 0; i < input.size() && !escaped; ++i) escaped = escape_starting_at(input, i) >= 0;
    if (escaped) {
      diag.add(url_error::domain_percent_encoded, at);
      out.clear();
      (void)decode_append(out, input, {.lenient = true});  // lenient: it cannot fail
      domain = out;
    }
  }
  // Asked now, reported below: the domain may be a view into `out`, which is written next.
  const bool strict_fails = diag.wanted() && strict_to_ascii_fails(domain);
  // "domain parser" with beStrict false; its result is written to `out` (the IPv4 parser
  // reads it there before the address replaces it).
  std::string& ascii = out;
  const bool ascii_domain = is_ascii(domain);
  if (ascii_domain) {
    // An ASCII domain is lowercased, whatever ToASCII says of it (web compatibility).
    if (domain.data() != ascii.data()) ascii.assign(domain);
    ascii_lower_in_place(ascii, 0);
  } else {
    // The cleaned input is valid UTF-8; percent-decoded bytes may not be.
    if (domain.data() != input.data() && !validate_utf8(domain)) {
      diag.fail(url_error::domain_to_ascii, at);
      return false;
    }
    result<std::string> r = host_domain_to_ascii(domain, idna_options::url_standard());
    if (!r) {
      diag.fail(url_error::domain_to_ascii, at);
      return false;
    }
    ascii = std::move(*r);
  }
  if (ascii.empty()) {
    diag.fail(url_error::domain_to_ascii, at);
    return false;
  }
  for (std::size_t i = 0; i < ascii.size(); ++i) {
    if (forbidden_domain(ascii[i])) {
      // Strict ToASCII (UseSTD3ASCIIRules) fails on it too: one domain-to-ASCII, fatal.
      diag.fail(url_error::domain_to_ascii, at);
      return false;
    }
  }
  // "If strictResult is a failure value, domain-to-ASCII validation error" (not a failure).
  if (strict_fails) diag.add(url_error::domain_to_ascii, at);
  return ascii_domain_or_ipv4(ascii, at, ascii_domain && domain.data() == input.data(), out, type, diag);
}

}  // namespace urix::detail::url
