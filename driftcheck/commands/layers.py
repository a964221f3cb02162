"""``driftcheck layers``: list the catalogue."""

from __future__ import annotations

import json

import click

from driftcheck.graph import catalogue


def _param_doc(p) -> dict:
    default = None if p.required else p.default
    if isinstance(default, tuple):
        default = list(default)
    return {
        "name": p.name,
        "kind": p.kind,
        "required": p.required,
        "default": default,
        "dim": p.dim,
        "aliases": list(p.aliases),
        "vocab": catalogue.camel(p.name),
    }


def catalogue_json() -> dict:
    layers = [
        {
            "name": s.name,
            "vocab": s.vocab,
            "family": s.family,
            "role": s.role,
            "torch": s.torch,
            "aliases": list(s.aliases),
            "params": [_param_doc(p) for p in s.params],
            "doc": s.doc,
        }
        for s in catalogue.layers()
    ]
    blocks = [
        {
            "name": b.name,
            "vocab": b.vocab,
            "family": b.family,
            "role": b.role,
            "reference": b.reference,
            "aliases": list(b.aliases),
            "params": [_param_doc(p) for p in b.params],
            "doc": b.doc,
        }
        for b in catalogue.blocks()
    ]
    return {
        "layers": layers,
        "blocks": blocks,
        "counts": {"layers": len(layers), "blocks": len(blocks)},
    }


@click.command(name="layers")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
@click.option("--family", help="Only this family.")
def command(fmt: str, family: str | None) -> int:
    """List the layer catalogue: every layer type and block, with parameters."""
    data = catalogue_json()
    if family:
        data["layers"] = [x for x in data["layers"] if x["family"] == family]
        data["blocks"] = [x for x in data["blocks"] if x["family"] == family]
    if fmt == "json":
        click.echo(json.dumps(data, indent=2))
        return 0
    for kind in ("layers", "blocks"):
        click.echo(f"{kind} ({len(data[kind])}):")
        for x in data[kind]:
            params = ", ".join(
                p["name"] + ("" if p["required"] else f"={p['default']}") for p in x["params"]
            )
            click.echo(f"  {x['name']:<34} {x['family']:<12} {params}")
    return 0
