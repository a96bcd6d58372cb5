// SPDX-License-Identifier: Apache-2.0 OR MIT
// tests/test_util.h: small helpers shared by the library's tests.
//
// - heap_bytes: an exact-size heap copy of an input, so AddressSanitizer reports any read or
//   write one byte past the end (a std::string would hide it behind its terminator and capacity).
// - hex / unhex: readable byte strings in test output and in the JSON vectors' *_hex fields.
// - load_json: a file of the shared test data, found through URIX_TESTDATA (never copied here).
// - real_urls: every line of the shared data's three lists of real URLs.
#pragma once

#include <cstddef>
#include <cstring>
#include <fstream>
#include <memory>
#include <ostream>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "urix/result.h"

namespace urix_test {

/// An exact-size heap copy of some bytes: nothing readable lies past its last byte.
class heap_bytes {
 public:
  explicit heap_bytes(std::string_view s) : size_(s.size()), data_(new char[s.size()]) {
    if (size_ != 0) std::memcpy(data_.get(), s.data(), size_);
  }
  /// A zero-filled exact-size buffer of `n` bytes, for outputs.
  static heap_bytes zeroed(std::size_t n) { return heap_bytes(std::string(n, '\0')); }

  [[nodiscard]] std::string_view view() const noexcept { return {data_.get(), size_}; }
  [[nodiscard]] std::span<char> span() noexcept { return {data_.get(), size_}; }
  [[nodiscard]] std::size_t size() const noexcept { return size_; }

 private:
  std::size_t size_;
  std::unique_ptr<char[]> data_;
};

/// "a\x01" -> "6101": lowercase hex of every byte.
inline std::string hex(std::string_view bytes) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * bytes.size());
  for (char c : bytes) {
    const auto b = static_cast<unsigned char>(c);
    out += digits[b >> 4];
    out += digits[b & 15];
  }
  return out;
}

/// "6101" -> "a\x01" (either hex case; spaces between bytes are ignored).
inline std::string unhex(std::string_view text) {
  auto value = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    throw std::invalid_argument("unhex: not a hex digit");
  };
  std::string out;
  int high = -1;
  for (char c : text) {
    if (c == ' ') continue;
    if (high < 0) {
      high = value(c);
    } else {
      out += static_cast<char>((high << 4) | value(c));
      high = -1;
    }
  }
  if (high >= 0) throw std::invalid_argument("unhex: odd number of digits");
  return out;
}

/// Printable form of bytes for failure messages: ASCII as is, everything else as \xHH.
inline std::string show(std::string_view bytes) {
  std::string out = "\"";
  for (char c : bytes) {
    const auto b = static_cast<unsigned char>(c);
    if (b >= 0x20 && b < 0x7F && c != '\\' && c != '"') {
      out += c;
    } else {
      out += "\\x";
      out += hex(std::string_view(&c, 1));
    }
  }
  return out + "\"";
}

/// The bytes of the file `relative` (e.g. "rfc/charsets.json") of the shared test data.
/// Throws when it is missing, so a test that needs data can never pass without it.
inline std::string read_test_data(const std::string& relative) {
  const std::string path = std::string(URIX_TESTDATA) + "/" + relative;
  std::ifstream file(path, std::ios::binary);
  if (!file) throw std::runtime_error("cannot open test data " + path);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

/// The file `relative` of the shared test data, parsed as JSON.
inline nlohmann::json load_json(const std::string& relative) { return nlohmann::json::parse(read_test_data(relative)); }

/// load_json for WPT's files, which keep lone surrogates as JSON "\uD800" escapes that a
/// JSON parser rejects: each lone one becomes a marker "<lone-surrogate:D800>", which
/// restore_lone_surrogates turns into the 3-byte form UTF-8 forbids (what a JavaScript string
/// holds), so that the case reaches urix as the ill-formed input it is.
inline nlohmann::json load_json_with_lone_surrogates(const std::string& relative) {
  const std::string text = read_test_data(relative);
  auto unit_at = [&](std::size_t i) -> long {
    if (i + 6 > text.size() || text[i] != '\\' || text[i + 1] != 'u') return -1;
    return std::stol(text.substr(i + 2, 4), nullptr, 16);
  };
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    const long u = unit_at(i);
    if (u >= 0xD800 && u <= 0xDBFF) {
      const long next = unit_at(i + 6);
      if (next >= 0xDC00 && next <= 0xDFFF) {
        out.append(text, i, 12);  // a proper pair
        i += 12;
        continue;
      }
    }
    if (u >= 0xD800 && u <= 0xDFFF) {
      out += "<lone-surrogate:" + text.substr(i + 2, 4) + ">";
      i += 6;
      continue;
    }
    if (text[i] == '\\' && i + 1 < text.size()) {
      out.append(text, i, 2);  // keep any other escape whole ("\\\\" must not pair up)
      i += 2;
      continue;
    }
    out += text[i++];
  }
  return nlohmann::json::parse(out);
}

/// A string of load_json_with_lone_surrogates with each marker as the 3-byte form of its
/// surrogate.
inline std::string restore_lone_surrogates(std::string s) {
  for (auto p = s.find("<lone-surrogate:"); p != std::string::npos; p = s.find("<lone-surrogate:")) {
    const auto cp = std::stoul(s.substr(p + 16, 4), nullptr, 16);
    const std::string bytes{static_cast<char>(0xE0 | (cp >> 12)), static_cast<char>(0x80 | ((cp >> 6) & 0x3F)),
                            static_cast<char>(0x80 | (cp & 0x3F))};
    s.replace(p, 21, bytes);
  }
  return s;
}

/// Every line of corpora/kasztp.txt, node_files.txt and isaacs_files.txt (about 97,600 real
/// URLs, a few of them not URI references), as read from the shared test data.
inline std::vector<std::string> real_urls() {
  std::vector<std::string> lines;
  for (const char* name : {"kasztp.txt", "node_files.txt", "isaacs_files.txt"}) {
    const std::string path = std::string(URIX_TESTDATA) + "/corpora/" + name;
    std::ifstream file(path, std::ios::binary);
    if (!file) throw std::runtime_error("cannot open test data " + path);
    for (std::string line; std::getline(file, line);) lines.push_back(line);
  }
  return lines;
}

/// A test case's bytes: field `key` (UTF-8 text), or `key`_hex when the bytes are not UTF-8.
inline std::string bytes_field(const nlohmann::json& c, const std::string& key) {
  if (c.contains(key + "_hex")) return unhex(c.at(key + "_hex").get<std::string>());
  return c.at(key).get<std::string>();
}

}  // namespace urix_test

namespace urix {
// GoogleTest prints these in failure messages (found by argument-dependent lookup).
inline std::ostream& operator<<(std::ostream& os, errc code) {
  return os << message(code) << " (" << static_cast<int>(code) << ")";
}
inline std::ostream& operator<<(std::ostream& os, const error& e) {
  return os << "{" << e.code << " at byte " << e.offset << "}";
}
}  // namespace urix
