// SPDX-License-Identifier: Apache-2.0 OR MIT
// python/reference_py.cpp: urix.URIReference, what parse() and parse_many() give.
//
// A C type (PyType_FromSpec), not a pybind11 class: parse_many makes one per URL, and a
// pybind11 instance (its holder, its registration) costs more than parsing the URL. The
// object keeps a reference to the str or bytes it was parsed from and where each component
// lies in its UTF-8 (a str caches its UTF-8, which as_text read); components are made into
// str objects only when asked for.
#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <optional>
#include <string>
#include <string_view>

#include "binding.h"
#include "urix/uri.h"
#include "urix/utf8.h"

namespace urix::python {

result<ref_parts> parse_parts(std::string_view in, syntax grammar) {
  auto r = parse_uri_reference(in, grammar);
  if (!r) return r.error();
  return ref_parts::of(*r);
}

namespace {

// 56 bytes (pymalloc's 64-byte class): parse_many makes one per URL, and the fresh memory
// they take (page faults) is a large part of its time. Lengths in 32 bits; a text of 4 GiB
// or more keeps its ref_parts in a block of its own.
struct ref_object {
  PyObject_HEAD
  PyObject* source;  // the str or bytes parsed (a strong reference)
  union {
    std::uint32_t len[ref_parts::count];
    ref_parts* wide;  // when is_wide
  } lengths;
  unsigned char present;
  host_type kind;
  bool is_wide;
};

static_assert(sizeof(ref_object) <= 64, "one pymalloc size class of 64 bytes");

ref_parts parts_of(const ref_object* r) noexcept {
  if (r->is_wide) return *r->lengths.wide;
  ref_parts p;
  for (int i = 0; i < ref_parts::count; ++i) p.len[i] = r->lengths.len[i];
  p.present = r->present;
  p.host_kind = r->kind;
  return p;
}

PyTypeObject* ref_type = nullptr;  // lives as long as the process

/// The parsed text: the source's UTF-8 (cached in a str since parsing read it).
std::string_view text_of(const ref_object* r) noexcept {
  if (PyBytes_Check(r->source))
    return {PyBytes_AS_STRING(r->source), static_cast<std::size_t>(PyBytes_GET_SIZE(r->source))};
  Py_ssize_t n = 0;
  const char* p = PyUnicode_AsUTF8AndSize(r->source, &n);  // cached: cannot fail again
  return {p, static_cast<std::size_t>(n)};
}

std::string_view view_of(const ref_object* r, int which) noexcept {
  const ref_parts parts = parts_of(r);
  return text_of(r).substr(parts.offset(which), parts.len[which]);
}

/// A str of `s`, a piece of the source: copied as ASCII when the source is ASCII.
py::object piece_str(const ref_object* r, std::string_view s) {
  if (PyUnicode_Check(r->source) && PyUnicode_IS_ASCII(r->source)) return ascii_str(s);
  return utf8_str(s);
}

/// The whole reference as a str: the source itself when it is exactly a str.
py::object text_str(const ref_object* r) {
  if (PyUnicode_CheckExact(r->source)) return py::reinterpret_borrow<py::object>(r->source);
  return piece_str(r, text_of(r));
}

ref_object* self_of(PyObject* o) noexcept { return reinterpret_cast<ref_object*>(o); }

PyObject* get_component(PyObject* self, void* which) {
  return guarded([&] {
    const ref_object* r = self_of(self);
    const int w = static_cast<int>(reinterpret_cast<std::intptr_t>(which));
    if (((r->present >> w) & 1) == 0) return py::object(py::none());
    return piece_str(r, view_of(r, w));
  });
}

PyObject* get_host_type(PyObject* self, void*) {
  return guarded([&] {
    const host_type kind = self_of(self)->kind;
    return kind == host_type::none ? py::object(py::none()) : ascii_str(to_string(kind));
  });
}

PyObject* get_segments(PyObject* self, void*) {
  return guarded([&] {
    py::list out;
    for (const path_segment seg : segments_view(view_of(self_of(self), ref_parts::path)))
      out.append(utf8_str(utf8_replace_invalid(seg.decode())));
    return py::object(std::move(out));
  });
}

PyObject* get_params(PyObject* self, void*) {
  return guarded([&] {
    py::list out;
    const ref_object* r = self_of(self);
    const std::string_view query = parts_of(r).has(ref_parts::query)
                                       ? view_of(r, ref_parts::query)
                                       : std::string_view();
    for (const query_param p : params_view(query))
      out.append(py::make_tuple(utf8_str(utf8_replace_invalid(p.decode_key())),
                                utf8_str(utf8_replace_invalid(p.decode_value()))));
    return py::object(std::move(out));
  });
}

PyObject* ref_str(PyObject* self) {
  return guarded([&] { return text_str(self_of(self)); });
}

PyObject* ref_repr(PyObject* self) {
  return guarded([&] {
    const py::object text = text_str(self_of(self));
    PyObject* o = PyUnicode_FromFormat("URIReference(%R)", text.ptr());
    if (o == nullptr) throw py::error_already_set();
    return py::reinterpret_steal<py::object>(o);
  });
}

Py_hash_t ref_hash(PyObject* self) {
  // The hash of str(self): a reference parsed from bytes hashes as one parsed from its str.
  PyObject* text = ref_str(self);
  if (text == nullptr) return -1;
  const Py_hash_t h = PyObject_Hash(text);
  Py_DECREF(text);
  return h;
}

PyObject* ref_richcompare(PyObject* a, PyObject* b, int op) {
  if ((op != Py_EQ && op != Py_NE) || !PyObject_TypeCheck(a, ref_type) ||
      !PyObject_TypeCheck(b, ref_type))
    Py_RETURN_NOTIMPLEMENTED;
  const bool same = text_of(self_of(a)) == text_of(self_of(b));
  return PyBool_FromLong((op == Py_EQ) == same ? 1 : 0);
}

void ref_dealloc(PyObject* self) {
  PyTypeObject* type = Py_TYPE(self);
  Py_XDECREF(self_of(self)->source);
  if (self_of(self)->is_wide) PyMem_Free(self_of(self)->lengths.wide);
  PyObject_Free(self);  // as make_reference allocates
  Py_DECREF(type);  // a heap type's instances hold a reference to it
}

// The closure of each component's getter: its index in ref_parts.
void* index(int i) { return reinterpret_cast<void*>(static_cast<std::intptr_t>(i)); }

PyGetSetDef getset[] = {
    {"scheme", get_component, nullptr, nullptr, index(ref_parts::scheme)},
    {"userinfo", get_component, nullptr, nullptr, index(ref_parts::userinfo)},
    {"host", get_component, nullptr, nullptr, index(ref_parts::host)},
    {"host_type", get_host_type, nullptr, nullptr, nullptr},
    {"port", get_component, nullptr, nullptr, index(ref_parts::port)},
    {"path", get_component, nullptr, nullptr, index(ref_parts::path)},
    {"query", get_component, nullptr, nullptr, index(ref_parts::query)},
    {"fragment", get_component, nullptr, nullptr, index(ref_parts::fragment)},
    {"segments", get_segments, nullptr, "The path's segments, decoded.", nullptr},
    {"params", get_params, nullptr,
     "The query's parameters as (key, value) pairs, decoded ('+' is a space); a key without "
     "'=' has the value ''.",
     nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr},
};

const char* const doc = R"(A parsed URI reference (RFC 3986 4.1), from parse().

The components are as written (still percent-encoded), None when absent and '' when present
but empty; .segments and .params are decoded (U+FFFD for bytes that are not UTF-8), as in
`urix parse`. str() gives the reference back, exactly as it was parsed.

>>> u = parse('http://user@[::1]:8080/a%2Fb/c?q=1+2&flag#top')
>>> u.scheme, u.userinfo, u.host, u.host_type, u.port
('http', 'user', '[::1]', 'ipv6', '8080')
>>> u.path, u.query, u.fragment
('/a%2Fb/c', 'q=1+2&flag', 'top')
>>> u.segments, u.params
(['a/b', 'c'], [('q', '1 2'), ('flag', '')])
>>> parse('a/b').scheme is None, parse('http://a/?').query
(True, '')
>>> str(u)
'http://user@[::1]:8080/a%2Fb/c?q=1+2&flag#top'
)";

PyType_Slot slots[] = {
    {Py_tp_doc, const_cast<char*>(doc)},
    {Py_tp_methods, nullptr},  // reference_edit_methods(), set in register_reference
    {Py_nb_true_divide, reinterpret_cast<void*>(&reference_truediv)},
    {Py_tp_getset, getset},
    {Py_tp_str, reinterpret_cast<void*>(&ref_str)},
    {Py_tp_repr, reinterpret_cast<void*>(&ref_repr)},
    {Py_tp_hash, reinterpret_cast<void*>(&ref_hash)},
    {Py_tp_richcompare, reinterpret_cast<void*>(&ref_richcompare)},
    {Py_tp_dealloc, reinterpret_cast<void*>(&ref_dealloc)},
    {0, nullptr},
};

#ifdef Py_TPFLAGS_DISALLOW_INSTANTIATION
constexpr unsigned long flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION;
#else
constexpr unsigned long flags = Py_TPFLAGS_DEFAULT;
#endif

PyType_Spec spec = {"urix.URIReference", sizeof(ref_object), 0, flags, slots};

}  // namespace

PyObject* make_reference(PyObject* source, const ref_parts& parts) noexcept {
  std::size_t longest = 0;
  for (std::size_t n : parts.len) longest = n > longest ? n : longest;
  ref_parts* wide = nullptr;
  if (longest > UINT32_MAX) {
    wide = static_cast<ref_parts*>(PyMem_Malloc(sizeof(ref_parts)));
    if (wide == nullptr) return PyErr_NoMemory();
    *wide = parts;
  }
  // PyObject_Init, not tp_alloc: no zeroing, and every field is set here.
  auto* r = static_cast<ref_object*>(PyObject_Malloc(sizeof(ref_object)));
  if (r == nullptr) {
    PyMem_Free(wide);
    return PyErr_NoMemory();
  }
  PyObject_Init(reinterpret_cast<PyObject*>(r), ref_type);  // and a reference to the type
  Py_INCREF(source);
  r->source = source;
  r->is_wide = wide != nullptr;
  if (wide != nullptr) {
    r->lengths.wide = wide;
  } else {
    for (int i = 0; i < ref_parts::count; ++i)
      r->lengths.len[i] = static_cast<std::uint32_t>(parts.len[i]);
  }
  r->present = parts.present;
  r->kind = parts.host_kind;
  return reinterpret_cast<PyObject*>(r);
}

bool reference_view(PyObject* o, std::string_view& text, ref_parts& parts) noexcept {
  if (ref_type == nullptr || !PyObject_TypeCheck(o, ref_type)) return false;
  text = text_of(self_of(o));
  parts = parts_of(self_of(o));
  return true;
}

PyObject* new_reference(std::string_view text) {
  const bool ascii = std::all_of(text.begin(), text.end(),
                                 [](char c) { return static_cast<unsigned char>(c) < 0x80; });
  auto r = parse_parts(text, ascii ? syntax::uri : syntax::iri);
  if (!r) raise_parse_error(r.error(), text, true);
  py::object source = ascii ? ascii_str(text) : utf8_str(text);
  PyObject* out = make_reference(source.ptr(), *r);
  if (out == nullptr) throw py::error_already_set();
  return out;
}

PyObject* new_reference(std::string_view text, const ref_parts& parts) {
#ifndef NDEBUG
  {  // the parts are those parsing finds
    const bool ascii_text = std::all_of(text.begin(), text.end(), [](char c) {
      return static_cast<unsigned char>(c) < 0x80;
    });
    auto r = parse_parts(text, ascii_text ? syntax::uri : syntax::iri);
    assert(r && r->present == parts.present && r->host_kind == parts.host_kind);
    for (int i = 0; i < ref_parts::count; ++i) assert(r->len[i] == parts.len[i]);
  }
#endif
  const bool ascii = std::all_of(text.begin(), text.end(),
                                 [](char c) { return static_cast<unsigned char>(c) < 0x80; });
  py::object source = ascii ? ascii_str(text) : utf8_str(text);
  PyObject* out = make_reference(source.ptr(), parts);
  if (out == nullptr) throw py::error_already_set();
  return out;
}

void register_reference(py::module_& m) {
  for (PyType_Slot& slot : slots)
    if (slot.slot == Py_tp_methods) slot.pfunc = reference_edit_methods();
  PyObject* t = PyType_FromSpec(&spec);
  if (t == nullptr) throw py::error_already_set();
  ref_type = reinterpret_cast<PyTypeObject*>(t);
#ifndef Py_TPFLAGS_DISALLOW_INSTANTIATION
  ref_type->tp_new = nullptr;  // made by parse() only
#endif
  ref_type->tp_free = PyObject_Free;  // as make_reference allocates
  m.attr("URIReference") = py::reinterpret_borrow<py::object>(t);  // ref_type keeps its own
}

}  // namespace urix::python
