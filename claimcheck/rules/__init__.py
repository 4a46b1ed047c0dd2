"""The rule registry: every rule, listed explicitly, in code order."""

from __future__ import annotations

from claimcheck.errors import UsageError, did_you_mean
from claimcheck.record import Conflict
from claimcheck.rules import (
    arithmetic_mismatch,
    best_case_only,
    breakeven,
    cross_user_sharing,
    decode_speedup,
    end_to_end_gap,
    filled_context,
    implausible_factor,
    impossible_bandwidth,
    impossible_baseline,
    incomparable_headlines,
    inexact_prefix_reuse,
    large_model,
    loaded_baseline,
    low_power_gpu,
    missing_setup,
    prefill_only,
    slow_baseline,
    text_field_mismatch,
    unused_suppression,
    weights_do_not_fit,
)
from claimcheck.rules.base import Hit, Rule, Subject

RULES: tuple[Rule, ...] = (
    prefill_only.RULE,
    large_model.RULE,
    filled_context.RULE,
    low_power_gpu.RULE,
    loaded_baseline.RULE,
    breakeven.RULE,
    arithmetic_mismatch.RULE,
    slow_baseline.RULE,
    impossible_bandwidth.RULE,
    decode_speedup.RULE,
    end_to_end_gap.RULE,
    impossible_baseline.RULE,
    weights_do_not_fit.RULE,
    implausible_factor.RULE,
    missing_setup.RULE,
    best_case_only.RULE,
    incomparable_headlines.RULE,
    cross_user_sharing.RULE,
    inexact_prefix_reuse.RULE,
    text_field_mismatch.RULE,
    unused_suppression.RULE,
)

_BY_CODE = {rule.code: rule for rule in RULES}
_BY_NAME = {rule.name: rule for rule in RULES}


def get(code_or_name: str) -> Rule:
    """The rule with this code (``KV101``) or name (``prefill-only``); ``UsageError`` if none."""
    key = code_or_name.strip()
    rule = _BY_CODE.get(key.upper()) or _BY_NAME.get(key.lower())
    if rule is None:
        raise UsageError(f"unknown rule '{code_or_name}'{_closest(key)}")
    return rule


def _closest(word: str) -> str:
    """The suggestion for a selector that names no rule: the closest code (compared in capitals,
    as codes are written) or name (in lower case, as names are)."""
    return did_you_mean(word.upper(), list(_BY_CODE)) or did_you_mean(word.lower(), list(_BY_NAME))


def check_selectors(selectors: tuple[str, ...], option: str) -> None:
    """Refuse a selector that matches no rule code, name or code prefix."""
    for selector in selectors:
        if selector.upper() == "ALL" or selector.lower() in _BY_NAME:
            continue
        if not any(code.startswith(selector.upper()) for code in _BY_CODE):
            raise UsageError(f"{option}: '{selector}' matches no rule{_closest(selector)}")


def enabled(
    select: tuple[str, ...], ignore: tuple[str, ...], extend_select: tuple[str, ...] = ()
) -> tuple[Rule, ...]:
    """The rules that ``select`` + ``extend_select`` pick and ``ignore`` does not drop.

    Selectors are codes, code prefixes (``KV1``), rule names, or ``ALL``. The most specific
    selector wins, as in ruff: ``--select KV1 --ignore KV103`` runs KV101, KV102, KV104.
    """

    def score(rule: Rule, selectors: tuple[str, ...]) -> int:
        best = -1
        for selector in selectors:
            upper = selector.upper()
            if upper == "ALL":
                best = max(best, 0)
            elif selector.lower() == rule.name or upper == rule.code:
                best = max(best, 100)
            elif rule.code.startswith(upper):
                best = max(best, len(upper))
        return best

    return tuple(
        rule for rule in RULES if score(rule, select + extend_select) > score(rule, ignore)
    )


__all__ = ["RULES", "Conflict", "Hit", "Rule", "Subject", "check_selectors", "enabled", "get"]
