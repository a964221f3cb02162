"""``driftcheck graph SOURCE``: render the typed graph of any source."""

from __future__ import annotations

import json

import click

from driftcheck.commands import assume_env_option
from driftcheck.graph.render import render


@click.command(name="graph")
@click.argument("source")
@click.option("--entry", help="Root class to analyze (also SOURCE::ClassName).")
@click.option("--config", "config", type=click.Path(), help="config.json to bind code to.")
@click.option(
    "--format", "fmt", type=click.Choice(["json", "text", "mermaid", "dot"]), default="text"
)
@click.option("--exact", is_flag=True, help="Configs: build on torch's meta device (needs torch).")
@click.option("--trust-remote-code", is_flag=True, help="With --exact: allow hub code to run.")
@click.option("--expand", is_flag=True, help="Write repeated blocks out as explicit copies.")
@assume_env_option()
def command(
    source, entry, config, fmt, exact, trust_remote_code, expand, assume_env_defaults=False
) -> int:
    """Render the typed graph of SOURCE (graph JSON, Python, config, hf:<id>, manifest)."""
    from driftcheck.parsers import load
    from driftcheck.parsers.source.library.environ import assume_env_defaults as assume

    with assume(assume_env_defaults):  # its notes are the graph's (every format shows them)
        graph = load(
            source, entry=entry, config=config, exact=exact, trust_remote_code=trust_remote_code
        )
    if expand:
        graph = graph.expand()
    if fmt == "json":
        # what json.loads(graph.to_json()) reads back, without writing the text first (and,
        # with the lean models, without pydantic's writer: driftcheck/lean.py)
        data = graph.model_dump(mode="json")
        data = {"params_total": graph.params_total(), **data}
        click.echo(json.dumps(data, indent=2))
    else:
        click.echo(render(graph, fmt))
    return 0
