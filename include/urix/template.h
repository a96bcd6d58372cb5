// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix/template.h: URI Templates (RFC 6570), all of Level 4: parse once, expand many times,
// and match a URI back to the variables that expand to it.
//
//   auto t = urix::uri_template::parse("https://api.example.com/repos/{owner}/{repo}"
//                                       "/issues{?state,labels*,per_page}");
//   urix::template_variables v;
//   v.set("owner", "urix");
//   v.set("repo", "urix");
//   v.set("labels", urix::template_value::list{"bug", "good first issue"});
//   t->expand(v)
//     // "https://api.example.com/repos/urix/urix/issues?labels=bug&labels=good%20first%20issue"
//   auto m = t->match("https://api.example.com/repos/a/b/issues?state=open");
//   m->find("state")->string()  // "open"
//
// A value is a string, a list of strings, an associative array (ordered pairs of strings), or
// undefined (RFC 6570 2.3). Strings are bytes, UTF-8 for text: expansion percent-encodes them
// byte by byte, and a prefix (`{var:3}`) counts characters (code points; a byte that is not
// part of well-formed UTF-8 counts as one), never cutting a UTF-8 sequence nor, for the `+`
// and `#` operators that keep escapes, a "%HH".
//
// Matching is defined only for templates whose reading is unique: see uri_template::matchable
// and uri_template::match, and docs/template.md.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "urix/export.h"
#include "urix/result.h"

namespace urix {

/// One variable's value (RFC 6570 2.3): undefined, a string, a list or an associative array.
/// An empty list and an empty associative array are undefined for expansion (2.3).
class template_value {
 public:
  using list = std::vector<std::string>;
  using pairs = std::vector<std::pair<std::string, std::string>>;
  enum class kind : std::uint8_t { undefined, string, list, pairs };

  template_value() noexcept = default;
  template_value(std::string s) : v_(std::move(s)) {}           // NOLINT: implicit by design
  template_value(std::string_view s) : v_(std::string(s)) {}    // NOLINT: implicit by design
  template_value(const char* s) : v_(std::string(s)) {}         // NOLINT: implicit by design
  template_value(list l) : v_(std::move(l)) {}                  // NOLINT: implicit by design
  template_value(pairs p) : v_(std::move(p)) {}                 // NOLINT: implicit by design

  [[nodiscard]] kind type() const noexcept { return static_cast<kind>(v_.index()); }
  /// Undefined for expansion: no value, or an empty list or associative array.
  [[nodiscard]] bool is_undefined() const noexcept {
    const kind k = type();
    return k == kind::undefined || (k == kind::list && items().empty()) ||
           (k == kind::pairs && entries().empty());
  }
  /// The string; only when type() is kind::string.
  [[nodiscard]] const std::string& string() const noexcept { return *std::get_if<1>(&v_); }
  /// The items; only when type() is kind::list.
  [[nodiscard]] const list& items() const noexcept { return *std::get_if<2>(&v_); }
  /// The (key, value) pairs in order; only when type() is kind::pairs.
  [[nodiscard]] const pairs& entries() const noexcept { return *std::get_if<3>(&v_); }

  friend bool operator==(const template_value&, const template_value&) = default;

 private:
  std::variant<std::monostate, std::string, list, pairs> v_;
};

/// A value borrowed from elsewhere (a binding's own objects), for expansion by variable
/// index (uri_template::expand_append with a span of these): the kinds of template_value,
/// with the strings, the list and the pairs viewed, not copied. What it views must outlive
/// the expansion.
class template_value_view {
 public:
  using kind = template_value::kind;
  using list = std::span<const std::string_view>;
  using pairs = std::span<const std::pair<std::string_view, std::string_view>>;

  constexpr template_value_view() noexcept = default;  ///< undefined
  constexpr template_value_view(std::string_view s) noexcept  // NOLINT: implicit by design
      : kind_(kind::string), size_(s.size()) {
    data_.chars = s.data();
  }
  constexpr template_value_view(const char* s) noexcept  // NOLINT: implicit by design
      : template_value_view(std::string_view(s)) {}
  constexpr template_value_view(list l) noexcept  // NOLINT: implicit by design
      : kind_(kind::list), size_(l.size()) {
    data_.items = l.data();
  }
  constexpr template_value_view(pairs p) noexcept  // NOLINT: implicit by design
      : kind_(kind::pairs), size_(p.size()) {
    data_.entries = p.data();
  }

  [[nodiscard]] constexpr kind type() const noexcept { return kind_; }
  /// Undefined for expansion: no value, or an empty list or associative array.
  [[nodiscard]] constexpr bool is_undefined() const noexcept {
    return kind_ == kind::undefined || (kind_ != kind::string && size_ == 0);
  }
  /// The string; only when type() is kind::string.
  [[nodiscard]] constexpr std::string_view string() const noexcept { return {data_.chars, size_}; }
  /// The items; only when type() is kind::list.
  [[nodiscard]] constexpr list items() const noexcept { return {data_.items, size_}; }
  /// The (key, value) pairs in order; only when type() is kind::pairs.
  [[nodiscard]] constexpr pairs entries() const noexcept { return {data_.entries, size_}; }

 private:
  kind kind_ = kind::undefined;
  union {
    const char* chars;
    const std::string_view* items;
    const std::pair<std::string_view, std::string_view>* entries;
  } data_{nullptr};
  std::size_t size_ = 0;  // bytes, items or pairs
};

/// Variables by name. Names are compared as written in the template (a "%HH" in a name is
/// not decoded: RFC 6570 2.3).
class template_variables {
 public:
  /// Sets (or replaces) one variable.
  void set(std::string_view name, template_value value) {
    auto it = map_.find(name);
    if (it == map_.end()) {
      map_.emplace(std::string(name), std::move(value));
    } else {
      it->second = std::move(value);
    }
  }
  /// The value of `name`, or nullptr when it has none.
  [[nodiscard]] const template_value* find(std::string_view name) const noexcept {
    auto it = map_.find(name);
    return it == map_.end() ? nullptr : &it->second;
  }
  [[nodiscard]] std::size_t size() const noexcept { return map_.size(); }
  [[nodiscard]] bool empty() const noexcept { return map_.empty(); }
  /// In name order.
  [[nodiscard]] auto begin() const noexcept { return map_.begin(); }
  [[nodiscard]] auto end() const noexcept { return map_.end(); }

  /// Variables from JSON text (RFC 8259): one object whose members are strings, null
  /// (undefined), arrays (lists) and objects (associative arrays, in the text's order) of
  /// strings; a number, true or false, alone or as an item, stands for its JSON text ("1.5",
  /// "true"), as other implementations write such values. A name given twice keeps the last.
  ///   template_variables::from_json(R"({"q": "a b", "tags": ["x", "y"], "m": {"k": "v"}})")
  /// errc::bad_json at the offending byte for anything else (nesting deeper, a string that is
  /// not UTF-8 or has a lone surrogate escape, text after the object, ...).
  [[nodiscard]] URIX_API static result<template_variables> from_json(std::string_view json);

  friend bool operator==(const template_variables&, const template_variables&) = default;

 private:
  std::map<std::string, template_value, std::less<>> map_;
};

/// A parsed URI Template: literals (already encoded as RFC 6570 3.1 says) and expressions.
/// A value type; it holds its own copy of the template's text.
class uri_template {
 public:
  /// The operators of RFC 6570 2.2: none (Level 1); `+` `#` (Level 2); `.` `/` `;` `?` `&`
  /// (Level 3).
  enum class op : std::uint8_t { none, reserved, fragment, label, path, param, query, continuation };

  /// One variable of an expression: `name`, `name:prefix` or `name*` (RFC 6570 2.3, 2.4).
  struct varspec {
    std::uint32_t name_offset;  ///< the name, in text(): name(v) reads it
    std::uint32_t name_size;
    std::uint16_t prefix;       ///< 0: none; else 1-9999 characters
    bool explode;
    std::uint32_t variable;     ///< the variable's index in variable_names()
  };

  /// One part of the template: a literal or an expression.
  struct part {
    std::uint32_t offset;          ///< where it starts in text()
    std::uint32_t literal_offset;  ///< a literal: its encoded text, literal(p) reads it
    std::uint32_t literal_size;
    std::uint32_t first_var;       ///< an expression: its varspecs, varspecs()[first_var ...]
    std::uint32_t var_count;       ///< 0 for a literal
    op oper;
    [[nodiscard]] bool is_literal() const noexcept { return var_count == 0; }
  };

  /// Parses `text` (RFC 6570 section 2). Errors, at the byte offset of the offending byte:
  ///   errc::unclosed_expression  a '{' whose expression has no '}' (at the '{')
  ///   errc::disallowed_char      a literal byte that 2.1 excludes: a stray '}', a control,
  ///                              space, '"', '<', '>', '\\', '^', '`', '|' ('\'' is allowed: a
  ///                              reserved character, which 2.1's own example copies)
  ///   errc::incomplete_escape, errc::bad_escape_hex  a '%' without two hex digits
  ///   errc::invalid_utf8         bytes that are not UTF-8
  ///   errc::disallowed_code_point  a non-ASCII literal character that is neither ucschar nor
  ///                              iprivate (RFC 3987 2.2)
  ///   errc::bad_operator         '=' ',' '!' '@' '|' (reserved by 2.2) or a byte that is
  ///                              neither an operator nor a varchar where an operator may be
  ///   errc::bad_varname          an empty variable (`{}`, `{a,}`), a '.' that does not sit
  ///                              between varchars, a byte outside ALPHA DIGIT '_' "%HH"
  ///   errc::bad_prefix           ':' not followed by 1-9999 (no leading zero), or ':' and '*'
  /// A template longer than 4 GiB is errc::no_space at 0.
  [[nodiscard]] URIX_API static result<uri_template> parse(std::string_view text);

  /// Expands the template with `vars` (RFC 6570 section 3): literals as parsed, each
  /// expression by its operator's rules (3.2.1-3.2.9). A prefix modifier applies to strings
  /// only (2.4.1: it is "not applicable" to composite values, which expand whole).
  /// One allocation: the result's size is bounded first (values' bytes count thrice, as
  /// each may become "%HH"). Linear in the template's length and the values' sizes.
  [[nodiscard]] URIX_API std::string expand(const template_variables& vars) const;
  /// Appends the expansion to `out` (at most one reallocation).
  URIX_API void expand_append(std::string& out, const template_variables& vars) const;
  /// Expansion with values from elsewhere (a binding's dictionary): `lookup(name)` returns
  /// the value or nullptr. It is called once per varspec, or twice (once to bound the size)
  /// in a template of more than 16 varspecs; a value it returns should stay as it is until
  /// the expansion ends (what it is when written is what is written).
  URIX_API void expand_append(
      std::string& out,
      const std::function<const template_value*(std::string_view)>& lookup) const;
  /// Expansion with values by variable, for a caller that resolves each name once (a
  /// binding, with this template's variable_names()): `values[i]` is the value of
  /// variable_names()[i]; a variable past the end of `values` is undefined. Borrowed values,
  /// no lookup by name:
  ///   // variable_names(): owner, repo, state, labels, per_page
  ///   const std::string_view labels[] = {"bug", "good first issue"};
  ///   const urix::template_value_view values[] = {
  ///       "urix", "urix", {}, urix::template_value_view::list(labels)};
  ///   t->expand(values)  // ".../repos/urix/urix/issues?labels=bug&labels=good%20first%20issue"
  [[nodiscard]] URIX_API std::string expand(std::span<const template_value_view> values) const;
  URIX_API void expand_append(std::string& out,
                              std::span<const template_value_view> values) const;

  /// The variables that expand to `uri`, their values decoded, where the template is
  /// matchable (matchable() says so) and `uri` is an expansion of it. Errors:
  ///   errc::not_matchable    (offset in the template) the template has no unique inverse
  ///   errc::no_match         (offset in `uri`) where `uri` stops being an expansion
  ///   errc::ambiguous_match  (offset in `uri`) an expression whose text reads in more than
  ///                          one way (an unnamed expression of several variables not all
  ///                          there)
  /// A variable the URI leaves undefined is absent from the result. How values read back:
  ///   - a non-exploded variable reads as a string, or as a list when its text holds the
  ///     separator ',' raw (an associative array reads as a list of keys and values); with
  ///     `+` and `#` (where ',' is a reserved character a string may hold) always as a string;
  ///   - an exploded variable reads as a list, or as an associative array when every item is
  ///     "key=value" (unnamed operators) or named other than the variable (`;` `?` `&`);
  ///     an exploded item holds no raw ',' (it is written whole);
  ///   - with a prefix, the value is what the URI holds;
  ///   - a variable written more than once must read the same each time, or (with a prefix)
  ///     as a prefix of its longest reading, which is returned;
  ///   - with `;` `?` `&`, parameters come in the template's order and an unknown one is
  ///     no_match; `{;x}` ";x" and `{?x}` "?x=" both read x as "" (and `{;x}` ";x=" as
  ///     a list of one empty item, since "" would have been written ";x");
  ///   - with no operator and `+`, an empty text is undefined ("" cannot be told apart).
  /// Escapes are decoded (either case of hex); a malformed one is no_match.
  [[nodiscard]] URIX_API result<template_variables> match(std::string_view uri) const;

  /// Whether match() is defined for this template: nothing, or errc::not_matchable at the
  /// offset of the first expression that makes a reading ambiguous. A template is matchable
  /// when each expression
  ///   - is followed by the end of the template, or by a literal that ends the template, or
  ///     by what no byte of its own expansion can be: the next literal's first byte, or the
  ///     next expression's first character (`.` `/` `;` `?` `&` `#`; a `{x}` or `{+x}` may
  ///     begin with a value's byte, so it cannot follow) and, as that expression may expand
  ///     to nothing, whatever may come after it in turn. An expansion's bytes are its
  ///     values' (unreserved and '%'; for `+` and `#` the reserved characters too), its first
  ///     character, its separators, ',' and '=';
  ///   - with several variables or an exploded one, has a separator no value holds raw (so
  ///     not `.`, `+`, `#`), and, when unnamed, has several variables or an exploded one,
  ///     not both.
  [[nodiscard]] URIX_API result<void> matchable() const;

  /// The template as given.
  [[nodiscard]] std::string_view text() const noexcept { return text_; }
  /// The variable names in order of first appearance, each once.
  [[nodiscard]] URIX_API std::vector<std::string_view> variable_names() const;
  /// Their number: variable_names().size(), without building the list.
  [[nodiscard]] std::size_t variable_count() const noexcept { return variable_count_; }

  [[nodiscard]] const std::vector<part>& parts() const noexcept { return parts_; }
  [[nodiscard]] const std::vector<varspec>& varspecs() const noexcept { return vars_; }
  /// A varspec's name, as written.
  [[nodiscard]] std::string_view name(const varspec& v) const noexcept {
    return std::string_view(text_).substr(v.name_offset, v.name_size);
  }
  /// A literal part's text, encoded as RFC 6570 3.1 says (what expansion writes).
  [[nodiscard]] std::string_view literal(const part& p) const noexcept {
    return std::string_view(literals_).substr(p.literal_offset, p.literal_size);
  }

 private:
  uri_template() = default;
  void number_variables();
  template <class ValueOf>
  void expand_with(std::string& out, const ValueOf& value_of, bool stable) const;

  std::string text_;
  std::string literals_;
  std::vector<part> parts_;
  std::vector<varspec> vars_;
  std::size_t fixed_size_ = 0;  // the literals' and names' bytes, for expand's bound
  std::size_t variable_count_ = 0;
};

}  // namespace urix
