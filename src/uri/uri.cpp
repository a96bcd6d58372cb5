// SPDX-License-Identifier: Apache-2.0 OR MIT
// Decoded access to a parsed URI (segments, query parameters) and the owning `uri` value.
#include "urix/uri.h"

#include <algorithm>
#include <vector>

#include "../detail/swar.h"
#include "grammar.h"

namespace urix {
namespace {

// Decoding a piece of a parsed URI cannot fail: the parser checked every escape. Lenient
// decoding keeps these helpers total for views that did not come from the parser.
constexpr decode_options piece_decoding(bool plus_as_space) noexcept {
  return {.plus_as_space = plus_as_space, .lenient = true};
}

std::string decode_piece(std::string_view encoded, bool plus_as_space) {
  return *decode(encoded, piece_decoding(plus_as_space));
}

// The same into `buffer`; a piece with nothing to decode is returned as it is.
std::string_view decode_piece(std::string_view encoded, bool plus_as_space, std::string& buffer) {
  if (!detail::contains_either(encoded, '%', plus_as_space ? '+' : '%')) return encoded;
  buffer.resize(encoded.size());  // decoding never grows
  buffer.resize(*decode_to(buffer, encoded, piece_decoding(plus_as_space)));
  return buffer;
}

}  // namespace

// ---- segments_view (RFC 3986 3.3: segments separated by "/") --------------------------------

std::string path_segment::decode() const { return decode_piece(encoded, false); }

std::string_view path_segment::decode(std::string& buffer) const {
  return decode_piece(encoded, false, buffer);
}

segments_view::iterator segments_view::begin() const noexcept {
  std::string_view rest = path_;
  if (rest.starts_with('/')) rest.remove_prefix(1);  // the root, not a separator
  if (rest.empty() && path_.size() <= 1) return {};  // "" and "/" have no segments
  return iterator(rest);
}

std::size_t segments_view::size() const noexcept {
  if (empty()) return 0;
  const std::string_view rest = path_.starts_with('/') ? path_.substr(1) : path_;
  return static_cast<std::size_t>(std::count(rest.begin(), rest.end(), '/')) + 1;
}

// ---- params_view (application/x-www-form-urlencoded inside a query) ---------------------------

std::string query_param::decode_key() const { return decode_piece(key, true); }

std::string query_param::decode_value() const {
  return value ? decode_piece(*value, true) : std::string();
}

std::string_view query_param::decode_key(std::string& buffer) const {
  return decode_piece(key, true, buffer);
}

std::string_view query_param::decode_value(std::string& buffer) const {
  return value ? decode_piece(*value, true, buffer) : std::string_view();
}

// ---- uri: the owning value ----------------------------------------------------------------------

namespace {
std::optional<std::string> copy(const std::optional<std::string_view>& v) {
  if (!v) return std::nullopt;
  return std::string(*v);
}
}  // namespace

uri::uri(const uri_view& v)
    : scheme_(copy(v.scheme)),
      userinfo_(copy(v.userinfo)),
      host_(copy(v.host)),
      port_(copy(v.port)),
      query_(copy(v.query)),
      fragment_(copy(v.fragment)),
      path_(v.path),
      host_kind_(v.host_kind) {}

result<uri> uri::parse(std::string_view in, syntax grammar) {
  auto v = parse_uri_reference(in, grammar);
  if (!v) return v.error();
  return uri(*v);
}

result<void> uri::set_scheme(std::string_view scheme) {
  if (const std::size_t bad = detail::scheme_mismatch(scheme); bad != detail::npos)
    return error{errc::bad_scheme, bad};
  scheme_ = std::string(scheme);
  return {};
}

void uri::ensure_host() {
  if (!host_) {
    host_.emplace();
    host_kind_ = host_type::reg_name;
  }
}

void uri::set_userinfo(std::string_view decoded) {
  ensure_host();
  userinfo_ = encode(decoded, sets::userinfo);
}

void uri::set_host(std::string_view decoded) {
  host_ = encode(decoded, sets::host);
  host_kind_ = is_ipv4address(*host_) ? host_type::ipv4 : host_type::reg_name;
}

result<void> uri::set_encoded_host(std::string_view encoded) {
  auto kind = detail::match_host(encoded, [](std::string_view s) { return check(s, sets::host); });
  if (!kind) return kind.error();
  host_ = std::string(encoded);
  host_kind_ = *kind;
  return {};
}

result<void> uri::set_port(std::string_view digits) {
  if (const std::size_t bad = detail::port_mismatch(digits); bad != detail::npos)
    return error{errc::bad_port, bad};
  ensure_host();
  port_ = std::string(digits);
  return {};
}

void uri::set_path(std::string_view decoded) { path_ = encode(decoded, sets::path); }

void uri::push_segment(std::string_view decoded) {
  // The first segment of a rootless path has no '/' before it; "/" has no segments yet.
  if (!(path_.empty() && !host_) && path_ != "/") path_ += '/';
  encode_append(path_, decoded, sets::pchar);
}

void uri::set_query(std::string_view decoded) { query_ = encode(decoded, sets::query); }

void uri::append_param(std::string_view key, std::string_view value) {
  if (!query_) query_.emplace();
  if (!query_->empty()) *query_ += '&';
  encode_append(*query_, key, sets::query_param, {.space_as_plus = true});
  *query_ += '=';
  encode_append(*query_, value, sets::query_param, {.space_as_plus = true});
}

void uri::set_fragment(std::string_view decoded) { fragment_ = encode(decoded, sets::fragment); }

result<void> uri::set_encoded_userinfo(std::string_view encoded) {
  if (auto r = check(encoded, sets::userinfo); !r) return r;
  ensure_host();
  userinfo_ = std::string(encoded);
  return {};
}

result<void> uri::set_encoded_path(std::string_view encoded) {
  if (auto r = check(encoded, sets::path); !r) return r;
  path_ = std::string(encoded);
  return {};
}

result<void> uri::set_encoded_query(std::string_view encoded) {
  if (auto r = check(encoded, sets::query); !r) return r;
  query_ = std::string(encoded);
  return {};
}

result<void> uri::set_encoded_fragment(std::string_view encoded) {
  if (auto r = check(encoded, sets::fragment); !r) return r;
  fragment_ = std::string(encoded);
  return {};
}

namespace {

// The text a parameter is written as: its key, and '=' and its value if it has one.
std::string_view written(const query_param& p) noexcept {
  const char* end = p.value ? p.value->data() + p.value->size() : p.key.data() + p.key.size();
  return {p.key.data(), static_cast<std::size_t>(end - p.key.data())};
}

// The next byte of an encoded key decoded as query_param::decode_key decodes it ('+' a space,
// "%HH" its byte), from `key` at `i`, which it advances past what it read.
unsigned char next_key_byte(std::string_view key, std::size_t& i) noexcept {
  if (const int escaped = escape_at(key, i); escaped >= 0) {
    i += 3;
    return static_cast<unsigned char>(escaped);
  }
  const char c = key[i++];
  return static_cast<unsigned char>(c == '+' ? ' ' : c);
}

// Is the decoded key of parameter text `a` bytewise before that of `b`? Decoded as they are
// compared, without a copy: sorting a long query takes a view per parameter, nothing more.
bool key_less(std::string_view a, std::string_view b) noexcept {
  a = a.substr(0, a.find('='));
  b = b.substr(0, b.find('='));
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    const unsigned char x = next_key_byte(a, i), y = next_key_byte(b, j);
    if (x != y) return x < y;
  }
  return i == a.size() && j < b.size();
}

}  // namespace

void uri::remove_params(std::string_view decoded_key) {
  if (!query_) return;
  std::string kept;
  bool removed = false;
  for (const query_param p : params_view(*query_)) {
    if (p.decode_key() == decoded_key) {
      removed = true;
    } else {
      (kept += kept.empty() ? "" : "&") += written(p);
    }
  }
  if (!removed) return;
  if (kept.empty()) {
    query_.reset();
  } else {
    *query_ = std::move(kept);
  }
}

void uri::sort_params() {
  if (!query_ || query_->empty()) return;  // "?" has no parameters, and stays
  // Every piece between '&'s, empty ones too: sorting reorders the query, it never drops data.
  const std::string_view query = *query_;
  std::vector<std::string_view> pieces;
  pieces.reserve(static_cast<std::size_t>(std::count(query.begin(), query.end(), '&')) + 1);
  for (std::size_t start = 0;;) {
    const std::size_t end = std::min(query.find('&', start), query.size());
    pieces.push_back(query.substr(start, end - start));
    if (end == query.size()) break;
    start = end + 1;
  }
  std::stable_sort(pieces.begin(), pieces.end(), key_less);
  std::string sorted;
  sorted.reserve(query.size());
  for (std::size_t i = 0; i < pieces.size(); ++i) (sorted += i == 0 ? "" : "&") += pieces[i];
  *query_ = std::move(sorted);
}

void uri::clear_authority() noexcept {
  userinfo_.reset();
  host_.reset();
  port_.reset();
  host_kind_ = host_type::none;
}

}  // namespace urix
