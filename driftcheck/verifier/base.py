"""What a check is: one small unit with its id, its documentation and its own examples.

A check is a function ``run(ctx) -> Iterable[Hit]`` wrapped in a ``Check`` record by the
``@check(...)`` decorator. The record carries everything the CLI, the docs and the generic test
need: a stable id by family (``SHP001``), a kebab-case name, a severity, what it does, why it
costs something, the fix, and VALID / INVALID examples (graphs built in code, graph JSON dicts
or model source snippets). One generic test runs every example: an invalid example must fire
its check, a valid one must not. The examples are the documentation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import KW_ONLY, dataclass, field
from typing import TYPE_CHECKING, Any

from driftcheck.findings import Severity
from driftcheck.rules import CHECK_FAMILIES, RuleMeta

if TYPE_CHECKING:
    from driftcheck.graph.model import Graph, Node
    from driftcheck.verifier.context import Context

BLOCKER = Severity.blocker
WARNING = Severity.warning
INFO = Severity.info

FAMILIES = CHECK_FAMILIES
"""The verifier's families (code -> title), from the one table in ``driftcheck.rules``."""


@dataclass(frozen=True)
class Source:
    """A model-code example: analyzed by the source parser, never imported."""

    code: str
    entry: str | None = None
    config: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class Example:
    """A graph (object, JSON dict or source snippet) plus the options it is checked with."""

    model: Graph | Mapping[str, Any] | Source
    input_shape: tuple | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    note: str = ""


@dataclass(frozen=True)
class Hit:
    """What a check found: the node it is about (if any) and one line saying what is wrong."""

    node: Node | None
    message: str
    values: Mapping[str, Any] = field(default_factory=dict)
    evidence: str | None = None
    attribute: str | None = None


@dataclass(frozen=True)
class Check(RuleMeta):
    """A verifier check: the rule metadata every rule declares (``driftcheck.rules.RuleMeta``:
    id, name, severity, doc, examples) and how the runner calls it."""

    _: KW_ONLY
    run: Callable[[Context], Iterable[Hit]]
    phase: int = 1
    """Checks run by phase: 0 attribute checks (they claim nodes), 1 the rest, 2 shape checks
    (which skip nodes a phase-0 blocker already explained, so one bug is one finding)."""
    claims: bool = False
    types: tuple[str, ...] = ()
    """When given, the check can only find something on a node of one of these types: a run
    over a graph holding none of them skips it without a call (the runner's gate)."""
    facts: tuple[str, ...] = ()
    """When given, the check reads only these facts and says nothing when none is present."""
    when: Callable[[Context], bool] | None = None
    """When given, a cheap test (on analyses the check reads anyway) without which the
    check finds nothing: shape checks need shape issues, tie checks need ties."""
    local: Callable[[Context, Node], Any] | None = None
    """When given, the check can find something only on a leaf layer (of a type that is not
    Input or Module) whose group representative gets a truthy ``local(ctx, node)``, a verdict
    that reads nothing but the node's type and params. The runner asks every such check's
    ``local`` in one pass over the layer groups, remembered by (type, params key), and skips
    the checks no group can fire (``runner.LOCAL_PASS``)."""
    structural: bool = False
    """The check reads only the graph's structure: node ids, types, names, parents, repeats
    and notes, the edges, the outputs, the graph's notes, whether it has facts, its origin
    kind, and the catalogue by type (never params, shapes, costs, facts' values, ties or
    options). Its hits are then a function of that structure, which the runner remembers
    (``runner.STRUCT_MEMO``); tests/test_verifier_gates.py holds every structural check to
    it by running it on graphs whose params were all changed."""


def _ex(x: Any) -> Example:
    return x if isinstance(x, Example) else Example(x)


def check(
    id: str,
    name: str,
    severity: Severity,
    *,
    what: str,
    why: str,
    fix: str,
    valid: Iterable[Any] = (),
    invalid: Iterable[Any] = (),
    phase: int = 1,
    claims: bool = False,
    types: Iterable[str] = (),
    facts: Iterable[str] = (),
    when: Callable[[Context], bool] | None = None,
    structural: bool = False,
    local: Callable[[Context, Node], Any] | None = None,
) -> Callable[[Callable[[Context], Iterable[Hit]]], Check]:
    """Decorator: turn ``run(ctx)`` into a ``Check`` record (the module lists them in CHECKS)."""

    def wrap(fn: Callable[[Context], Iterable[Hit]]) -> Check:
        return Check(
            id=id,
            name=name,
            severity=severity,
            what=what,
            why=why,
            fix=fix,
            run=fn,
            valid=tuple(_ex(v) for v in valid),
            invalid=tuple(_ex(v) for v in invalid),
            phase=phase,
            claims=claims,
            types=tuple(types),
            facts=tuple(facts),
            when=when,
            structural=structural,
            local=local,
        )

    return wrap
