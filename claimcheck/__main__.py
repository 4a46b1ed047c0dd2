"""``python -m claimcheck``."""

from claimcheck.cli import main

main()
