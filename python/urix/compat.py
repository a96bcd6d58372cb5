# SPDX-License-Identifier: Apache-2.0 OR MIT
"""urllib.parse's functions, faster, with the same results.

Same names, same parameters, same results and exceptions as Python's ``urllib.parse``: a
drop-in (``from urix.compat import quote, unquote``). The common case (str or bytes, UTF-8)
runs in C++; anything else (another encoding, an ``errors=`` handler that decoding needs, a
subclass of str, ``strict_parsing``, ...) is handed to urllib.parse's own function, so the
result is urllib's by construction: the function of a private copy of urllib.parse, never
the module itself, so that a program may install these functions into urllib.parse
(``urllib.parse.urlencode = compat.urlencode``). Note that these keep urllib's leniency
(``unquote('%G1')`` is ``'%G1'``); ``urix.decode`` is the strict form.

The URL functions too (``urlsplit``, ``urlparse``, ``urlunsplit``, ``urlunparse``,
``urljoin``, ``urldefrag``), with urllib's own result classes.

>>> from urix import compat
>>> compat.quote('/El Ni\\u00f1o/')
'/El%20Ni%C3%B1o/'
>>> compat.quote_plus('a b&c=d/e'), compat.quote(b'a&b', safe='&')
('a+b%26c%3Dd%2Fe', 'a&b')
>>> compat.quote_from_bytes(b'abc def\\x3f')
'abc%20def%3F'
>>> compat.unquote('abc%20def'), compat.unquote('%G1'), compat.unquote_plus('a+b%2Bc')
('abc def', '%G1', 'a b+c')
>>> compat.unquote_to_bytes('abc%20def%FF')
b'abc def\\xff'
>>> compat.urlencode({'q': 'x y', 'n': 1})
'q=x+y&n=1'
>>> compat.parse_qsl('a=1&b=x+y&a=2&c'), compat.parse_qs('a=1&b=x+y&a=2&c')
([('a', '1'), ('b', 'x y'), ('a', '2')], {'a': ['1', '2'], 'b': ['x y']})
"""

import functools as _functools
import importlib.util as _importlib_util
import inspect as _inspect
import urllib.parse as _urlparse_module_at_import

from . import _urix

__all__ = ['quote', 'quote_plus', 'quote_from_bytes', 'unquote', 'unquote_plus',
           'unquote_to_bytes', 'urlencode', 'parse_qs', 'parse_qsl']


def _private_urllib():
    """A copy of urllib.parse of our own, loaded afresh from the interpreter's: what the fast
    paths leave to urllib goes to its functions, never to the module urllib.parse, which a
    program may have patched with ours (``urllib.parse.urlencode = compat.urlencode``: a call
    back into it by name would reach ourselves again). Its functions call only each other."""
    spec = _importlib_util.find_spec('urllib.parse')
    module = _importlib_util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_urllib = _private_urllib()
_urix._compat._set_fallbacks(_urllib)


def _stand_in(fn, name):
    """`fn` (a C++ function) dressed as urllib.parse's function `name`, which it stands in for:
    its __module__ is 'urllib.parse' and it has that function's __defaults__ and signature, as
    CPython's own urllib tests ask of what urllib.parse holds once a program installs ours
    there. A functools.partial without arguments: it calls `fn` through vectorcall, as is."""
    like = _inspect.unwrap(getattr(_urllib, name))  # urlsplit is an lru_cache wrapper
    out = _functools.partial(fn)
    out.__name__ = out.__qualname__ = name
    out.__module__ = 'urllib.parse'
    out.__doc__ = fn.__doc__
    out.__defaults__ = like.__defaults__
    out.__kwdefaults__ = like.__kwdefaults__
    out.__signature__ = _inspect.signature(like)
    return out


def _like_urllib(fn):
    """Decorator for a Python function of ours: it names urllib.parse as its module (see
    _stand_in)."""
    fn.__module__ = 'urllib.parse'
    return fn


# C++ functions (METH_FASTCALL), each falling back to the private urllib's for what it does
# not take.
quote = _stand_in(_urix._compat.quote, 'quote')
quote_plus = _stand_in(_urix._compat.quote_plus, 'quote_plus')
quote_from_bytes = _stand_in(_urix._compat.quote_from_bytes, 'quote_from_bytes')
unquote = _stand_in(_urix._compat.unquote, 'unquote')
unquote_plus = _stand_in(_urix._compat.unquote_plus, 'unquote_plus')
unquote_to_bytes = _stand_in(_urix._compat.unquote_to_bytes, 'unquote_to_bytes')
parse_qsl = _stand_in(_urix._compat.parse_qsl, 'parse_qsl')

_PLAIN = (str, int)  # types whose pairs urlencode writes as quote_via(str(x), ...) either way


@_like_urllib
def parse_qs(qs, keep_blank_values=False, strict_parsing=False, encoding='utf-8',
             errors='replace', max_num_fields=None, separator='&'):
    """urllib.parse.parse_qs: the fields of a query as a dict of lists, in order.

    >>> parse_qs('x=1&y=2&x=3')
    {'x': ['1', '3'], 'y': ['2']}
    """
    fields = {}
    for name, value in parse_qsl(qs, keep_blank_values, strict_parsing, encoding=encoding,
                                 errors=errors, max_num_fields=max_num_fields,
                                 separator=separator):
        fields.setdefault(name, []).append(value)
    return fields


@_like_urllib
def urlencode(query, doseq=False, safe='', encoding=None, errors=None, quote_via=quote_plus):
    """urllib.parse.urlencode: a mapping or a list of pairs as a query string.

    >>> urlencode([('a', 'b c'), ('d', '\\u00e9')])
    'a=b+c&d=%C3%A9'
    >>> urlencode({'a': [1, 2], 'b': None}, doseq=True)
    'a=1&a=2&b=None'
    """
    # quote_via, urllib's or ours, as ours (the same results); compared by identity.
    via = (quote_plus if (quote_via is quote_plus or quote_via is _QUOTE_PLUS_1 or
                          quote_via is _QUOTE_PLUS_2) else
           quote if quote_via is quote or quote_via is _QUOTE_1 or quote_via is _QUOTE_2 else
           None)
    kind = type(query)
    if via is not None and (kind is dict or kind is list):
        parts = []
        for pair in (query.items() if kind is dict else query):
            if kind is list and (type(pair) is not tuple or len(pair) != 2):
                break
            k, v = pair
            if type(k) not in _PLAIN or type(v) not in _PLAIN:
                break
            parts.append(via(k if type(k) is str else str(k), safe, encoding, errors) + '=' +
                         via(v if type(v) is str else str(v), safe, encoding, errors))
        else:
            return '&'.join(parts)
    return _urlencode_any(query, doseq, safe, encoding, errors, quote_via)


def _urlencode_any(query, doseq, safe, encoding, errors, quote_via):
    """urlencode for any query and quote_via, as urllib.parse does it: a mapping's items(), or
    a sequence whose first item is a tuple (or an empty one); bytes are quoted without
    encoding= and errors=, anything else as str(x); with doseq, a value other than str or
    bytes that has a len() gives one pair per item."""
    if hasattr(query, 'items'):
        query = query.items()
    else:
        try:  # a str, a non-sequence or a sequence of non-tuples is refused
            if len(query) and not isinstance(query[0], tuple):
                raise TypeError
        except TypeError as err:
            raise TypeError('not a valid non-string sequence or mapping object') from err

    def one(x):
        if isinstance(x, bytes):
            return quote_via(x, safe)
        return quote_via(str(x), safe, encoding, errors)

    out = []
    for k, v in query:
        k = one(k)
        if not doseq or isinstance(v, (str, bytes)):
            out.append(k + '=' + one(v))
            continue
        try:
            len(v)
        except TypeError:  # not a sequence: one pair
            out.append(k + '=' + one(v))
        else:
            out.extend(k + '=' + one(item) for item in v)
    return '&'.join(out)


# urllib's quote and quote_plus, for urlencode's identity test: the private copy's and
# urllib.parse's (as they are at import: functions held, never called).
_QUOTE_1, _QUOTE_2 = _urllib.quote, _urlparse_module_at_import.quote
_QUOTE_PLUS_1, _QUOTE_PLUS_2 = _urllib.quote_plus, _urlparse_module_at_import.quote_plus


# ---- urlsplit, urlparse, urlunsplit, urlunparse, urljoin, urldefrag ---------------------------
# urllib.parse's rules, restated (SPEC 11; the running interpreter's behaviour is the contract,
# and the differential tests hold these to it):
# - a first argument that is not a str makes every argument bytes-like: each is decoded as
#   ASCII (a false one as ''), the result encoded back; a non-empty argument of the other kind
#   is a TypeError.
# - urlsplit strips leading C0 controls and spaces from the URL (and both ends of scheme=),
#   removes every tab, CR and LF, then: a scheme (a letter, then letters, digits, '+-.') before
#   the first ':' is lowercased; '//' starts a netloc that ends at the first '/', '?' or '#';
#   brackets in the netloc must pair and enclose an IPv6 or IPvFuture address (ValueError
#   otherwise), and a non-ASCII netloc may not gain '/?#@:' under NFKC; then the fragment
#   (after the first '#', unless allow_fragments is false), then the query (first '?').
#   Those netloc checks are the private urllib's own (_check_netloc): they change between
#   Python releases (3.11.4 added them; Debian backports another form than 3.11.7 has).
#   It is cached in urllib (functools.lru_cache): its arguments must be hashable.
# - urlparse splits ';params' off the last path segment for the schemes of uses_params.
# - uses_relative, uses_netloc and uses_params are read from urllib.parse when used: a
#   program that adds a scheme there changes these functions as it changes urllib's.

import urllib.parse as _urlparse_module  # noqa: E402  (its result classes and scheme lists)

SplitResult = _urlparse_module.SplitResult
ParseResult = _urlparse_module.ParseResult
DefragResult = _urlparse_module.DefragResult
_lists = _urlparse_module  # uses_relative, uses_netloc, uses_params: read at each call

_C0_OR_SPACE = ''.join(map(chr, range(0x21)))
_SCHEME_CHARS = frozenset('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.')


def _text_args(*args):
    """The arguments as str, and the function that turns a result back into the first one's
    kind (None for str)."""
    if isinstance(args[0], str):
        for a in args[1:]:
            if a and not isinstance(a, str):
                raise TypeError('Cannot mix str and non-str arguments')
        return args + (None,)
    for a in args[1:]:
        if a and isinstance(a, str):
            raise TypeError('Cannot mix str and non-str arguments')
    return tuple(a.decode('ascii', 'strict') if a else '' for a in args) + (_to_bytes,)


def _to_bytes(result):
    return result.encode('ascii', 'strict')


def _check_netloc(netloc):
    """urllib's checks of a netloc with brackets or non-ASCII (brackets must pair and enclose
    an IP address, NFKC may not make it gain '/?#@:'), which differ between Python releases:
    the private urllib's own, on a URL of this netloc alone, raise what they raise."""
    _urllib.urlsplit('//' + netloc)


def _split_text(url, scheme, allow_fragments):
    """urlsplit of str arguments, as a tuple."""
    url = url.lstrip(_C0_OR_SPACE)
    scheme = scheme.strip(_C0_OR_SPACE)
    for c in '\t\r\n':
        url = url.replace(c, '')
        scheme = scheme.replace(c, '')
    allow_fragments = bool(allow_fragments)
    netloc = query = fragment = ''
    colon = url.find(':')
    if colon > 0 and url[0].isascii() and url[0].isalpha() and \
            all(c in _SCHEME_CHARS for c in url[1:colon]):
        scheme, url = url[:colon].lower(), url[colon + 1:]
    if url[:2] == '//':
        end = len(url)
        for c in '/?#':
            at = url.find(c, 2)
            if 0 <= at < end:
                end = at
        netloc, url = url[2:end], url[end:]
        if '[' in netloc or ']' in netloc or not netloc.isascii():
            _check_netloc(netloc)
    if allow_fragments and '#' in url:
        url, fragment = url.split('#', 1)
    if '?' in url:
        url, query = url.split('?', 1)
    return scheme, netloc, url, query, fragment


def _urlsplit_py(url, scheme='', allow_fragments=True):
    """urllib.parse.urlsplit: (scheme, netloc, path, query, fragment), as a SplitResult.

    >>> urlsplit('HTTP://user@example.com:80/a/b?q=1#top')
    SplitResult(scheme='http', netloc='user@example.com:80', path='/a/b', query='q=1', fragment='top')
    """
    hash((url, scheme, allow_fragments))  # urllib caches its calls: unhashable is a TypeError
    url, scheme, back = _text_args(url, scheme)
    result = SplitResult(*_split_text(url, scheme, allow_fragments))
    return result if back is None else back(result)




def _split_params(path):
    """The path and the params after the first ';' of its last segment."""
    if '/' in path:
        semi = path.find(';', path.rfind('/'))
        if semi < 0:
            return path, ''
    else:
        semi = path.find(';')
    return path[:semi], path[semi + 1:]


def _parse_text(url, scheme, allow_fragments):
    split = _urlsplit_py(url, scheme, allow_fragments)
    scheme, netloc, path, query, fragment = split
    params = ''
    if scheme in _lists.uses_params and ';' in path:
        path, params = _split_params(path)
    return scheme, netloc, path, params, query, fragment


def _urlparse_py(url, scheme='', allow_fragments=True):
    """urllib.parse.urlparse: urlsplit with the last segment's ';params' apart.

    >>> urlparse('http://h/p;x?q')
    ParseResult(scheme='http', netloc='h', path='/p', params='x', query='q', fragment='')
    """
    url, scheme, back = _text_args(url, scheme)
    result = ParseResult(*_parse_text(url, scheme, allow_fragments))
    return result if back is None else back(result)


def _unsplit_text(scheme, netloc, url, query, fragment):
    if netloc or (scheme and scheme in _lists.uses_netloc and url[:2] != '//'):
        if url and url[:1] != '/':
            url = '/' + url
        url = '//' + (netloc or '') + url
    if scheme:
        url = scheme + ':' + url
    if query:
        url = url + '?' + query
    if fragment:
        url = url + '#' + fragment
    return url


def _urlunsplit_py(components):
    """urllib.parse.urlunsplit: a URL from five components.

    >>> urlunsplit(('http', 'h', 'a', '', 'f'))
    'http://h/a#f'
    """
    scheme, netloc, url, query, fragment, back = _text_args(*components)
    url = _unsplit_text(scheme, netloc, url, query, fragment)
    return url if back is None else back(url)


def _urlunparse_py(components):
    """urllib.parse.urlunparse: a URL from six components.

    >>> urlunparse(('http', 'h', '/p', 'x', 'q', ''))
    'http://h/p;x?q'
    """
    scheme, netloc, url, params, query, fragment, back = _text_args(*components)
    if params:
        url = '%s;%s' % (url, params)
    url = _unsplit_text(*_text_args(scheme, netloc, url, query, fragment)[:5])
    return url if back is None else back(url)


def _join_text(base, url, allow_fragments):
    bscheme, bnetloc, bpath, bparams, bquery, _ = _parse_text(base, '', allow_fragments)
    scheme, netloc, path, params, query, fragment = _parse_text(url, bscheme, allow_fragments)
    if scheme != bscheme or scheme not in _lists.uses_relative:
        return url
    if scheme in _lists.uses_netloc:
        if netloc:
            return _unparse_text(scheme, netloc, path, params, query, fragment)
        netloc = bnetloc
    if not path and not params:
        return _unparse_text(scheme, netloc, bpath, bparams, query or bquery, fragment)
    if path[:1] == '/':
        segments = path.split('/')
    else:
        directory = bpath.split('/')
        if directory[-1] != '':
            del directory[-1]  # the base's last segment is a file, not a directory
        segments = directory + path.split('/')
        # empty segments between the first and the last ones are dropped
        segments[1:-1] = [s for s in segments[1:-1] if s]
    out = []
    for s in segments:
        if s == '..':
            if out:
                out.pop()
        elif s != '.':
            out.append(s)
    if segments[-1] in ('.', '..'):
        out.append('')
    return _unparse_text(scheme, netloc, '/'.join(out) or '/', params, query, fragment)


def _unparse_text(scheme, netloc, path, params, query, fragment):
    if params:
        path = '%s;%s' % (path, params)
    return _unsplit_text(scheme, netloc, path, query, fragment)


def _urljoin_py(base, url, allow_fragments=True):
    """urllib.parse.urljoin: `url` resolved against `base`, with urllib's rules.

    >>> urljoin('http://a/b/c/d;p?q', '../g?y')
    'http://a/b/g?y'
    """
    if not base:
        return url
    if not url:
        return base
    base, url, back = _text_args(base, url)
    out = _join_text(base, url, allow_fragments)
    return out if back is None else back(out)


def _urldefrag_py(url):
    """urllib.parse.urldefrag: the URL without its fragment, and the fragment.

    >>> urldefrag('http://h/p#frag')
    DefragResult(url='http://h/p', fragment='frag')
    """
    url, back = _text_args(url)
    if '#' in url:
        scheme, netloc, path, params, query, fragment = _parse_text(url, '', True)
        url = _unparse_text(scheme, netloc, path, params, query, '')
    else:
        fragment = ''
    result = DefragResult(url, fragment)
    return result if back is None else back(result)


# ---- Another Python release: urllib's own functions where its rules differ ----------------------
# The rules above are those of the Python this was tested with (Debian's 3.11, whose urllib
# the differential tests compare with). Other releases differ in places (which C0 characters
# urlsplit strips, 3.12's urlunsplit of a path starting '//', ...). At import, each URL
# function is tried on PROBES against the private urllib; where one answer differs, that
# function is the private urllib's, its result objects made urllib.parse's classes: exact on
# that interpreter, without the speed. compat.NATIVE names the functions that stayed ours.

_urllib.uses_relative = _lists.uses_relative  # the private urllib reads urllib.parse's lists
_urllib.uses_netloc = _lists.uses_netloc
_urllib.uses_params = _lists.uses_params

_RESULT_CLASSES = {
    getattr(_urllib, n): getattr(_urlparse_module, n)
    for n in ('SplitResult', 'ParseResult', 'DefragResult', 'SplitResultBytes',
              'ParseResultBytes', 'DefragResultBytes')}


def _as_urllib_result(result):
    cls = _RESULT_CLASSES.get(type(result))
    return result if cls is None else cls(*result)


@_like_urllib
def _urlsplit_urllib(url, scheme='', allow_fragments=True):
    return _as_urllib_result(_urllib.urlsplit(url, scheme, allow_fragments))


@_like_urllib
def _urlparse_urllib(url, scheme='', allow_fragments=True):
    return _as_urllib_result(_urllib.urlparse(url, scheme, allow_fragments))


@_like_urllib
def _urlunsplit_urllib(components):
    return _urllib.urlunsplit(components)


@_like_urllib
def _urlunparse_urllib(components):
    return _urllib.urlunparse(components)


@_like_urllib
def _urljoin_urllib(base, url, allow_fragments=True):
    return _urllib.urljoin(base, url, allow_fragments)


@_like_urllib
def _urldefrag_urllib(url):
    return _as_urllib_result(_urllib.urldefrag(url))


_PROBE_URLS = [
    '', 'http://a/b/c/d;p?q#f', ' \x00\x1fhttp://h/p ', '\x7f http://h', 'ht\ttp://h\n/p\r',
    'HTTP://H:80/A', 'http://[::1]:80/', 'http://[v1.fe]/', 'http://[1.2.3.4]/', 'http://x[::1]/',
    'http://h\u2100/', 'mailto:a@b', 'path:80', '1a:b', 'a1+-.:b', 'a_b:c', '//h/p', '///p',
    'http:', 'http:?q', '#f', 'a;b;c/d;e', 'http://h/p;a/b;c', 'sip:a;b', 'file:///tmp',
    'http://h#a#b', 'http://h?a?b#c?d', 'javascript:alert(1)', 'http://u:p@h:8080/',
    'x://h/p;q', 'http://h/\u00e9?\u00e9#\u00e9', 'http:////h', 'git+ssh://h/x',
]
_PROBE_REFS = ['g', '../g', '//g', '?y', '#s', ';x', '', '.', '..', '../..', '/./g', 'g/../h',
               'http:g', 'https:g', 'mailto:y', '//', 'a//b', '\tg\n', 'g?y/./x']
_PROBE_PARTS = [('http', 'h', '/p', 'q', 'f'), ('http', '', 'p', '', ''),
                ('', '', '//p', '', ''), ('file', '', '/x', '', ''), ('', '', 'a:b', '', ''),
                ('mailto', '', 'a@b', '', ''), ('svn', '', 'p', '', ''),
                ('http', '', '//p', '', ''), ('', 'h', 'p', '', '')]


def _probe_calls():
    for u in _PROBE_URLS:
        for args in ((u,), (u, 'http', False)):
            yield 'urlsplit', args
            yield 'urlparse', args
        yield 'urldefrag', (u,)
        yield 'urljoin', ('http://a/b/c/d;p?q', u)
        yield 'urljoin', (u, '../g;x?y#s')
        yield 'urlsplit', (u.encode('utf-8'),)
    for base in ('http://a/b/c/d;p?q', 'http://a', 'ftp://h/a/', 'file:///a/b', 'a/b'):
        for ref in _PROBE_REFS:
            yield 'urljoin', (base, ref)
    for parts in _PROBE_PARTS:
        yield 'urlunsplit', (parts,)
        yield 'urlunparse', (parts[:3] + (';x',) + parts[3:],)
        yield 'urlunparse', (parts[:3] + ('',) + parts[3:],)


def _answer(fn, args):
    try:
        r = fn(*args)
    except Exception as e:  # noqa: BLE001: the exception is the answer
        return 'raised', type(e), str(e)
    return 'ok', type(r), tuple(r) if isinstance(r, tuple) else r


def _differing(ours):
    """The URL functions whose answers on the probes differ from the private urllib's."""
    theirs = {'urlsplit': _urlsplit_urllib, 'urlparse': _urlparse_urllib,
              'urlunsplit': _urlunsplit_urllib, 'urlunparse': _urlunparse_urllib,
              'urljoin': _urljoin_urllib, 'urldefrag': _urldefrag_urllib}
    out = set()
    for name, args in _probe_calls():
        if name not in out and _answer(ours[name], args) != _answer(theirs[name], args):
            out.add(name)
    return {name: theirs[name] for name in out}


# The C++ functions (compat_url_py.cpp), each leaving to the Python ones above what it does not
# take.
_urix._compat._set_url_fallbacks(_urlsplit_py, _urlparse_py, _urlunsplit_py, _urlunparse_py,
                                 _urljoin_py, _urldefrag_py)
urlsplit = _stand_in(_urix._compat.urlsplit, 'urlsplit')
urlsplit.cache_clear = _urix._compat._urlsplit_cache_clear  # urllib.parse.clear_cache() calls it
urlparse = _stand_in(_urix._compat.urlparse, 'urlparse')
urlunsplit = _stand_in(_urix._compat.urlunsplit, 'urlunsplit')
urlunparse = _stand_in(_urix._compat.urlunparse, 'urlunparse')
urljoin = _stand_in(_urix._compat.urljoin, 'urljoin')
urldefrag = _stand_in(_urix._compat.urldefrag, 'urldefrag')

_fallen_back = _differing({'urlsplit': urlsplit, 'urlparse': urlparse, 'urlunsplit': urlunsplit,
                           'urlunparse': urlunparse, 'urljoin': urljoin,
                           'urldefrag': urldefrag})
for _name, _fn in _fallen_back.items():
    _fn.__name__ = _fn.__qualname__ = _name
    globals()[_name] = _fn
if 'urlsplit' in _fallen_back:
    urlsplit.cache_clear = _urllib.urlsplit.cache_clear
#: The URL functions that are urix's own on this interpreter (the others: urllib's, see above).
NATIVE = frozenset({'urlsplit', 'urlparse', 'urlunsplit', 'urlunparse', 'urljoin',
                    'urldefrag'} - set(_fallen_back))
urlsplit.cache_clear()

__all__ += ['urlsplit', 'urlparse', 'urlunsplit', 'urlunparse', 'urljoin', 'urldefrag']
