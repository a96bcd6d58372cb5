# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The examples in urix's docstrings (the package, urix.compat, and every function and class of
the C++ extension, whose docstrings doctest's module finder does not reach) run as doctests."""
import doctest

import pytest

import urix
import urix._urix
import urix.compat


def _docstrings():
    yield 'urix', urix.__doc__
    yield 'urix.compat', urix.compat.__doc__
    for mod in (urix._urix, urix.compat):
        for name in sorted(dir(mod)):
            obj = getattr(mod, name)
            doc = getattr(obj, '__doc__', None)
            if callable(obj) and doc and '>>>' in doc:
                yield f'{mod.__name__}.{name}', doc
    for cls in (urix.URIReference, urix.QueryParams):  # their methods' examples too
        for name in sorted(vars(cls)):
            doc = getattr(vars(cls)[name], '__doc__', None)
            if doc and '>>>' in doc and not name.startswith('__'):
                yield f'urix.{cls.__name__}.{name}', doc


DOCS = list(_docstrings())


def test_every_public_function_has_an_example():
    documented = {name.split('.')[-1] for name, _ in DOCS}
    iri = ('to_uri', 'to_iri', 'URL', 'URLSearchParams', 'parse_url_many') if urix.HAVE_IDNA else ()
    for name in ('encode', 'decode', 'decode_to_bytes', 'check', 'parse', 'normalize', 'equal',
                 'resolve', 'URIReference', 'encode_many', 'decode_many', 'check_many',
                 'normalize_many', 'equal_many', 'resolve_many', 'parse_qs', 'urlencode') + iri:
        assert name in documented, name


@pytest.mark.parametrize('name,doc', DOCS, ids=[n for n, _ in DOCS])
def test_doctest(name, doc):
    if not urix.HAVE_IDNA and name.endswith('.registrable_domain'):
        pytest.skip('registrable_domain needs IDNA, which this build lacks (URIX_IDNA=OFF)')
    globs = dict(vars(urix))
    globs.update({k: getattr(urix.compat, k) for k in urix.compat.__all__})
    if name.startswith('urix.compat'):
        globs['compat'] = urix.compat
    test = doctest.DocTestParser().get_doctest(doc, globs, name, None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 0
    assert result.failed == 0, f'{name}: {result.failed} example(s) failed (output above)'


def test_readme_python_examples():
    """The README's ```python blocks run as shown."""
    import pathlib
    import re
    readme = (pathlib.Path(__file__).resolve().parents[2] / 'README.md').read_text()
    blocks = re.findall(r'^```python\n(.*?)^```', readme, flags=re.S | re.M)
    assert blocks, 'the README shows no Python example'
    for i, block in enumerate(blocks):
        test = doctest.DocTestParser().get_doctest(block, {}, f'README.md[{i}]', None, 0)
        runner = doctest.DocTestRunner()
        runner.run(test)
        assert runner.summarize(verbose=False).failed == 0
