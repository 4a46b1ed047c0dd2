"""The rules hash a crawl's rows carry: what findings depend on, not where the run started."""

from __future__ import annotations

import json

from claimcheck.crawl.task import rules_hash
from claimcheck.settings import Settings


def _settings(**changes: object) -> str:
    return json.dumps({**json.loads(Settings().model_dump_json()), **changes})


def test_the_folder_a_crawl_starts_in_does_not_change_the_hash() -> None:
    assert rules_hash(_settings(base="/data/crawl")) == rules_hash(_settings(base="/home/me"))
    assert rules_hash(_settings(base="/data/crawl")) == rules_hash(_settings())


def test_a_setting_that_changes_findings_changes_the_hash() -> None:
    assert rules_hash(_settings(select=["KV1"])) != rules_hash(_settings(select=["KV2"]))
    assert rules_hash(_settings(ignore=["KV303"])) != rules_hash(_settings())
