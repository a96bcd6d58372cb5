// SPDX-License-Identifier: Apache-2.0 OR MIT
// python/urix_py.cpp: the extension module urix._urix, the API of SPEC section 11.
//
// Every function takes str (read as its UTF-8) or bytes and gives str (bytes for
// decode_to_bytes). A rejected input raises urix.Error, a ValueError with .code (urix::name),
// .offset (characters for str, bytes for bytes), .byte_offset (into the UTF-8) and .index
// (the item of a _many call, else None). The _many forms read the iterable with the GIL held
// (the items stay referenced), run the C++ loop without it, and build the list with it again.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "binding.h"
#include "urix/config.h"
#if URIX_HAVE_IDNA
#include "urix/iri.h"
#endif
#include "urix/normalize.h"
#include "urix/pct.h"
#include "urix/resolve.h"
#include "urix/result.h"
#include "urix/sets.h"
#include "urix/uri.h"
#include "urix/utf8.h"
#include "urix/version.h"

namespace urix::python {

// ---- Shared helpers (binding.h) ---------------------------------------------------------------

text as_text(py::handle h, const char* what) {
  if (PyUnicode_Check(h.ptr())) {
    Py_ssize_t n = 0;
    const char* p = PyUnicode_AsUTF8AndSize(h.ptr(), &n);
    if (p == nullptr) throw py::error_already_set();
    return {{p, static_cast<std::size_t>(n)}, true};
  }
  if (PyBytes_Check(h.ptr()))
    return {{PyBytes_AS_STRING(h.ptr()), static_cast<std::size_t>(PyBytes_GET_SIZE(h.ptr()))},
            false};
  throw py::type_error(std::string(what) + ": expected str or bytes, not " +
                       std::string(Py_TYPE(h.ptr())->tp_name));
}

py::object ascii_str(std::string_view s) {
  PyObject* o = PyUnicode_New(static_cast<Py_ssize_t>(s.size()), 127);
  if (o == nullptr) throw py::error_already_set();
  if (!s.empty()) std::memcpy(PyUnicode_DATA(o), s.data(), s.size());
  return py::reinterpret_steal<py::object>(o);
}

py::object steal(PyObject* o) {
  if (o == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(o);
}

py::object utf8_str(std::string_view s) {
  PyObject* o = PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), nullptr);
  if (o == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(o);
}

std::size_t char_offset(std::string_view utf8, std::size_t byte_offset) noexcept {
  std::size_t chars = 0;
  for (std::size_t i = 0; i < byte_offset && i < utf8.size(); ++i)
    chars += (static_cast<unsigned char>(utf8[i]) & 0xC0) != 0x80;  // not a continuation byte
  return chars;
}

namespace {

// ---- Errors -------------------------------------------------------------------------------

PyObject* error_type = nullptr;  // urix.Error; lives as long as the process (never freed)

/// Raises urix.Error for `e` in the input `in` (item `index` of a batch, if any; `which`
/// names the argument when a call has two).
[[noreturn]] void raise_error(urix::error e, const text& in, std::optional<std::size_t> index = {},
                              const char* which = nullptr) {
  const std::size_t offset = in.is_str ? char_offset(in.bytes, e.offset) : e.offset;
  std::string msg(urix::message(e.code));
  msg += in.is_str ? " at character " : " at byte ";
  msg += std::to_string(offset);
  if (which != nullptr) msg += std::string(" of ") + which;
  if (index) msg += " (item " + std::to_string(*index) + ")";
  py::object exc = py::reinterpret_borrow<py::object>(error_type)(msg);
  exc.attr("code") = py::str(std::string(urix::name(e.code)));
  exc.attr("offset") = offset;
  exc.attr("byte_offset") = e.offset;
  exc.attr("index") = index ? py::object(py::int_(*index)) : py::object(py::none());
  PyErr_SetObject(error_type, exc.ptr());
  throw py::error_already_set();
}

/// Raises the error of `r` (see raise_error) unless it holds a value.
template <class T>
void check_result(const result<T>& r, const text& in, const char* which = nullptr) {
  if (!r) raise_error(r.error(), in, {}, which);
}

// ---- Options ------------------------------------------------------------------------------

struct encode_spec {
  charset allowed;
  encode_options opts;
};

/// The named set `name` (its sets::named_sets entry: what the name implies is data there, as
/// for the CLI's --set) with the ASCII characters of `allow` (Python's safe=) added.
sets::named_set find_named(std::string_view name, std::string_view allow) {
  auto s = resolve_named_set(name, allow);
  if (s) return *s;
  if (s.error().code == errc::unknown_set) throw py::value_error("unknown set '" + std::string(name) + "'");
  throw py::value_error("allow: only ASCII characters can be allowed");
}

encode_spec make_encode_spec(std::string_view set, std::string_view allow, bool plus, bool lower,
                             bool keep_escapes) {
  const sets::named_set named = find_named(set, allow);
  return {named.set, encode_options_for(named, {.space_as_plus = plus, .lowercase_hex = lower,
                                                .keep_escapes = keep_escapes})};
}

/// What check() accepts for a set: its bytes, and '+' for a set that writes space as '+'
/// (as the CLI's check).
charset check_set(std::string_view set, std::string_view allow) {
  return find_named(set, allow).encoded_chars();
}

bool replace_errors(std::string_view errors) {
  if (errors == "strict") return false;
  if (errors == "replace") return true;
  throw py::value_error("errors must be 'strict' or 'replace'");
}

bool raise_on_error(std::string_view on_error) {
  if (on_error == "raise") return true;
  if (on_error == "none") return false;
  throw py::value_error("on_error must be 'raise' or 'none'");
}

// ---- Operations on bytes (no Python objects: they run without the GIL) ---------------------

/// decode_utf8, or with `replace` decode with U+FFFD for each ill-formed sequence.
result<std::string> decode_text(std::string_view in, decode_options opts, bool replace) {
  if (!replace) return decode_utf8(in, opts);
  auto r = urix::decode(in, opts);
  if (!r || validate_utf8(*r)) return r;
  return utf8_replace_invalid(*r);
}

/// decode_text, appending to `out` (left as it was on error).
result<void> decode_text_append(std::string& out, std::string_view in, decode_options opts,
                                bool replace) {
  if (!replace) return decode_utf8_append(out, in, opts);
  const std::size_t start = out.size();
  if (auto r = decode_append(out, in, opts); !r) return r;
  if (validate_utf8(std::string_view(out).substr(start))) return {};
  const std::string fixed = utf8_replace_invalid(std::string_view(out).substr(start));
  out.resize(start);
  out += fixed;
  return {};
}

// ---- Batches --------------------------------------------------------------------------------

/// One item of a batch: its object (a strong reference, so that its text stays valid
/// without the GIL) and its text.
struct item {
  PyObject* obj = nullptr;  // nullptr once given to a result list (run_many_text)
  text in;
  bool none = false;   // a missing value (is_missing), which gives None
  bool exact = false;  // exactly str or bytes (no subclass): may be returned as a result
};

/// The items of an iterable, read with the GIL held: a missing value gives None, str and bytes
/// are read as text. Destroyed with the GIL held.
struct batch {
  std::vector<item> items;
  batch() = default;
  batch(batch&& other) noexcept : items(std::move(other.items)) {}  // leaves other empty
  batch(const batch&) = delete;
  batch& operator=(const batch&) = delete;
  ~batch() {
    for (const item& it : items) Py_XDECREF(it.obj);
  }
  [[nodiscard]] std::size_t size() const noexcept { return items.size(); }
};

/// Is `h` a missing value? None; a float NaN (what numpy and pandas' object columns hold); and
/// pandas' NA (what its `string` dtype and convert_dtypes() hold), known by its type's name so
/// that the module needs no pandas.
bool is_missing(PyObject* h) {
  if (h == Py_None) return true;
  if (PyFloat_Check(h)) return std::isnan(PyFloat_AS_DOUBLE(h));
  if (std::strcmp(Py_TYPE(h)->tp_name, "NAType") != 0) return false;
  PyObject* module = PyObject_GetAttrString(reinterpret_cast<PyObject*>(Py_TYPE(h)), "__module__");
  if (module == nullptr) {
    PyErr_Clear();
    return false;
  }
  const bool pandas = PyUnicode_Check(module) &&
                      PyUnicode_CompareWithASCIIString(module, "pandas._libs.missing") == 0;
  Py_DECREF(module);
  return pandas;
}

/// `h` as an item (a new reference to it).
item read_item(PyObject* h, const char* what) {
  item it;
  if (PyUnicode_CheckExact(h) && PyUnicode_IS_COMPACT_ASCII(h)) {  // the common case, inline
    it.in = {{static_cast<const char*>(PyUnicode_DATA(h)),
              static_cast<std::size_t>(PyUnicode_GET_LENGTH(h))},
             true};
    it.exact = true;
  } else {
    it.none = is_missing(h);
    if (!it.none) it.in = as_text(h, what);
    it.exact = PyUnicode_CheckExact(h) || PyBytes_CheckExact(h);
  }
  Py_INCREF(h);
  it.obj = h;
  return it;
}

batch collect(py::handle iterable, const char* what) {
  batch b;
  PyObject* seq = iterable.ptr();
  if (PyList_CheckExact(seq) || PyTuple_CheckExact(seq)) {
    // By index: nothing runs Python code meanwhile, so the sequence cannot change.
    const Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject** items = PySequence_Fast_ITEMS(seq);
    b.items.reserve(static_cast<std::size_t>(n));
    for (Py_ssize_t i = 0; i < n; ++i) b.items.push_back(read_item(items[i], what));
    return b;
  }
  Py_ssize_t hint = PyObject_LengthHint(seq, 0);
  if (hint < 0) {
    PyErr_Clear();
    hint = 0;
  }
  b.items.reserve(static_cast<std::size_t>(hint));
  for (py::handle h : py::iter(iterable)) b.items.push_back(read_item(h.ptr(), what));
  return b;
}

/// An item rejected in a batch that raises: its index and its error.
struct rejected_item {
  std::size_t index;
  error err;
};

/// How every batch call runs: the items go in chunks; `work(first, last)` runs on a chunk
/// without the GIL and returns the item that stops it, if any, which is raised as urix.Error;
/// else `take(i)` gives each item's result, a new reference, to the list, with the GIL held.
template <class Work, class Take>
py::list by_chunks(const batch& b, std::size_t chunk, const char* which, Work work, Take take) {
  const std::size_t n = b.size();
  py::list list(static_cast<Py_ssize_t>(n));
  for (std::size_t first = 0; first < n; first += chunk) {
    const std::size_t last = std::min(n, first + chunk);
    std::optional<rejected_item> stop;
    {
      py::gil_scoped_release nogil;
      stop = work(first, last);
    }
    if (stop) raise_error(stop->err, b.items[stop->index].in, stop->index, which);
    for (std::size_t i = first; i < last; ++i)
      PyList_SET_ITEM(list.ptr(), static_cast<Py_ssize_t>(i), take(i));
  }
  return list;
}

/// A new reference to None, for an item without a result.
PyObject* none_result() noexcept {
  Py_INCREF(Py_None);
  return Py_None;
}

/// Runs `compute` (string_view -> result<T>) on every item of `b` without the GIL, then
/// makes the list with `to_py` ((T&&, the item) -> py::object). None gives None; a rejected
/// item gives None or raises for the first one (`raise`). In chunks (by_chunks).
template <class T, class Compute, class ToPy>
py::list run_many(const batch& b, bool raise, Compute compute, ToPy to_py,
                  const char* which = nullptr) {
  constexpr std::size_t chunk = 4096;
  std::vector<std::optional<T>> out(std::min(b.size(), chunk));
  std::size_t first = 0;  // of the chunk in `out`
  return by_chunks(
      b, chunk, which,
      [&](std::size_t from, std::size_t last) -> std::optional<rejected_item> {
        first = from;
        for (std::size_t i = from; i < last; ++i) {
          std::optional<T>& o = out[i - from];
          o.reset();
          if (b.items[i].none) continue;
          auto r = compute(b.items[i].in.bytes);
          if (r) o.emplace(std::move(*r));
          else if (raise) return rejected_item{i, r.error()};
        }
        return std::nullopt;
      },
      [&](std::size_t i) -> PyObject* {
        std::optional<T>& r = out[i - first];
        return r ? to_py(std::move(*r), b.items[i].obj).release().ptr() : none_result();
      });
}

/// Nothing to do for any input: run_many_text's default `unchanged`.
constexpr bool never(std::string_view) noexcept { return false; }

/// run_many for text results, written one after another into one buffer (`append`:
/// (std::string& buffer, string_view in) -> result<void>, leaving the buffer as it was on
/// error) and made into objects by `make` (string_view -> py::object). The items go in chunks
/// that reuse the buffer: no allocation per item, and no fresh pages to fault in for a large
/// batch (which cost as much as the encoding itself). The GIL is released for each chunk.
///
/// A result that is the same bytes as its input, given as the type the result is made (str, or
/// bytes when `bytes_out`), is the input object itself: decoding a URL without escapes, or
/// normalizing one already normal, allocates nothing (the batch's reference to it goes to the
/// list). `unchanged` (string_view -> bool) says so before any work for an input that it
/// knows needs none (no '%' to decode).
template <class Append, class Make, class Unchanged = decltype(&never)>
py::list run_many_text(batch& b, bool raise, Append append, Make make,
                       const char* which = nullptr, bool bytes_out = false,
                       Unchanged unchanged = &never) {
  constexpr std::size_t chunk = 8192, missing = static_cast<std::size_t>(-1);
  constexpr std::size_t same = missing - 1;  // the result is the input object
  std::string buffer;
  std::vector<std::size_t> begins(std::min(b.size(), chunk)), ends(std::min(b.size(), chunk));
  std::size_t first = 0;  // of the chunk in `begins` and `ends`
  return by_chunks(
      b, chunk, which,
      [&](std::size_t from, std::size_t last) -> std::optional<rejected_item> {
        first = from;
        buffer.clear();
        for (std::size_t i = from; i < last; ++i) {
          const item& it = b.items[i];
          begins[i - from] = missing;
          if (it.none) continue;
          const std::string_view in = it.in.bytes;
          const bool may_be_same = it.exact && it.in.is_str != bytes_out;
          if (may_be_same && unchanged(in)) {
            begins[i - from] = same;
            continue;
          }
          const std::size_t begin = buffer.size();
          const result<void> r = append(buffer, in);
          if (r && may_be_same && buffer.size() - begin == in.size() &&
              std::string_view(buffer).substr(begin) == in) {
            begins[i - from] = same;
            buffer.resize(begin);
          } else if (r) {
            begins[i - from] = begin;
            ends[i - from] = buffer.size();
          } else {
            buffer.resize(begin);
            if (raise) return rejected_item{i, r.error()};
          }
        }
        return std::nullopt;
      },
      [&](std::size_t i) -> PyObject* {
        const std::size_t k = i - first;
        if (begins[k] == missing) return none_result();
        if (begins[k] == same)
          return std::exchange(b.items[i].obj, nullptr);  // the batch's reference, to the list
        return make(std::string_view(buffer).substr(begins[k], ends[k] - begins[k]))
            .release()
            .ptr();
      });
}

/// Does decoding give `in` back (no '%', and no '+' that `plus` makes a space)? The result is
/// then valid UTF-8 when `in` is a str's.
bool nothing_to_decode(std::string_view in, bool plus) noexcept {
  return in.find('%') == std::string_view::npos &&
         (!plus || in.find('+') == std::string_view::npos);
}

/// A function returning result<std::string> as run_many_text's append.
template <class F>
auto appending(F f) {
  return [f](std::string& out, std::string_view in) -> result<void> {
    auto r = f(in);
    if (!r) return r.error();
    out += *r;
    return {};
  };
}

py::object ascii_view(std::string_view s) { return ascii_str(s); }
py::object utf8_view(std::string_view s) { return utf8_str(s); }
py::object bytes_view(std::string_view s) { return py::bytes(s.data(), s.size()); }

py::object true_of(bool&& b, py::handle) { return py::bool_(b); }

/// result<void> as result<bool> (true), for check_many.
result<bool> as_bool(result<void> r) {
  if (!r) return r.error();
  return true;
}

// ---- The functions ------------------------------------------------------------------------

py::object encode(py::handle s, std::string_view set, std::string_view allow, bool plus,
                  bool lower, bool keep_escapes) {
  const text in = as_text(s, "encode");
  const encode_spec spec = make_encode_spec(set, allow, plus, lower, keep_escapes);
  if (in.is_str && clean_prefix(in.bytes, spec.allowed, spec.opts) == in.bytes.size())
    return py::reinterpret_borrow<py::object>(s);  // nothing to encode: the str itself
  return ascii_str(urix::encode(in.bytes, spec.allowed, spec.opts));
}

py::object decode(py::handle s, bool plus, bool lenient, std::string_view errors) {
  const text in = as_text(s, "decode");
  auto r = decode_text(in.bytes, {.plus_as_space = plus, .lenient = lenient},
                       replace_errors(errors));
  check_result(r, in);
  return utf8_str(*r);
}

py::object decode_to_bytes(py::handle s, bool plus, bool lenient) {
  const text in = as_text(s, "decode_to_bytes");
  auto r = urix::decode(in.bytes, {.plus_as_space = plus, .lenient = lenient});
  check_result(r, in);
  return py::bytes(*r);
}

void check(py::handle s, std::string_view set, std::string_view allow) {
  const text in = as_text(s, "check");
  check_result(urix::check(in.bytes, check_set(set, allow)), in);
}

py::object parse(py::handle s, bool iri) {
  const text in = as_text(s, "parse");
  auto r = parse_parts(in.bytes, iri ? syntax::iri : syntax::uri);
  check_result(r, in);
  return steal(make_reference(s.ptr(), *r));
}

py::object normalize(py::handle s) {
  const text in = as_text(s, "normalize");
  auto r = urix::normalize(in.bytes);
  check_result(r, in);
  return utf8_str(*r);
}

bool equal(py::handle a, py::handle b) {
  const text ta = as_text(a, "equal"), tb = as_text(b, "equal");
  auto ua = parse_uri_reference(ta.bytes);
  check_result(ua, ta, "a");
  auto ub = parse_uri_reference(tb.bytes);
  check_result(ub, tb, "b");
  return urix::equal(*ua, *ub);
}

py::object resolve(py::handle base, py::handle ref) {
  const text tb = as_text(base, "resolve"), tr = as_text(ref, "resolve");
  auto ub = parse_uri(tb.bytes);
  check_result(ub, tb, "base");
  auto ur = parse_uri_reference(tr.bytes);
  check_result(ur, tr, "ref");
  return utf8_str(urix::resolve(*ub, *ur));
}

#if URIX_HAVE_IDNA  // IRIs need IDNA (ICU): a build without it lacks to_uri and to_iri
py::object to_uri(py::handle s, bool lenient) {
  const text in = as_text(s, "to_uri");
  auto r = iri_to_uri(in.bytes, {.lenient = lenient});
  check_result(r, in);
  return ascii_str(*r);
}

py::object to_iri(py::handle s) {
  const text in = as_text(s, "to_iri");
  auto r = uri_to_iri(in.bytes);
  check_result(r, in);
  return utf8_str(*r);
}
#endif

// ---- Batch forms ------------------------------------------------------------------------------

py::list encode_many(py::handle items, std::string_view set, std::string_view allow, bool plus,
                     bool lower, bool keep_escapes, std::string_view on_error) {
  const bool raise = raise_on_error(on_error);
  const encode_spec spec = make_encode_spec(set, allow, plus, lower, keep_escapes);
  batch b = collect(items, "encode_many");
  return run_many_text(
      b, raise,
      [&](std::string& out, std::string_view in) -> result<void> {
        encode_append(out, in, spec.allowed, spec.opts);
        return {};
      },
      ascii_view, nullptr, false,
      [&](std::string_view in) { return clean_prefix(in, spec.allowed, spec.opts) == in.size(); });
}

py::list decode_many(py::handle items, bool plus, bool lenient, std::string_view errors,
                     std::string_view on_error) {
  const bool raise = raise_on_error(on_error), replace = replace_errors(errors);
  const decode_options opts{.plus_as_space = plus, .lenient = lenient};
  batch b = collect(items, "decode_many");
  return run_many_text(
      b, raise,
      [&](std::string& out, std::string_view in) {
        return decode_text_append(out, in, opts, replace);
      },
      utf8_view, nullptr, false,
      [plus](std::string_view in) { return nothing_to_decode(in, plus); });
}

py::list decode_to_bytes_many(py::handle items, bool plus, bool lenient,
                              std::string_view on_error) {
  const bool raise = raise_on_error(on_error);
  const decode_options opts{.plus_as_space = plus, .lenient = lenient};
  batch b = collect(items, "decode_to_bytes_many");
  return run_many_text(
      b, raise, [&](std::string& out, std::string_view in) { return decode_append(out, in, opts); },
      bytes_view, nullptr, true,
      [plus](std::string_view in) { return nothing_to_decode(in, plus); });
}

py::list check_many(py::handle items, std::string_view set, std::string_view allow,
                    std::string_view on_error) {
  const bool raise = raise_on_error(on_error);
  const charset allowed = check_set(set, allow);
  batch b = collect(items, "check_many");
  return run_many<bool>(
      b, raise, [&](std::string_view in) { return as_bool(urix::check(in, allowed)); }, true_of);
}

py::list parse_many(py::handle items, bool iri, std::string_view on_error) {
  const bool raise = raise_on_error(on_error);
  const syntax grammar = iri ? syntax::iri : syntax::uri;
  batch b = collect(items, "parse_many");
  return run_many<ref_parts>(
      b, raise, [&](std::string_view in) { return parse_parts(in, grammar); },
      [](ref_parts&& r, py::handle item) { return steal(make_reference(item.ptr(), r)); });
}

py::list normalize_many(py::handle items, std::string_view on_error) {
  const bool raise = raise_on_error(on_error);
  batch b = collect(items, "normalize_many");
  return run_many_text(
      b, raise, appending([](std::string_view in) { return urix::normalize(in); }), utf8_view);
}

py::list equal_many(py::handle a_items, py::handle b_items, std::string_view on_error) {
  const bool raise = raise_on_error(on_error);
  const batch a = collect(a_items, "equal_many"), b = collect(b_items, "equal_many");
  if (a.size() != b.size()) throw py::value_error("equal_many: the two iterables differ in length");
  // Each pair as one item: the index of a pair in `a`, compared with its partner in `b`.
  std::size_t failed = a.size();
  const char* which = nullptr;
  error err{};
  std::vector<signed char> out(a.size(), -1);  // -1 None, 0 False, 1 True
  {
    py::gil_scoped_release nogil;
    for (std::size_t i = 0; i < a.size() && failed == a.size(); ++i) {
      if (a.items[i].none || b.items[i].none) continue;
      auto ua = parse_uri_reference(a.items[i].in.bytes);
      auto ub = ua ? parse_uri_reference(b.items[i].in.bytes) : ua;
      if (ua && ub) {
        out[i] = urix::equal(*ua, *ub) ? 1 : 0;
      } else if (raise) {
        failed = i;
        which = ua ? "b" : "a";
        err = ua ? ub.error() : ua.error();
      }
    }
  }
  if (failed < a.size()) raise_error(err, (*which == 'a' ? a : b).items[failed].in, failed, which);
  py::list list(static_cast<Py_ssize_t>(a.size()));
  for (std::size_t i = 0; i < a.size(); ++i) {
    py::object o = out[i] < 0 ? py::object(py::none()) : py::object(py::bool_(out[i] == 1));
    PyList_SET_ITEM(list.ptr(), static_cast<Py_ssize_t>(i), o.release().ptr());
  }
  return list;
}

py::list resolve_many(py::handle base, py::handle refs, std::string_view on_error) {
  const bool raise = raise_on_error(on_error);
  const text tb = as_text(base, "resolve_many");
  auto ub = parse_uri(tb.bytes);
  check_result(ub, tb, "base");
  const uri_view base_view = *ub;  // points into `base`, which the caller holds
  batch b = collect(refs, "resolve_many");
  return run_many_text(
      b, raise,
      [&](std::string& out, std::string_view in) -> result<void> {
        auto ur = parse_uri_reference(in);
        if (!ur) return ur.error();
        out += urix::resolve(base_view, *ur);
        return {};
      },
      utf8_view, "ref");
}

#if URIX_HAVE_IDNA
py::list to_uri_many(py::handle items, bool lenient, std::string_view on_error) {
  const bool raise = raise_on_error(on_error);
  batch b = collect(items, "to_uri_many");
  return run_many_text(
      b, raise,
      appending([&](std::string_view in) { return iri_to_uri(in, {.lenient = lenient}); }),
      ascii_view);
}

py::list to_iri_many(py::handle items, std::string_view on_error) {
  const bool raise = raise_on_error(on_error);
  batch b = collect(items, "to_iri_many");
  return run_many_text(
      b, raise, appending([](std::string_view in) { return uri_to_iri(in); }), utf8_view);
}
#endif

}  // namespace

void raise_parse_error(const urix::error& e, std::string_view text, bool is_str) {
  raise_error(e, {text, is_str});
}

void raise_input_error(urix::error e, const text& in, const char* which) { raise_error(e, in, {}, which); }
}  // namespace urix::python

namespace py = pybind11;
using namespace pybind11::literals;  // NOLINT: "name"_a

PYBIND11_MODULE(_urix, m) {
  using namespace urix::python;  // NOLINT: the functions above
  m.doc() = "urix's C++ core; import urix, not this module.";
  py::options options;
  options.disable_function_signatures();  // each docstring starts with its Python signature
  m.attr("__version__") = URIX_VERSION_STRING;
  py::list names;
  for (const auto& s : urix::sets::named_sets) names.append(py::str(std::string(s.name)));
  m.attr("SETS") = py::tuple(names);

  error_type = PyErr_NewExceptionWithDoc(
      "urix.Error",
      "An input urix rejects (a ValueError).\n\n"
      ".code is the error's stable name (as in the CLI's --errors=json), .offset the index of\n"
      "the first offending character (str input) or byte (bytes input), .byte_offset the same\n"
      "place in the input's UTF-8, .index the item of a _many call (None otherwise).",
      PyExc_ValueError, nullptr);
  if (error_type == nullptr) throw py::error_already_set();
  m.attr("Error") = py::handle(error_type);

  register_reference(m);
  register_template(m);

  m.def("encode", &encode, "s"_a, "set"_a = "unreserved", py::kw_only(), "allow"_a = "",
        "plus"_a = false, "lower"_a = false, "keep_escapes"_a = false,
        R"(encode(s, set='unreserved', *, allow='', plus=False, lower=False, keep_escapes=False)
    -> str

Percent-encodes s (SPEC 3): every byte outside the named set and allow becomes %HH.

s is str (encoded as UTF-8) or bytes. plus writes a space as '+' (and '+' as %2B; the set
'whatwg-form' implies it), lower writes lowercase hex, keep_escapes copies a well-formed %HH.

>>> encode('a b&c')
'a%20b%26c'
>>> encode('/path/file?.txt', 'path')
'/path/file%3F.txt'
>>> encode('caf\u00e9 au lait', 'query-param', plus=True)
'caf%C3%A9+au+lait'
>>> encode(b'\xff/x', allow='/'), encode('100%25 sure', keep_escapes=True)
('%FF/x', '100%25%20sure')
)");
  m.def("decode", &decode, "s"_a, py::kw_only(), "plus"_a = false, "lenient"_a = false,
        "errors"_a = "strict",
        R"(decode(s, *, plus=False, lenient=False, errors='strict') -> str

Percent-decodes s (SPEC 4) and reads the bytes as UTF-8.

Strict: a '%' without two hex digits raises urix.Error, unless lenient copies it. plus reads
'+' as a space. errors='replace' gives U+FFFD for bytes that are not UTF-8 (else an Error).

>>> decode('caf%C3%A9+au+lait', plus=True) == 'caf\u00e9 au lait'
True
>>> decode('100%')
Traceback (most recent call last):
  ...
urix.Error: incomplete percent-escape: '%' needs two hex digits at character 3
>>> decode('100%', lenient=True), decode('%FF', errors='replace') == '\ufffd'
('100%', True)
)");
  m.def("decode_to_bytes", &decode_to_bytes, "s"_a, py::kw_only(), "plus"_a = false,
        "lenient"_a = false,
        R"(decode_to_bytes(s, *, plus=False, lenient=False) -> bytes

Percent-decodes s to bytes (SPEC 4), strict unless lenient.

>>> decode_to_bytes('%FF%00a+b', plus=True)
b'\xff\x00a b'
)");
  m.def("check", &check, "s"_a, "set"_a = "unreserved", py::kw_only(), "allow"_a = "",
        R"(check(s, set='unreserved', *, allow='') -> None

Returns None when every byte of s is in the set (plus allow) or part of a %HH (SPEC 5).

Otherwise raises urix.Error at the first offending character. A set that writes space as '+'
('whatwg-form') also accepts '+', as the CLI's check does.

>>> check('a%20b')
>>> try:
...     check('caf\u00e9 ok')
... except Error as e:
...     print(e.code, e.offset, e.byte_offset)
disallowed_char 3 3
>>> check('a b', allow=' ')
)");
  m.def("parse", &parse, "s"_a, py::kw_only(), "iri"_a = false,
        R"(parse(s, *, iri=False) -> URIReference

Parses a URI reference (RFC 3986 4.1; with iri=True an IRI reference, RFC 3987).

>>> u = parse('https://example.com:8443/a%20b?x=1')
>>> u.host, u.port, u.segments, u.params
('example.com', '8443', ['a b'], [('x', '1')])
>>> parse('http://[::1::2]/')
Traceback (most recent call last):
  ...
urix.Error: invalid IP literal at character 11
)");
  m.def("normalize", &normalize, "s"_a,
        R"(normalize(s) -> str

The normal form of a URI reference (RFC 3986 6.2.2-6.2.3, SPEC 6).

>>> normalize('HTTP://Example.COM:80/%7euser/./a/../b')
'http://example.com/~user/b'
)");
  m.def("equal", &equal, "a"_a, "b"_a,
        R"(equal(a, b) -> bool

Do a and b have the same normal form? urix.Error when either is not a reference.

>>> equal('http://example.com/~user', 'HTTP://example.com:80/%7Euser')
True
>>> equal('http://example.com/a%2Fb', 'http://example.com/a/b')
False
)");
  m.def("resolve", &resolve, "base"_a, "ref"_a,
        R"(resolve(base, ref) -> str

ref resolved against base (RFC 3986 5.2, strict); base must have a scheme.

>>> resolve('http://a/b/c/d;p?q', '../g'), resolve('http://a/b/c/d;p?q', '//g')
('http://a/b/g', 'http://g')
)");
  m.attr("HAVE_IDNA") = py::bool_(URIX_HAVE_IDNA != 0);
#if URIX_HAVE_IDNA
  m.def("to_uri", &to_uri, "s"_a, py::kw_only(), "lenient"_a = false,
        R"(to_uri(s, *, lenient=False) -> str

An IRI as a URI (RFC 3987 3.1): IDNA for the host, UTF-8 escapes elsewhere.

lenient percent-encodes what an IRI may not hold (a space) instead of raising.

>>> to_uri('http://\u4f8b\u3048.jp/\u5f15\u304d\u51fa\u3057')
'http://xn--r8jz45g.jp/%E5%BC%95%E3%81%8D%E5%87%BA%E3%81%97'
>>> to_uri('http://a/b c', lenient=True)
'http://a/b%20c'
)");
  m.def("to_iri", &to_iri, "s"_a,
        R"(to_iri(s) -> str

A URI as an IRI (RFC 3987 3.2): decodes what is safe to show as text.

>>> to_iri('http://xn--r8jz45g.jp/%E5%BC%95%E3%81%8D%E5%87%BA%E3%81%97%20x') == (
...     'http://\u4f8b\u3048.jp/\u5f15\u304d\u51fa\u3057%20x')
True
)");
#endif

  // Batch forms: the same options, any iterable of str/bytes (None items give None).
  const char* many_doc = R"(The %s form: a list with one result per item of the iterable.

The items are read first, then the work runs without the GIL (other threads run meanwhile).
Missing items (None, NaN, pandas' NA) give None; on_error='none' gives None for a
rejected item, 'raise' (the default) raises urix.Error for the first one, with .index set.
)";
  auto doc = [&](const char* name) {
    static const std::map<std::string, std::string> signatures{
        {"encode",
         "encode_many(items, set='unreserved', *, allow='', plus=False, lower=False, "
         "keep_escapes=False, on_error='raise') -> list"},
        {"decode",
         "decode_many(items, *, plus=False, lenient=False, errors='strict', "
         "on_error='raise') -> list"},
        {"decode_to_bytes",
         "decode_to_bytes_many(items, *, plus=False, lenient=False, on_error='raise') -> list"},
        {"check",
         "check_many(items, set='unreserved', *, allow='', on_error='raise') -> list"},
        {"parse",
         "parse_many(items, *, iri=False, on_error='raise') -> list"},
        {"normalize",
         "normalize_many(items, *, on_error='raise') -> list"},
        {"equal",
         "equal_many(a, b, *, on_error='raise') -> list"},
        {"resolve",
         "resolve_many(base, refs, *, on_error='raise') -> list"},
        {"to_uri",
         "to_uri_many(items, *, lenient=False, on_error='raise') -> list"},
        {"to_iri",
         "to_iri_many(items, *, on_error='raise') -> list"},
    };
    std::string d = signatures.at(name) + "\n\n" + many_doc;
    d.replace(d.find("%s"), 2, name);
    return d;
  };
  static std::vector<std::string> docs;  // pybind11 keeps the pointer
  docs.reserve(10);
  docs.push_back(doc("encode") + R"(
>>> encode_many(['a b', 'c/d', None], 'path')
['a%20b', 'c/d', None]
)");
  m.def("encode_many", &encode_many, "items"_a, "set"_a = "unreserved", py::kw_only(),
        "allow"_a = "", "plus"_a = false, "lower"_a = false, "keep_escapes"_a = false,
        "on_error"_a = "raise", docs.back().c_str());
  docs.push_back(doc("decode") + R"(
>>> decode_many(['a%20b', '100%', 'x'], on_error='none')
['a b', None, 'x']
)");
  m.def("decode_many", &decode_many, "items"_a, py::kw_only(), "plus"_a = false,
        "lenient"_a = false, "errors"_a = "strict", "on_error"_a = "raise", docs.back().c_str());
  docs.push_back(doc("decode_to_bytes"));
  m.def("decode_to_bytes_many", &decode_to_bytes_many, "items"_a, py::kw_only(),
        "plus"_a = false, "lenient"_a = false, "on_error"_a = "raise", docs.back().c_str());
  docs.push_back(doc("check") + R"(Each valid item gives True.

>>> check_many(['a', 'b c'], on_error='none')
[True, None]
)");
  m.def("check_many", &check_many, "items"_a, "set"_a = "unreserved", py::kw_only(),
        "allow"_a = "", "on_error"_a = "raise", docs.back().c_str());
  docs.push_back(doc("parse"));
  m.def("parse_many", &parse_many, "items"_a, py::kw_only(), "iri"_a = false,
        "on_error"_a = "raise", docs.back().c_str());
  docs.push_back(doc("normalize") + R"(
>>> normalize_many(['HTTP://A/./b', 'http://a:80'])
['http://a/b', 'http://a/']
)");
  m.def("normalize_many", &normalize_many, "items"_a, py::kw_only(), "on_error"_a = "raise",
        docs.back().c_str());
  docs.push_back(doc("equal") + R"(It takes two iterables of the same length, compared pairwise.

>>> equal_many(['http://a/', 'http://a/'], ['HTTP://A:80/', 'http://b/'])
[True, False]
)");
  m.def("equal_many", &equal_many, "a"_a, "b"_a, py::kw_only(), "on_error"_a = "raise",
        docs.back().c_str());
  docs.push_back(doc("resolve") + R"(It resolves every reference against one base.

>>> resolve_many('http://a/b/c', ['d', '../e', '?q'])
['http://a/b/d', 'http://a/e', 'http://a/b/c?q']
)");
  m.def("resolve_many", &resolve_many, "base"_a, "refs"_a, py::kw_only(), "on_error"_a = "raise",
        docs.back().c_str());
#if URIX_HAVE_IDNA
  docs.push_back(doc("to_uri"));
  m.def("to_uri_many", &to_uri_many, "items"_a, py::kw_only(), "lenient"_a = false,
        "on_error"_a = "raise", docs.back().c_str());
  docs.push_back(doc("to_iri"));
  m.def("to_iri_many", &to_iri_many, "items"_a, py::kw_only(), "on_error"_a = "raise",
        docs.back().c_str());
#endif

  register_compat(m);
  register_chores(m);
#if URIX_HAVE_IDNA  // the URL Standard's hosts need IDNA
  register_url(m);  // urix.URL, urix.URLSearchParams, urix.parse_url_many (url_py.cpp)
#endif
}
