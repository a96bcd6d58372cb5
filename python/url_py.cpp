// SPDX-License-Identifier: Apache-2.0 OR MIT
// python/url_py.cpp: urix.URL, urix.URLSearchParams and urix.parse_url_many (SPEC 11-12), the
// WHATWG URL Standard's URL API on urix/url.h.
//
//   >>> u = urix.URL('../c?x=1', 'http://Example.com/a/b')
//   >>> u.href, u.hostname, u.search
//   ('http://example.com/c?x=1', 'example.com', '?x=1')
//   >>> u.port = '8080'; u.search_params.append('y', 'a b'); str(u)
//   'http://example.com:8080/c?x=1&y=a+b'
//
// Attributes are str, as JavaScript's. Setting one runs the URL's setter; a value the standard
// rejects raises urix.Error (code 'invalid_url') where JavaScript ignores it silently, and the
// URL stays as it was.
//
// SPEC 11's editing methods (with_scheme ... joinpath and '/') return a new URL: each runs the
// URL Standard's setter of its component on a copy, so the standard decides what a component
// may hold and how it is encoded, and the query's new pairs are written by its
// application/x-www-form-urlencoded serializer (url_search_params). The arguments and the rules
// shared with urix.URIReference (the query edits, joinpath's path) are edit_py.cpp's.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "binding.h"
#include "urix/pct.h"
#include "urix/sets.h"
#include "urix/url.h"

namespace urix::python {
namespace {

using namespace pybind11::literals;  // NOLINT: "name"_a

py::handle error_class;  // urix.Error, taken from the module when registering (never freed)

// Raises urix.Error for a URL that fails (or a setter value rejected) in `in`.
[[noreturn]] void raise_url_error(const urix::error& e, const text& in, std::string what,
                                  std::optional<std::size_t> index = {}) {
  const std::size_t offset = in.is_str ? char_offset(in.bytes, e.offset) : e.offset;
  what += in.is_str ? " at character " : " at byte ";
  what += std::to_string(offset);
  if (index) what += " (item " + std::to_string(*index) + ")";
  py::object exc = py::reinterpret_borrow<py::object>(error_class)(what);
  exc.attr("code") = py::str(std::string(urix::name(e.code)));
  exc.attr("offset") = offset;
  exc.attr("byte_offset") = e.offset;
  exc.attr("index") = index ? py::object(py::int_(*index)) : py::object(py::none());
  PyErr_SetObject(error_class.ptr(), exc.ptr());
  throw py::error_already_set();
}

// Parses `input` against `base` (None, a str or bytes, or a URL), raising urix.Error.
url parse_or_raise(py::handle input, py::handle base) {
  const text in = as_text(input, "URL");
  std::optional<url> parsed_base;
  const url* b = nullptr;
  if (!base.is_none()) {
    if (py::isinstance<url>(base)) {
      b = base.cast<const url*>();
    } else {
      const text base_text = as_text(base, "URL base");
      std::vector<url_validation_error> errors;
      auto r = parse_url(base_text.bytes, nullptr, errors);
      if (!r) {
        raise_url_error(r.error(), base_text,
                        "the base is not a URL (" +
                            std::string(errors.empty() ? "failure" : name(errors.back().code)) + ")");
      }
      parsed_base.emplace(std::move(*r));
      b = &*parsed_base;
    }
  }
  std::vector<url_validation_error> errors;
  auto r = parse_url(in.bytes, b, errors);
  if (!r) {
    raise_url_error(r.error(), in,
                    "not a URL (" + std::string(errors.empty() ? "failure" : name(errors.back().code)) + ")");
  }
  return std::move(*r);
}

using setter_fn = bool (url::*)(std::string_view);

// Runs u's setter `f` on `v`, raising urix.Error when the standard rejects the value (the URL
// is then unchanged). `method` names the editing method and `given` its argument, if any.
void set_or_raise(url& u, setter_fn f, const text& v, const char* attribute,
                  const char* method = nullptr, py::handle given = {}) {
  if ((u.*f)(v.bytes)) return;
  std::string what = std::string("the URL Standard's ") + attribute + " setter rejects this value";
  if (method != nullptr)
    what = std::string(method) + "(" + std::string(py::repr(given)) + "): " + what;
  raise_url_error({errc::invalid_url, 0}, v, what);
}

// A property setter: runs the URL's setter, raising urix.Error when it rejects the value.
auto setter(setter_fn f, const char* attribute) {
  return [f, attribute](url& u, py::handle value) {
    set_or_raise(u, f, as_text(value, attribute), attribute);
  };
}

// A property getter: the attribute as str (the href and its pieces are ASCII).
template <std::string_view (url::*Get)() const noexcept>
py::object getter(const url& u) {
  return ascii_str((u.*Get)());
}

// urix.URLSearchParams: the pairs, and the URL they belong to (None for one made alone), whose
// query each change updates (the URLSearchParams "update" steps).
struct search_params {
  url_search_params params;
  py::object owner;  // a urix.URL, or None

  void update() {
    if (owner.is_none()) return;
    url& u = owner.cast<url&>();
    (void)u.set_search(params.to_string());  // "" sets the query to null, as "update" does
  }
};

py::object str_of(std::string_view utf8) { return utf8_str(utf8); }

std::string utf8_of(py::handle h, const char* what) { return std::string(as_text(h, what).bytes); }

// ---- Editing: SPEC 11's methods, each on a copy of the URL ---------------------------------

// The URL a method is called on (its descriptor checked the type).
const url& self_url(PyObject* self) { return py::handle(self).cast<const url&>(); }

py::object new_url(url u) { return py::cast(std::move(u)); }

// A text from a str's UTF-8, for set_or_raise.
text str_text(std::string_view utf8) { return {utf8, true}; }

// A new pair of a URL's query, written by the URL Standard's urlencoded serializer.
void write_form_pair(std::string& out, std::string_view key, std::string_view value) {
  url_search_params p;
  p.append(key, value);
  out += p.to_string();
}

// The query without its '?' ("" when it is null or empty).
std::string_view query_of(const url& u) {
  const std::string_view s = u.search();
  return s.empty() ? s : s.substr(1);
}

// Sets the query to `q` with the search setter: "" makes it null, as URLSearchParams's
// update steps do for an empty list (a '?' is put before it, which the setter takes off).
void set_query(url& u, const std::string& q) { (void)u.set_search(q.empty() ? q : "?" + q); }

PyObject* with_scheme(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kw) {
  return guarded([&] {
    PyObject* v = one_arg(read_call(args, nargs, kw, false), "with_scheme");
    const std::string s = str_arg(v, "with_scheme() takes a str");
    url u = self_url(self);
    // The protocol setter refuses where the standard's scheme state keeps the scheme
    // (special <-> non-special, credentials or a port to file:, file: with an empty host),
    // but it also reads only up to a ':' and drops tabs ("https:x" sets https): the scheme
    // must be the one given.
    if (!u.set_protocol(s) || u.scheme() != ascii_lower(s)) {
      raise_url_error({errc::invalid_url, 0}, str_text(s),
                      "with_scheme(" + std::string(py::repr(v)) +
                          "): not a scheme the URL Standard's protocol setter puts on " +
                          std::string(self_url(self).href()) +
                          " (special and non-special schemes do not interchange; a URL with "
                          "credentials or a port cannot become file:, nor file: with an empty "
                          "host another; a scheme is a letter, then letters, digits, '+', '-', "
                          "'.')");
    }
    return new_url(std::move(u));
  });
}

PyObject* with_host(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kw) {
  return guarded([&] {
    PyObject* v = one_arg(read_call(args, nargs, kw, false), "with_host");
    std::string h = str_arg(v, "with_host() takes a str");
    url u = self_url(self);
    // The hostname setter stops at these and keeps the host before them ("h/x" sets "h"):
    // a value holding one is refused instead.
    if (h.find_first_of(u.is_special() ? "/?#\\" : "/?#") != std::string::npos)
      value_error("with_host(" + std::string(py::repr(v)) + "): a host holds no '/', '?' or '#'" +
                  (u.is_special() ? " (nor '\\' in a special URL)" : ""));
    if (is_bare_ipv6(h)) h = "[" + h + "]";
    set_or_raise(u, &url::set_hostname, str_text(h), "hostname", "with_host", v);
    return new_url(std::move(u));
  });
}

PyObject* with_port(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kw) {
  return guarded([&] {
    PyObject* v = one_arg(read_call(args, nargs, kw, false), "with_port");
    url u = self_url(self);
    if (v == Py_None) {
      (void)u.set_port("");  // refused only where a URL cannot have a port: it has none
      return new_url(std::move(u));
    }
    const std::string digits = std::to_string(port_arg(v));
    set_or_raise(u, &url::set_port, str_text(digits), "port", "with_port", v);
    return new_url(std::move(u));
  });
}

// with_path and joinpath: an opaque path (mailto:x, data:,x) is no list of segments, and the
// pathname setter leaves it as it is.
void require_path(const url& u, const char* method) {
  if (u.has_opaque_path()) {
    raise_url_error({errc::invalid_url, 0}, str_text(""),
                    std::string(method) + "(): " + std::string(u.href()) +
                        " has an opaque path, which the URL Standard's pathname setter keeps");
  }
}

// The value of with_path or with_fragment for the setter: with encoded=False a '%' is data
// (%25), and so are the C0 controls the setter would drop (tab, newline), encoded here with
// the component's set; the rest is the setter's own encoding either way.
std::string component_value(const std::string& v, bool encoded, const charset& set) {
  return encoded ? v : encode(v, set - charset("%"));
}

PyObject* with_path(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kw) {
  return guarded([&] {
    const call_args c = read_call(args, nargs, kw, false);
    PyObject* v = one_arg(c, "with_path");
    const std::string path =
        component_value(str_arg(v, "with_path() takes a str"), c.encoded, sets::whatwg::path);
    url u = self_url(self);
    require_path(u, "with_path");
    set_or_raise(u, &url::set_pathname, str_text(path), "pathname", "with_path", v);
    return new_url(std::move(u));
  });
}

PyObject* with_fragment(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kw) {
  return guarded([&] {
    const call_args c = read_call(args, nargs, kw, false);
    PyObject* v = one_arg(c, "with_fragment");
    url u = self_url(self);
    if (v == Py_None) {
      (void)u.set_hash("");  // "" makes the fragment null
      return new_url(std::move(u));
    }
    const std::string f = str_arg(v, "with_fragment() takes a str or None");
    (void)u.set_hash("#" + component_value(f, c.encoded, sets::whatwg::fragment));
    return new_url(std::move(u));
  });
}

// with_query, update_query, extend_query: (mapping or pairs) or keyword arguments; with_query
// also a str (the search setter's) or None.
py::object query_method(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kw,
                        const char* name, std::optional<query_op> op) {
  const call_args c = read_call(args, nargs, kw, true);
  PyObject* arg = query_arg(c, name);
  url u = self_url(self);
  if (!op) {  // with_query
    if (arg == Py_None) {
      (void)u.set_search("");
    } else if (arg != nullptr && PyUnicode_Check(arg)) {
      (void)u.set_search("?" + utf8_of_str(arg));  // '?' first: a '?' given stays the query's
    } else {
      std::string q;
      append_pairs(q, read_pairs(arg, c), write_form_pair);
      set_query(u, q);
    }
    return new_url(std::move(u));
  }
  const query_pairs ps = read_pairs(arg, c);
  if (!ps.empty()) set_query(u, edit_query(query_of(u), ps, *op, write_form_pair));
  return new_url(std::move(u));
}

using query_methods = query_entries<&query_method>;

PyObject* without_query_params(PyObject* self, PyObject* const* args, Py_ssize_t nargs,
                               PyObject* kw) {
  return guarded([&] {
    const query_pairs names = key_names(args, nargs, kw);
    url u = self_url(self);
    const std::string_view query = query_of(u);
    if (!names.empty() && u.has_search()) {
      const std::string q = edit_query(query, names, query_op::remove, write_form_pair);
      if (q != query) set_query(u, q);  // an untouched "?" stays
    }
    return new_url(std::move(u));
  });
}

// joinpath: the segments after the path (edit_py.cpp's joined_path) through the pathname
// setter; the query and fragment dropped, as URIReference and yarl do.
py::object joinpath_of(const url& base, std::span<PyObject* const> segments, bool encoded) {
  require_path(base, "joinpath");
  // The path percent-encode set, and '/' (and '%', so that no "%2e" is made); '\' too where
  // it is a separator (special URLs), and '|' in file: URLs, whose first segment "C|" the
  // standard would read as the drive letter "C:".
  charset set = sets::whatwg::path - charset("/%");
  if (base.is_special()) set = set - charset("\\");
  if (base.scheme() == "file") set = set - charset("|");
  url u = base;
  const std::string path =
      joined_path(u.pathname(), u.host_type() != url_host_type::none, segments, encoded, set);
  set_or_raise(u, &url::set_pathname, str_text(path), "pathname");  // not refused: not opaque
  (void)u.set_search("");
  (void)u.set_hash("");
  return new_url(std::move(u));
}

PyObject* joinpath(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kw) {
  return guarded([&] {
    const call_args c = read_call(args, nargs, kw, false);
    return joinpath_of(self_url(self), c.positional, c.encoded);
  });
}

PyMethodDef edit_methods[] = {
    {"with_scheme", fastcall_method<&with_scheme>(), METH_FASTCALL | METH_KEYWORDS,
     "with_scheme(scheme)\n--\n\nA new URL with this scheme, through the URL Standard's "
     "protocol setter: urix.Error where it does not apply it (a special scheme such as http is "
     "not changed to a non-special one such as mailto, nor back).\n\n"
     ">>> URL('http://h:8080/p').with_scheme('HTTPS')\nurix.URL('https://h:8080/p')\n"
     ">>> URL('http://h/').with_scheme('foo')\nTraceback (most recent call last):\n"
     "urix.Error: with_scheme('foo'): ...\n"},
    {"with_host", fastcall_method<&with_host>(), METH_FASTCALL | METH_KEYWORDS,
     "with_host(host)\n--\n\nA new URL with this host, through the hostname setter (the port "
     "kept; a domain lowercased and IDNA-encoded, IPv4 in any form the standard reads; an IPv6 "
     "address may be given without brackets). urix.Error where the setter refuses it.\n\n"
     ">>> URL('http://h:8/p').with_host('B\\u00fccher.example')\n"
     "urix.URL('http://xn--bcher-kva.example:8/p')\n"
     ">>> URL('http://h/p').with_host('::1')\nurix.URL('http://[::1]/p')\n"},
    {"with_port", fastcall_method<&with_port>(), METH_FASTCALL | METH_KEYWORDS,
     "with_port(port)\n--\n\nA new URL with this port (an int 0-65535; the scheme's default "
     "port leaves none), or without one (None). urix.Error for a URL that cannot have a port "
     "(file:, no host).\n\n>>> URL('http://h/p').with_port(8080)\nurix.URL('http://h:8080/p')\n"
     ">>> URL('http://h:8080/p').with_port(80)\nurix.URL('http://h/p')\n"},
    {"with_path", fastcall_method<&with_path>(), METH_FASTCALL | METH_KEYWORDS,
     "with_path(path, *, encoded=False)\n--\n\nA new URL with this path, through the pathname "
     "setter: it encodes with the path set, reads '\\' as '/' in a special URL and resolves "
     "'.' and '..'. A '%' (and a tab or newline) is data, written %25, unless encoded=True. "
     "urix.Error for an opaque path (mailto:x).\n\n"
     ">>> URL('http://h/p?q').with_path('a b/../c%')\nurix.URL('http://h/c%25?q')\n"},
    {"with_fragment", fastcall_method<&with_fragment>(), METH_FASTCALL | METH_KEYWORDS,
     "with_fragment(fragment, *, encoded=False)\n--\n\nA new URL with this fragment, through "
     "the hash setter ('%' is data unless encoded=True; '' gives an empty fragment), or without "
     "one (None).\n\n>>> URL('http://h/p#x').with_fragment('a b')\n"
     "urix.URL('http://h/p#a%20b')\n>>> URL('http://h/p#x').with_fragment(None)\n"
     "urix.URL('http://h/p')\n"},
    {"with_query", fastcall_method<&query_methods::with_query>(), METH_FASTCALL | METH_KEYWORDS,
     "with_query(query=None, /, **params)\n--\n\nA new URL with this query: a mapping, (key, "
     "value) pairs or keyword arguments (values str, int or float, or a list of them), written "
     "as application/x-www-form-urlencoded (' ' as '+'); a str, given to the search setter; or "
     "None (no query).\n\n>>> URL('http://h/p?x=1').with_query({'a': 'b c', 'n': [1, 2]})\n"
     "urix.URL('http://h/p?a=b+c&n=1&n=2')\n"},
    {"update_query", fastcall_method<&query_methods::update_query>(), METH_FASTCALL | METH_KEYWORDS,
     "update_query(query=None, /, **params)\n--\n\nA new URL whose query has the keys given "
     "replaced (at the first place each had) and new keys appended; the rest kept as "
     "written.\n\n>>> URL('http://h/?a=1&b=2&a=3').update_query(a='x y', c='z')\n"
     "urix.URL('http://h/?a=x+y&b=2&c=z')\n"},
    {"extend_query", fastcall_method<&query_methods::extend_query>(), METH_FASTCALL | METH_KEYWORDS,
     "extend_query(query=None, /, **params)\n--\n\nA new URL with these pairs appended to its "
     "query.\n\n>>> URL('http://h/?a=1').extend_query(a=2)\nurix.URL('http://h/?a=1&a=2')\n"},
    {"without_query_params", fastcall_method<&without_query_params>(),
     METH_FASTCALL | METH_KEYWORDS,
     "without_query_params(*keys)\n--\n\nA new URL without the parameters of these keys (no "
     "query when none is left).\n\n>>> URL('http://h/?a=1&b=2&a=3').without_query_params('a')\n"
     "urix.URL('http://h/?b=2')\n"},
    {"joinpath", fastcall_method<&joinpath>(), METH_FASTCALL | METH_KEYWORDS,
     "joinpath(*segments, encoded=False)\n--\n\nA new URL with these segments appended to its "
     "path (as a directory), each percent-encoded with the path set and '/' and '%' ('\\' in "
     "a special URL, '|' in a file: URL); '.' and '..' are refused (ValueError), and so is an "
     "opaque path. The query and fragment are dropped; url / segment is the same for one "
     "segment.\n\n>>> URL('http://h/a?q').joinpath('b c', 'd/e')\n"
     "urix.URL('http://h/a/b%20c/d%2Fe')\n>>> URL('http://h') / 'x'\nurix.URL('http://h/x')\n"},
    {nullptr, nullptr, 0, nullptr},
};

}  // namespace

void register_url(py::module_& m) {
  error_class = m.attr("Error");
  error_class.inc_ref();

  py::class_<url>(m, "URL", R"(URL(input, base=None)

A URL as the WHATWG URL Standard parses it (what browsers and Node do), with the JavaScript
URL's attributes: href, origin, protocol, username, password, host, hostname, port, pathname,
search, hash (all str; settable except origin), and search_params. base is a str, bytes or URL.
A URL that fails to parse raises urix.Error (code 'invalid_url'); so does setting an attribute
to a value the standard rejects (JavaScript would ignore it).

>>> import urix
>>> u = urix.URL('HTTP://Example.COM:80/a/../b c?q#f')
>>> u.href
'http://example.com/b%20c?q#f'
>>> urix.URL('../x', 'http://h/a/b').pathname
'/x'

The editing methods (with_scheme, with_host, with_port, with_path, with_query, with_fragment,
update_query, extend_query, without_query_params, joinpath and /) return a new URL, through
the standard's setters; query_params is the query's pairs, decoded (urix.QueryParams).

>>> v = u.update_query(q='a b') / 'x'
>>> v, u
(urix.URL('http://example.com/b%20c/x'), urix.URL('http://example.com/b%20c?q#f'))
>>> u.update_query(q='a b').query_params['q']
'a b'
)")
      .def(py::init([](py::handle input, py::handle base) { return parse_or_raise(input, base); }),
           "input"_a, "base"_a = py::none())
      .def_property("href", &getter<&url::href>, setter(&url::set_href, "href"))
      .def_property_readonly("origin", [](const url& u) { return ascii_str(u.origin()); })
      .def_property("protocol", &getter<&url::protocol>, setter(&url::set_protocol, "protocol"))
      .def_property("username", &getter<&url::username>, setter(&url::set_username, "username"))
      .def_property("password", &getter<&url::password>, setter(&url::set_password, "password"))
      .def_property("host", &getter<&url::host>, setter(&url::set_host, "host"))
      .def_property("hostname", &getter<&url::hostname>, setter(&url::set_hostname, "hostname"))
      .def_property("port", &getter<&url::port>, setter(&url::set_port, "port"))
      .def_property("pathname", &getter<&url::pathname>, setter(&url::set_pathname, "pathname"))
      .def_property("search", &getter<&url::search>, setter(&url::set_search, "search"))
      .def_property("hash", &getter<&url::hash>, setter(&url::set_hash, "hash"))
      .def_property_readonly(
          "search_params",
          [](py::object self) {
            search_params p{url_search_params(self.cast<const url&>().search()), self};
            return p;
          },
          "The query's name-value pairs (urix.URLSearchParams); changing them changes the URL.")
      .def_static(
          "can_parse",
          [](py::handle input, py::handle base) {
            try {
              (void)parse_or_raise(input, base);
              return true;
            } catch (const py::error_already_set& e) {
              if (!e.matches(error_class)) throw;
              return false;
            }
          },
          "input"_a, "base"_a = py::none(), "Whether URL(input, base) would succeed.")
      .def("__str__", [](const url& u) { return ascii_str(u.href()); })
      .def("__repr__", [](const url& u) { return "urix.URL('" + std::string(u.href()) + "')"; })
      .def("__eq__", [](const url& a, const url& b) { return a == b; })
      .def("__hash__", [](const url& u) { return py::hash(ascii_str(u.href())); })
      .def("__copy__", [](const url& u) { return u; })
      .def("__deepcopy__", [](const url& u, py::handle) { return u; })
      .def("__truediv__", [](const url& u, py::handle segment) -> py::object {
        PyObject* seg = segment.ptr();
        if (!PyUnicode_Check(seg)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
        return joinpath_of(u, std::span<PyObject* const>(&seg, 1), false);
      });

  // The editing methods: METH_FASTCALL functions, as URIReference's.
  py::object url_type = m.attr("URL");
  for (PyMethodDef* d = edit_methods; d->ml_name != nullptr; ++d) {
    url_type.attr(d->ml_name) =
        steal(PyDescr_NewMethod(reinterpret_cast<PyTypeObject*>(url_type.ptr()), d));
  }

  py::class_<search_params>(m, "URLSearchParams", R"(URLSearchParams(init='')

application/x-www-form-urlencoded name-value pairs (the URL Standard's URLSearchParams): init
is a query string (a leading '?' is dropped), a mapping, or an iterable of pairs.

>>> import urix
>>> p = urix.URLSearchParams('?b=2&a=1+1')
>>> p.get('a'), len(p)
('1 1', 2)
>>> p.sort(); str(p)
'a=1+1&b=2'
)")
      .def(py::init([](py::handle init) {
             search_params p{url_search_params(), py::none()};
             if (PyUnicode_Check(init.ptr()) || PyBytes_Check(init.ptr())) {
               p.params = url_search_params(as_text(init, "URLSearchParams").bytes);
             } else if (py::isinstance<py::dict>(init)) {
               for (auto item : init.cast<py::dict>())
                 p.params.append(utf8_of(item.first, "name"), utf8_of(item.second, "value"));
             } else {
               for (py::handle pair : py::iter(init)) {
                 const py::sequence s = py::reinterpret_borrow<py::sequence>(pair);
                 if (py::len(s) != 2) throw py::type_error("URLSearchParams: each pair must have 2 items");
                 p.params.append(utf8_of(s[0], "name"), utf8_of(s[1], "value"));
               }
             }
             return p;
           }),
           "init"_a = py::str(""))
      .def("append",
           [](search_params& p, py::handle n, py::handle v) {
             p.params.append(utf8_of(n, "name"), utf8_of(v, "value"));
             p.update();
           },
           "name"_a, "value"_a)
      .def("delete",
           [](search_params& p, py::handle n, py::handle v) {
             if (v.is_none()) {
               p.params.remove(utf8_of(n, "name"));
             } else {
               p.params.remove(utf8_of(n, "name"), utf8_of(v, "value"));
             }
             p.update();
           },
           "name"_a, "value"_a = py::none())
      .def("get",
           [](const search_params& p, py::handle n) -> py::object {
             auto v = p.params.get(utf8_of(n, "name"));
             return v ? str_of(*v) : py::object(py::none());
           },
           "name"_a)
      .def("get_all",
           [](const search_params& p, py::handle n) {
             py::list out;
             for (std::string_view v : p.params.get_all(utf8_of(n, "name"))) out.append(str_of(v));
             return out;
           },
           "name"_a)
      .def("has",
           [](const search_params& p, py::handle n, py::handle v) {
             return v.is_none() ? p.params.has(utf8_of(n, "name"))
                                : p.params.has(utf8_of(n, "name"), utf8_of(v, "value"));
           },
           "name"_a, "value"_a = py::none())
      .def("set",
           [](search_params& p, py::handle n, py::handle v) {
             p.params.set(utf8_of(n, "name"), utf8_of(v, "value"));
             p.update();
           },
           "name"_a, "value"_a)
      .def("sort",
           [](search_params& p) {
             p.params.sort();
             p.update();
           })
      .def("__len__", [](const search_params& p) { return p.params.size(); })
      .def("__iter__",
           [](const search_params& p) {
             py::list pairs;
             for (const auto& [n, v] : p.params) pairs.append(py::make_tuple(str_of(n), str_of(v)));
             return py::iter(pairs);
           })
      .def("__contains__", [](const search_params& p, py::handle n) { return p.params.has(utf8_of(n, "name")); })
      .def("__str__", [](const search_params& p) { return ascii_str(p.params.to_string()); })
      .def("__repr__",
           [](const search_params& p) { return "urix.URLSearchParams('" + p.params.to_string() + "')"; });

  m.def(
      "parse_url_many",
      [](py::handle items, py::handle base, std::string_view on_error) {
        if (on_error != "raise" && on_error != "none")
          throw py::value_error("on_error must be 'raise' or 'none'");
        std::optional<url> base_url;
        if (!base.is_none()) base_url = parse_or_raise(base, py::none());
        // The inputs' bytes, copied with the GIL held; parsed without it.
        std::vector<std::optional<std::string>> inputs;
        std::vector<bool> is_str;
        for (py::handle h : py::iter(items)) {
          if (h.is_none()) {
            inputs.emplace_back();
            is_str.push_back(true);
            continue;
          }
          const text t = as_text(h, "parse_url_many");
          inputs.emplace_back(std::string(t.bytes));
          is_str.push_back(t.is_str);
        }
        std::vector<std::optional<result<url>>> results(inputs.size());
        {
          py::gil_scoped_release nogil;
          for (std::size_t i = 0; i < inputs.size(); ++i) {
            if (inputs[i]) results[i].emplace(parse_url(*inputs[i], base_url ? &*base_url : nullptr));
          }
        }
        py::list out;
        for (std::size_t i = 0; i < results.size(); ++i) {
          if (!results[i] || !*results[i]) {
            if (results[i] && on_error == "raise") {
              raise_url_error((*results[i]).error(), text{*inputs[i], is_str[i]}, "not a URL", i);
            }
            out.append(py::none());
            continue;
          }
          out.append(py::cast(std::move(**results[i])));
        }
        return out;
      },
      "items"_a, "base"_a = py::none(), py::kw_only(), "on_error"_a = "raise",
      R"(parse_url_many(items, base=None, *, on_error='raise') -> list[URL | None]

urix.URL(item, base) for each item, parsed with the GIL released. None gives None; an item
that is not a URL raises urix.Error (with .index), or gives None with on_error='none'.

>>> import urix
>>> [str(u) if u else u for u in urix.parse_url_many(['a', '/b'], 'http://h/x/', on_error='none')]
['http://h/x/a', 'http://h/b']
)");
}

}  // namespace urix::python
