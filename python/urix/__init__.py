# SPDX-License-Identifier: Apache-2.0 OR MIT
"""urix: URI characters exactly as the RFCs say (RFC 3986, RFC 3987), from C++.

Percent-encoding with the named sets of RFC 3986, RFC 2396 and the WHATWG URL Standard, strict
decoding that says where an input is wrong, URI parsing, normalization and resolution, IRI <->
URI conversion with IDNA hosts; each also as a batch call (``*_many``) that runs without the
GIL; and ``urix.compat``, urllib.parse's quote/unquote family with the same results.

>>> import urix
>>> urix.encode('a b')
'a%20b'
>>> urix.decode('caf%C3%A9') == 'caf\\u00e9'
True
>>> try:
...     urix.decode('\\u00e9t\\u00e9 100%')
... except urix.Error as e:
...     print(e.code, e.offset, e.byte_offset)
incomplete_escape 7 9
>>> urix.normalize_many(['HTTP://Example.COM/a/./b', 'bad uri'], on_error='none')
['http://example.com/a/b', None]
"""

from ._urix import (  # noqa: F401
    SETS,
    Error,
    URIReference,
    URITemplate,
    __version__,
    check,
    check_many,
    decode,
    decode_many,
    decode_to_bytes,
    decode_to_bytes_many,
    encode,
    encode_many,
    equal,
    equal_many,
    normalize,
    normalize_many,
    parse,
    parse_many,
    resolve,
    resolve_many,
)
from ._urix import HAVE_IDNA  # noqa: F401

if HAVE_IDNA:  # a build without IDNA (URIX_IDNA=OFF: no ICU) lacks IRIs and WHATWG URLs
    from ._urix import to_iri, to_iri_many, to_uri, to_uri_many  # noqa: F401
    from ._urix import URL, URLSearchParams, parse_url_many  # noqa: F401
from ._urix import (  # noqa: F401  SPEC 14
    parse_data_url,
    path_to_uri,
    registrable_domain,
    relativize,
    uri_to_path,
)
from . import compat  # noqa: E402,F401
from ._query import QueryParams  # noqa: E402

Error.__module__ = 'urix'
URIReference.__module__ = 'urix'
QueryParams.__module__ = 'urix'
URIReference.query_params = property(
    lambda self: QueryParams(self.params),
    doc="The query's parameters, decoded, as a read-only multidict (urix.QueryParams).")
if HAVE_IDNA:
    URL.__module__ = 'urix'
    URLSearchParams.__module__ = 'urix'
    URL.query_params = property(
        lambda self: QueryParams(URLSearchParams(self.search)),
        doc="The query's pairs as application/x-www-form-urlencoded reads them (decoded, '+' a "
            "space), as a read-only multidict (urix.QueryParams).")
URITemplate.__module__ = 'urix'

__all__ = [
    'SETS', 'Error', 'QueryParams', 'URIReference', 'check', 'check_many', 'compat', 'decode', 'decode_many',
    'decode_to_bytes', 'decode_to_bytes_many', 'encode', 'encode_many', 'equal', 'equal_many',
    'normalize', 'normalize_many', 'parse', 'parse_many', 'resolve', 'resolve_many', 'HAVE_IDNA',
]
if HAVE_IDNA:
    __all__ += ['to_iri', 'to_iri_many', 'to_uri', 'to_uri_many', 'URL', 'URLSearchParams',
                'parse_url_many']
__all__ += ['parse_data_url', 'path_to_uri', 'registrable_domain', 'relativize', 'uri_to_path']
__all__ += ['URITemplate', 'expand']


def expand(uri, var_dict=None, **kwargs):
    """expand(uri, var_dict=None, **kwargs) -> str: URITemplate(uri).expand(var_dict, **kwargs),
    as uritemplate.expand."""
    return URITemplate(uri).expand(var_dict, **kwargs)
