"""One file's text held in memory (an editor's unsaved buffer) audited as ``claimcheck check``
audits the file: its claims, the rules of its settings, its suppression comments, one report.
No file is read or written; the settings come from the caller (``api.audit_document`` finds
them as ``check`` does)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from msgspec.structs import replace

from claimcheck.audit import build_report, explained
from claimcheck.batch import SettingsGroup
from claimcheck.errors import ClaimcheckError, InputError
from claimcheck.report import Report
from claimcheck.rules import RULES
from claimcheck.settings import Settings
from claimcheck.sources.inputs import (
    CLAIM_SUFFIXES,
    DOCUMENT_SUFFIXES,
    FileInput,
    Selection,
    expand,
)
from claimcheck.sources.load import load_text
from claimcheck.sources.reading import display_path
from claimcheck.vendor_fit import sentence_points


def audit_buffer(
    text: str,
    item: FileInput,
    settings: Settings,
    *,
    max_bytes: int,
    explain: bool = False,
    problems: Sequence[InputError] = (),
) -> Report:
    """The report ``check`` gives for the file ``item`` holding ``text`` under ``settings``.

    A text above ``max_bytes`` (in UTF-8), one that cannot be read or parsed, and bad
    assumptions in ``settings`` are entries of the report's ``errors``, never exceptions.
    ``problems`` found before (a ``.gitignore`` line, a broken configuration file) join them.
    """
    found = list(problems)
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > max_bytes:
        message = f"file is {size:,} bytes, above the {max_bytes:,}-byte limit (raise it with --max-file-size)"
        return build_report([], [*found, InputError(message, path=item.display)], 1)
    try:
        group = SettingsGroup(settings)
        loaded = load_text(text, item, group.names)
    except InputError as err:
        return build_report([], [*found, err], 1)
    except ClaimcheckError as err:  # an assumption the catalog does not know
        problem = InputError(err.message, path=err.path, line=err.line, column=err.column)
        return build_report([], [*found, problem], 1)
    found += loaded.problems
    group.add(group.prepared(sentence_points(loaded.records)))
    if loaded.document is not None:
        group.documents[item.display] = loaded.document
    claims, document_findings = group.judged()
    found[:0] = group.catalogs.problems
    used = {rule.code for rule in group.rules}
    rules = [rule for rule in RULES if rule.code in used]
    report = build_report(claims, found, loaded.counted, rules, document_findings)
    if explain:
        report = replace(report, candidates=explained(loaded.decisions))
    return report


def buffer_file(
    path: Path, selection: Selection, kind: str | None = None
) -> tuple[FileInput | None, list[InputError]]:
    """The file a buffer stands for, named as ``check`` names it, or ``None`` when
    ``selection`` (with ``force_exclude``) excludes it or its type is not supported; and the
    problems met on the way (a ``.gitignore`` line git cannot use, the unsupported type). A
    path not on disk (a file deleted, or never saved) is taken by its name alone. ``kind``
    overrides the kind the name gives."""
    display = display_path(path)
    problems: list[InputError] = []
    if os.path.isfile(path):
        found = list(expand([str(path)], [], None, selection))
        problems = [e for e in found if isinstance(e, InputError) and e.path != display]
        own = [
            e
            for e in found
            if isinstance(e, FileInput) or (isinstance(e, InputError) and e.path == display)
        ]
        if not own:
            return None, problems  # excluded
        if isinstance(own[0], InputError) and kind is None:
            return None, [*problems, own[0]]
    kind = kind or selection.kind_of(path.name) or ("text" if not path.suffix else None)
    if kind is None:
        known = " ".join(sorted({*CLAIM_SUFFIXES, *DOCUMENT_SUFFIXES}))
        message = f"unsupported file type '{path.suffix}' (expected {known})"
        return None, [*problems, InputError(message, path=display)]
    return FileInput(str(path), display, kind, named=False), problems
