// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/uri/write.h: the one writer of a reference (RFC 3986 5.3), with the named guards that
// make a path read back as itself (3.3, 4.2). recompose, uri::to_string, normalize, resolve
// and the IRI conversions all write through it.
// @private: not part of urix's public API.
#pragma once

#include <array>
#include <cstring>
#include <string>
#include <string_view>

#include "../detail/copy.h"
#include "grammar.h"
#include "urix/uri.h"

namespace urix::detail {

/// The repair a path needs so that the whole reference, parsed again, gives back this path
/// and the components written before it. Written as it is (5.3), a path can read otherwise;
/// each repair but `root` is a prefix that remove_dot_segments (5.2.4) removes again.
enum class path_guard : unsigned char {
  none,       ///< the path reads back as written
  root,       ///< "/": a rootless path after an authority ("a" -> "/a", path-abempty); the one
              ///< repair that changes the path (an owning `uri` can hold such a path, a parsed
              ///< reference cannot)
  slash_dot,  ///< "/.": no authority and a path starting "//" ("/.//g"; "//g" would read as an
              ///< authority)
  dot_slash,  ///< "./": no scheme, no authority and a first segment holding ':' ("./a:b";
              ///< "a:b" would read as the scheme "a")
};

/// The guard `path` needs after the components written before it: the repair of each way it
/// can fail to fit there (grammar.h, fit_path).
[[nodiscard]] constexpr path_guard guard_for(std::string_view path, bool has_scheme,
                                             bool has_authority) noexcept {
  switch (fit_path(path, has_scheme, has_authority)) {
    case path_fit::fits: return path_guard::none;
    case path_fit::rootless_after_authority: return path_guard::root;
    case path_fit::authority_like: return path_guard::slash_dot;
    case path_fit::colon_in_first_segment: return path_guard::dot_slash;
  }
  return path_guard::none;
}

/// The text a guard puts before the path.
[[nodiscard]] constexpr std::string_view prefix(path_guard guard) noexcept {
  switch (guard) {
    case path_guard::none: return "";
    case path_guard::root: return "/";
    case path_guard::slash_dot: return "/.";
    case path_guard::dot_slash: return "./";
  }
  return "";
}

/// The buffer a reference is written into: on the stack while the text is short (a URL's
/// is), on the heap past that. The writer makes room for its bound on the text with room(),
/// writes there at a `cursor`, and sets the size; str() and view() give the result.
class text_buffer {
 public:
  /// The text that fits on the stack: a URL's, reference and result alike.
  static constexpr std::size_t stack_size = 256;

  text_buffer() = default;
  text_buffer(const text_buffer&) = delete;
  text_buffer& operator=(const text_buffer&) = delete;

  /// Room for `n` more bytes at the end of the text; valid until the next call that makes room.
  char* room(std::size_t n) {
    if (static_cast<std::size_t>(end_ - p_) < n) [[unlikely]]
      grow(n);
    return p_;
  }
  /// Sets the size, after writing in place (at most to the end of the last room()).
  void resize(std::size_t n) noexcept { p_ = begin_ + n; }
  [[nodiscard]] std::size_t size() const noexcept { return static_cast<std::size_t>(p_ - begin_); }
  [[nodiscard]] std::string_view view() const noexcept { return {begin_, size()}; }
  [[nodiscard]] std::string str() const { return std::string(view()); }

 private:
  void grow(std::size_t n);

  std::array<char, stack_size> local_;
  std::string heap_;
  char* begin_ = local_.data();
  char* end_ = local_.data() + local_.size();
  char* p_ = begin_;
};

/// A writer at a pointer, for a caller that has made room for its bound first (room() of a
/// text_buffer): no bounds test, and its position stays in a register, where a position
/// kept in a buffer object is read again after every byte written (a char may alias it).
struct cursor {
  char* p;
  void push_back(char c) noexcept { *p++ = c; }
  void append(std::string_view v) noexcept {
    copy_short(p, v.data(), v.size());
    p += v.size();
  }
};

/// Puts the guard a path needs in front of it, for a path computed in place in [begin, end),
/// whose guard is known only once it is there (the writer is then given path_guard::none);
/// returns the path's new end. end[0, 2) must be writable. Inline: the test is a byte or two,
/// and almost no path needs a guard.
inline char* guard_path_at(char* begin, char* end, bool has_scheme, bool has_authority) noexcept {
  const std::string_view guard = prefix(guard_for(
      std::string_view(begin, static_cast<std::size_t>(end - begin)), has_scheme, has_authority));
  if (!guard.empty()) [[unlikely]] {
    std::memmove(begin + guard.size(), begin, static_cast<std::size_t>(end - begin));
    std::memcpy(begin, guard.data(), guard.size());
  }
  return end + guard.size();
}

/// The components of a reference, as the writer asks for them.
enum class part : unsigned char { scheme, authority, userinfo, host, port, path, query, fragment };

/// How a reference's authority is written: not at all, as one piece (part::authority), or in
/// its parts (part::userinfo "@", part::host, ":" part::port).
enum class authority_form : unsigned char { none, whole, parts };

/// Which components a reference has, and the guard before its path.
struct reference_shape {
  bool scheme = false;
  authority_form authority = authority_form::none;
  bool userinfo = false;  ///< with authority_form::parts
  bool port = false;      ///< with authority_form::parts
  bool query = false;
  bool fragment = false;
  path_guard guard = path_guard::none;
};

/// The shape of `u`: its components, its authority (if any) written in `form`, and its path
/// unguarded (a parsed path needs no guard).
[[nodiscard]] constexpr reference_shape shape_of(const uri_view& u, authority_form form) noexcept {
  const bool parts = u.authority && form == authority_form::parts;
  return {.scheme = u.scheme.has_value(),
          .authority = u.authority ? form : authority_form::none,
          .userinfo = parts && u.userinfo.has_value(),
          .port = parts && u.port.has_value(),
          .query = u.query.has_value(),
          .fragment = u.fragment.has_value()};
}

/// Appends a reference as RFC 3986 5.3 writes it: scheme ":", "//" authority, path, "?" query,
/// "#" fragment, each only when present, and the path after its guard. `put(out, part)`
/// appends the text of one present component without its delimiter: as stored, converted or
/// normalized, as the caller wants. `out` is a std::string or a text_buffer.
template <class Out, class Put>
void write_reference(Out& out, const reference_shape& has, Put&& put) {
  if (has.scheme) {
    put(out, part::scheme);
    out.push_back(':');
  }
  if (has.authority == authority_form::whole) {
    out.append("//");
    put(out, part::authority);
  } else if (has.authority == authority_form::parts) {
    out.append("//");
    if (has.userinfo) {
      put(out, part::userinfo);
      out.push_back('@');
    }
    put(out, part::host);
    if (has.port) {
      out.push_back(':');
      put(out, part::port);
    }
  }
  out.append(prefix(has.guard));
  put(out, part::path);
  if (has.query) {
    out.push_back('?');
    put(out, part::query);
  }
  if (has.fragment) {
    out.push_back('#');
    put(out, part::fragment);
  }
}

}  // namespace urix::detail
