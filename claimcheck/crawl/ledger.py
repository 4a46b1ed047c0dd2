"""The claims ledger: a crawl's Parquet files (``schema``) in a DuckDB database
(https://duckdb.org/docs/api/python/overview), claims deduplicated and followed per vendor
over time, KV303 asked per vendor across the whole crawl, and named queries (docs/crawl.md
"The claims ledger").

Tables: ``claim_rows`` (every row, with its ``vendor`` and ``claim_key``), ``pages`` (every
page), ``claims`` (one row per vendor and claim key: the history), ``kv303`` (KV303 per vendor).
Each query of ``QUERIES`` is also a view of the same name.
"""

from __future__ import annotations

import re
from typing import Any

import msgspec

from claimcheck.crawl.schema import SCHEMA_VERSION

# A vendor is the registrable part of a host, near enough (https://publicsuffix.org/): the
# label before its public suffix, with it. A public suffix is the top-level label, a generic
# second level under a country code (co.uk, com.au, co.jp), or a shared host where every
# subdomain is another publisher's site (vendor.github.io). An IP address, or a host of one
# label, is its own vendor.
_SHARED_HOSTS = (
    "github.io", "gitlab.io", "pages.dev", "netlify.app", "vercel.app", "web.app",
    "firebaseapp.com", "herokuapp.com", "azurewebsites.net", "cloudfront.net", "readthedocs.io",
    "blogspot.com", "wordpress.com", "substack.com", "medium.com", "notion.site", "hf.space",
)  # fmt: skip
_SUFFIX = (
    "(?:"
    + "|".join(re.escape(shared) for shared in _SHARED_HOSTS)
    + "|(?:co|com|ac|org|net|gov|edu|ne|or|go)\\.[a-z]{2}|[^.]+)"
)
_HOST = "rtrim(lower(coalesce(host, '')), '.')"
_VENDOR = (
    f"CASE WHEN regexp_full_match({_HOST}, '[0-9.]+|.*:.*') THEN {_HOST} "
    f"ELSE coalesce(nullif(regexp_extract({_HOST}, '([^.]+\\.{_SUFFIX})$', 1), ''), {_HOST}) END"
)
# A claim's key: its text with case and runs of spaces folded, and its headline fields.
_KEY = (
    "substr(md5(concat_ws('|', lower(trim(regexp_replace(coalesce(text, ''), '\\s+', ' ', 'g'))), "
    "claim.speedup, claim.speedup_qualifier, claim.context_tokens, claim.metric, claim.model, "
    "claim.gpu, claim.gpu_count, claim.tier)), 1, 16)"
)
# The setup KV303 compares (claimcheck.rules.incomparable_headlines), NULL when part is undisclosed.
_SETUP = (
    "CASE WHEN claim.model IS NULL OR claim.params_billions IS NULL OR claim.gpu IS NULL "
    "OR claim.gpu_count IS NULL OR claim.context_tokens IS NULL OR claim.power_watts IS NULL "
    "OR claim.tier IS NULL OR claim.metric IS NULL THEN NULL ELSE concat_ws('|', claim.model, "
    "claim.params_billions, claim.gpu, claim.gpu_count, claim.context_tokens, claim.power_watts, "
    "claim.tier, claim.metric) END"
)

_BUILD = [
    f"""CREATE OR REPLACE TABLE claim_rows AS
        SELECT *, {_VENDOR} AS vendor, {_KEY} AS claim_key
        FROM read_parquet($claims, union_by_name = true)""",
    f"""CREATE OR REPLACE TABLE pages AS
        SELECT *, {_VENDOR} AS vendor FROM read_parquet($pages, union_by_name = true)""",
    # One row per vendor and claim key; the same page bytes (payload digest) fetched at several
    # URLs or times are one version of the page.
    """CREATE OR REPLACE TABLE claims AS
        SELECT vendor, claim_key,
               arg_min(text, fetch_time) AS text,
               arg_min(claim, fetch_time) AS claim,
               arg_min(restatement, fetch_time) AS restatement,
               arg_min(list_transform(findings, lambda f: f.code), fetch_time) AS codes,
               min(fetch_time) AS first_seen,
               max(fetch_time) AS last_seen,
               count(DISTINCT (url, fetch_time)) AS captures,
               count(DISTINCT payload_digest) AS versions,
               count(DISTINCT payload_digest) - 1 AS edits,
               list(DISTINCT url ORDER BY url) AS urls
        FROM claim_rows GROUP BY vendor, claim_key""",
    f"""CREATE OR REPLACE TABLE kv303 AS
        WITH c AS (SELECT vendor, claim_key, text, claim.speedup AS speedup, {_SETUP} AS setup
                   FROM claims WHERE claim.speedup IS NOT NULL)
        SELECT a.vendor, a.claim_key, a.speedup, a.text, count(*) AS others,
               list(b.text ORDER BY b.speedup, b.claim_key)[1:3] AS examples
        FROM c AS a JOIN c AS b
          ON a.vendor = b.vendor AND a.claim_key <> b.claim_key
         AND b.speedup BETWEEN a.speedup / 1.05 AND a.speedup * 1.05
         AND (a.setup IS NULL OR b.setup IS NULL OR a.setup <> b.setup)
        GROUP BY a.vendor, a.claim_key, a.speedup, a.text""",
]


class Query(msgspec.Struct, frozen=True):
    """A named query of the ledger; ``$vendor`` (NULL for all) narrows it to one vendor."""

    description: str
    sql: str


QUERIES: dict[str, Query] = {
    "headline": Query(
        "A vendor's headline over time: the largest factor on its pages each month.",
        """SELECT vendor, date_trunc('month', fetch_time)::DATE AS month,
                  max(claim.speedup) AS headline, arg_max(text, claim.speedup) AS text,
                  count(DISTINCT url) AS pages
           FROM claim_rows WHERE claim.speedup IS NOT NULL
             AND ($vendor IS NULL OR vendor = $vendor)
           GROUP BY ALL ORDER BY vendor, month""",
    ),
    "vanished": Query(
        "Claims that vanished: a page captured again later without them.",
        """WITH seen AS (SELECT vendor, url, claim_key, any_value(text) AS text,
                                max(fetch_time) AS last_seen
                         FROM claim_rows GROUP BY vendor, url, claim_key)
           SELECT s.vendor, s.url, s.text, s.last_seen, min(p.fetch_time) AS gone_by
           FROM seen AS s JOIN pages AS p
             ON p.url = s.url AND p.fetch_time > s.last_seen AND p.status = 'audited'
           WHERE $vendor IS NULL OR s.vendor = $vendor
           GROUP BY ALL ORDER BY s.vendor, gone_by, s.url, s.text""",
    ),
    "undisclosed": Query(
        "The largest factors without a disclosed setup (KV301: model, GPU, context or baseline missing).",
        """SELECT vendor, claim.speedup AS speedup, text, captures, first_seen, last_seen, urls[1] AS url
           FROM claims WHERE list_contains(codes, 'KV301') AND claim.speedup IS NOT NULL
             AND ($vendor IS NULL OR vendor = $vendor)
           ORDER BY speedup DESC, vendor, text LIMIT 50""",
    ),
    "incomparable": Query(
        "KV303 across the crawl: a vendor's same headline factor from different or undisclosed setups.",
        """SELECT vendor, speedup, text, others, examples FROM kv303
           WHERE $vendor IS NULL OR vendor = $vendor ORDER BY vendor, speedup, text""",
    ),
    "history": Query(
        "Every claim per vendor: first and last seen, captures, page versions, URLs.",
        """SELECT vendor, claim.speedup AS speedup, text, first_seen, last_seen, captures, edits, urls
           FROM claims WHERE $vendor IS NULL OR vendor = $vendor
           ORDER BY vendor, first_seen, text""",
    ),
}


class Built(msgspec.Struct, frozen=True):
    """What a ledger holds once built."""

    rows: int
    pages: int
    claims: int
    vendors: int
    incomparable: int


def build(claims_dir: str, db: str) -> Built:
    """(Re)build the ledger ``db`` from the Parquet files in ``claims_dir`` (a folder or fsspec
    URL DuckDB can read). ``ValueError`` when the folder holds no crawl output or output of a
    newer schema."""
    import duckdb

    base = claims_dir.rstrip("/")
    with duckdb.connect(db) as connection:
        claims_glob, pages_glob = f"{base}/*.claims.parquet", f"{base}/*.pages.parquet"
        try:
            newest = connection.execute(
                "SELECT max(schema_version) FROM read_parquet(?, union_by_name = true)",
                [pages_glob],
            ).fetchone()
        except duckdb.IOException:
            raise ValueError(f"no crawl output (*.pages.parquet) in {claims_dir}") from None
        if newest is not None and newest[0] is not None and newest[0] > SCHEMA_VERSION:
            raise ValueError(
                f"{claims_dir} holds schema version {newest[0]}; this claimcheck reads up to {SCHEMA_VERSION}"
            )
        for statement in _BUILD:
            names = {"claims": claims_glob, "pages": pages_glob}
            connection.execute(
                statement, {k: v for k, v in names.items() if f"${k}" in statement} or None
            )
        for name, query in QUERIES.items():
            connection.execute(
                f"CREATE OR REPLACE VIEW {name} AS {query.sql.replace('$vendor', 'NULL::VARCHAR')}"
            )
        counts = connection.execute(
            "SELECT (SELECT count(*) FROM claim_rows), (SELECT count(*) FROM pages), "
            "(SELECT count(*) FROM claims), (SELECT count(DISTINCT vendor) FROM claims), "
            "(SELECT count(*) FROM kv303)"
        ).fetchone()
    assert counts is not None
    return Built(*counts)


def query(db: str, name: str, vendor: str | None = None) -> tuple[list[str], list[tuple[Any, ...]]]:
    """The column names and rows of the named query on the ledger ``db``."""
    import duckdb

    with duckdb.connect(db, read_only=True) as connection:
        result = connection.execute(QUERIES[name].sql, {"vendor": vendor})
        columns = [column[0] for column in result.description or []]
        return columns, result.fetchall()
