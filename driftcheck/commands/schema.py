"""``driftcheck schema``: the JSON Schema of the graph format."""

from __future__ import annotations

import json

import click

from driftcheck.graph.model import Graph


@click.command(name="schema")
def command() -> int:
    """Print the graph JSON Schema (published as driftcheck/schema/graph-1.json)."""
    click.echo(json.dumps(Graph.json_schema(), indent=2))
    return 0
