// SPDX-License-Identifier: Apache-2.0 OR MIT
// Writing a reference back out (RFC 3986 5.3): recompose, and uri::to_string, both through
// the one writer of write.h.
#include "write.h"

#include <cstring>

#include "urix/uri.h"

namespace urix {

void detail::text_buffer::grow(std::size_t n) {
  const std::size_t size = this->size();
  if (begin_ != heap_.data()) heap_.assign(begin_, size);
  heap_.resize(std::max(2 * heap_.size(), size + n));
  begin_ = heap_.data();
  end_ = begin_ + heap_.size();
  p_ = begin_ + size;
}

void recompose_append(std::string& out, const uri_view& u) {
  out.reserve(out.size() + recomposed_size(u));
  // The components as they are, the authority in one piece and the path unguarded: a view
  // from the parser comes back byte for byte, and any other view as exactly what it holds.
  detail::write_reference(out, detail::shape_of(u, detail::authority_form::whole), [&](std::string& o, detail::part p) {
    switch (p) {
      case detail::part::scheme: o.append(*u.scheme); break;
      case detail::part::authority: o.append(*u.authority); break;
      case detail::part::path: o.append(u.path); break;
      case detail::part::query: o.append(*u.query); break;
      case detail::part::fragment: o.append(*u.fragment); break;
      default: break;  // the authority is written whole
    }
  });
}

std::string recompose(const uri_view& u) {
  std::string out;
  recompose_append(out, u);
  return out;
}

std::string uri::to_string() const {
  std::string out;
  const detail::reference_shape has{
      .scheme = scheme_.has_value(),
      .authority = host_ ? detail::authority_form::parts : detail::authority_form::none,
      .userinfo = userinfo_.has_value(),
      .port = port_.has_value(),
      .query = query_.has_value(),
      .fragment = fragment_.has_value(),
      .guard = detail::guard_for(path_, scheme_.has_value(), host_.has_value()),
  };
  detail::write_reference(out, has, [&](std::string& o, detail::part p) {
    switch (p) {
      case detail::part::scheme: o.append(*scheme_); break;
      case detail::part::userinfo: o.append(*userinfo_); break;
      case detail::part::host: o.append(*host_); break;
      case detail::part::port: o.append(*port_); break;
      case detail::part::path: o.append(path_); break;
      case detail::part::query: o.append(*query_); break;
      case detail::part::fragment: o.append(*fragment_); break;
      case detail::part::authority: break;  // written in its parts
    }
  });
  return out;
}

}  // namespace urix
