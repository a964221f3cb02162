"""Fixes for findings, written with libcst so every byte outside an edit is kept.

Fixable today:

- ``DRF018`` hardcoded-config (``compare CODE CONFIG``; ``DRIFT-HARDCODED-CONFIG`` before
  0.2.0): the literal the fork hard-codes where transformers' own modeling file reads the config
  becomes that read (``4608`` -> ``config.hidden_size``), as the finding states it. Applied only
  when the read's first name (``config``, ``self``) is bound in the function that holds the
  literal. Any other DRF finding of a literal against a config key is fixed the same way.
- ``ATT001`` (``check``): a head count that does not divide the width becomes the nearest
  divisor the check states (``values["fix"]``), where the count is an integer literal: in the
  constructor call, a parameter default of the enclosing function, or a plain ``name = 4`` in it.
- ``--add-ignore``: ``# driftcheck: ignore[ID]`` on the code line of each finding (as ruff's
  ``--add-noqa``), merged into an ignore comment already there.

Safety: the file's hash is taken before the analysis (``snapshot``); an edit is written only
when the file still has that hash, else the run stops with exit 2 ("changed since analysis").
"""

from __future__ import annotations

import difflib
import hashlib
import io
import re
import tokenize
from dataclasses import dataclass, field
from pathlib import Path

from driftcheck import safeio
from driftcheck.errors import DriftcheckError
from driftcheck.findings import Finding

MAX_FILES = 5000
_READ = re.compile(r" reads (.+?); ")
_PLACES = re.compile(r"\(\d+ places: lines ([\d, ]+)\)")


@dataclass
class Edit:
    file: str
    line: int
    column: int | None  # 1-based column of the literal, when the finding has it
    old: object  # the literal's value
    new: str  # the replacement expression's source
    check_id: str
    kind: str = "literal"  # literal | heads
    finding: Finding | None = None
    done: bool = False


@dataclass
class Plan:
    edits: list[Edit] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


def snapshot(paths: list[str]) -> dict[str, str]:
    """sha256 of every Python file the paths name (a file, or the ``*.py`` under a folder)."""
    out: dict[str, str] = {}
    for p in paths:
        base = Path(p.split("::", 1)[0])
        files = [base] if base.is_file() else sorted(base.rglob("*.py"))[:MAX_FILES]
        for f in files:
            if safeio.is_regular(f):
                try:
                    out[str(f.resolve())] = _hash(safeio.read_bytes(f))
                except DriftcheckError:
                    continue
    return out


def _hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _check_unchanged(file: str, hashes: dict[str, str]) -> bytes:
    path = Path(file).resolve()
    data = safeio.read_bytes(path)
    want = hashes.get(str(path))
    if want is None:
        raise DriftcheckError("not among the analyzed files; nothing written", file)
    if _hash(data) != want:
        raise DriftcheckError("changed since it was analyzed; nothing written (run again)", file)
    return data


# ---------------------------------------------------------------- planning
def _rule_of(f: Finding):
    """The finding's rule in the one registry (``driftcheck.rules``), or None."""
    from driftcheck.rules import get_rule

    try:
        return get_rule(f.check_id)
    except DriftcheckError:
        return None


def plan(findings: list[Finding], hashes: dict[str, str]) -> Plan:
    from driftcheck.rules import get_rule

    out = Plan()
    hardcoded = get_rule("hardcoded-config")
    for f in findings:
        rule = _rule_of(f)
        if rule is not None and rule.family == "DRF" and rule is not hardcoded:
            e = _plan_graph_drift(f)
            if e is None:
                continue  # not a literal against a config key: nothing to fix
        elif rule is hardcoded:
            e = _plan_hardcoded(f)
            more = _PLACES.search(f.message)
            if e is not None and more:  # one finding for the same literal on several lines
                for line in {int(x) for x in more.group(1).split(",")} - {e.line}:
                    twin = Edit(e.file, line, None, e.old, e.new, e.check_id, finding=f)
                    out.edits.append(twin)
        elif f.check_id == "ATT001" and isinstance(f.values.get("fix"), dict):
            e = _plan_heads(f)
        else:
            continue
        if e is not None:
            e.finding = f
        if e is None:
            out.skipped.append(f"{f.check_id}: {f.message[:80]} (no code location)")
        elif str(Path(e.file).resolve()) not in hashes:
            out.skipped.append(f"{f.check_id}: {e.file} is outside the analyzed paths")
        else:
            out.edits.append(e)
    return out


def _plan_hardcoded(f: Finding) -> Edit | None:
    m = _READ.search(f.message)
    code = next((x for x in f.locations if x.file and x.line), None)
    if m is None or code is None or code.side not in f.values:
        return None
    return Edit(code.file, code.line, code.column, f.values[code.side], m.group(1), f.check_id)


def _plan_graph_drift(f: Finding) -> Edit | None:
    """A graph drift whose code side is a literal on a line and whose other side is a config
    key (``model.normEps is 1e-05 in the code but 1e-06 in config.json``): the literal becomes
    the read transformers' modeling file makes on the line the finding cites, else
    ``config.<key>``. Applied only where that first name is bound (see ``_rewrite``)."""
    code = [x for x in f.locations if x.file and x.line and x.file.endswith(".py")]
    other = [x for x in f.locations if x.key and x.side]
    if len(other) != 1 or not code:
        return None
    conf = other[0]
    mine = next((x for x in code if x.side and x.side != conf.side and x.side in f.values), None)
    if mine is None or not _scalar(f.values[mine.side]):
        return None
    read = _reference_read(conf, f"config.{conf.key}")
    return Edit(mine.file, mine.line, mine.column, f.values[mine.side], read, f.check_id)


def _scalar(v: object) -> bool:
    return isinstance(v, (int, float, str)) and not isinstance(v, bool)


def _reference_read(conf, default: str) -> str:
    """The config read on the reference line the finding cites (``self.config.x``,
    ``config.text_config.x``), else ``default``."""
    if not (conf.file and conf.line and conf.file.endswith(".py")):
        return default
    try:
        line = safeio.read_text(conf.file).splitlines()[conf.line - 1]
    except (DriftcheckError, IndexError):
        return default
    leaf = re.escape(conf.key.rsplit(".", 1)[-1])
    m = re.search(rf"\b((?:self\.)?config(?:\.\w+)*\.{leaf})\b", line)
    return m.group(1) if m else default


def _plan_heads(f: Finding) -> Edit | None:
    fix = f.values["fix"]
    loc = next((x for x in f.locations if x.file and x.line), None)
    if loc is None or not loc.file.endswith(".py"):
        return None
    return Edit(loc.file, loc.line, None, fix["from"], str(fix["to"]), f.check_id, "heads")


# ---------------------------------------------------------------- applying (libcst)
def apply(p: Plan, hashes: dict[str, str], write: bool = True) -> tuple[list[str], list[str]]:
    """(unified diffs, reasons for edits not made); files are written when ``write``."""
    import libcst as cst

    diffs: list[str] = []
    skipped = list(p.skipped)
    by_file: dict[str, list[Edit]] = {}
    for e in p.edits:
        by_file.setdefault(str(Path(e.file).resolve()), []).append(e)
    for file, edits in sorted(by_file.items()):
        data = _check_unchanged(file, hashes)
        text = data.decode("utf-8")
        try:
            module = cst.parse_module(text)
        except cst.ParserSyntaxError:
            skipped.append(f"{file}: libcst cannot parse it")
            continue
        new_module, why = _rewrite(module, edits)
        skipped += why
        new = new_module.code
        if new == text:
            continue
        diffs.append(
            "".join(
                difflib.unified_diff(
                    text.splitlines(True),
                    new.splitlines(True),
                    f"a/{_rel(file)}",
                    f"b/{_rel(file)}",
                )
            )
        )
        if write:
            _check_unchanged(file, hashes)  # once more, just before writing
            Path(file).write_bytes(new.encode("utf-8"))
            hashes[file] = _hash(new.encode("utf-8"))  # later edits of this run may follow
    return diffs, skipped


def _rel(file: str) -> str:
    import os

    rel = os.path.relpath(file)
    return file.lstrip("/") if rel.startswith("..") else rel


def _rewrite(module, edits: list[Edit]):
    import libcst as cst
    from libcst.metadata import MetadataWrapper, ParentNodeProvider, PositionProvider

    wrapper = MetadataWrapper(module)
    pos = wrapper.resolve(PositionProvider)
    parents = wrapper.resolve(ParentNodeProvider)
    targets: dict[cst.CSTNode, str] = {}
    why: list[str] = []
    for e in edits:
        node = _find_literal(e, pos, parents)
        if node is None:
            why.append(f"{e.file}:{e.line}: {e.check_id}: no literal {e.old!r} found to rewrite")
            continue
        if e.kind == "literal" and not _name_bound(node, e.new.split(".")[0], parents):
            why.append(f"{e.file}:{e.line}: {e.new.split('.')[0]!r} is not bound there")
            continue
        targets[node] = e.new
        e.done = True

    class Swap(cst.CSTTransformer):
        def on_leave(self, original, updated):
            new = targets.get(original)
            if new is None:
                return updated
            if _is_int(original) and new.isdigit():
                return updated.with_changes(value=new)
            return _expr(new, updated)

    return wrapper.module.visit(Swap()), why


def _expr(text: str, old):
    import libcst as cst

    e = cst.parse_expression(text)
    return e.with_changes(lpar=old.lpar, rpar=old.rpar) if hasattr(old, "lpar") else e


def _is_int(node) -> bool:
    import libcst as cst

    return isinstance(node, cst.Integer)


def _literal_value(node) -> object:
    import libcst as cst

    if isinstance(node, (cst.Integer, cst.Float)):
        try:
            return node.evaluated_value
        except ValueError:
            return None
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        v = _literal_value(node.expression)
        return -v if isinstance(v, (int, float)) else None
    if isinstance(node, cst.SimpleString):
        return node.evaluated_value
    if isinstance(node, cst.Name) and node.value in ("True", "False", "None"):
        return {"True": True, "False": False, "None": None}[node.value]
    return None


def _find_literal(e: Edit, pos, parents):
    """The literal node the edit rewrites."""
    import libcst as cst

    if e.kind == "literal":
        best = None
        for node, p in pos.items():
            if p.start.line != e.line or _literal_value(node) != e.old or isinstance(node, bool):
                continue
            if not isinstance(
                node, (cst.Integer, cst.Float, cst.UnaryOperation, cst.SimpleString, cst.Name)
            ):
                continue
            if e.column is None or p.start.column + 1 == e.column:
                return node
            best = best or node
        return best
    # heads: the call on the line, then its argument, a parameter default or a local literal
    for node, p in pos.items():
        if p.start.line != e.line or not isinstance(node, cst.Call):
            continue
        for arg in node.args:
            if _literal_value(arg.value) == e.old and isinstance(arg.value, cst.Integer):
                if arg.keyword is None or "head" in arg.keyword.value:
                    return arg.value
            if isinstance(arg.value, cst.Name) and "head" in arg.value.value:
                found = _bound_literal(node, arg.value.value, e.old, parents)
                if found is not None:
                    return found
    return None


def _enclosing_function(node, parents):
    import libcst as cst

    while node is not None and not isinstance(node, cst.FunctionDef):
        node = parents.get(node)
    return node


def _bound_literal(call, name: str, value, parents):
    """The integer literal ``name`` holds in the function around ``call``: a parameter
    default, or a plain assignment in its body."""
    import libcst as cst

    fn = _enclosing_function(call, parents)
    if fn is None:
        return None
    for param in [*fn.params.params, *fn.params.kwonly_params]:
        if param.name.value == name and param.default is not None:
            d = param.default
            return d if isinstance(d, cst.Integer) and _literal_value(d) == value else None
    found = []

    class Assigns(cst.CSTVisitor):
        def visit_Assign(self, node):
            for t in node.targets:
                if isinstance(t.target, cst.Name) and t.target.value == name:
                    found.append(node.value)

    fn.body.visit(Assigns())
    if len(found) == 1 and isinstance(found[0], cst.Integer) and _literal_value(found[0]) == value:
        return found[0]
    return None


def _name_bound(node, name: str, parents) -> bool:
    """``name`` is a parameter of the enclosing function (``config``, ``self``) or assigned in
    it; a fork that renamed ``config`` to ``cfg`` gets no edit it could not run."""
    import libcst as cst

    fn = _enclosing_function(node, parents)
    if fn is None:
        return False
    params = fn.params
    names = {p.name.value for p in [*params.params, *params.kwonly_params, *params.posonly_params]}
    if name in names:
        return True
    found = []

    class Assigns(cst.CSTVisitor):
        def visit_AssignTarget(self, t):
            if isinstance(t.target, cst.Name) and t.target.value == name:
                found.append(t)

    fn.body.visit(Assigns())
    return bool(found)


# ---------------------------------------------------------------- ignore comments
_COMMENT = re.compile(r"#\s*driftcheck:\s*ignore(?:\[([^\]]*)\])?", re.IGNORECASE)


def add_ignores(findings: list[Finding], hashes: dict[str, str] | None = None) -> int:
    """Write ``# driftcheck: ignore[ID]`` on the code line of every finding that has one (a
    Python file or a ``#``-comment manifest); returns the number of lines changed. A line that
    ends inside a multi-line string gets nothing (a comment there would change the string)."""
    wanted: dict[str, dict[int, set[str]]] = {}
    for f in findings:  # every code line: a finding merged over models has one per model
        for loc in f.locations:
            if loc.file and loc.line and loc.file.endswith(".py") and Path(loc.file).is_file():
                wanted.setdefault(loc.file, {}).setdefault(loc.line, set()).add(f.check_id)
    changed = 0
    for file, lines in wanted.items():
        path = Path(file)
        data = safeio.read_bytes(path) if hashes is None else _check_unchanged(file, hashes)
        text = data.decode("utf-8")
        inside = _lines_inside_strings(text)
        rows = text.splitlines(True)
        for line, ids in lines.items():
            if line > len(rows) or line in inside:
                continue
            row = rows[line - 1]
            body = row.rstrip("\r\n")
            end = row[len(body) :]
            m = _COMMENT.search(body)
            if m is not None and m.group(1) is None:
                continue  # already ignores everything
            if m is not None:
                have = [x.strip() for x in m.group(1).split(",") if x.strip()]
                merged = have + sorted(i for i in ids if i.lower() not in {h.lower() for h in have})
                body = (
                    body[: m.start()]
                    + f"# driftcheck: ignore[{', '.join(merged)}]"
                    + body[m.end() :]
                )
            else:
                body = f"{body}  # driftcheck: ignore[{', '.join(sorted(ids))}]"
            if body + end != row:
                rows[line - 1] = body + end
                changed += 1
        new = "".join(rows)
        if new != text:
            path.write_bytes(new.encode("utf-8"))
    return changed


def _lines_inside_strings(text: str) -> set[int]:
    """Lines whose end lies inside a multi-line string token."""
    out: set[int] = set()
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.STRING and tok.end[0] > tok.start[0]:
                out.update(range(tok.start[0], tok.end[0]))
    except (tokenize.TokenError, SyntaxError):
        pass
    return out
