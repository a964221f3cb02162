"""``driftcheck checks``: list the verifier's checks (``--all``: every rule of every command)."""

from __future__ import annotations

import json

import click


@click.command(name="checks")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
@click.option(
    "--family",
    help="Only this family (SHP, STR, ATT, MOE, LAY, CST, CFG, SML; with --all also DRF, SRV).",
)
@click.option("--all", "every", is_flag=True, help="Every rule: also compare's (DRF, SRV).")
def command(fmt: str, family: str | None, every: bool) -> int:
    """List every check: id, name, severity, category and what it does."""
    if every:
        from driftcheck.rules import all_rules

        rules = all_rules()
        noun = "rules"
    else:
        from driftcheck.verifier import all_checks

        rules = all_checks()
        noun = "checks"
    rules = [r for r in rules if not family or r.id[:3] == family.upper()]
    if fmt == "json":
        click.echo(json.dumps([r.doc() for r in rules], indent=2))
        return 0
    for r in rules:
        click.echo(f"{r.id}  {r.name:<36} {r.severity.value:<8} {r.what}")
    click.echo(f"{len(rules)} {noun}")
    return 0
