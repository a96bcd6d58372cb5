// Reference resolution, RFC 3986 section 5.2 (strict), step by step as the RFC writes it.
#include "urix/resolve.h"

#include <algorithm>
#include <optional>

#include "write.h"

namespace urix {
namespace {

// Removes the last segment of `out` and its preceding '/' (if any)  (5.2.4 step 2C).
void pop_segment(std::string& out) {
  const std::size_t slash = out.rfind('/');
  out.erase(slash == std::string::npos ? 0 : slash);
}

// 5.2.3 Merge Paths.
std::string merge(const uri_view& base, std::string_view ref_path) {
  std::string out;
  if (base.has_authority() && base.path.empty()) {
    // "If the base URI has a defined authority component and an empty path, then return a
    // string consisting of "/" concatenated with the reference's path"
    out = "/";
  } else if (const std::size_t slash = base.path.rfind('/'); slash != std::string_view::npos) {
    // "otherwise, return a string consisting of the reference's path component appended to
    // all but the last segment of the base URI's path" (nothing when it has no "/")
    out = base.path.substr(0, slash + 1);
  }
  out += ref_path;
  return out;
}

}  // namespace

// 5.2.4 Remove Dot Segments: the input buffer is consumed from the left; each step is one
// of the rules A-E.
void remove_dot_segments_append(std::string& out, std::string_view in) {
  std::string path;  // the output buffer; popping never reaches into what `out` held before
  path.reserve(in.size());
  while (!in.empty()) {
    if (in.starts_with("../")) {  // A
      in.remove_prefix(3);
    } else if (in.starts_with("./")) {  // A
      in.remove_prefix(2);
    } else if (in.starts_with("/./")) {  // B: replace "/./" with "/"
      in.remove_prefix(2);
    } else if (in == "/.") {  // B: replace "/." with "/"
      in = "/";
    } else if (in.starts_with("/../")) {  // C: replace with "/", drop the last output segment
      in.remove_prefix(3);
      pop_segment(path);
    } else if (in == "/..") {  // C
      in = "/";
      pop_segment(path);
    } else if (in == "." || in == "..") {  // D
      in = {};
    } else {  // E: move the first segment, with its leading '/', to the output
      const std::size_t end = std::min(in.find('/', 1), in.size());
      path.append(in.substr(0, end));
      in.remove_prefix(end);
    }
  }
  out += path;
}

std::string remove_dot_segments(std::string_view path) {
  std::string out;
  remove_dot_segments_append(out, path);
  return out;
}

// 5.2.2 Transform References (strict: "if (R.scheme == Base.scheme)" is not applied), with
// the target recomposed as 5.3 says, its path written so that it reads back as itself.
std::string resolve(const uri_view& base, const uri_view& ref) {
  std::string_view scheme;
  std::optional<std::string_view> authority;
  std::string path;
  std::optional<std::string_view> query;
  if (ref.scheme) {
    scheme = *ref.scheme;
    authority = ref.authority;
    remove_dot_segments_append(path, ref.path);
    query = ref.query;
  } else {
    scheme = base.scheme.value_or("");
    if (ref.authority) {
      authority = ref.authority;
      remove_dot_segments_append(path, ref.path);
      query = ref.query;
    } else {
      authority = base.authority;
      if (ref.path.empty()) {
        path = base.path;
        query = ref.query ? ref.query : base.query;
      } else {
        if (ref.path.starts_with('/')) remove_dot_segments_append(path, ref.path);
        else remove_dot_segments_append(path, merge(base, ref.path));
        query = ref.query;
      }
    }
  }
  std::string out;
  out.reserve(recomposed_size(base) + recomposed_size(ref) + 2);
  // 5.2.4 can leave "//..." without an authority ("f:/a" + ".//g"): written as it is, it
  // would read back as the authority "g"; the writer's guard repairs it.
  const detail::reference_shape has{
      .scheme = true,
      .authority = authority ? detail::authority_form::whole : detail::authority_form::none,
      .query = query.has_value(),
      .fragment = ref.fragment.has_value(),
      .guard = detail::guard_for(path, true, authority.has_value()),
  };
  detail::write_reference(out, has, [&](std::string& o, detail::part p) {
    switch (p) {
      case detail::part::scheme: o.append(scheme); break;
      case detail::part::authority: o.append(*authority); break;
      case detail::part::path: o.append(path); break;
      case detail::part::query: o.append(*query); break;
      case detail::part::fragment: o.append(*ref.fragment); break;
      default: break;  // the authority is written whole
    }
  });
  return out;
}

result<std::string> resolve(std::string_view base, std::string_view ref, syntax grammar) {
  auto b = parse_uri(base, grammar);
  if (!b) return b.error();
  auto r = parse_uri_reference(ref, grammar);
  if (!r) return r.error();
  return resolve(*b, *r);
}

}  // namespace urix
