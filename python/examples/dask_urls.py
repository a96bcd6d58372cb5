# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Normalize, validate and de-duplicate a URL dataset with Dask (docs/python-at-scale.md).

Each partition of lines goes through one urix batch call, whose C++ loop runs without the GIL;
Dask spreads the partitions over worker processes, or machines. Rejected lines (not URI
references) are counted, not dropped in silence.

    python3 dask_urls.py FILE...            # on a LocalCluster of 2 worker processes
"""
import sys

import dask
import dask.bag as db

import urix


def read_lines(paths, blocksize='1MiB'):
    """The lines of the files, without their line ends (nor a byte-order mark)."""
    lines = db.read_text(paths, blocksize=blocksize)
    return lines.map(lambda s: s.rstrip('\r\n').lstrip('\ufeff'))


def normalize_partition(lines):
    """One batch call per partition: the normal form of each line, None for a rejected one."""
    return urix.normalize_many(lines, on_error='none')


def clean_urls(paths, blocksize='1MiB'):
    """(sorted distinct normal forms, number of rejected lines) of the URL files `paths`."""
    normal = read_lines(paths, blocksize).map_partitions(normalize_partition)
    distinct = normal.filter(lambda u: u is not None).distinct()
    rejected = normal.filter(lambda u: u is None).count()
    urls, bad = dask.compute(distinct, rejected)
    return sorted(urls), bad


def clean_urls_single_process(paths):
    """The same, in one process, one call per line: what the Dask version must equal."""
    urls, bad = set(), 0
    for path in paths:
        with open(path, encoding='utf-8') as f:
            for line in f:
                try:
                    urls.add(urix.normalize(line.rstrip('\r\n').lstrip('\ufeff')))
                except urix.Error:
                    bad += 1
    return sorted(urls), bad


def main(paths):
    from dask.distributed import Client, LocalCluster
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster):
        urls, bad = clean_urls(paths)
    print(f'{len(urls)} distinct URLs, {bad} rejected lines', file=sys.stderr)
    sys.stdout.writelines(u + '\n' for u in urls)


if __name__ == '__main__':
    main(sys.argv[1:])
