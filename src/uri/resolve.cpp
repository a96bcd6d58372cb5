// SPDX-License-Identifier: Apache-2.0 OR MIT
// Reference resolution, RFC 3986 section 5.2 (strict), step by step as the RFC writes it.
#include "urix/resolve.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>

#include "../detail/swar.h"
#include "paths.h"
#include "write.h"

namespace urix {


void remove_dot_segments_append(std::string& out, std::string_view path) {
  const std::size_t begin = out.size();
  out.append(path);
  out.resize(detail::remove_dot_segments_in_place(out.data(), begin, out.size()));
}

std::string remove_dot_segments(std::string_view path) {
  std::string out;
  remove_dot_segments_append(out, path);
  return out;
}

namespace {

// 5.2.3 Merge Paths: the part of the base's path that a relative-path reference's path is
// appended to.
std::string_view merge_directory(const uri_view& base) noexcept {
  // "If the base URI has a defined authority component and an empty path, then return a
  // string consisting of "/" concatenated with the reference's path"
  if (base.has_authority() && base.path.empty()) return "/";
  // "otherwise, return a string consisting of the reference's path component appended to all
  // but the last segment of the base URI's path"
  const std::size_t slash = detail::find_last(base.path, '/');
  return {base.path.data(), slash == base.path.npos ? 0 : slash + 1};
}

// A directory as a base URL's is: from the root, and without a '.', so without a dot-segment.
bool is_plain_directory(std::string_view directory) noexcept {
  return directory.starts_with('/') && !detail::contains_either(directory, '.', '.');
}

// The steps 5.2.4 takes first on a plain directory + path, taken before the two are written:
// each leading "." or ".." segment of `path` goes, a ".." with the directory's last segment.
// (The rest of the path then goes through 5.2.4 as usual.)
void take_leading_dot_segments(std::string_view& directory, std::string_view& path) noexcept {
  while (path.starts_with('.')) {
    const std::size_t dots = path.starts_with("..") ? 2 : 1;
    if (path.size() > dots && path[dots] != '/') return;  // not a dot-segment
    path.remove_prefix(std::min(dots + 1, path.size()));
    if (dots == 2 && directory.size() > 1) {  // "/a/b/" -> "/a/"
      const std::size_t slash = detail::find_last({directory.data(), directory.size() - 1}, '/');
      directory = {directory.data(), slash + 1};
    }
  }
}

// Where T.path comes from (5.2.2): R.path or the merge of both (5.2.3), each through
// remove_dot_segments, or Base.path as it is.
enum class path_source : unsigned char { ref_path, merged, base_path };

// The components of the target that 5.2.2 takes from the base or the reference (the
// fragment is always the reference's).
struct target_parts {
  std::string_view scheme;
  std::optional<std::string_view> authority;
  std::optional<std::string_view> query;
  path_source source = path_source::ref_path;
};

// 5.2.2 Transform References, strict: "if (R.scheme == Base.scheme)" is not applied.
target_parts transform(const uri_view& base, const uri_view& ref) noexcept {
  target_parts t;
  if (ref.scheme) {
    t.scheme = *ref.scheme;
    t.authority = ref.authority;
    t.query = ref.query;
  } else {
    t.scheme = base.scheme.value_or("");
    if (ref.authority) {
      t.authority = ref.authority;
      t.query = ref.query;
    } else {
      t.authority = base.authority;
      if (ref.path.empty()) {
        t.source = path_source::base_path;
        t.query = ref.query ? ref.query : base.query;
      } else {
        if (!ref.path.starts_with('/')) t.source = path_source::merged;
        t.query = ref.query;
      }
    }
  }
  return t;
}

// A bound on the target's size: its path is at most both paths and a '/' (5.2.3), and the
// guard adds at most two bytes (write.h, guard_path_at).
std::size_t target_bound(const target_parts& t, const uri_view& base, const uri_view& ref) noexcept {
  return t.scheme.size() + 1 + (t.authority ? t.authority->size() + 2 : 0) + base.path.size() +
         ref.path.size() + 1 + (t.query ? t.query->size() + 1 : 0) +
         (ref.fragment ? ref.fragment->size() + 1 : 0) + 2;
}

// The target recomposed as 5.3 says, its path written so that it reads back as itself. It is
// written once, at `start`, which has room for target_bound: its path is made in place there
// (paths.h). Returns the target's end.
char* write_target(char* start, const target_parts& t, const uri_view& base,
                   const uri_view& ref) noexcept {
  detail::reference_shape has{
      .scheme = true,
      .authority = t.authority ? detail::authority_form::whole : detail::authority_form::none,
      .query = t.query.has_value(),
      .fragment = ref.fragment.has_value(),
  };
  detail::cursor at{start};
  // Where the target's scheme and authority come from one reference (most take both from the
  // base) and its text holds scheme "://" authority in one piece, as parsed text does, that
  // piece is one copy, not four. (The addresses are compared as integers: the views may be
  // of separate strings. A base without a scheme gives an empty one, never such a piece.)
  if (t.authority && !t.scheme.empty()) {
    const char* const head = t.scheme.data();
    const std::size_t scheme = t.scheme.size();
    const auto address = [](const char* p) { return reinterpret_cast<std::uintptr_t>(p); };
    if (address(t.authority->data()) == address(head) + scheme + 3 &&
        std::memcmp(head + scheme, "://", 3) == 0) {
      at.append({head, scheme + 3 + t.authority->size()});
      has.scheme = false;
      has.authority = detail::authority_form::none;
    }
  }
  detail::write_reference(at, has, [&](detail::cursor& o, detail::part p) {
    switch (p) {
      case detail::part::scheme: o.append(t.scheme); break;
      case detail::part::authority: o.append(*t.authority); break;
      case detail::part::path: {
        char* const begin = o.p;
        if (t.source == path_source::base_path) {
          o.append(base.path);
        } else {
          // 5.2.4 has work only where a segment starts with '.'; a plain directory needs no
          // second look.
          std::string_view path = ref.path;
          bool dots = true;
          if (t.source == path_source::merged) {  // 5.2.3 Merge Paths
            std::string_view directory = merge_directory(base);
            if (is_plain_directory(directory)) {
              take_leading_dot_segments(directory, path);
              dots = detail::has_segment_starting_with_dot(path);
            }
            o.append(directory);
          } else {
            dots = detail::has_segment_starting_with_dot(path);
          }
          o.append(path);
          if (dots)
            o.p = begin + detail::remove_dot_segments_in_place(
                              begin, 0, static_cast<std::size_t>(o.p - begin));
        }
        // 5.2.4 can leave "//..." without an authority ("f:/a" + ".//g"): written as it
        // is, it would read back as the authority "g"; the guard repairs it.
        o.p = detail::guard_path_at(begin, o.p, true, t.authority.has_value());
        break;
      }
      case detail::part::query: o.append(*t.query); break;
      case detail::part::fragment: o.append(*ref.fragment); break;
      default: break;  // the authority is written whole
    }
  });
  return at.p;
}

// The target, handed to `take` as a view. It is written on the stack when its bound fits
// there (as much as a text_buffer keeps there) and copied once: a string sized to the bound
// would allocate even for the targets that fit its own 15 bytes. A longer one is written
// into a string of the bound. (A plain array: a text_buffer's members cost more per call.)
template <class Take>
decltype(auto) with_target(const uri_view& base, const uri_view& ref, Take&& take) {
  constexpr std::size_t stack_size = detail::text_buffer::stack_size;
  const target_parts t = transform(base, ref);
  const std::size_t bound = target_bound(t, base, ref);
  if (bound <= stack_size) [[likely]] {
    char local[stack_size];
    const char* const end = write_target(local, t, base, ref);
    return take(std::string_view(local, static_cast<std::size_t>(end - local)));
  }
  std::string heap(bound, '\0');
  const char* const end = write_target(heap.data(), t, base, ref);
  return take(std::string_view(heap.data(), static_cast<std::size_t>(end - heap.data())));
}

}  // namespace

std::string resolve(const uri_view& base, const uri_view& ref) {
  return with_target(base, ref, [](std::string_view target) { return std::string(target); });
}

void resolve_append(std::string& out, const uri_view& base, const uri_view& ref) {
  with_target(base, ref, [&](std::string_view target) { out.append(target); });
}

result<std::string> resolve(std::string_view base, std::string_view ref, syntax grammar) {
  auto b = parse_uri(base, grammar);
  if (!b) return b.error();
  auto r = parse_uri_reference(ref, grammar);
  if (!r) return r.error();
  return resolve(*b, *r);
}

}  // namespace urix
