"""The Parquet schema of a crawl's outputs, version ``SCHEMA_VERSION`` (docs/crawl.md "Schema").

Two files per WARC file: ``NAME.claims.parquet``, one row per claim, and ``NAME.pages.parquet``,
one row per page audited or passed over, so that a page recaptured without its claim is seen.
Columns may be added in a later version; none is renamed or removed without a new version.
Types are DuckDB's (https://duckdb.org/docs/sql/data_types/overview).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

SCHEMA_VERSION = 1

# Where a page was read: the crawl, the WARC file, the record's offset and length in it (the
# compressed bytes: a Common Crawl index range), the page's URL, host, fetch time (WARC-Date,
# UTC) and payload digest (WARC-Payload-Digest), as the WARC 1.1 format names them
# (https://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/).
WHERE: dict[str, str] = {
    "crawl": "VARCHAR",
    "warc_file": "VARCHAR",
    "warc_offset": "BIGINT",
    "warc_length": "BIGINT",
    "url": "VARCHAR",
    "host": "VARCHAR",
    "fetch_time": "TIMESTAMP",
    "payload_digest": "VARCHAR",
}

# The claim's fields as the JSON report names them (README "Output and exit codes"); a claim's
# points (a curve of several prefix lengths) are left out.
CLAIM_FIELDS: dict[str, str] = {
    "vendor": "VARCHAR",
    "source_url": "VARCHAR",
    "date": "VARCHAR",
    "speedup": "DOUBLE",
    "speedup_low": "DOUBLE",
    "speedup_qualifier": "VARCHAR",
    "context_tokens": "BIGINT",
    "baseline_seconds": "DOUBLE",
    "cached_seconds": "DOUBLE",
    "metric": "VARCHAR",
    "model": "VARCHAR",
    "params_billions": "DOUBLE",
    "gpu": "VARCHAR",
    "gpu_count": "BIGINT",
    "power_mode": "VARCHAR",
    "power_watts": "DOUBLE",
    "tier": "VARCHAR",
    "dtype": "VARCHAR",
    "weights_dtype": "VARCHAR",
    "kv_dtype": "VARCHAR",
}
ANALYSIS_FIELDS: dict[str, str] = {
    "naive_breakeven_tokens": "BIGINT",
    "physical_breakeven_tokens": "BIGINT",
    "implied_speedup": "DOUBLE",
    "implied_mfu": "DOUBLE",
    "implied_load_gb_s": "DOUBLE",
    "end_to_end_speedup": "DOUBLE",
    "load_ceiling_gb_s": "DOUBLE",
    "weights_gb": "DOUBLE",
    "context_kv_gb": "DOUBLE",
    "gpu_memory_gb": "DOUBLE",
    "memory_bound_knee_tokens": "BIGINT",
    "full_power_speedup": "DOUBLE",
    "breakeven_explanation": "VARCHAR",
    "speedup_at_prefix": "STRUCT(prefix_tokens BIGINT, speedup DOUBLE)[]",
    "assumptions": "VARCHAR[]",
}
FINDING_FIELDS: dict[str, str] = {
    "code": "VARCHAR",
    "name": "VARCHAR",
    "severity": "VARCHAR",
    "message": "VARCHAR",
    "line": "BIGINT",
    "column": "BIGINT",
    "end_line": "BIGINT",
    "end_column": "BIGINT",
    "suppressed": "BOOLEAN",
    "fingerprint": "VARCHAR",
}


def _struct(fields: Mapping[str, str]) -> str:
    return "STRUCT(" + ", ".join(f'"{name}" {kind}' for name, kind in fields.items()) + ")"


CLAIM_COLUMNS: dict[str, str] = {
    **WHERE,
    "claim_index": "BIGINT",
    "claim_id": "VARCHAR",
    "line": "BIGINT",
    "column": "BIGINT",
    "text": "VARCHAR",
    "claim": _struct(CLAIM_FIELDS),
    "confidence": "DOUBLE",
    "analysis": _struct(ANALYSIS_FIELDS),
    "restatement": "VARCHAR",
    "findings": _struct(FINDING_FIELDS) + "[]",
    "tool_version": "VARCHAR",
    "rules_hash": "VARCHAR",
    "schema_version": "BIGINT",
}
"""The columns of ``NAME.claims.parquet``, in order."""

PAGE_COLUMNS: dict[str, str] = {
    **WHERE,
    "content_type": "VARCHAR",
    "charset": "VARCHAR",
    "status": "VARCHAR",
    "claims": "BIGINT",
    "errors": "VARCHAR[]",
    "schema_version": "BIGINT",
}
"""The columns of ``NAME.pages.parquet``, in order. ``status``: ``audited``, or why the page was
passed over (``PAGE_STATUSES``)."""

PAGE_STATUSES = ("audited", "binary", "undecodable", "too_large", "unreadable")


def claim_row(
    where: Mapping[str, Any], index: int, claim: Any, stamp: Mapping[str, Any]
) -> dict[str, Any]:
    """The row of one claim (a ``report.ClaimReport``) of the page at ``where``; ``stamp``: the
    tool version, rules hash and schema version."""
    fields = claim.claim
    analysis = claim.analysis
    return {
        **where,
        "claim_index": index,
        "claim_id": claim.id,
        "line": claim.source.line,
        "column": claim.source.column,
        "text": claim.text,
        "claim": {name: _plain(fields.get(name)) for name in CLAIM_FIELDS},
        "confidence": claim.confidence,
        "analysis": {
            **{name: getattr(analysis, name, None) for name in ANALYSIS_FIELDS},
            "speedup_at_prefix": [
                {"prefix_tokens": int(tokens), "speedup": speedup}
                for tokens, speedup in analysis.speedup_at_prefix.items()
            ],
            "assumptions": list(analysis.assumptions),
        },
        "restatement": analysis.restatement,
        "findings": [
            {name: _plain(getattr(finding, name)) for name in FINDING_FIELDS}
            for finding in claim.findings
        ],
        **stamp,
    }


def _plain(value: Any) -> Any:
    """A value as JSON holds it: an enum as its value, a date as its ISO text."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    inner = getattr(value, "value", None)
    return inner if inner is not None else str(value)
