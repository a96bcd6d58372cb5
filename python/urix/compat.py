# SPDX-License-Identifier: Apache-2.0 OR MIT
"""urllib.parse's percent-encoding and query functions, faster, with the same results.

Same names, same parameters, same results and exceptions as Python's ``urllib.parse``: a
drop-in (``from urix.compat import quote, unquote``). The common case (str or bytes, UTF-8)
runs in C++; anything else (another encoding, an ``errors=`` handler that decoding needs, a
subclass of str, ``strict_parsing``, ...) is handed to urllib.parse's own function, so the
result is urllib's by construction: the function of a private copy of urllib.parse, never
the module itself, so that a program may install these functions into urllib.parse
(``urllib.parse.urlencode = compat.urlencode``). Note that these keep urllib's leniency (``unquote('%G1')`` is
``'%G1'``); ``urix.decode`` is the strict form.

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
    like = getattr(_urllib, name)
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
    via = (quote_plus if quote_via is quote_plus or quote_via is _urllib_quote_plus else
           quote if quote_via is quote or quote_via is _urllib_quote else None)
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


_urllib_quote = _urllib.quote
_urllib_quote_plus = _urllib.quote_plus
