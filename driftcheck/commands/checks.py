"""``driftcheck checks``: list the verifier's checks."""

from __future__ import annotations

import json

import click


@click.command(name="checks")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
@click.option("--family", help="Only this family (SHP, STR, ATT, MOE, LAY, CST, CFG, SML).")
def command(fmt: str, family: str | None) -> int:
    """List every check: id, name, severity, category and what it does."""
    from driftcheck.verifier import all_checks

    checks = [c for c in all_checks() if not family or c.family == family.upper()]
    if fmt == "json":
        click.echo(json.dumps([c.doc() for c in checks], indent=2))
        return 0
    for c in checks:
        click.echo(f"{c.id}  {c.name:<36} {c.severity.value:<8} {c.what}")
    click.echo(f"{len(checks)} checks")
    return 0
