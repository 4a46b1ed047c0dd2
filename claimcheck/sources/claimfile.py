"""Claim files → ClaimRecords, with one clear message per invalid claim or field."""

from __future__ import annotations

import math
import re
from contextlib import suppress
from difflib import get_close_matches
from typing import TYPE_CHECKING, Any

import msgspec
from pydantic import ValidationError
from pydantic_core import ErrorDetails

from claimcheck.bounds import Bound
from claimcheck.claim import FIELD_BOUNDS, POINT_BOUNDS, Claim
from claimcheck.errors import InputError, did_you_mean
from claimcheck.extract import Extraction
from claimcheck.extract import read as read_prose
from claimcheck.record import ClaimRecord, Conflict, Position
from claimcheck.sources.structured import Format, ParsedFile, RawClaim, parse_structured

if TYPE_CHECKING:
    from claimcheck.catalog import Catalog
    from claimcheck.documents.suppressions import Directive, DirectiveProblem

CLAIM_KEYS = tuple(Claim.model_fields)
_CLAIM_KEYS = frozenset(CLAIM_KEYS)


class ReadClaimFile(msgspec.Struct, frozen=True):
    """What one claim file gave: the valid claims, a problem per invalid one, and its
    suppression comments (well-formed and not)."""

    records: list[ClaimRecord]
    problems: list[InputError]
    directives: tuple[Directive, ...] = ()
    directive_problems: tuple[DirectiveProblem, ...] = ()


CLAIM_SUFFIXES = (".claim.yaml", ".claim.yml", ".claim.toml", ".claim.json")
"""A file named so is a claim file whatever it holds (README "Claim files")."""
_OWN_FIELDS = ("speedup", "speedup_low", "context_tokens", "baseline_seconds", "cached_seconds",
               "points")  # fmt: skip
"""Fields no other kind of file uses: one of them, or a near miss (a typo to report), makes a
claim file. A model, a GPU or a tier alone does not: serving and training configurations name
those too."""


def is_claim_file(parsed: ParsedFile, display: str) -> bool:
    """Is the parsed file a claim file? Named ``*.claim.yaml`` (``.toml``, ``.json``), or one of
    its mappings holds a field only a claim has (``speedup``, ``context_tokens``, … or a near
    miss of one), or a ``text`` with nothing but claim fields beside it. A serving config
    (``model`` and ``tensor-parallel-size``), a training config or a catalog file is not."""
    if display.lower().endswith(CLAIM_SUFFIXES):
        return True
    for data in (raw.data for raw in parsed.claims):
        if not isinstance(data, dict):
            continue
        keys = [str(key) for key in data]
        if any(key in _OWN_FIELDS for key in keys):  # the usual case: no fuzzing
            return True
        if "text" in keys and all(key in Claim.model_fields for key in keys):
            return True
        if any(get_close_matches(key, _OWN_FIELDS, n=1, cutoff=0.8) for key in keys):
            return True
    return False


def _foreign(parsed: ParsedFile) -> bool:
    """Does some mapping of the file hold a key no claim has? (Named, a file of claim fields
    only, or of no mapping at all, is validated: the message says what it lacks.)"""
    return any(
        isinstance(raw.data, dict) and any(str(k) not in Claim.model_fields for k in raw.data)
        for raw in parsed.claims
    )


def read_as_claim_file(parsed: ParsedFile, fmt: Format, display: str, *, named: bool) -> bool:
    """Is the parsed file read as a claim file (``is_claim_file``)? Found in a folder, anything
    else is passed over (``False``); named, a file of claim fields only is read (validation
    says what it lacks), and one with other keys is ``InputError``."""
    if is_claim_file(parsed, display) or (named and not _foreign(parsed)):
        return True
    if not named:
        return False
    raise InputError(
        "not a claim file: no mapping in it has speedup, context_tokens or a claim's times, "
        f"nor a text beside claim fields only (a file named *.claim.{fmt} is always read as one)",
        path=display,
    )


def load_claims(
    text: str,
    fmt: Format,
    display: str,
    stem: str,
    *,
    named: bool = True,
    catalog: Catalog | None = None,
) -> ReadClaimFile | None:
    """Validate every claim of a claim file; fields missing from a claim are read from its text.

    A file found in a folder (``named`` false) that parses but is no claim file
    (``is_claim_file``) is passed over (``None``): serving and training configurations,
    catalogs and ``mkdocs.yml`` live beside claims. Named, such a file is one error. A file that
    does not parse, or an empty one, is always reported."""
    if not text.strip():
        raise InputError("empty file: expected one claim or a list of claims", path=display)
    parsed = parse_structured(text, fmt, display)
    if not read_as_claim_file(parsed, fmt, display, named=named):
        return None
    if not parsed.claims:
        raise InputError("no claims in file (it is empty)", path=display)
    records: list[ClaimRecord] = []
    problems: list[InputError] = []
    for index, raw in enumerate(parsed.claims, start=1):
        default_id = f"{stem}#{index}" if parsed.is_list else stem
        try:
            records.append(_record(raw, display, default_id, catalog))
        except _Invalid as err:
            problems.extend(err.problems)
    if fmt == "json" or "claimcheck" not in text:  # no comment can be a directive
        return ReadClaimFile(records, problems)
    # Loaded on first use: the documents package (Markdown, HTML) is not needed otherwise.
    from claimcheck.sources.claim_comments import read_comment_directives

    directives, malformed = read_comment_directives(text, fmt, parsed.claims)
    return ReadClaimFile(records, problems, directives, malformed)


class _Invalid(Exception):
    def __init__(self, problems: list[InputError]) -> None:
        super().__init__(problems)
        self.problems = problems


def _record(
    raw: RawClaim, display: str, default_id: str, catalog: Catalog | None = None
) -> ClaimRecord:
    label = _label(raw.data, default_id)
    if not isinstance(raw.data, dict):
        raise _Invalid(
            [
                _problem(
                    raw,
                    None,
                    display,
                    f"{label}: expected a mapping of claim fields, got {_type_name(raw.data)}",
                )
            ]
        )
    try:
        claim = Claim.model_validate(raw.data)
    except ValidationError as err:
        raise _Invalid(
            [
                _problem(
                    raw, str(d["loc"][0]) if d["loc"] else None, display, f"{label}: {_describe(d)}"
                )
                for d in err.errors()
            ]
        ) from None
    if claim.speedup is None and claim.text is None and claim.points is None:
        raise _Invalid(
            [
                _problem(
                    raw,
                    None,
                    display,
                    f"{label}: needs a 'speedup' or a 'text' (or 'points') to audit",
                )
            ]
        )
    if (
        claim.speedup_low is not None
        and claim.speedup is not None
        and claim.speedup_low > claim.speedup
    ):
        raise _Invalid(
            [
                _problem(
                    raw,
                    "speedup_low",
                    display,
                    f"{label}: field 'speedup_low' ({claim.speedup_low:g}) is above "
                    f"'speedup' ({claim.speedup:g})",
                )
            ]
        )
    fields = {key: pos for key, pos in raw.keys.items() if key in _CLAIM_KEYS}
    text_pos = fields.get("text")
    reading = _read_text_field(claim.text, catalog) if claim.text is not None else None
    if reading is None:
        return ClaimRecord(
            claim=claim,
            id=claim.id or default_id,
            path=display,
            position=raw.position,
            fields=fields,
        )
    extraction = max(reading.found, key=_stated_factor)
    # What the file states, as validated (the same values ``model_dump`` would give, without
    # turning the claim back into data).
    explicit = {name: getattr(claim, name) for name in claim.model_fields_set}
    update = {k: v for k, v in extraction.values.items() if k not in explicit}
    # If the text reads as something the fields forbid, the fields stand alone.
    with suppress(ValidationError):
        claim = Claim.model_validate({**explicit, **update}) if update else claim
    update = {k: v for k, v in update.items() if getattr(claim, k) == v}
    return ClaimRecord(
        claim=claim,
        id=claim.id or default_id,
        path=display,
        position=raw.position,
        fields={**dict.fromkeys(update, text_pos), **fields} if text_pos else fields,
        cues=dict.fromkeys(extraction.cues, text_pos),
        readings=extraction.readings,
        conflicts=_conflicts(explicit, reading),
        spans={
            name: (span.start, span.end)
            for name, span in extraction.spans.items()
            if getattr(claim, name, None) == extraction.values.get(name)
        },
    )


def _stated_factor(extraction: Extraction) -> float:
    """A text's gain as its claim states it: the factor, else the ratio of its times. A claim
    file holds one claim, and of a text's several gains ("36% / 53% / 64%" on three workloads)
    the largest is its headline; of equal ones, the first."""
    values = extraction.values
    factor = values.get("speedup")
    if isinstance(factor, (int, float)):
        return float(factor)
    base, cached = values.get("baseline_seconds"), values.get("cached_seconds")
    if isinstance(base, (int, float)) and isinstance(cached, (int, float)) and cached > 0:
        return float(base) / float(cached)
    return 0.0


class _TextReading(msgspec.Struct, frozen=True):
    """The extractor's claims in one claim text (at least one), and every figure they read
    for each field (a text's several speedups among them)."""

    found: list[Extraction]
    read: dict[str, list[object]]
    several: bool


_READ: dict[str, tuple[Catalog | None, _TextReading | None]] = {}
_READ_MAX = 4096


def _read_text_field(text: str, catalog: Catalog | None) -> _TextReading | None:
    """The extractor's claims in a claim file's ``text`` (``None``: none), read once per
    distinct text and catalog: a batch of claim files often repeats a sentence, and the
    reading depends on nothing else. Extractions are frozen, so one reading can serve several
    records."""
    known = _READ.get(text)
    if known is not None and known[0] is catalog:
        return known[1]
    # A claim file is about a KV-cache claim by its schema: its text inherits that topic.
    found = read_prose(text, explicit=True, catalog=catalog, page="kv").claims
    reading = None
    if found:
        read: dict[str, list[object]] = {}
        for extraction in found:
            for name, value in extraction.values.items():
                read.setdefault(name, []).append(value)
            for value in extraction.extras.get("speedups", []) or []:  # type: ignore[attr-defined]
                read.setdefault("speedup", []).append(value)
        several = len(found) > 1 or any("speedups" in ex.extras for ex in found)
        reading = _TextReading(found, read, several)
    if len(_READ) >= _READ_MAX:
        _READ.clear()
    _READ[text] = (catalog, reading)
    return reading


_NUMERIC = (
    "speedup",
    "speedup_low",
    "context_tokens",
    "baseline_seconds",
    "cached_seconds",
    "params_billions",
    "gpu_count",
    "power_watts",
)


def _conflicts(explicit: dict[str, Any], reading: _TextReading) -> tuple[Conflict, ...]:
    """Fields the file states that its text gives otherwise: a number none of the text's figures
    for it equals (with the smallest relative gap), or a metric the text never names (prefill
    and TTFT are one).
    A text that quotes several figures ("6x at 32K, 22x at 128K") contradicts none of them."""
    read, several = reading.read, reading.several
    conflicts = []
    for name in _NUMERIC:
        stated = explicit.get(name)
        if stated is None or name not in read or (several and name != "speedup"):
            continue
        numbers = [v for v in read[name] if isinstance(v, (int, float))]
        if not isinstance(stated, (int, float)) or not numbers:
            continue
        gap = min(abs(stated - v) / max(abs(stated), abs(v), 1e-300) for v in numbers)
        if gap > 0:  # KV306 weighs the gap against its tolerance (text_field_tolerance)
            read_as = " or ".join(f"{v:g}" for v in numbers)
            conflicts.append(Conflict(name, f"{stated:g}", read_as, gap))
    family = {"prefill": "ttft"}
    stated_metric = explicit.get("metric")
    metrics = {family.get(str(m), str(m)) for m in read.get("metric", [])}
    if (
        stated_metric is not None
        and metrics
        and family.get(str(stated_metric), str(stated_metric)) not in metrics
    ):
        conflicts.append(Conflict("metric", str(stated_metric), " or ".join(sorted(metrics))))
    return tuple(conflicts)


def _label(data: object, default_id: str) -> str:
    if isinstance(data, dict) and isinstance(data.get("id"), str):
        return f"claim '{data['id']}'"
    return f"claim '{default_id}'"


def _problem(raw: RawClaim, field: str | None, display: str, message: str) -> InputError:
    where: Position | None = raw.keys.get(field) if field else None
    where = where or raw.position
    return InputError(
        message,
        path=display,
        line=where.line if where else None,
        column=where.column if where else None,
    )


def _type_name(value: object) -> str:
    names = {
        bool: "a boolean",
        int: "an integer",
        float: "a number",
        str: "a string",
        list: "a list",
        dict: "a mapping",
        type(None): "nothing",
    }
    return names.get(type(value), type(value).__name__)


def _field_of(loc: tuple[int | str, ...]) -> tuple[str, Bound | None]:
    """The field's name as a claim file spells it (``points[2].speedup``) and its range."""
    if not loc:
        return "?", None
    name = str(loc[0])
    if name == "points" and len(loc) > 1:
        inner = str(loc[2]) if len(loc) > 2 else None
        shown = f"points[{int(loc[1]) + 1}]" + (f".{inner}" if inner else "")
        return shown, POINT_BOUNDS.get(inner) if inner else None
    return name, FIELD_BOUNDS.get(name)


_EXPONENT = re.compile(r"[-+]?\d+[eE][-+]?\d+")


def _describe(detail: ErrorDetails) -> str:
    """One sentence for one pydantic error, in the claim file's terms."""
    field, bound = _field_of(detail["loc"])
    value: Any = detail.get("input")
    kind = detail["type"]
    ctx = detail.get("ctx") or {}
    if isinstance(value, int) and value.bit_length() > 128:  # too long to print whole
        if bound is not None:
            return f"field '{field}': {bound.problem(value)}"
        digits = int(value.bit_length() * math.log10(2)) + 1
        return f"field '{field}': got an integer of about {digits:,} digits ({detail['msg']})"
    if kind == "extra_forbidden":
        return f"unknown field '{field}'{did_you_mean(field, CLAIM_KEYS)}"
    if kind in {"float_type", "int_type", "int_from_float", "float_parsing", "int_parsing"}:
        wanted = "a whole number" if kind.startswith("int") else "a number"
        hint = ""
        if isinstance(value, str) and _EXPONENT.fullmatch(value.strip()):
            hint = " (YAML reads an exponent without a decimal point as text: write 1.0e300 or 0.5)"
        return f"field '{field}': expected {wanted}, got {_type_name(value)} {value!r}{hint}"
    if kind == "finite_number":
        return f"field '{field}': expected a finite number, got {value!r}"
    if kind == "greater_than_equal" and field in {"speedup", "speedup_low"}:
        return (
            f"field '{field}': a speedup must be at least 1, got {value!r} "
            "(write slowdowns as a speedup of the other side)"
        )
    if bound is not None and kind in {"greater_than_equal", "less_than_equal"}:
        return f"field '{field}': {bound.problem(value)}"
    if kind in {"greater_than", "greater_than_equal"}:
        low = ctx.get("gt", ctx.get("ge"))
        return f"field '{field}': expected a number above {low}, got {value!r}"
    if kind == "less_than_equal":
        high = float(ctx.get("le", 0))
        return f"field '{field}': expected at most {high:,.0f}, got {value!r} (a typo?)"
    if kind in {"enum", "literal_error"}:
        expected = str(ctx.get("expected", "a known value"))
        hint = did_you_mean(str(value), re.findall(r"'([^']*)'", expected))
        return f"field '{field}': expected {expected}, got {value!r}{hint}"
    if kind == "value_error":
        return f"field '{field}': {ctx.get('error', detail['msg'])}"
    if kind == "tuple_type":
        return f"field '{field}': expected a list, got {_type_name(value)}"
    if kind == "string_type":
        return f"field '{field}': expected text, got {_type_name(value)} {value!r}"
    if kind == "string_too_short":
        return f"field '{field}': must not be empty"
    if kind.startswith("date"):
        return f"field '{field}': expected a date such as 2026-09-01, got {value!r}"
    if isinstance(value, float) and math.isnan(value):
        return f"field '{field}': expected a finite number, got nan"
    return f"field '{field}': {detail['msg']}"
