// SPDX-License-Identifier: Apache-2.0 OR MIT
// Template variables as JSON text (RFC 8259): what the CLI's --vars-json lines, the C API and
// bulk expansion read. A reader of just the JSON that variables can be: one object of
// strings, arrays of strings and objects of strings (numbers and literals as their text).
#include <string>
#include <string_view>

#include "urix/utf8.h"
#include "urix/template.h"

namespace urix {
namespace {

class json_reader {
 public:
  explicit json_reader(std::string_view in) noexcept : in_(in) {}

  result<template_variables> object_of_values() {
    template_variables vars;
    skip_ws();
    if (!eat('{')) return fail();
    auto read = members('}', [&]() -> result<void> {
      std::string name;
      if (auto r = name_and_colon(name); !r) return r;
      template_value value;
      if (auto r = member_value(value); !r) return r;
      vars.set(name, std::move(value));
      return {};
    });
    if (!read) return read.error();
    skip_ws();
    if (i_ != in_.size()) return fail();
    return vars;
  }

 private:
  error fail() const noexcept { return error{errc::bad_json, i_}; }
  bool eat(char c) noexcept {
    if (i_ < in_.size() && in_[i_] == c) {
      ++i_;
      return true;
    }
    return false;
  }
  // After an array's '[' or an object's '{': members read by `one`, separated by ',' (white
  // space around each), up to `close`.
  template <class One>
  result<void> members(char close, One&& one) {
    skip_ws();
    if (eat(close)) return {};
    while (true) {
      if (auto r = one(); !r) return r;
      skip_ws();
      if (eat(close)) return {};
      if (!eat(',')) return fail();
      skip_ws();
    }
  }

  // An object member's name and the ':' after it (white space around the ':').
  result<void> name_and_colon(std::string& name) {
    if (auto r = string(name); !r) return r;
    skip_ws();
    if (!eat(':')) return fail();
    skip_ws();
    return {};
  }

  void skip_ws() noexcept {
    while (i_ < in_.size() &&
           (in_[i_] == ' ' || in_[i_] == '\t' || in_[i_] == '\n' || in_[i_] == '\r')) {
      ++i_;
    }
  }

  result<void> member_value(template_value& value) {
    if (i_ >= in_.size()) return fail();
    if (eat('[')) {
      template_value::list items;
      auto read = members(']', [&]() -> result<void> {
        std::string item;
        if (auto r = scalar(item); !r) return r;
        items.push_back(std::move(item));
        return {};
      });
      if (!read) return read;
      value = std::move(items);
      return {};
    }
    if (eat('{')) {
      template_value::pairs entries;
      auto read = members('}', [&]() -> result<void> {
        std::string key, v;
        if (auto r = name_and_colon(key); !r) return r;
        if (auto r = scalar(v); !r) return r;
        entries.emplace_back(std::move(key), std::move(v));
        return {};
      });
      if (!read) return read;
      value = std::move(entries);
      return {};
    }
    if (in_.substr(i_, 4) == "null") {
      i_ += 4;
      value = template_value{};
      return {};
    }
    std::string s;
    if (auto r = scalar(s); !r) return r.error();
    value = std::move(s);
    return {};
  }

  // A string, or a number, true or false as its text.
  result<void> scalar(std::string& out) {
    if (i_ >= in_.size()) return fail();
    if (in_[i_] == '"') return string(out);
    for (std::string_view word : {std::string_view("true"), std::string_view("false")}) {
      if (in_.substr(i_, word.size()) == word) {
        i_ += word.size();
        out.assign(word);
        return {};
      }
    }
    return number(out);
  }

  // number = [ minus ] int [ frac ] [ exp ] (RFC 8259 6)
  result<void> number(std::string& out) {
    const std::size_t start = i_;
    auto digits = [&] {
      const std::size_t from = i_;
      while (i_ < in_.size() && in_[i_] >= '0' && in_[i_] <= '9') ++i_;
      return i_ - from;
    };
    eat('-');
    if (i_ < in_.size() && in_[i_] == '0') {
      ++i_;
    } else if (digits() == 0) {
      return fail();
    }
    if (eat('.') && digits() == 0) return fail();
    if (i_ < in_.size() && (in_[i_] == 'e' || in_[i_] == 'E')) {
      ++i_;
      if (!eat('+')) eat('-');
      if (digits() == 0) return fail();
    }
    out.assign(in_.substr(start, i_ - start));
    return {};
  }

  int hex4() noexcept {
    if (in_.size() - i_ < 4) return -1;
    int v = 0;
    for (int k = 0; k < 4; ++k) {
      const char c = in_[i_ + static_cast<std::size_t>(k)];
      int d;
      if (c >= '0' && c <= '9') {
        d = c - '0';
      } else if (c >= 'a' && c <= 'f') {
        d = c - 'a' + 10;
      } else if (c >= 'A' && c <= 'F') {
        d = c - 'A' + 10;
      } else {
        return -1;
      }
      v = v * 16 + d;
    }
    i_ += 4;
    return v;
  }

  result<void> string(std::string& out) {
    if (!eat('"')) return fail();
    while (true) {
      // The run of bytes that need no attention, at once.
      const std::size_t from = i_;
      while (i_ < in_.size()) {
        const auto b = static_cast<unsigned char>(in_[i_]);
        if (b == '"' || b == '\\' || b < 0x20 || b >= 0x80) break;
        ++i_;
      }
      out.append(in_.substr(from, i_ - from));
      if (i_ >= in_.size()) return fail();
      const auto b = static_cast<unsigned char>(in_[i_]);
      if (b == '"') {
        ++i_;
        return {};
      }
      if (b < 0x20) return fail();
      if (b >= 0x80) {
        const utf8_sequence seq = read_utf8(in_, i_);
        if (!seq.ok) return fail();
        out.append(in_.substr(i_, seq.len));
        i_ += seq.len;
        continue;
      }
      ++i_;  // the backslash
      if (i_ >= in_.size()) return fail();
      const char e = in_[i_++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          const std::size_t at = i_ - 2;
          int cp = hex4();
          if (cp < 0) return fail();
          if (cp >= 0xDC00 && cp <= 0xDFFF) return error{errc::bad_json, at};
          if (cp >= 0xD800 && cp <= 0xDBFF) {
            if (!eat('\\') || !eat('u')) return error{errc::bad_json, at};
            const int lo = hex4();
            if (lo < 0xDC00 || lo > 0xDFFF) return error{errc::bad_json, at};
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
          }
          append_utf8(out, static_cast<char32_t>(cp));
          break;
        }
        default: --i_; return fail();
      }
    }
  }

  std::string_view in_;
  std::size_t i_ = 0;
};

}  // namespace

result<template_variables> template_variables::from_json(std::string_view json) {
  return json_reader(json).object_of_values();
}

}  // namespace urix
