// SPDX-License-Identifier: Apache-2.0 OR MIT
// python/edit_py.cpp: editing a urix.URIReference (SPEC 11, last item): with_scheme/host/port/
// path/query/fragment, update_query, extend_query, without_query_params, joinpath and '/'.
// Each returns a new reference; what a method is given is percent-encoded for the component it
// lands in (RFC 3986 sets), so that it reads back as given. The names and the argument forms
// follow yarl's. The query edits are done here, on the reference's text (the hot path: no
// copy of the other components, no parse); every other edit goes through the library's
// urix::uri, its setters and its writer.
//
// Shared with urix.URL (url_py.cpp, section 12; declared in binding.h): the argument reading,
// the query edits (read_pairs, edit_query, which work on a query's text and take the writer of
// a new pair) and joinpath's path (joined_path, which takes the set a segment is encoded
// with). URL supplies its own components (the URL Standard's setters) and its serializer.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <exception>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "binding.h"
#include "urix/pct.h"
#include "urix/sets.h"
#include "urix/utf8.h"

namespace urix::python {

// ---- Arguments (any URL type) --------------------------------------------------------------

std::string utf8_of_str(PyObject* s) {
  Py_ssize_t n = 0;
  const char* p = PyUnicode_AsUTF8AndSize(s, &n);
  if (p == nullptr) throw py::error_already_set();
  return {p, static_cast<std::size_t>(n)};
}

[[noreturn]] void type_error(const std::string& msg) {
  PyErr_SetString(PyExc_TypeError, msg.c_str());
  throw py::error_already_set();
}

[[noreturn]] void value_error(const std::string& msg) {
  PyErr_SetString(PyExc_ValueError, msg.c_str());
  throw py::error_already_set();
}

call_args read_call(PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames,
                    bool keep_keywords) {
  call_args c;
  c.positional = std::span<PyObject* const>(args, static_cast<std::size_t>(nargs));
  const Py_ssize_t nkw = kwnames == nullptr ? 0 : PyTuple_GET_SIZE(kwnames);
  if (nkw == 0) return c;
  if (keep_keywords) {
    c.kwvalues = args + nargs;
    c.kwnames = kwnames;
    return c;
  }
  for (Py_ssize_t i = 0; i < nkw; ++i) {
    PyObject* key = PyTuple_GET_ITEM(kwnames, i);
    if (PyUnicode_CompareWithASCIIString(key, "encoded") != 0)
      type_error("unexpected keyword argument " + utf8_of_str(key));
    const int flag = PyObject_IsTrue(args[nargs + i]);
    if (flag < 0) throw py::error_already_set();
    c.encoded = flag == 1;
  }
  return c;
}

PyObject* one_arg(const call_args& c, const char* name) {
  if (c.positional.size() != 1) type_error(std::string(name) + "() takes one argument");
  return c.positional[0];
}

std::string str_arg(PyObject* v, const char* type_message) {
  if (!PyUnicode_Check(v)) type_error(type_message);
  return utf8_of_str(v);
}

std::string ascii_lower(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c + 32);
  return s;
}

int port_arg(PyObject* v) {
  if (PyBool_Check(v) || !PyLong_Check(v)) type_error("with_port() takes an int or None");
  const long port = PyLong_AsLong(v);
  if (port == -1 && PyErr_Occurred()) PyErr_Clear();
  if (port < 0 || port > 65535) value_error("a port is 0 to 65535");
  return static_cast<int>(port);
}

bool is_bare_ipv6(std::string_view host) noexcept {
  return !host.empty() && host[0] != '[' && host.find(':') != std::string_view::npos;
}

// ---- The query edits (any URL type) --------------------------------------------------------

namespace {

/// One value as query text: str as it is, int (not bool) and float in decimal, as yarl takes
/// them; ValueError for a float that is not finite.
std::string value_text(PyObject* v) {
  if (PyUnicode_Check(v)) return utf8_of_str(v);
  if (PyBool_Check(v)) type_error("query values may be str, int or float, not bool");
  if (PyLong_Check(v) || PyFloat_Check(v)) {
    if (PyFloat_Check(v) && !std::isfinite(PyFloat_AS_DOUBLE(v)))
      value_error("a query value may not be inf or nan");
    py::object s = steal(PyObject_Str(v));
    return utf8_of_str(s.ptr());
  }
  type_error(std::string("query values may be str, int or float, not ") + Py_TYPE(v)->tp_name);
}

/// Adds key=value (a list or tuple value: one pair per item).
void add_pair(query_pairs& out, PyObject* key, PyObject* value) {
  if (!PyUnicode_Check(key))
    type_error(std::string("query keys must be str, not ") + Py_TYPE(key)->tp_name);
  std::string k = utf8_of_str(key);
  if (PyList_Check(value) || PyTuple_Check(value)) {
    py::object seq = py::reinterpret_borrow<py::object>(value);
    for (py::handle item : seq) out.emplace_back(k, value_text(item.ptr()));
    return;
  }
  out.emplace_back(std::move(k), value_text(value));
}

}  // namespace

query_pairs read_pairs(PyObject* arg, const call_args& c) {
  query_pairs out;
  if (arg != nullptr) {
    if (PyDict_Check(arg)) {
      Py_ssize_t pos = 0;
      PyObject *k = nullptr, *v = nullptr;
      while (PyDict_Next(arg, &pos, &k, &v)) add_pair(out, k, v);
    } else if (PyObject_HasAttrString(arg, "items") && !PyUnicode_Check(arg)) {
      py::object items = py::reinterpret_borrow<py::object>(arg).attr("items")();
      for (py::handle kv : items) {
        py::tuple t = py::reinterpret_borrow<py::object>(kv);
        add_pair(out, t[0].ptr(), t[1].ptr());
      }
    } else if (PyUnicode_Check(arg) || PyBytes_Check(arg)) {
      type_error("a str query is for with_query() only; here give a mapping or pairs");
    } else {
      py::object seq = py::reinterpret_borrow<py::object>(arg);
      for (py::handle kv : seq) {
        py::object item = py::reinterpret_borrow<py::object>(kv);
        if (PyUnicode_Check(item.ptr()) || py::len(item) != 2)
          type_error("a query sequence holds (key, value) pairs");
        add_pair(out, item[py::int_(0)].ptr(), item[py::int_(1)].ptr());
      }
    }
  }
  const Py_ssize_t nkw = c.kwnames == nullptr ? 0 : PyTuple_GET_SIZE(c.kwnames);
  for (Py_ssize_t i = 0; i < nkw; ++i) add_pair(out, PyTuple_GET_ITEM(c.kwnames, i), c.kwvalues[i]);
  return out;
}

PyObject* query_arg(const call_args& c, const char* name) {
  if (c.positional.size() > 1 || (c.positional.size() == 1 && c.kwnames != nullptr))
    type_error(std::string(name) + "() takes a mapping, pairs or keyword arguments");
  return c.positional.empty() ? nullptr : c.positional[0];
}

query_pairs key_names(PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  if (kwnames != nullptr && PyTuple_GET_SIZE(kwnames) != 0)
    type_error("without_query_params() takes key names only");
  query_pairs names;
  for (Py_ssize_t i = 0; i < nargs; ++i) {
    if (!PyUnicode_Check(args[i])) type_error("query keys must be str");
    names.emplace_back(utf8_of_str(args[i]), std::string());
  }
  return names;
}

void append_pairs(std::string& out, const query_pairs& ps, pair_writer write) {
  for (const auto& [k, v] : ps) {
    if (!out.empty()) out += '&';
    write(out, k, v);
  }
}

namespace {

/// The decoded key of a piece "key=value" of a query ('+' a space, U+FFFD for bytes that are
/// not UTF-8), as .params reads it.
std::string_view piece_key(std::string_view piece, std::string& buf) {
  const query_param param{piece.substr(0, piece.find('=')), std::nullopt};
  const std::string_view key = param.decode_key(buf);
  if (validate_utf8(key)) return key;
  buf = utf8_replace_invalid(key);
  return buf;
}

}  // namespace

std::string edit_query(std::string_view query, const query_pairs& ps, query_op op,
                       pair_writer write) {
  std::string out;
  if (op == query_op::extend) {
    out.assign(query);
    if (!ps.empty() && !query.empty()) out += '&';
    std::string tail;
    append_pairs(tail, ps, write);
    return out + tail;
  }
  std::vector<bool> placed(ps.size(), false);
  std::string buf;
  bool first = true;
  out.reserve(query.size() + 16);
  auto piece_out = [&](std::string_view p) {
    if (!first) out += '&';
    first = false;
    out.append(p);
  };
  auto pair_out = [&](const std::pair<std::string, std::string>& kv) {
    if (!first) out += '&';
    first = false;
    write(out, kv.first, kv.second);
  };
  std::string_view rest = query;
  bool more = !query.empty();
  while (more) {
    const std::size_t amp = rest.find('&');
    const std::string_view piece = rest.substr(0, amp);
    more = amp != std::string_view::npos;
    if (more) rest.remove_prefix(amp + 1);
    const std::string_view key = piece.empty() ? piece : piece_key(piece, buf);
    std::size_t hit = ps.size();
    if (!piece.empty())
      for (std::size_t i = 0; i < ps.size() && hit == ps.size(); ++i)
        if (ps[i].first == key) hit = i;
    if (hit == ps.size()) {
      piece_out(piece);
      continue;
    }
    if (op == query_op::remove || placed[hit]) continue;
    for (std::size_t i = hit; i < ps.size(); ++i) {
      if (ps[i].first != ps[hit].first) continue;
      placed[i] = true;
      pair_out(ps[i]);
    }
  }
  if (op == query_op::update)
    for (std::size_t i = 0; i < ps.size(); ++i)
      if (!placed[i]) pair_out(ps[i]);
  return out;
}

// ---- joinpath's path (any URL type) --------------------------------------------------------

namespace {

/// A check's or a setter's error as urix.Error, its offset into `given` (as given).
void check_set(const result<void>& r, std::string_view given) {
  if (!r) raise_parse_error(r.error(), given, true);
}

/// One segment for joinpath, decoded: never a dot-segment, which would climb out of the path
/// it joins (Go's CVE-2022-32190). encoded=True takes it as written (no '/', '?' or '#' in it,
/// only `set` and %HH) and decodes it, so that "%2E%2E" is refused too and "%2F" stays one
/// segment's data.
std::string join_segment(PyObject* s, bool encoded, const charset& set) {
  if (!PyUnicode_Check(s)) type_error("joinpath() takes str segments");
  std::string seg = utf8_of_str(s);
  if (encoded) {
    if (seg.find_first_of("/?#") != std::string::npos)
      value_error("an encoded segment may not hold '/', '?' or '#': " + seg);
    check_set(check(seg, set), seg);
    seg = *decode(seg, {.lenient = true});
  }
  if (seg == "." || seg == "..") value_error("a dot-segment may not be joined: " + seg);
  return seg;
}

}  // namespace

std::string joined_path(std::string_view path, bool has_host, std::span<PyObject* const> segments,
                        bool encoded, const charset& set) {
  // The path as a directory ("/a" and "/a/" both take "/a/seg", as yarl does; "" takes "/seg"
  // after a host), then each segment encoded with `set`, which lacks '/': it is %2F.
  std::string out(path);
  if (out.empty() ? has_host : out.back() != '/') out += '/';
  for (std::size_t i = 0; i < segments.size(); ++i) {
    if (i != 0) out += '/';
    encode_append(out, join_segment(segments[i], encoded, set), set);
  }
  return out;
}

// ---- URIReference ---------------------------------------------------------------------------

namespace {

/// A key or value in a query: what is not in query_param (which lacks "&=+") is %HH, a space
/// is '+' (so '+' is %2B): what urix.URIReference.params and query_params read back.
void append_query_part(std::string& out, std::string_view s) {
  encode_append(out, s, sets::query_param, {.space_as_plus = true});
}

/// A new pair of a URIReference's query: key=value, each an append_query_part.
void write_reference_pair(std::string& out, std::string_view key, std::string_view value) {
  append_query_part(out, key);
  out += '=';
  append_query_part(out, value);
}

/// A reference's components as editable text (RFC 3986 5.3 puts them back together): views
/// into the reference's text, or into `store` for what an edit made. Not copied or moved.
struct edit_parts {
  std::optional<std::string_view> scheme, userinfo, host, port;
  std::string_view path;
  std::optional<std::string_view> query, fragment;
  host_type kind = host_type::none;
  std::string store[3];
  int stored = 0;

  edit_parts() = default;
  edit_parts(const edit_parts&) = delete;
  edit_parts& operator=(const edit_parts&) = delete;

  /// Keeps `s` for as long as these parts live; a view of it.
  std::string_view own(std::string&& s) {
    store[stored] = std::move(s);
    return store[stored++];
  }
};

void read_parts(PyObject* self, edit_parts& e) {
  std::string_view text;
  ref_parts p;
  if (!reference_view(self, text, p)) type_error("not a urix.URIReference");
  const uri_view u = p.view(text);
  e.scheme = u.scheme;
  e.userinfo = u.userinfo;
  e.host = u.host;
  e.port = u.port;
  e.path = u.path;
  e.query = u.query;
  e.fragment = u.fragment;
  e.kind = u.host_kind;
}

/// The reference the parts make (a new URIReference) after a query edit: the other parts are
/// as parsed and the query is encoded here, so the text is not parsed again: its parts are
/// where they were put (checked against parsing in builds with assertions).
py::object rebuild(const edit_parts& e) {
  std::string text;
  text.reserve(e.scheme.value_or("").size() + e.userinfo.value_or("").size() +
               e.host.value_or("").size() + e.port.value_or("").size() + e.path.size() +
               e.query.value_or("").size() + e.fragment.value_or("").size() + 8);
  if (e.scheme) text.append(*e.scheme).append(1, ':');
  if (e.host) {
    text += "//";
    if (e.userinfo) text.append(*e.userinfo).append(1, '@');
    text.append(*e.host);
    if (e.port) text.append(1, ':').append(*e.port);
  }
  text.append(e.path);
  if (e.query) text.append(1, '?').append(*e.query);
  if (e.fragment) text.append(1, '#').append(*e.fragment);
  uri_view u;
  u.scheme = e.scheme, u.userinfo = e.userinfo, u.host = e.host, u.port = e.port;
  u.path = e.path, u.query = e.query, u.fragment = e.fragment;
  u.host_kind = e.kind;
  return steal(new_reference(text, ref_parts::of(u)));
}

// The edits of one component other than the query go through urix::uri, the library's owning
// reference: its setters hold the component rules (scheme syntax, which host is which, the
// encode sets) and its writer the path guards (RFC 3986 4.2: "./" before a first segment with
// ':' when there is no scheme, "/." before "//" when there is no authority, '/' before a
// rootless path after an authority), as `urix set` uses them.

/// The reference's components, views into its text (which `self` keeps alive).
uri_view view_of(PyObject* self) {
  std::string_view text;
  ref_parts p;
  if (!reference_view(self, text, p)) type_error("not a urix.URIReference");
  const bool ascii = std::all_of(text.begin(), text.end(),
                                 [](char c) { return static_cast<unsigned char>(c) < 0x80; });
  auto v = parse_uri_reference(text, ascii ? syntax::uri : syntax::iri);
  if (!v) raise_parse_error(v.error(), text, true);  // not reached: it was parsed so
  return *v;
}

/// The reference as an owning urix::uri (an IRI's components copied as they are).
urix::uri owned(PyObject* self) { return urix::uri(view_of(self)); }

py::object written(const urix::uri& u) { return steal(new_reference(u.to_string())); }

PyObject* with_scheme(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kw) {
  return guarded([&] {
    PyObject* v = one_arg(read_call(args, nargs, kw, false), "with_scheme");
    urix::uri u = owned(self);
    if (v == Py_None) {
      u.clear_scheme();
      return written(u);
    }
    // Lowercased, as yarl does.
    const std::string s = ascii_lower(str_arg(v, "with_scheme() takes a str or None"));
    check_set(u.set_scheme(s), s);
    return written(u);
  });
}

PyObject* with_host(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kw) {
  return guarded([&] {
    const call_args c = read_call(args, nargs, kw, false);
    PyObject* v = one_arg(c, "with_host");
    urix::uri u = owned(self);
    if (v == Py_None) {  // no authority at all
      u.clear_authority();
      return written(u);
    }
    const std::string h = str_arg(v, "with_host() takes a str or None");
    if (is_bare_ipv6(h))
      check_set(u.set_encoded_host("[" + h + "]"), h);  // an IPv6 address
    else if (c.encoded || (!h.empty() && h[0] == '['))
      check_set(u.set_encoded_host(h), h);
    else
      u.set_host(h);
    return written(u);
  });
}

PyObject* with_port(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kw) {
  return guarded([&] {
    PyObject* v = one_arg(read_call(args, nargs, kw, false), "with_port");
    urix::uri u = owned(self);
    if (v == Py_None) {
      u.clear_port();
      return written(u);
    }
    const int port = port_arg(v);
    if (!u.host()) value_error("a port needs a host");  // yarl's rule too; uri would add one
    const std::string digits = std::to_string(port);
    check_set(u.set_port(digits), digits);
    return written(u);
  });
}

PyObject* with_path(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kw) {
  return guarded([&] {
    const call_args c = read_call(args, nargs, kw, false);
    const std::string path = str_arg(one_arg(c, "with_path"), "with_path() takes a str");
    urix::uri u = owned(self);
    if (c.encoded)
      check_set(u.set_encoded_path(path), path);
    else
      u.set_path(path);
    return written(u);
  });
}

PyObject* with_fragment(PyObject* self, PyObject* const* args, Py_ssize_t nargs,
                        PyObject* kw) {
  return guarded([&] {
    const call_args c = read_call(args, nargs, kw, false);
    PyObject* v = one_arg(c, "with_fragment");
    urix::uri u = owned(self);
    if (v == Py_None) {
      u.clear_fragment();
      return written(u);
    }
    const std::string f = str_arg(v, "with_fragment() takes a str or None");
    if (c.encoded)
      check_set(u.set_encoded_fragment(f), f);
    else
      u.set_fragment(f);
    return written(u);
  });
}

/// with_query, update_query, extend_query: (mapping or pairs) or keyword arguments.
py::object query_method(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kw,
                        const char* name, std::optional<query_op> op) {
  const call_args c = read_call(args, nargs, kw, true);
  PyObject* arg = query_arg(c, name);
  edit_parts e;
  read_parts(self, e);
  if (!op) {  // with_query
    if (arg == Py_None) {
      e.query.reset();
      return rebuild(e);
    }
    if (arg != nullptr && PyUnicode_Check(arg)) {
      e.query = e.own(encode(utf8_of_str(arg), sets::query, {.keep_escapes = true}));
      return rebuild(e);
    }
    std::string q;
    append_pairs(q, read_pairs(arg, c), write_reference_pair);
    if (q.empty())
      e.query.reset();
    else
      e.query = e.own(std::move(q));
    return rebuild(e);
  }
  const query_pairs ps = read_pairs(arg, c);
  if (ps.empty()) return py::reinterpret_borrow<py::object>(self);
  std::string q = edit_query(e.query.value_or(""), ps, *op, write_reference_pair);
  if (q.empty() && !e.query)
    return py::reinterpret_borrow<py::object>(self);
  e.query = e.own(std::move(q));
  return rebuild(e);
}

using query_methods = query_entries<&query_method>;

PyObject* without_query_params(PyObject* self, PyObject* const* args, Py_ssize_t nargs,
                               PyObject* kw) {
  return guarded([&] {
    const query_pairs names = key_names(args, nargs, kw);
    edit_parts e;
    read_parts(self, e);
    if (names.empty() || !e.query) return py::reinterpret_borrow<py::object>(self);
    std::string q = edit_query(*e.query, names, query_op::remove, write_reference_pair);
    if (q == *e.query) return py::reinterpret_borrow<py::object>(self);
    if (q.empty())
      e.query.reset();
    else
      e.query = e.own(std::move(q));
    return rebuild(e);
  });
}

py::object joinpath_impl(PyObject* self, std::span<PyObject* const> segments, bool encoded) {
  uri_view v = view_of(self);
  // Each segment encoded with sets::segment. The writer puts the guard a rootless or "//"
  // path needs before it. (The path goes in through the view: an IRI's path is kept as it
  // is, which set_encoded_path would refuse.)
  const std::string path =
      joined_path(v.path, v.host.has_value(), segments, encoded, sets::segment);
  v.path = path;
  urix::uri u(v);
  u.clear_query();  // as yarl: the query and fragment belong to the old path
  u.clear_fragment();
  return written(u);
}

PyObject* joinpath(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kw) {
  return guarded([&] {
    const call_args c = read_call(args, nargs, kw, false);
    return joinpath_impl(self, c.positional, c.encoded);
  });
}

PyMethodDef methods[] = {
    {"with_scheme", fastcall_method<&with_scheme>(), METH_FASTCALL | METH_KEYWORDS,
     "with_scheme(scheme)\n--\n\nA new reference with this scheme (lowercased), or without one "
     "(None).\n\n>>> parse('http://h/p').with_scheme('HTTPS')\nURIReference('https://h/p')\n"},
    {"with_host", fastcall_method<&with_host>(), METH_FASTCALL | METH_KEYWORDS,
     "with_host(host, *, encoded=False)\n--\n\nA new reference with this host (percent-encoded "
     "as a reg-name; an IPv6 address is bracketed), or without an authority (None).\n\n"
     ">>> parse('http://h:8/p').with_host('::1')\nURIReference('http://[::1]:8/p')\n"},
    {"with_port", fastcall_method<&with_port>(), METH_FASTCALL | METH_KEYWORDS,
     "with_port(port)\n--\n\nA new reference with this port (an int 0-65535), or without one "
     "(None).\n\n>>> parse('http://h/p').with_port(8080)\nURIReference('http://h:8080/p')\n"},
    {"with_path", fastcall_method<&with_path>(), METH_FASTCALL | METH_KEYWORDS,
     "with_path(path, *, encoded=False)\n--\n\nA new reference with this path, percent-encoded "
     "('%' too, unless encoded=True).\n\n>>> parse('http://h/p?q').with_path('a b/c')\n"
     "URIReference('http://h/a%20b/c?q')\n"},
    {"with_fragment", fastcall_method<&with_fragment>(), METH_FASTCALL | METH_KEYWORDS,
     "with_fragment(fragment, *, encoded=False)\n--\n\nA new reference with this fragment, "
     "percent-encoded ('%' too, unless encoded=True), or without one (None).\n\n"
     ">>> parse('http://h/p#x').with_fragment('a b')\nURIReference('http://h/p#a%20b')\n"},
    {"with_query", fastcall_method<&query_methods::with_query>(), METH_FASTCALL | METH_KEYWORDS,
     "with_query(query=None, /, **params)\n--\n\nA new reference with this query: a mapping, "
     "(key, value) pairs or keyword arguments (values str, int or float, or a list of them; "
     "' ' written '+'), a str (encoded as a query, escapes kept) or None (no query).\n\n"
     ">>> parse('http://h/p?x=1').with_query({'a': 'b c', 'n': [1, 2]})\n"
     "URIReference('http://h/p?a=b+c&n=1&n=2')\n"},
    {"update_query", fastcall_method<&query_methods::update_query>(), METH_FASTCALL | METH_KEYWORDS,
     "update_query(query=None, /, **params)\n--\n\nA new reference whose query has the keys "
     "given replaced (at the first place each had) and new keys appended; the rest kept as "
     "written.\n\n>>> parse('http://h/?a=1&b=2&a=3').update_query(a='x', c='y')\n"
     "URIReference('http://h/?a=x&b=2&c=y')\n"},
    {"extend_query", fastcall_method<&query_methods::extend_query>(), METH_FASTCALL | METH_KEYWORDS,
     "extend_query(query=None, /, **params)\n--\n\nA new reference with these pairs appended "
     "to its query.\n\n>>> parse('http://h/?a=1').extend_query(a=2)\n"
     "URIReference('http://h/?a=1&a=2')\n"},
    {"without_query_params", fastcall_method<&without_query_params>(),
     METH_FASTCALL | METH_KEYWORDS,
     "without_query_params(*keys)\n--\n\nA new reference without the parameters of these keys "
     "(no query when none is left).\n\n"
     ">>> parse('http://h/?a=1&b=2&a=3').without_query_params('a')\n"
     "URIReference('http://h/?b=2')\n"},
    {"joinpath", fastcall_method<&joinpath>(), METH_FASTCALL | METH_KEYWORDS,
     "joinpath(*segments, encoded=False)\n--\n\nA new reference with these segments appended to "
     "its path (as a directory), each percent-encoded with '/' escaped; '.' and '..' are "
     "refused (ValueError). The query and fragment are dropped, as yarl does; ref / segment is "
     "the same for one segment.\n\n>>> parse('http://h/a?q').joinpath('b c', 'd/e')\n"
     "URIReference('http://h/a/b%20c/d%2Fe')\n>>> parse('http://h/') / 'x'\n"
     "URIReference('http://h/x')\n"},
    {nullptr, nullptr, 0, nullptr},
};

}  // namespace

PyMethodDef* reference_edit_methods() { return methods; }

PyObject* reference_truediv(PyObject* self, PyObject* segment) {
  std::string_view text;
  ref_parts parts;
  if (!reference_view(self, text, parts) || !PyUnicode_Check(segment)) Py_RETURN_NOTIMPLEMENTED;
  return guarded(
      [&] { return joinpath_impl(self, std::span<PyObject* const>(&segment, 1), false); });
}

}  // namespace urix::python
