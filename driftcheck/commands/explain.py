"""``driftcheck explain ID``: one check's documentation, with its examples."""

from __future__ import annotations

import click


@click.command(name="explain")
@click.argument("check")
def command(check: str) -> int:
    """Explain one check (by id, e.g. SHP001, or name, e.g. shape-mismatch)."""
    from driftcheck.verifier import get_check
    from driftcheck.verifier.docs import explain

    click.echo(explain(get_check(check)), nl=False)
    return 0
