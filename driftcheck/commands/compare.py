"""``driftcheck compare LEFT RIGHT``: report drift between two descriptions of one model.

Each side is any source the parsers read (graph JSON, Python file / directory / package with an
optional ``::ClassName``, ``config.json`` or a model directory, ``hf:<id>``, a serving
manifest). When one side is code and the other a config, the code is analyzed *bound to that
config* (its ``config.x`` reads take the config's values), so a literal written where the code
should read the config shows up as drift; the class analyzed is the one the config's
``architectures`` names, else its AutoModel class, else the file's single top-level model, and
the config side is built for the same class where transformers defines it. The code is also
compared as source with transformers' own modeling file for the config's ``model_type``
(``parsers/refdrift.py``): a literal where transformers reads the config is a
``hardcoded-config`` finding, even where the model this config builds does not use it.

Exit codes: 0 when no finding reaches ``--fail-on`` (default minor), 1 when one does, 2 on bad
input (one line on stderr).
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from driftcheck import safeio
from driftcheck.errors import DriftcheckError
from driftcheck.graph.model import Graph
from driftcheck.reports import FORMATS, ReportContext, exit_code, render

if TYPE_CHECKING:
    from driftcheck.findings import Finding
    from driftcheck.parsers.refdrift import CodeSide

MAX_SCAN_FILES = 200
CONFIG_KINDS = ("config", "hub")


@click.command(name="compare")
@click.argument("left")
@click.argument("right")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True)
@click.option(
    "--fail-on",
    type=click.Choice(["info", "minor", "major"]),
    default="minor",
    show_default=True,
    help="Lowest severity that makes the exit code 1.",
)
@click.option("--entry-left", help="Class to analyze on the left (also LEFT::ClassName).")
@click.option("--entry-right", help="Class to analyze on the right (also RIGHT::ClassName).")
@click.option("--exact", is_flag=True, help="Configs: build on torch's meta device (needs torch).")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write the report here.")
def command(left, right, fmt, fail_on, entry_left, entry_right, exact, output) -> int:
    """Report drift between LEFT and RIGHT (code, config, hf:<id>, graph JSON, manifest)."""
    findings = drift(load_sides(left, right, entry_left, entry_right, exact), left, right)
    color = fmt == "text" and output is None and sys.stdout.isatty()
    ctx = ReportContext(command="compare", sources={"left": left, "right": right}, color=color)
    text = render(findings, fmt, ctx)
    if output:
        try:
            Path(output).write_text(text, encoding="utf-8")
        except OSError as e:
            raise DriftcheckError(f"cannot write report: {e.strerror or e}", output) from None
    else:
        click.echo(text, nl=False)
    return exit_code(findings, fail_on)


def labels(left: str, right: str) -> dict[str, str]:
    """Short side names for messages: the file names, or the full sources when those clash."""
    names = [_short(left), _short(right)]
    if names[0] == names[1]:
        names = [left, right]
    return {"left": names[0], "right": names[1]}


def _short(source: str) -> str:
    if source.startswith("hf:"):
        return source
    path = source.split("::", 1)[0].rstrip("/")
    return Path(path).name or path


# ---------------------------------------------------------------- loading both sides
@dataclass
class Sides:
    """Both sides' graphs, and the code side's binding when code was compared with a config
    (for the source-level comparison with transformers' own modeling file)."""

    left: Graph
    right: Graph
    code: CodeSide | None = None


def drift(sides: Sides, left: str, right: str) -> list[Finding]:
    """Every finding of ``compare LEFT RIGHT``: the graph matcher's, the literals the code
    hard-codes where transformers reads the config, the serving engines' rules."""
    from driftcheck.graph.match import compare

    names = labels(left, right)
    findings = compare(sides.left, sides.right, labels=names)
    if sides.code is not None:
        from driftcheck.parsers.refdrift import source_findings

        try:
            findings += source_findings(sides.code, findings, names)
        except RecursionError:  # code nested past Python's limit: the graph findings stand
            pass
        findings.sort(key=lambda f: -f.severity.rank)
    return _with_serving_rules(findings, sides.left, sides.right)


def load_pair(
    left: str,
    right: str,
    entry_left: str | None = None,
    entry_right: str | None = None,
    exact: bool = False,
) -> tuple[Graph, Graph]:
    sides = load_sides(left, right, entry_left, entry_right, exact)
    return sides.left, sides.right


def load_sides(
    left: str,
    right: str,
    entry_left: str | None = None,
    entry_right: str | None = None,
    exact: bool = False,
) -> Sides:
    from driftcheck.parsers import kind_of

    kl, kr = kind_of(left), kind_of(right)
    if kl == "source" and kr in CONFIG_KINDS:
        left, entry_left = _discover_code(left, entry_left, right, "left")
    if kr == "source" and kl in CONFIG_KINDS:
        right, entry_right = _discover_code(right, entry_right, left, "right")
    if kl == "source" and kr in CONFIG_KINDS:
        code, cfg, bound = code_against_config(left, entry_left, right, entry_right, exact)
        return Sides(code, cfg, bound)
    if kr == "source" and kl in CONFIG_KINDS:
        code, cfg, bound = code_against_config(right, entry_right, left, entry_left, exact)
        bound.side = "right"
        return Sides(cfg, code, bound)
    return Sides(_load(left, entry_left, kl, exact), _load(right, entry_right, kr, exact))


def _discover_code(code: str, entry: str | None, config: str, side: str) -> tuple[str, str | None]:
    """A repository directory on the code side: pick the model file (and class) to analyze,
    ranked by ``driftcheck.parsers.discover``, and say on stderr what was picked."""
    from driftcheck.parsers import split_entry
    from driftcheck.parsers.discover import discover
    from driftcheck.parsers.hf_source import read_config

    path, inline = split_entry(code)
    if not Path(path).is_dir() or entry or inline:
        return code, entry or inline
    archs = read_config(config).data.get("architectures")
    found = discover(Path(path), archs if isinstance(archs, list) else None)
    if found.code is None:
        raise DriftcheckError("no nn.Module subclass found in this directory", path)
    click.echo(f"driftcheck: {side}: {found.summary()}", err=True)
    for note in found.notes:
        click.echo(f"driftcheck: {side}: {note}", err=True)
    return str(found.code), found.entry


def _load(source: str, entry: str | None, kind: str, exact: bool) -> Graph:
    from driftcheck.parsers import load

    if kind in CONFIG_KINDS:
        from driftcheck.parsers.hf import load_config_graph

        return load_config_graph(source, exact=exact, entry=entry)
    return load(source, entry=entry, exact=exact, kind=kind)


def code_against_config(
    code: str, entry: str | None, config: str, cfg_entry: str | None, exact: bool
) -> tuple[Graph, Graph, CodeSide]:
    """(code graph bound to the config, config graph, the binding), both for the same class."""
    from driftcheck.parsers import split_entry
    from driftcheck.parsers.hf import load_config_graph
    from driftcheck.parsers.hf_defaults import complete
    from driftcheck.parsers.hf_source import read_config
    from driftcheck.parsers.source import parse_source

    path, inline = split_entry(code)
    entry = entry or inline
    src = read_config(config)
    model_type = src.data.get("model_type")
    model_type = model_type if isinstance(model_type, str) else None
    completed, _ = complete(src.data, model_type) if model_type else (dict(src.data), None)
    if entry is None:
        entry = pick_class(path, src.data, model_type)
    code_graph = parse_source(path, entry=entry, config=completed, config_path=src.display)
    if cfg_entry is None and entry and _transformers_defines(entry, model_type):
        cfg_entry = entry
    cfg_graph = load_config_graph(config, exact=exact, entry=cfg_entry)
    _code_facts_of_reference(cfg_graph, completed, src.display)
    if cfg_entry is None:
        cfg_graph = _closest_reference(code_graph, cfg_graph, config, src.data, model_type, exact)
        _code_facts_of_reference(cfg_graph, completed, src.display)
    from driftcheck.parsers.refdrift import CodeSide

    bound = CodeSide(path, entry, "left", completed, src.display, model_type)
    return code_graph, cfg_graph, bound


def _closest_reference(
    code: Graph, base: Graph, config: str, data: dict[str, Any], model_type: str | None, exact
) -> Graph:
    """The config's model as the class closest to the code, when the code is not a
    transformers class: a config describes both the bare model (AutoModel, e.g. LlamaModel)
    and its ``architectures`` (e.g. LlamaForCausalLM, with an LM head). The one whose
    structure differs least from the code (fewest major findings, then fewest findings) is
    the reference; stderr says when that is not the bare model. Names decide nothing here."""
    from driftcheck.graph.match import compare
    from driftcheck.parsers.hf import load_config_graph

    archs = [a for a in data.get("architectures") or [] if isinstance(a, str)]
    built = (base.origin.detail or "").rpartition("::")[2]
    archs = [a for a in dict.fromkeys(archs) if a != built and _transformers_defines(a, model_type)]
    if not archs:
        return base

    def score(g: Graph) -> tuple[int, int]:
        fs = [f for f in compare(code, g) if f.severity.rank >= 1]  # minor and above
        return sum(f.severity.rank >= 2 for f in fs), len(fs)

    best, best_score, name = base, score(base), None
    for arch in archs[:2]:
        try:
            g = load_config_graph(config, exact=exact, entry=arch)
        except DriftcheckError:
            continue
        s = score(g)
        if s < best_score:
            best, best_score, name = g, s, arch
    if name is not None:
        click.echo(f"driftcheck: the config side is built as {name}, closest to the code", err=True)
    return best


def _code_facts_of_reference(cfg_graph: Graph, completed: dict[str, Any], display: str) -> None:
    """Put the reference code's own facts on the config side, where the code states them.

    The code side's facts are what its modules state (``self.num_heads``, the main stack's
    length); the config's facts are its keys. The two can mean different things (a hybrid
    model's mamba heads against ``num_attention_heads``, a vision tower's positions against the
    text model's), so comparing them across sides reports drift where there is none. The
    config graph was built by the same parser from transformers' own modeling file, so its
    code's facts are the like-for-like reference; a config key stays the address of a value
    wherever the key says the same."""
    from driftcheck.errors import DriftcheckError
    from driftcheck.parsers import split_entry
    from driftcheck.parsers.source import parse_source

    detail = cfg_graph.origin.detail
    if cfg_graph.origin.route != "static" or not detail or "::" not in detail:
        return
    path, cls = split_entry(detail)
    from driftcheck.parsers import hf_registry as reg
    from driftcheck.parsers.cache import cached_graph

    parts = {
        "path": str(Path(path).resolve()),
        "entry": cls,
        "config": completed,
        "display": display,
        "transformers": reg.version(),
    }
    try:  # the result cache: a second compare against the same config skips the analysis
        ref = cached_graph(
            "reference-facts",
            parts,
            lambda: parse_source(path, entry=cls, config=completed, config_path=display),
        )
    except (DriftcheckError, RecursionError):
        return
    from driftcheck.graph.match.diff import same

    cfg_graph.uses = ref.uses
    for key, fact in ref.facts.items():
        stated = cfg_graph.facts.get(key)
        if stated is None or not same(stated.value, fact.value):
            cfg_graph.facts[key] = fact


def pick_class(path: str, cfg: dict[str, Any], model_type: str | None) -> str | None:
    """The class the config names (architectures, then AutoModel) if the code defines it."""
    archs = cfg.get("architectures")  # a config may hold anything here (fuzzed: an int)
    wanted: list[str] = [a for a in archs if isinstance(a, str)] if isinstance(archs, list) else []
    if model_type:
        from driftcheck.parsers import hf_registry as reg

        base = reg.model_class_name(model_type)
        if base:
            wanted.append(base)
    if not wanted:
        return None
    defined = _classes(Path(path))
    return next((w for w in wanted if w in defined), None)


def _classes(path: Path) -> set[str]:
    files = [path] if path.is_file() else sorted(path.rglob("*.py"))[:MAX_SCAN_FILES]
    out: set[str] = set()
    for f in files:
        text = safeio.read_text_lenient(f)
        if text is None:
            continue
        out.update(re.findall(r"^class (\w+)\b", text, re.M))
    return out


def _transformers_defines(cls: str, model_type: str | None) -> bool:
    from driftcheck.parsers import hf_registry as reg

    return reg.find_class(cls, "modeling", model_type) is not None


def _with_serving_rules(findings: list, lg, rg) -> list:
    """Add the serving engines' rules (SRV*) when one side is served; the rule's finding
    replaces a matcher finding that states the same attribute with the same two values."""
    from driftcheck.parsers.serving import pair_findings

    served = pair_findings(lg, rg)
    if not served:
        return findings

    def key(f) -> tuple:
        attr = (f.attribute or "").rsplit(".", 1)[-1]
        return attr, tuple(sorted((k, repr(v)) for k, v in f.values.items()))

    by_key = {key(f): f for f in findings}
    for f in served:
        twin = by_key.pop(key(f), None)
        if twin is not None and twin.kind:
            f.kind = twin.kind  # keep the drift kind (quantization, context-length, ...)
    kept = [f for f in findings if key(f) in by_key]
    return sorted(kept + served, key=lambda f: -f.severity.rank)
