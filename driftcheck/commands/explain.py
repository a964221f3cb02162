"""``driftcheck explain ID``: one rule's documentation, with its examples.

Any id any command prints: the verifier's checks (``SHP001``), drift kinds (``DRF005``), the
serving rules (``SRV001``); also a rule's name, a drift kind, or an old ``DRIFT-<KIND>`` id.
"""

from __future__ import annotations

import click


@click.command(name="explain")
@click.argument("check")
def command(check: str) -> int:
    """Explain one rule (by id, e.g. SHP001, DRF005, SRV001, or name, e.g. shape-mismatch)."""
    from driftcheck.rules import explain, get_rule

    click.echo(explain(get_rule(check)), nl=False)
    return 0
