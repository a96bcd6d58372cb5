// SPDX-License-Identifier: Apache-2.0 OR MIT
// RFC 6570: parsing a template (section 2) and expanding it (section 3, Appendix A).
#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <unordered_set>

#include "../pct/escape.h"
#include "ops.h"
#include "urix/pct.h"
#include "urix/template.h"
#include "urix/ucs.h"
#include "urix/utf8.h"

namespace urix {
namespace {

using detail::op_info;
using detail::template_op;
using op = uri_template::op;

// Length of the varchar at text[i] (RFC 6570 2.3: ALPHA / DIGIT / "_" / pct-encoded), or 0.
std::size_t varchar_at(std::string_view text, std::size_t i) noexcept {
  if (i >= text.size()) return 0;
  if (detail::template_varchar.contains(text[i])) return 1;
  return detail::escape_starting_at(text, i) >= 0 ? 3 : 0;
}

// The operator a byte names (2.2), if any.
bool operator_of(char c, op& o) noexcept {
  switch (c) {
    case '+': o = op::reserved; return true;
    case '#': o = op::fragment; return true;
    case '.': o = op::label; return true;
    case '/': o = op::path; return true;
    case ';': o = op::param; return true;
    case '?': o = op::query; return true;
    case '&': o = op::continuation; return true;
    default: return false;
  }
}

// The operators 2.2 reserves for future extensions.
bool reserved_operator(char c) noexcept {
  return c == '=' || c == ',' || c == '!' || c == '@' || c == '|';
}

// Bytes from the start of `s` that a prefix of `chars` characters keeps (2.4.1): whole UTF-8
// sequences (an ill-formed byte counts as one character), and with U+R whole escapes.
std::size_t prefix_bytes(std::string_view s, std::size_t chars, bool keep_escapes) noexcept {
  std::size_t i = 0;
  for (std::size_t n = 0; n < chars && i < s.size(); ++n) {
    if (keep_escapes && s[i] == '%' && detail::escape_at(s, i) >= 0) {
      i += 3;
    } else if (static_cast<unsigned char>(s[i]) < 0x80) {
      ++i;
    } else {
      i += read_utf8(s, i).len;
    }
  }
  return i;
}

void encode_value(std::string& out, std::string_view s, bool allow_reserved) {
  // Values are mostly short and clean: copy the clean start here, and leave the rest (from
  // the first byte to encode, or a '%' to keep) to the codec.
  const charset& set = allow_reserved ? detail::template_ur : detail::template_u;
  std::size_t clean = 0;
  while (clean < s.size() && set.contains(s[clean])) ++clean;
  out.append(s.data(), clean);
  if (clean == s.size()) return;
  if (allow_reserved) {
    encode_append(out, s.substr(clean), set, {.keep_escapes = true});
  } else {
    encode_append(out, s.substr(clean), set);
  }
}

// Worst-case bytes a value adds beyond fixed_size_ (names and one separator per varspec are
// counted there): every value byte may become "%HH".
std::size_t value_bound(const template_value& v, std::size_t name_size) noexcept {
  std::size_t n = 0;
  switch (v.type()) {
    case template_value::kind::undefined: break;
    case template_value::kind::string: n = 3 * v.string().size(); break;
    case template_value::kind::list:
      for (const auto& item : v.items()) n += 3 * item.size() + 2 + name_size;
      break;
    case template_value::kind::pairs:
      for (const auto& [k, val] : v.entries()) n += 3 * (k.size() + val.size()) + 2;
      break;
  }
  return n;
}

// Writes one defined variable of an expression (Appendix A), after its first/sep.
void expand_varspec(std::string& out, const template_op& o, std::string_view name,
                    const uri_template::varspec& spec, const template_value& v) {
  switch (v.type()) {
    case template_value::kind::undefined: return;
    case template_value::kind::string: {
      std::string_view s = v.string();
      if (o.named) {
        out += name;
        if (s.empty()) {
          if (o.ifemp_equals) out += '=';
          return;
        }
        out += '=';
      }
      if (spec.prefix != 0) s = s.substr(0, prefix_bytes(s, spec.prefix, o.allow_reserved));
      encode_value(out, s, o.allow_reserved);
      return;
    }
    case template_value::kind::list: {
      bool first = true;
      if (!spec.explode) {
        if (o.named) (out += name) += '=';
        for (const auto& item : v.items()) {
          if (!first) out += ',';
          first = false;
          encode_value(out, item, o.allow_reserved);
        }
        return;
      }
      for (const auto& item : v.items()) {
        if (!first) out += o.sep;
        first = false;
        if (o.named) {
          out += name;
          if (item.empty()) {
            if (o.ifemp_equals) out += '=';
            continue;
          }
          out += '=';
        }
        encode_value(out, item, o.allow_reserved);
      }
      return;
    }
    case template_value::kind::pairs: {
      bool first = true;
      if (!spec.explode) {
        if (o.named) (out += name) += '=';
        for (const auto& [k, val] : v.entries()) {
          if (!first) out += ',';
          first = false;
          encode_value(out, k, o.allow_reserved);
          out += ',';
          encode_value(out, val, o.allow_reserved);
        }
        return;
      }
      for (const auto& [k, val] : v.entries()) {
        if (!first) out += o.sep;
        first = false;
        encode_value(out, k, o.allow_reserved);
        if (o.named && val.empty()) {
          if (o.ifemp_equals) out += '=';
          continue;
        }
        out += '=';
        encode_value(out, val, o.allow_reserved);
      }
      return;
    }
  }
}

}  // namespace

result<uri_template> uri_template::parse(std::string_view text) {
  if (text.size() > std::numeric_limits<std::uint32_t>::max()) return error{errc::no_space, 0};
  uri_template t;
  t.text_.assign(text);
  const std::size_t n = text.size();
  std::size_t lit_start = 0;  // in literals_: where the current literal began
  std::size_t lit_offset = 0;  // in text: where it began
  auto flush_literal = [&] {
    if (t.literals_.size() > lit_start) {
      t.parts_.push_back({static_cast<std::uint32_t>(lit_offset),
                          static_cast<std::uint32_t>(lit_start),
                          static_cast<std::uint32_t>(t.literals_.size() - lit_start), 0, 0,
                          op::none});
    }
    lit_start = t.literals_.size();
  };
  std::size_t i = 0;
  while (i < n) {
    const char c = text[i];
    const auto u = static_cast<unsigned char>(c);
    if (c == '{') {
      flush_literal();
      const std::size_t open = i;
      if (text.find('}', open) == text.npos) return error{errc::unclosed_expression, open};
      std::size_t j = open + 1;
      op o = op::none;
      if (operator_of(text[j], o)) {
        ++j;
      } else if (reserved_operator(text[j]) ||
                 (detail::template_literal.contains(text[j]) && text[j] != '}' &&
                  varchar_at(text, j) == 0)) {
        return error{errc::bad_operator, j};
      }
      const auto first_var = static_cast<std::uint32_t>(t.vars_.size());
      while (true) {
        // varname = varchar *( ["."] varchar )
        const std::size_t name_start = j;
        std::size_t len = varchar_at(text, j);
        if (len == 0) return error{errc::bad_varname, j};
        j += len;
        while (j < n) {
          if ((len = varchar_at(text, j)) != 0) {
            j += len;
          } else if (text[j] == '.' && (len = varchar_at(text, j + 1)) != 0) {
            j += 1 + len;
          } else {
            break;
          }
        }
        varspec spec{static_cast<std::uint32_t>(name_start),
                     static_cast<std::uint32_t>(j - name_start), 0, false};
        if (j < n && text[j] == ':') {
          // max-length = %x31-39 0*3DIGIT
          ++j;
          if (j >= n || text[j] < '1' || text[j] > '9') return error{errc::bad_prefix, j};
          unsigned value = 0;
          for (int d = 0; d < 4 && j < n && text[j] >= '0' && text[j] <= '9'; ++d, ++j) {
            value = value * 10 + static_cast<unsigned>(text[j] - '0');
          }
          if (j < n && ((text[j] >= '0' && text[j] <= '9') || text[j] == '*')) {
            return error{errc::bad_prefix, j};
          }
          spec.prefix = static_cast<std::uint16_t>(value);
        } else if (j < n && text[j] == '*') {
          spec.explode = true;
          ++j;
          if (j < n && text[j] == ':') return error{errc::bad_prefix, j};
        }
        t.vars_.push_back(spec);
        t.fixed_size_ += spec.name_size + 2;
        if (j < n && text[j] == ',') {
          ++j;
          continue;
        }
        if (j < n && text[j] == '}') break;
        return error{errc::bad_varname, j};
      }
      t.parts_.push_back({static_cast<std::uint32_t>(open), 0, 0, first_var,
                          static_cast<std::uint32_t>(t.vars_.size() - first_var), o});
      t.fixed_size_ += 1;
      i = j + 1;
      lit_offset = i;
      continue;
    }
    // Literals (2.1, 3.1): unreserved and reserved characters and escapes copied, ucschar and
    // iprivate percent-encoded as UTF-8, anything else an error.
    if (u < 0x80) {
      if (c == '%') {
        if (detail::escape_at(text, i) < 0) return detail::escape_error(text, i);
        t.literals_.append(text.substr(i, 3));
        i += 3;
        continue;
      }
      if (!detail::template_literal.contains(c)) return error{errc::disallowed_char, i};
      t.literals_ += c;
      ++i;
      continue;
    }
    const utf8_sequence seq = read_utf8(text, i);
    if (!seq.ok) return error{errc::invalid_utf8, i};
    if (!is_ucschar(seq.code_point) && !is_iprivate(seq.code_point)) {
      return error{errc::disallowed_code_point, i};
    }
    encode_append(t.literals_, text.substr(i, seq.len), charset{});
    i += seq.len;
  }
  flush_literal();
  t.fixed_size_ += t.literals_.size();
  return t;
}

template <class Lookup>
void uri_template::expand_with(std::string& out, const Lookup& lookup) const {
  // Each varspec's value, looked up once for both passes when they fit on the stack (the
  // common case); a longer template looks them up again rather than allocate.
  constexpr std::size_t cached = 16;
  std::array<const template_value*, cached> values{};
  const bool cache = vars_.size() <= cached;
  auto value_of = [&](std::uint32_t k) { return cache ? values[k] : lookup(name(vars_[k])); };
  std::size_t bound = fixed_size_;
  for (std::uint32_t k = 0; k < vars_.size(); ++k) {
    const template_value* value = lookup(name(vars_[k]));
    if (cache) values[k] = value;
    if (value != nullptr) bound += value_bound(*value, vars_[k].name_size);
  }
  out.reserve(out.size() + bound);
  for (const part& p : parts_) {
    if (p.is_literal()) {
      out += literal(p);
      continue;
    }
    const template_op& o = op_info(p.oper);
    bool first = true;
    for (std::uint32_t k = p.first_var; k < p.first_var + p.var_count; ++k) {
      const varspec& spec = vars_[k];
      const template_value* value = value_of(k);
      if (value == nullptr || value->is_undefined()) continue;  // 3.2.1: skipped
      if (first) {
        if (o.first != 0) out += o.first;
        first = false;
      } else {
        out += o.sep;
      }
      expand_varspec(out, o, name(spec), spec, *value);
    }
  }
}

std::string uri_template::expand(const template_variables& vars) const {
  std::string out;
  expand_append(out, vars);
  return out;
}

void uri_template::expand_append(std::string& out, const template_variables& vars) const {
  expand_with(out, [&](std::string_view n) { return vars.find(n); });
}

void uri_template::expand_append(
    std::string& out,
    const std::function<const template_value*(std::string_view)>& lookup) const {
  expand_with(out, lookup);
}

std::vector<std::string_view> uri_template::variable_names() const {
  std::vector<std::string_view> names;
  std::unordered_set<std::string_view> seen;
  for (const varspec& v : vars_) {
    if (seen.insert(name(v)).second) names.push_back(name(v));
  }
  return names;
}

}  // namespace urix
