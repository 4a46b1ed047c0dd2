"""The speedup relies on sharing KV across users or tenants.

If a second user's request hits KV cached from another user's prompt, the faster answer tells
them the other user sent the same prefix: a timing side channel that leaks prompts. Production
multi-user systems do not share KV across users; the safe exception is a public prefix that is
the same for everyone, such as a published system prompt.

Flags:
    Because the KV cache is shared across users, the second person to ask about a document gets a 20x faster first token.

Does not flag:
    Reusing the KV cache of a user's own earlier turns gives a 20x faster first token.
"""

from __future__ import annotations

from collections.abc import Iterator

from claimcheck.rules.base import Hit, Rule, Subject
from claimcheck.severity import Severity


def check(subject: Subject) -> Iterator[Hit]:
    """Flag KV shared between users, customers or tenants."""
    if "cross_user" not in subject.cues:
        return
    yield Hit(
        "Relies on KV shared across users or tenants: a cache hit reveals that someone else sent "
        "the same prefix (a prompt side channel); only a public, identical prefix is safe to share.",
        field="cross_user",
    )


# A prompt side channel: network, high complexity, no privileges, prompts disclosed
# (CVSS 3.1 AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:N/A:N = 5.9, https://www.first.org/cvss/calculator/3.1).
RULE = Rule(
    "KV304",
    "cross-user-sharing",
    Severity.WARNING,
    check,
    __doc__ or "",
    precision="medium",
    security_severity=5.9,
)
