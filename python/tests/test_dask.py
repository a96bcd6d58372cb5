# SPDX-License-Identifier: Apache-2.0 OR MIT
"""docs/python-at-scale.md's example (python/examples/dask_urls.py) on a
LocalCluster of 2 worker processes over the URL corpora gives what one process gives."""
import os
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / 'python' / 'examples'))

import pytest  # noqa: E402
from dask.distributed import Client, LocalCluster  # noqa: E402  (python3-distributed)

import dask_urls  # noqa: E402


def corpora():
    root = pathlib.Path(os.environ.get('URIX_TESTDATA', ROOT.parent / 'shared' / 'testdata'))
    paths = sorted(str(p) for p in (root / 'corpora').glob('*.txt'))
    if not paths:
        pytest.fail(f'no URL corpora under {root}/corpora')
    return paths


def test_local_cluster_equals_single_process():
    paths = corpora()
    want = dask_urls.clean_urls_single_process(paths)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        assert len(client.scheduler_info()['workers']) == 2
        got = dask_urls.clean_urls(paths, blocksize='256KiB')  # several partitions per file
    assert got == want
    assert len(got[0]) > 50000 and got[1] > 0  # the corpora hold rejected lines too
