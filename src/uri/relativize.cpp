// SPDX-License-Identifier: Apache-2.0 OR MIT
// relativize: the inverse of reference resolution (RFC 3986 5.2). Each form of reference that
// could name the target is built from the normal forms of base and target, then checked by
// resolving it (urix/resolve.h): a candidate is kept only when it resolves to the target, so
// the answer is right by construction, and the shortest kept one is returned.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "urix/normalize.h"
#include "urix/resolve.h"
#include "urix/uri.h"

namespace urix {
namespace {

// The segments of `path` after its leading '/' (if any): "/a/b/" -> a, b, "".
std::vector<std::string_view> split_segments(std::string_view path) {
  std::vector<std::string_view> out;
  if (path.starts_with('/')) path.remove_prefix(1);
  for (;;) {
    const std::size_t slash = path.find('/');
    out.push_back(path.substr(0, slash));
    if (slash == std::string_view::npos) break;
    path.remove_prefix(slash + 1);
  }
  return out;
}

bool same(const std::optional<std::string_view>& a, const std::optional<std::string_view>& b) {
  return a.has_value() == b.has_value() && (!a || *a == *b);
}

// The relative-path reference from the base's directory to `t`'s path (5.2.3 merges a
// relative path with the base path up to its last '/'), or "" when there is none.
std::string relative_path(const uri_view& b, const uri_view& t) {
  std::string_view base_dir = b.path.substr(0, b.path.rfind('/') + 1);
  if (b.has_authority() && b.path.empty()) base_dir = "/";  // 5.2.3, first case
  const bool base_rooted = base_dir.starts_with('/');
  if (base_rooted != t.path.starts_with('/')) return {};
  if (!base_rooted && !base_dir.empty()) return {};  // a rootless base directory: not merged back
  std::vector<std::string_view> dirs;
  if (!base_dir.empty()) {
    dirs = split_segments(base_dir);
    dirs.pop_back();  // the empty piece after the last '/'
  }
  const std::vector<std::string_view> segs = split_segments(t.path);
  std::size_t common = 0;
  while (common < dirs.size() && common + 1 < segs.size() && dirs[common] == segs[common]) ++common;
  std::string ref;
  for (std::size_t i = common; i < dirs.size(); ++i) ref += "../";
  const std::size_t rest_begin = ref.size();
  for (std::size_t i = common; i < segs.size(); ++i) {
    if (i > common) ref += '/';
    ref += segs[i];
  }
  if (ref.empty()) return "./";  // the base's directory itself
  // A first segment that is empty (the path would start "//" or "/") or holds ':' (it would
  // read as a scheme) needs "./" before it (RFC 3986 4.2).
  if (rest_begin == 0) {
    const std::string_view first = std::string_view(ref).substr(0, ref.find('/'));
    if (first.empty() || first.find(':') != std::string_view::npos) ref.insert(0, "./");
  }
  return ref;
}

}  // namespace

std::string relativize(const uri_view& base, const uri_view& target) {
  const std::string b_text = normalize(base), t_text = normalize(target);
  // Normal forms of URIs parse again as URIs.
  const uri_view b = *parse_uri(b_text, syntax::iri), t = *parse_uri(t_text, syntax::iri);
  std::string tail;  // the target's query and fragment, which every relative form carries
  if (t.query) (tail += '?') += *t.query;
  if (t.fragment) (tail += '#') += *t.fragment;

  std::vector<std::string> candidates;
  if (*b.scheme == *t.scheme) {
    if (same(b.authority, t.authority)) {
      if (b.path == t.path && same(b.query, t.query)) {
        candidates.push_back(t.fragment ? "#" + std::string(*t.fragment) : std::string());
      } else if (b.path == t.path && t.query) {
        candidates.push_back(tail);
      }
      if (std::string r = relative_path(b, t); !r.empty()) candidates.push_back(r + tail);
      if (t.path.starts_with('/'))
        candidates.push_back((t.path.starts_with("//") ? "/." : "") + std::string(t.path) + tail);
    }
    if (t.authority) candidates.push_back("//" + std::string(*t.authority) + std::string(t.path) + tail);
  }

  // A candidate must resolve to the target against the base in normal form and, once the
  // result is normalized, against the base as written (whose path 5.2.3 merges with, and
  // which may differ where "%2E" spells a dot segment).
  std::string resolved, raw;
  const std::string* best = nullptr;
  for (const std::string& c : candidates) {
    if (best != nullptr && c.size() >= best->size()) continue;
    if (c.size() >= t_text.size()) continue;
    auto ref = parse_uri_reference(c, syntax::iri);
    if (!ref) continue;
    resolved.clear();
    resolve_append(resolved, b, *ref);
    if (resolved != t_text) continue;
    raw.clear();
    resolve_append(raw, base, *ref);
    resolved.clear();
    normalize_append(resolved, *parse_uri(raw, syntax::iri));
    if (resolved == t_text) best = &c;
  }
  return best != nullptr ? *best : t_text;
}

result<std::string> relativize(std::string_view base, std::string_view target, syntax grammar) {
  auto b = parse_uri(base, grammar);
  if (!b) return b.error();
  auto t = parse_uri(target, grammar);
  if (!t) return t.error();
  return relativize(*b, *t);
}

}  // namespace urix
