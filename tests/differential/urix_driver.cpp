// SPDX-License-Identifier: Apache-2.0 OR MIT
// tests/differential/urix_driver.cpp: urix behind a line protocol, for differential.py.
//
// One request per line on stdin, one reply per line on stdout, in order:
//   encode:SET[+HEX] FLAGS HEX   encode with the named set (plus the bytes HEX names);
//                                FLAGS: p space_as_plus, l lowercase_hex, k keep_escapes,
//                                u reject input that is not UTF-8 first
//   decode FLAGS HEX             FLAGS: p plus_as_space, n lenient, v then validate_utf8,
//                                r then utf8_replace_invalid
//   check:SET FLAGS HEX          check(in, set)
// FLAGS is "-" for none; HEX is the input's bytes in hex (empty for an empty input).
// Replies: "ok HEX" with the output, or "err CODE OFFSET" (CODE is the errc name; for a
// UTF-8 error after decoding, OFFSET is into the decoded bytes).
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>

#include "urix/pct.h"
#include "urix/sets.h"
#include "urix/utf8.h"

namespace {

std::optional<std::string> from_hex(std::string_view hex) {
  auto digit = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  if (hex.size() % 2 != 0) return std::nullopt;
  std::string out;
  for (std::size_t i = 0; i < hex.size(); i += 2) {
    int hi = digit(hex[i]);
    int lo = digit(hex[i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out += static_cast<char>(hi * 16 + lo);
  }
  return out;
}

std::string to_hex(std::string_view bytes) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  for (char c : bytes) {
    auto b = static_cast<unsigned char>(c);
    out += digits[b >> 4];
    out += digits[b & 15];
  }
  return out;
}

std::string ok(std::string_view bytes) { return "ok " + to_hex(bytes); }
std::string err(urix::error e) {
  return "err " + std::string(urix::name(e.code)) + " " + std::to_string(e.offset);
}

// "NAME" or "NAME+HEX": a named set, plus the bytes HEX spells (Python's safe=).
std::optional<urix::charset> parse_set(std::string_view spec) {
  std::string_view name = spec.substr(0, spec.find('+'));
  const urix::charset* named = urix::find_set(name);
  if (named == nullptr) return std::nullopt;
  if (name.size() == spec.size()) return *named;
  auto extra = from_hex(spec.substr(name.size() + 1));
  if (!extra) return std::nullopt;
  return *named | urix::charset(*extra);
}

std::string run(std::string_view op, std::string_view flags, const std::string& in) {
  auto has = [&](char f) { return flags.find(f) != std::string_view::npos; };
  if (op.starts_with("encode:")) {
    auto set = parse_set(op.substr(7));
    if (!set) return "bad-request unknown set";
    if (has('u'))
      if (auto v = urix::validate_utf8(in); !v) return err(v.error());
    return ok(urix::encode(
        in, *set,
        {.space_as_plus = has('p'), .lowercase_hex = has('l'), .keep_escapes = has('k')}));
  }
  if (op == "decode") {
    auto out = urix::decode(in, {.plus_as_space = has('p'), .lenient = has('n')});
    if (!out) return err(out.error());
    if (has('v'))
      if (auto v = urix::validate_utf8(*out); !v) return err(v.error());
    return ok(has('r') ? urix::utf8_replace_invalid(*out) : *out);
  }
  if (op.starts_with("check:")) {
    auto set = parse_set(op.substr(6));
    if (!set) return "bad-request unknown set";
    auto r = urix::check(in, *set);
    return r ? ok(in) : err(r.error());
  }
  return "bad-request unknown operation";
}

}  // namespace

int main() {
  std::ios::sync_with_stdio(false);
  std::string line;
  std::string reply;
  while (std::getline(std::cin, line)) {
    const std::size_t a = line.find(' ');
    const std::size_t b = a == std::string::npos ? a : line.find(' ', a + 1);
    if (a == std::string::npos) {
      reply = "bad-request missing flags";
    } else {
      std::string_view view(line);
      std::string_view flags = view.substr(a + 1, b == std::string::npos ? b : b - a - 1);
      std::string_view hex = b == std::string::npos ? std::string_view() : view.substr(b + 1);
      auto in = from_hex(hex);
      reply = in ? run(view.substr(0, a), flags, *in) : "bad-request bad hex";
    }
    std::cout << reply << '\n';
  }
  std::cout.flush();
  return std::cout ? 0 : 2;
}
