"""Audit a web crawl: WARC files in, one Parquet file of claims per WARC file out (docs/crawl.md).

The core here needs no execution engine: ``task.crawl_file`` audits one WARC file and writes its
outputs; ``local`` and ``dask_engine`` run it over many. Its dependencies (the ``crawl`` extra:
warcio, DuckDB, fsspec) are imported only by the modules that use them, never at ``claimcheck``
start-up.
"""
