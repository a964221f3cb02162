"""The one rule registry: every finding any command prints has an id here.

One id scheme: three capital letters naming the family, three digits (``SHP001``). Families:

- the verifier's checks (``driftcheck check``): SHP, STR, ATT, MOE, LAY, CST, CFG, SML
  (records in ``driftcheck/verifier/checks/``, one ``@check`` each);
- DRF, drift between two descriptions of one model (``driftcheck compare``): the graph
  matcher's kinds and the fork comparison's ``hardcoded-config`` (records in
  ``driftcheck/drift/kinds.py``; ids in ``driftcheck/graph/match/policy.py``);
- SRV, the serving engines' start-up and load rules (``driftcheck compare`` with a served side;
  records in ``driftcheck/drift/serving_rules.py``).

Every rule carries its doc (what it does, why it matters, what to do) and VALID / INVALID
examples; one generic test (``tests/test_rules.py``) runs every example of every rule: an
invalid example must produce the rule's id, a valid one must not. ``driftcheck explain ID``
prints any rule (an old ``DRIFT-<KIND>`` id, a rule name or a drift kind finds it too).

The severity scale is one, documented here and nowhere else (``docs/rules.md`` is generated
from it): see ``SEVERITY_SCALE``.
"""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from driftcheck.errors import DriftcheckError
from driftcheck.findings import Finding, Severity

if TYPE_CHECKING:
    from driftcheck.graph.model import Graph

ID = re.compile(r"^[A-Z]{3}\d{3}$")
NAME = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")

SEVERITY_SCALE: tuple[tuple[Severity, int, str], ...] = (
    (
        Severity.info,
        0,
        "worth knowing; changes nothing the model computes (names, dropout, parallelism, a "
        "literal equal to the config's value, a value the analysis could not read)",
    ),
    (
        Severity.minor,
        1,
        "drift in a value that changes what the model computes but not its weights (norm eps, "
        "RoPE, context length, dtype)",
    ),
    (
        Severity.warning,
        1,
        "the verifier's middle level, ranked with minor: likely wrong or wasteful, not a crash",
    ),
    (
        Severity.major,
        2,
        "drift that changes weight shapes or the parameter count, the number of layers, heads, "
        "KV heads or the head width, the quantization method; a served model that computes "
        "garbage or positions it was never trained on; the default --fail-on of every command "
        "(check, compare, the pre-commit hooks, the Action)",
    ),
    (
        Severity.blocker,
        3,
        "the model would crash or cannot be built or loaded (a torch error, a server that "
        "refuses to start); every verifier blocker is grounded in a real PyTorch crash",
    ),
)
"""(severity, rank, meaning). ``--fail-on S`` fails on every finding whose rank is at least S's."""


@dataclass(frozen=True)
class Family:
    """A family of rules: the three letters of its ids, what it covers, the command reporting it."""

    code: str
    title: str
    command: str


FAMILY_TABLE: tuple[Family, ...] = (
    Family("SHP", "shape", "check"),
    Family("STR", "structure and connectivity", "check"),
    Family("ATT", "attention and heads", "check"),
    Family("MOE", "mixture of experts", "check"),
    Family("LAY", "layer attributes", "check"),
    Family("CST", "cost and serving", "check"),
    Family("CFG", "config consistency", "check"),
    Family("SML", "code smells", "check"),
    Family("IMP", "import and construction", "check"),
    Family("DRF", "drift between two descriptions of one model", "compare"),
    Family("SRV", "serving engines' start-up and load rules", "compare"),
)
"""Every family of every command, in the order the docs list them (the one table)."""

_FAMILY = {f.code: f for f in FAMILY_TABLE}
CHECK_FAMILIES: dict[str, str] = {f.code: f.title for f in FAMILY_TABLE if f.command == "check"}
FAMILIES: dict[str, str] = {f.code: f.title for f in FAMILY_TABLE if f.command == "compare"}
"""The families of ``driftcheck compare``'s rules (``CHECK_FAMILIES``: the verifier's)."""


# ---------------------------------------------------------------- examples of pair rules
@dataclass(frozen=True)
class Pair:
    """Two sides as graph JSON (dicts, see ``side``), compared as ``driftcheck compare`` does."""

    left: Mapping[str, Any]
    right: Mapping[str, Any]
    note: str = ""


@dataclass(frozen=True)
class CodePair:
    """A model file's text against a config: ``driftcheck compare model.py config.json``."""

    code: str
    config: Mapping[str, Any]
    note: str = ""


PairExample = Pair | CodePair


def side(
    kind: str = "graph",
    facts: Mapping[str, Any] | None = None,
    nodes: list[dict[str, Any]] | None = None,
    notes: list[str] | None = None,
    detail: str | None = None,
    keys: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """A small graph JSON dict for an example: facts by key (``numLayers=12``), nodes as
    ``{"id", "type", "params", ...}`` dicts, the origin's kind (``config``, ``manifest``,
    ``checkpoint``...); ``keys`` gives a fact the config key or manifest field it is read from."""
    keys = keys or {}
    origin: dict[str, Any] = {"kind": kind}
    if detail:
        origin["detail"] = detail
    return {
        "schema_version": "driftcheck.graph/1",
        "origin": origin,
        "nodes": list(nodes or []),
        "facts": {
            k: {"value": v, **({"loc": {"key": keys[k]}} if k in keys else {})}
            for k, v in (facts or {}).items()
        },
        "notes": list(notes or []),
    }


@dataclass(frozen=True)
class RuleMeta:
    """What every rule of every command declares, one model for all: the verifier's checks
    (``driftcheck.verifier.base.Check`` adds how it runs) and compare's rules (``Rule``).

    ``severity`` is the usual severity; ``severities`` lists every one the rule can report
    (by default just ``severity``), all on the one scale (``SEVERITY_SCALE``). ``aliases`` are
    ids earlier versions printed (``DRIFT-PARAM``) and other names the rule is known by. The
    family (the id's three letters) gives the category and the command that reports it.
    """

    id: str
    name: str
    severity: Severity
    what: str
    why: str
    fix: str
    valid: tuple[Any, ...] = ()
    invalid: tuple[Any, ...] = ()
    severities: tuple[Severity, ...] = ()
    aliases: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for attr in ("what", "why", "fix"):
            object.__setattr__(self, attr, " ".join(getattr(self, attr).split()))
        object.__setattr__(self, "valid", tuple(self.valid))
        object.__setattr__(self, "invalid", tuple(self.invalid))
        if not self.severities:
            object.__setattr__(self, "severities", (self.severity,))

    @property
    def family(self) -> str:
        return self.id[:3]

    @property
    def category(self) -> str:
        return _FAMILY[self.family].title

    @property
    def command(self) -> str:
        """The command whose output carries this rule's findings (``check`` or ``compare``)."""
        return _FAMILY[self.family].command

    def doc(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "severity": self.severity.value,
            "severities": [s.value for s in self.severities],
            "category": self.category,
            "command": self.command,
            "what": self.what,
            "why": self.why,
            "fix": self.fix,
            "examples": {"valid": len(self.valid), "invalid": len(self.invalid)},
        }


@dataclass(frozen=True)
class Rule(RuleMeta):
    """A rule of ``driftcheck compare`` (DRF, SRV): its examples are ``Pair`` / ``CodePair``."""


def validate(records: Iterable[RuleMeta]) -> None:
    """The registry's invariants, for checks and compare rules alike: ids in the one scheme of
    a known family, kebab-case names, no id twice, no name twice in the whole registry (the
    selectors of ``check`` and ``compare`` read names, and ``explain NAME`` must find one
    rule), the usual severity among those listed."""
    ids: set[str] = set()
    names: set[str] = set()
    for r in records:
        if not ID.match(r.id) or r.id[:3] not in _FAMILY:
            raise RuntimeError(f"bad rule id {r.id!r}")
        if not NAME.match(r.name):
            raise RuntimeError(f"rule name {r.name!r} is not kebab-case")
        if r.id in ids or r.name in names:
            raise RuntimeError(f"rule {r.id} {r.name} defined twice")
        if r.severity not in r.severities:
            raise RuntimeError(f"rule {r.id}: severity {r.severity.value} not in its severities")
        ids.add(r.id)
        names.add(r.name)


AnyRule = RuleMeta  # a Check or a Rule


# ---------------------------------------------------------------- the registry
@cache
def _rules() -> tuple[RuleMeta, ...]:
    from driftcheck.drift.kinds import DRIFT_RULES
    from driftcheck.drift.serving_rules import SERVING_RULES
    from driftcheck.verifier import all_checks

    out: list[RuleMeta] = [*all_checks(), *DRIFT_RULES, *SERVING_RULES]
    validate(out)
    return tuple(sorted(out, key=lambda r: (r.command != "check", r.id)))


def all_rules() -> list[AnyRule]:
    """Every rule: the verifier's checks first, then DRF and SRV, each by id."""
    return list(_rules())


def families() -> dict[str, str]:
    """Every family of every command: code -> title."""
    return {f.code: f.title for f in FAMILY_TABLE}


def get_rule(key: str) -> AnyRule:
    """A rule by id (``SRV001``, case-insensitive), old id (``DRIFT-PARAM``), name
    (``shape-mismatch``, ``max-model-len-exceeds-context``) or drift kind (``layer-count``)."""
    k = key.strip()
    for r in _rules():
        if r.id == k.upper():
            return r
    for r in _rules():
        if r.name == k.lower() or k.upper() in (a.upper() for a in r.aliases):
            return r
    raise DriftcheckError(f"no check or rule {key!r} (see `driftcheck checks --all`)")


def is_check(rule: AnyRule) -> bool:
    """A verifier check (``driftcheck check``) rather than a compare rule."""
    return rule.command == "check"


# ---------------------------------------------------------------- running examples
def example_findings(rule: AnyRule, example: Any) -> list[Finding]:
    """What the command the rule belongs to reports for one of its examples."""
    if is_check(rule):
        from driftcheck.verifier.examples import run_example

        return list(run_example(example).findings)
    return pair_findings(example)


def pair_graphs(example: Pair) -> tuple[Graph, Graph]:
    from driftcheck.graph.model import Graph

    return (
        Graph.from_data(json.loads(json.dumps(example.left)), "left"),
        Graph.from_data(json.loads(json.dumps(example.right)), "right"),
    )


def pair_findings(example: PairExample) -> list[Finding]:
    """Findings of ``driftcheck compare`` for a pair example, through the drift service."""
    from driftcheck.drift import Sides, compare_sources, drift

    if isinstance(example, CodePair):
        with tempfile.TemporaryDirectory() as d:
            code, cfg = Path(d) / "modeling_example.py", Path(d) / "config.json"
            code.write_text(example.code, encoding="utf-8")
            cfg.write_text(json.dumps(example.config), encoding="utf-8")
            return compare_sources(str(code), str(cfg))
    left, right = pair_graphs(example)
    return drift(Sides(left, right), "left.json", "right.json")


# ---------------------------------------------------------------- docs
def _describe(example: PairExample) -> str:
    if isinstance(example, CodePair):
        cfg = json.dumps(dict(example.config), sort_keys=True)
        return f"{example.code.rstrip()}\n# config.json: {cfg}"
    from driftcheck.verifier.docs import describe_graph

    left, right = pair_graphs(example)
    return "\n".join(
        [
            "left:",
            *("  " + line for line in describe_graph(left).splitlines()),
            "right:",
            *("  " + line for line in describe_graph(right).splitlines()),
        ]
    )


def explain(rule: AnyRule, examples: bool = True, finding: bool = True) -> str:
    """``driftcheck explain ID``: the rule's doc under ruff's headings, with its examples."""
    if is_check(rule):
        from driftcheck.verifier.docs import explain as explain_check

        return explain_check(rule, examples=examples, finding=finding)
    sev = " or ".join(s.value for s in rule.severities)
    out = [
        f"# {rule.id} {rule.name} ({sev}, {rule.category})",
        "",
        "## What it does",
        rule.what,
        "",
        *(
            [f"Before v0.2.0: {', '.join(f'`{a}`' for a in rule.aliases)} (still selects it).", ""]
            if rule.aliases
            else []
        ),
        "## Why is this bad?",
        rule.why,
        "",
    ]
    if examples and rule.invalid:
        ex = rule.invalid[0]
        found = [f for f in pair_findings(ex) if f.check_id == rule.id] if finding else []
        out += ["## Example", "```", _describe(ex), "```"]
        if found:
            out += [f"{rule.id}: {found[0].message}"]
        out += [""]
    out += ["## Use instead", rule.fix, ""]
    if examples and rule.valid:
        out += ["```", _describe(rule.valid[0]), "```", ""]
    return "\n".join(out)


def markdown() -> str:
    """``docs/rules.md``: the id scheme, the severity scale, and every DRF and SRV rule."""
    rules = [r for r in all_rules() if not is_check(r)]
    head = [
        "# driftcheck rules",
        "",
        "Generated by `python -m driftcheck.rules` from the rule records (do not edit by hand).",
        "",
        "## Ids",
        "",
        "Every finding any command prints carries a rule id: three capital letters naming the "
        "family, three digits. `driftcheck explain ID` prints any of them. Drift findings were "
        "`DRIFT-<KIND>` before v0.2.0 (`DRIFT-PARAM` is `DRF005`): those ids stay aliases "
        "wherever an id is read (`--select`, `--ignore`, `[tool.driftcheck]`, "
        "`# driftcheck: ignore[...]`, `explain`), and `DRIFT` alone selects every DRF rule.",
        "",
        "| family | what | command | rules |",
        "|---|---|---|---|",
    ]
    for fam, title in CHECK_FAMILIES.items():  # counted in checks.md: a new check edits one page
        head.append(f"| {fam} | {title} | `driftcheck check` | [checks.md](checks.md) |")
    for fam, title in FAMILIES.items():
        n = sum(r.id[:3] == fam for r in rules)
        head.append(f"| {fam} | {title} | `driftcheck compare` | {n}, below |")
    head += [
        "",
        "The verifier's checks are documented in [checks.md](checks.md) "
        "(`python -m driftcheck.verifier.docs`).",
        "",
        "## Severity",
        "",
        "One scale for every command; `--fail-on S` fails on every finding ranked at least S.",
        "",
        "| severity | rank | meaning |",
        "|---|---|---|",
    ]
    head += [f"| {s.value} | {rank} | {meaning} |" for s, rank, meaning in SEVERITY_SCALE]
    head += ["", "## Compare rules", "", "| id | name | severity | category |", "|---|---|---|---|"]
    head += [
        f"| [{r.id}](#{r.id.lower()}-{r.name}) | {r.name} | "
        f"{' / '.join(s.value for s in r.severities)} | {r.category} |"
        for r in rules
    ]
    body = []
    for fam, title in FAMILIES.items():
        body += ["", f"## {fam}: {title}", ""]
        body += [
            explain(r, finding=False).replace("\n## ", "\n#### ").replace("# ", "### ", 1)
            for r in rules
            if r.family == fam
        ]
    return "\n".join(head + body).rstrip() + "\n"


if __name__ == "__main__":  # the records' classes are driftcheck.rules', not __main__'s
    from driftcheck.rules import markdown as page

    print(page(), end="")
