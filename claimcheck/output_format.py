"""The ``--format`` choices of ``claimcheck check``. They sit below the configuration, which
accepts them as its ``format`` key (``claimcheck/config.py``), and below the formats, which
render each (``FORMATTERS`` in ``claimcheck/formats/__init__.py``)."""

from enum import StrEnum


class OutputFormat(StrEnum):
    """The ``--format`` choices."""

    TEXT = "text"
    CONCISE = "concise"
    JSON = "json"
    SARIF = "sarif"
    GITHUB = "github"
    GITLAB = "gitlab"
    JUNIT = "junit"
    MARKDOWN = "markdown"
    HTML = "html"
