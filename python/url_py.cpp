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
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "binding.h"
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

// A property setter: runs the URL's setter, raising urix.Error when it rejects the value.
auto setter(setter_fn f, const char* attribute) {
  return [f, attribute](url& u, py::handle value) {
    const text v = as_text(value, attribute);
    if (!(u.*f)(v.bytes)) {
      raise_url_error({errc::invalid_url, 0}, v,
                      std::string("the URL Standard's ") + attribute + " setter rejects this value");
    }
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
      .def("__deepcopy__", [](const url& u, py::handle) { return u; });

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
