"""Drive one analysis: parse files, pick the root class, interpret it, build the graph."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

from driftcheck.errors import DriftcheckError, NoModel
from driftcheck.graph.model import Graph, Origin
from driftcheck.parsers.source.interp import globalsat, postbuild, selfmodule
from driftcheck.parsers.source.interp.statements import Frame, Raised
from driftcheck.parsers.source.library import lazylayers
from driftcheck.parsers.source.library.machine import Interp
from driftcheck.parsers.source.loader import (
    Finder,
    ModInfo,
    binds,
    module_name_for,
    parse_file,
    unparse,
)
from driftcheck.parsers.source.output.builder import Builder, apply_hf_ties
from driftcheck.parsers.source.speed import symbolic
from driftcheck.parsers.source.speed.symbolic import resource
from driftcheck.parsers.source.values.abstract import (
    Budget,
    Cls,
    Config,
    Leaf,
    Obj,
    Unknown,
    plain,
)
from driftcheck.speed import Speed
from driftcheck.toplevel import inner

CONFIG_PARAMS = ("config", "cfg", "conf", "args", "hparams", "params", "model_config", "opt")


def analyze(
    p: Path, entry: str | None, config: dict | None, config_path: str | None, speed: Speed
) -> Graph:
    from driftcheck.parsers.source import source_files

    # a config whose numbers carry a template trace (symbolic.symbolize): interpreted under it
    trace = symbolic.trace_of(config) if config is not None else None
    store: dict = speed.stores.ast if speed.ast_cache else {}
    files = source_files(p)
    roots: list[Path] = []
    mods: list[ModInfo] = []
    for f in files:
        name, root = module_name_for(f)
        if root not in roots:
            roots.append(root)
        mods.append(parse_file(f, name, store))
    if p.is_dir() and p.resolve() not in roots:
        roots.append(p.resolve())
    interp = Interp(Finder(roots + [f.parent.resolve() for f in files[:1]]), speed, trace)
    interp.ast_store = store
    interp.program_mods = mods  # the environment the libraries read (library/environ.py)
    try:
        return interpret(interp, mods, p, entry, config, config_path, trace)
    finally:
        interp.close()  # frees the analysis's state by reference counting (machine.py)


def interpret(
    interp: Interp,
    mods: list[ModInfo],
    p: Path,
    entry: str | None,
    config: dict | None,
    config_path: str | None,
    trace: Any,
) -> Graph:
    """The graph of the model ``mods`` define, built by ``interp`` (``analyze``'s work once
    the files are parsed)."""
    for m in mods:
        interp.names.add_module(m)
    built = None if entry or config is not None else module_root(interp, mods, p)
    if built is not None:
        root, name, qual = built
    else:
        cls = pick_root(interp, mods, entry, p)
        name, qual = cls.name, cls.qual
        raised = False
        try:
            args, kwargs = root_args(interp, cls, config, config_path)
            root = interp.memo.instantiate(cls, args, kwargs, (cls.mod.path, cls.node.lineno))
        except Budget as e:
            # a bound hit while building the root (loop, steps, time, depth): the model is an
            # honest unknown with the bound and the class's file:line, never the run a failure
            root, raised = _stopped_leaf(interp, cls.mod.path, cls.node.lineno, str(e)), True
        except RecursionError:
            # Python's own stack ran out reading the code: the same
            why = "code nested too deeply to follow"
            root, raised = _stopped_leaf(interp, cls.mod.path, cls.node.lineno, why), True
        except Raised as e:
            if not e.sure:
                # it left a ``with`` block whose manager may swallow it (an ``__exit__`` whose
                # answer is not known): whether construction goes on is not known statically
                why = e.doubt or (
                    f"`raise {e.what}` at line {e.line} inside a with block that may swallow it"
                )
                root, raised = _stopped_leaf(interp, cls.mod.path, cls.node.lineno, why), True
            elif not own_raise(interp, mods, e, f"{cls.name}(...)"):
                raise DriftcheckError(
                    f"{cls.name}.__init__ would raise {e.what} (line {e.line}) with this config",
                    f"{e.path or cls.mod.path}:{e.line}",
                ) from None
            else:
                root, raised = _raised_leaf(cls.mod.path, cls.node.lineno, e), True
        if not isinstance(root, Obj) and not raised:
            raise DriftcheckError(f"{cls.name} did not build a module", str(p))
    graph = Graph(name=name, origin=Origin(kind="source", path=str(p), detail=qual))
    apply_hf_ties(root, interp)
    from driftcheck.parsers.source.output.functemplate import adopt_templates

    adopt_templates(root, interp)  # ``functional_call(self.template, weights, ...)``
    from driftcheck.parsers.source.output.raw_layers import type_raw_layers, type_raw_params

    if isinstance(root, Obj):  # a root the code does not build is an Unknown leaf
        type_raw_layers(root, interp)
    b = Builder(graph, trace)
    try:
        b.add(root, "root", "", None)
    except OverflowError as e:
        # past the graph's node bound (builder.MAX_NODES): the tree is not kept, the model is
        # an honest unknown whose note names the bound (never a failure of the run)
        graph = Graph(name=name, origin=Origin(kind="source", path=str(p), detail=qual))
        b = Builder(graph, trace)
        b.add(_stopped_leaf(interp, Path(str(p)), 1, str(e)), "root", "", None)
    b.resolve_ties()
    add_failures(graph, interp, mods)
    graph.invalidate()
    from driftcheck.parsers.source.forward.edges import add_edges
    from driftcheck.parsers.source.output.model_facts import fed_vocab, record_facts
    from driftcheck.parsers.source.output.value_uses import record_uses

    record_facts(graph, b, interp)
    try:
        add_edges(graph, b, interp)
    except Budget as e:
        graph.notes.append(f"forward pass not followed: {e}")
    except Exception as e:  # noqa: BLE001 - edges are extra; the module tree stands without them
        graph.notes.append(f"forward pass not followed ({type(e).__name__}: {e})")
    # after the forward pass: a rotary base raised to a tensor in ``forward`` is a use too
    record_uses(
        graph, root, trace is not None, interp.power_bases.values(), interp.value_uses.values()
    )
    if type_raw_params(graph, b, interp):  # bare parameters that are layers by their uses
        record_facts(graph, b, interp)
    if trace is None:
        # the table the ids are looked up in, once the edges say which; not under a
        # config-parametric trace (its size comparisons refused T5's template: a traced graph
        # is interpreted afresh, untraced, where this could move the fact)
        fed_vocab(graph)
    # not under a config-parametric trace: counting would read its holes (template.py)
    why_unknown = unknown_count_note(graph) if trace is None else None
    if why_unknown:
        graph.notes.insert(0, why_unknown)
    graph.notes.extend(interp.notes[:50])
    # the notes naming a construct the interpreter did not follow, marked where it wrote them
    # (``Statements.unfollowed``): the matcher reads this record, not the notes' wording
    graph.unfollowed.extend(x for x in interp.notes[:50] if x in interp.unfollowed)
    graph.origin.detail = f"{qual}; {sum(interp.files.values())} lines in {len(interp.files)} files"
    return graph


ROOT_NAME = "model"


def mutates(st: ast.stmt, name: str) -> bool:
    """Whether a top-level statement may change the module bound to ``name`` in place: a call
    of one of its methods (``model.append(Block, 64)``, timm's ``model.reset_classifier(10)``,
    ``model.head.grow()``) or a ``del model.fc``. torch counts the model the whole file leaves,
    so such a statement after the last ``model = ...`` runs too (stopping at the binding
    counted the model before the call: a confident wrong total). Also inside a top-level
    ``with`` / ``if`` / ``try`` block, never the ``__main__`` block's body (``toplevel.inner``)."""
    if isinstance(st, ast.Expr) and isinstance(st.value, ast.Call):
        f = st.value.func
        return isinstance(f, ast.Attribute) and _rooted_at(f.value, name)
    if isinstance(st, ast.Delete):
        return any(
            isinstance(t, (ast.Attribute, ast.Subscript)) and _rooted_at(t, name)
            for t in st.targets
        )
    return any(mutates(x, name) for x in inner(st))


def _rooted_at(e: ast.expr, name: str) -> bool:
    """``model``, ``model.head``, ``model.blocks[0].attn``: an attribute / item chain whose root
    is the name (a call in the chain, ``model.get_head().x``, counts as well)."""
    while isinstance(e, (ast.Attribute, ast.Subscript, ast.Call)):
        e = e.func if isinstance(e, ast.Call) else e.value
    return isinstance(e, ast.Name) and e.id == name


def module_root(interp: Interp, mods: list[ModInfo], p: Path) -> tuple[Any, str, str] | None:
    """The model a user's script builds at module level (``model = timm.create_model(...)``,
    ``model = GPT(GPTConfig(n_layer=2))``): the file's top-level statements run in order, up to
    the last one binding ``model`` or calling one of its methods (``mutates``), as importing
    the file would run them (the ``__main__`` block is skipped: ``__name__`` is the module's
    name). None when the file binds no ``model``
    (the root class is picked instead). A ``model`` whose value is not a module we can see is
    an honest unknown: one ``Unknown`` root, its note naming the statement and file:line."""
    if not p.is_file() or len(mods) != 1:
        return None
    m = mods[0]
    body = m.tree.body
    last = max((i for i, st in enumerate(body) if binds(st, ROOT_NAME)), default=None)
    if last is None:
        return None
    last = max((i for i in range(last + 1, len(body)) if mutates(body[i], ROOT_NAME)), default=last)
    # statements after that which hand the model to other code (postbuild.py): run watched
    end = postbuild.reach(body, last, ROOT_NAME)
    ns = interp.globals.setdefault(id(m), {})
    # its top-level calls run below, in order: never again, ahead of time (selfmodule.run_once)
    selfmodule.mark_run(interp, m)
    fr = Frame(m)
    fr.locals = ns  # module-level code: its locals are the module's globals
    where = f"{m.path}:{body[last].lineno}"
    try:
        for i, st in enumerate(body[: end + 1]):
            globalsat.run_in_order(interp, m, st.lineno, body[end].lineno)
            if i > last:
                where = f"{m.path}:{st.lineno}"
                with postbuild.Watch(interp) as watch:
                    interp.stmts.exec_stmt(st, fr)
                if watch.why is not None:
                    why = f"code it was handed to not followed: {watch.why}"
                    return unknown_root(interp, m, st, where, why)
                continue
            if isinstance(st, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                if m.defs.get(st.name) is st:
                    ns.pop(st.name, None)
                    interp.names.global_lookup(m, st.name)
                else:
                    interp.stmts.exec_stmt(st, fr)
                apply_user_decorators(interp, st, fr)
                continue
            interp.stmts.exec_stmt(st, fr)
    except Budget as e:
        # a bound hit on the way to ``model`` (calls nested past the depth budget, a loop past
        # its iteration bound, the step or time budget): the model is unknown, with the bound
        # and the statement, never the run a failure (exit 2 lost the file's other findings)
        return unknown_root(interp, m, body[last], where, f"analysis stopped: {e}")
    except RecursionError:
        # Python's own stack ran out reading the code on the way to ``model``: the same
        return unknown_root(
            interp, m, body[last], where, "analysis stopped: code nested too deeply to follow"
        )
    except Raised as e:
        at = f"{e.path or m.path}:{e.line}"
        if own_raise(interp, mods, e, f"building {ROOT_NAME!r}"):
            # the user's own file raises on the path it takes: that is the finding (IMP004)
            leaf = _raised_leaf(m.path, body[last].lineno, e)
            return leaf, ROOT_NAME, f"{ROOT_NAME} (raises {e.what})"
        # a library's ``raise`` reached on our reading of its code: the reading may be wrong
        # (a branch taken on a value we modelled differently), so the model is unknown
        return unknown_root(interp, m, body[last], where, f"`raise {e.what}` reached at {at}")
    v = plain(ns.get(ROOT_NAME))
    if lazylayers.holds_lazy(v):  # what postbuild ran (up to ``end``) is not run again
        run_lazy_calls(interp, body[max(last, end) + 1 :], fr)
    if isinstance(v, Obj) and v.module:
        name = v.cls.name if v.cls is not None else (v.qual or v.kind or ROOT_NAME)
        qual = v.cls.qual if v.cls is not None else (v.qual or name)
        return v, name, f"{ROOT_NAME} = {qual}"
    if isinstance(v, Leaf):
        return v, v.type, f"{ROOT_NAME} = {v.torch or v.type}"
    why = v.why if isinstance(v, Unknown) else f"a {type(v).__name__}, not a module"
    return unknown_root(interp, m, body[last], where, why)


def calls_model(st: ast.stmt, name: str) -> bool:
    """``model(x)`` / ``out = model(x)``, also inside a top-level ``with`` (``torch.no_grad()``)."""
    if isinstance(st, ast.With):
        return any(calls_model(x, name) for x in st.body)
    value = st.value if isinstance(st, (ast.Expr, ast.Assign)) else None
    return (
        isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == name
    )


def run_lazy_calls(interp: Interp, rest: list[ast.stmt], fr: Frame) -> None:
    """A model holding torch lazy layers (library/lazylayers.py) that the file then calls on a
    dummy batch (``model(torch.zeros(2, 9, 128))``): torch materializes the layers on that first
    call, so the statements up to the last such call run too. Anything they raise, or a budget
    they exhaust, leaves the lazy layers as they were: unknown, with their note."""
    last = max((i for i, st in enumerate(rest) if calls_model(st, ROOT_NAME)), default=None)
    if last is None:
        return
    try:
        for st in rest[: last + 1]:
            interp.stmts.exec_stmt(st, fr)
    except (Raised, Budget, RecursionError):
        return


def apply_user_decorators(interp: Interp, st: ast.stmt, fr: Frame) -> None:
    """Run the decorators of a top-level ``def`` / ``class`` that are functions of the analyzed
    code, innermost first, as executing the ``def`` statement would: ``@register_model`` storing
    the function in a module dict, ``@register("name")`` (a decorator factory). The name is bound
    to what the decorator returns. Decorators that are not user functions (``torch.no_grad()``,
    library names) are left as before: the definition itself stays bound."""
    from driftcheck.parsers.source.values.abstract import Func

    decos = getattr(st, "decorator_list", None)
    if not decos:
        return
    name = st.name  # type: ignore[attr-defined]
    v = fr.locals.get(name)
    for d in reversed(decos):
        callee = interp.exprs.eval(d.func if isinstance(d, ast.Call) else d, fr)
        if not isinstance(callee, Func):
            continue
        deco = interp.exprs.eval(d, fr) if isinstance(d, ast.Call) else callee
        if not isinstance(deco, Func):
            continue
        v = interp.calls.call(deco, [v], {}, (str(fr.mod.path), d.lineno))
    fr.locals[name] = v


def unknown_count_note(graph: Graph) -> str | None:
    """When ``params_total`` is null, one note naming the first layer whose size is unknown,
    its file:line and the reason recorded on it (the construct that was not followed)."""
    if graph.params_total() is not None:
        return None
    best = None
    for n in graph.nodes:
        if not n.unresolved and n.type != "Unknown":
            continue
        own = [u for u in n.unresolved if not _inherited(u)] or list(n.unresolved)
        score = (n.type == "Unknown" or any(" " not in u for u in own), bool(own))
        if best is None or score > best[0]:
            best = (score, n, own)
        if score == (True, True):
            break
    if best is None:
        # no attribute marked unresolved, but a layer whose parameters do not make weights
        # (``nn.Linear(d, None)`` from a ``None`` the code passed): name it and its values
        from driftcheck.graph.counting import unresolved_nodes

        bad = unresolved_nodes(graph)
        if not bad:
            return _opaque_root_note(graph)
        n = bad[0]
        where = f"{n.loc.file}:{n.loc.line}" if n.loc is not None else "?"
        odd = [f"{k}={v!r}" for k, v in n.params.items() if v is None] or ["its parameters"]
        what = n.user_class or n.type
        return f"params_total unknown: {n.id} ({what}) at {where}: no weights for {', '.join(odd)}"
    _, n, own = best
    where = f"{n.loc.file}:{n.loc.line}" if n.loc is not None else "?"
    what = n.user_class or n.type
    reason = "; ".join(dict.fromkeys([*own[:2], *n.notes[:1]])) or "size unknown"
    return f"params_total unknown: {n.id} ({what}) at {where}: {reason}"


def _opaque_root_note(graph: Graph) -> str | None:
    """The null of ``counting.opaque_root`` (a root with no layers and no ``forward()`` in the
    analyzed code): named too, never a null with no note -- its layers may be built where the
    analysis did not follow (a method called on a condition, a base class not read)."""
    from driftcheck.graph.counting import opaque_root

    if not opaque_root(graph):
        return None
    n = next((x for x in graph.nodes if x.parent is None and x.type == "Module"), None)
    if n is None:
        return None
    where = f"{n.loc.file}:{n.loc.line}" if n.loc is not None else "?"
    what = n.user_class or n.type
    return (
        f"params_total unknown: {n.id} ({what}) at {where}: no layers found and no forward() in"
        " analyzed code (its layers may be built by code the analysis did not follow)"
    )


def _inherited(u: str) -> bool:
    head, sep, _ = u.partition(": ")
    return bool(sep) and " " not in head


def own_raise(interp: Interp, mods: list[ModInfo], e: Raised, what: str) -> bool:
    """Whether ``e`` is a ``raise`` / failed ``assert`` of the user's own files (those the
    analysis was given, not a library they import), reached on a path the interpreter decided
    (``Raised`` is never raised under an undecided condition): then building the model is the
    user's defect, proven statically, and it is recorded as a construction failure that the
    verifier reports as a blocker (IMP004, exit 1). A library's ``raise`` stays the analysis's
    doubt (our reading of that library may be wrong): an error or an unknown root, as before."""
    from driftcheck.parsers.source.importcheck import ConstructionRaise
    from driftcheck.parsers.source.loader import installed

    if e.path is None or not e.sure:  # a ``with`` manager may have swallowed it
        return False
    at = Path(e.path).resolve()
    if not any(m.path.resolve() == at and not installed(m.path) for m in mods):
        return False
    try:
        text = at.read_text(encoding="utf-8").splitlines()[(e.line or 1) - 1].strip()
    except (OSError, IndexError, UnicodeDecodeError):
        text = ""
    text = text if len(text) <= 100 else text[:97] + "..."
    msg = f"{what} reaches `{text}`" if text else f"{what} raises at line {e.line}"
    interp.failures.append(ConstructionRaise(e.what, msg, str(e.path), e.line or 0, "construction"))
    return True


def _raised_leaf(path: Path, line: int, e: Raised) -> Leaf:
    """The root of a model whose construction raises: unknown (no count), noted."""
    leaf = Leaf("Unknown", {}, (str(path), line), torch=None, unresolved=["type"])
    leaf.notes.append(f"{e.path}:{e.line}: constructing the model raises {e.what}")
    return leaf


def _stopped_leaf(interp: Interp, path: Path, line: int, why: str) -> Leaf:
    """The root of a model whose construction hit one of the analysis's bounds: unknown (no
    count), its note naming the bound and where the root is built."""
    note = f"{path}:{line}: analysis stopped: {why}: the model is not known statically"
    interp.stmts.note(note)
    leaf = Leaf("Unknown", {}, (str(path), line), torch=None, unresolved=["type"])
    leaf.notes.append(note)
    return leaf


def unknown_root(
    interp: Interp, m: ModInfo, st: ast.stmt, where: str, why: str
) -> tuple[Any, str, str]:
    """An honest unknown root: one ``Unknown`` node whose note names the statement, its
    file:line and why (``params_total`` is then null, never a guess)."""
    src = unparse(st)
    src = src if len(src) <= 80 else src[:77] + "..."
    note = f"{where}: {src}: the model is not known statically ({why})"
    interp.stmts.note(note)
    leaf = Leaf("Unknown", {}, (str(m.path), st.lineno), torch=None, unresolved=["type"])
    leaf.notes.append(note)
    return leaf, ROOT_NAME, f"{ROOT_NAME} (unknown)"


def add_failures(graph: Graph, interp: Interp, mods: list[ModInfo]) -> None:
    """What Python would raise importing the analyzed files or constructing the root
    (importcheck.py): one ``Unknown`` node per failure, noted ``raises ...`` at its line, under
    the root. Such a model has no parameter count, so the unknown node makes it None; the
    verifier's IMP checks report each as a blocker."""
    from driftcheck.findings import Location
    from driftcheck.graph.model import Node
    from driftcheck.parsers.source.importcheck import import_failures
    from driftcheck.parsers.source.loader import installed

    # a module that cannot be imported is never constructed: its import failure alone
    # an installed package's files (the transformers corpus) are imported by everyone who
    # uses it: like compile(), only the code under review is judged (loader.installed)
    found = [f for m in mods if not installed(m.path) for f in import_failures(m, interp.finder)]
    mine = [m for m in mods if not installed(m.path)]
    found = found or mro_failures(interp, mine) or interp.failures
    if not found:
        return
    parent = "root" if "root" in graph.index else None
    seen: set[tuple] = set()
    # a failure a layer node of the graph already carries (torch's table on the layer it
    # built: interp/torchchecks_init.place) gets no node of its own
    carried = {x for n in graph.nodes if n.type != "Unknown" for x in n.notes}
    for k, f in enumerate(found, 1):
        if (f.exc, f.message, f.path, f.line) in seen or f.note() in carried:
            continue
        seen.add((f.exc, f.message, f.path, f.line))
        graph.add(
            Node(
                id=f"raises{k}",
                type="Unknown",
                parent=parent,
                loc=Location(file=f.path, line=f.line),
                notes=[f.note()],
                unresolved=["type"],
            )
        )


def mro_failures(interp: Interp, mods: list[ModInfo]) -> list[Any]:
    """Class statements Python refuses for an inconsistent MRO (``class C(A, B)`` where A and
    B order their own bases oppositely): TypeError on import."""
    from driftcheck.parsers.source.importcheck import Failure

    out = []
    for m in mods:
        for name, node in m.defs.items():
            if not isinstance(node, ast.ClassDef) or node not in m.tree.body:
                continue
            v = interp.names.global_lookup(m, name)
            if isinstance(v, Cls):
                v.mro()
                bad = v.ns.get("__mro_conflict__")
                if bad:
                    msg = (
                        "Cannot create a consistent method resolution order (MRO) for bases "
                        + ", ".join(bad)
                    )
                    out.append(Failure("TypeError", msg, str(m.path), node.lineno, "import"))
    return out


def module_classes(interp: Interp, mods: list[ModInfo]) -> list[Cls]:
    out = []
    for m in mods:
        for name, node in m.defs.items():
            if isinstance(node, ast.ClassDef):
                v = interp.names.global_lookup(m, name)
                if isinstance(v, Cls) and interp.classes.is_module_cls(v):
                    out.append(v)
    return out


def pick_root(interp: Interp, mods: list[ModInfo], entry: str | None, p: Path) -> Cls:
    classes = module_classes(interp, mods)
    if entry:
        hits = [c for c in classes if c.name == entry or c.qual == entry]
        if not hits:
            for m in mods:  # a non-Module class can still be asked for by name
                if entry in m.defs and isinstance(m.defs[entry], ast.ClassDef):
                    v = interp.names.global_lookup(m, entry)
                    if isinstance(v, Cls):
                        hits.append(v)
        if not hits:
            names = ", ".join(sorted(c.name for c in classes)) or "none"
            raise DriftcheckError(f"no class {entry!r} (nn.Module classes here: {names})", str(p))
        return hits[0]
    if not classes:
        raise NoModel("no nn.Module subclass found", str(p))
    used: set[str] = set()
    # a class whose name reads as unknown (``_unknown_classes``) still uses the classes its
    # body names: they are parts of the model, not candidate roots
    for name, node in [(c.name, c.node) for c in classes] + _unknown_classes(interp, mods, classes):
        for n in ast.walk(node):
            if isinstance(n, ast.Name) and n.id != name:
                used.add(n.id)
            elif isinstance(n, ast.Attribute):
                used.add(n.attr)
    # helper functions used by classes (conv_bn(...)) use the classes they name, transitively;
    # a module-level main()/build() that only constructs the model does not count
    funcs = {n: d for m in mods for n, d in m.defs.items() if isinstance(d, ast.FunctionDef)}
    impls = _registered_impls(mods)
    todo = [n for n in funcs if n in used]
    seen: set[str] = set()
    while todo:
        f = todo.pop()
        if f in seen:
            continue
        seen.add(f)
        names = {n.id for n in ast.walk(funcs[f]) if isinstance(n, ast.Name)}
        for impl in impls.get(f, ()):  # what ``f`` dispatches to is used when ``f`` is
            names.update(n.id for n in ast.walk(impl) if isinstance(n, ast.Name))
        used.update(names)
        todo.extend(n for n in names if n in funcs)
    top = [c for c in classes if c.name not in used]
    _unknown_top(interp, mods, classes, used, p)
    if len(top) > 1:
        readers = [funcs[g] for g in seen] + [k.node for k in classes]
        top = [c for c in top if not _registered(c, funcs, readers)] or top
    if len(top) > 1:
        top = [c for c in top if not _built_by_name(c, mods)] or top
    if len(top) > 1:
        looked_up = _subclass_lookups(classes, [funcs[f] for f in seen], used)
        top = [
            c for c in top if not any(b.name in looked_up for b in c.bases if isinstance(b, Cls))
        ] or top
    if len(top) == 1:
        return top[0]
    names = sorted(c.name for c in (top or classes))
    raise AmbiguousRoot(names, str(p))


def _unknown_top(
    interp: Interp, mods: list[ModInfo], classes: list[Cls], used: set[str], p: Path
) -> None:
    """A class the module defines whose name reads as unknown (changed at import through
    another name: interp/aliasing.py) and that no other class uses may be the model: picking
    the root among the classes left would compare a part of the model as the whole (the text
    encoder's layer list without its embeddings). Refuse, naming the class and why; an
    honest unknown, not a confident comparison of the wrong class (session 35, unknown35)."""
    for name, node in _unknown_classes(interp, mods, classes):
        if name in used:
            continue
        m = next(m for m in mods if m.defs.get(name) is node)
        why = interp.names.global_lookup(m, name).why or "unknown"
        raise DriftcheckError(
            f"the root class may be {name} ({m.path.name}:{node.lineno}), which reads as "
            f"unknown: {why}; pick a root with --entry",
            str(p),
        )


def _unknown_classes(
    interp: Interp, mods: list[ModInfo], classes: list[Cls]
) -> list[tuple[str, ast.ClassDef]]:
    """The module classes (by their bases, ``_module_base``) whose name reads as unknown."""
    known = {c.name for c in classes}
    out = []
    for m in mods:
        for name, node in m.defs.items():
            if not isinstance(node, ast.ClassDef) or name in known:
                continue
            if not any(_module_base(b, known) for b in node.bases):
                continue
            if isinstance(interp.names.global_lookup(m, name), Unknown):
                out.append((name, node))
    return out


def _module_base(b: ast.expr, known: set[str]) -> bool:
    """A base named like a torch module (``nn.Module``, ``Module``, ``torch.nn.Module``) or a
    class of the analyzed code (a name: it may be one)."""
    if isinstance(b, ast.Attribute):
        return b.attr == "Module"
    return isinstance(b, ast.Name) and (b.id in known or b.id.endswith(("Module", "Model")))


def _subclass_lookups(classes: list[Cls], funcs: list[ast.FunctionDef], used: set[str]) -> set[str]:
    """Names of used classes whose subclasses the code finds by ``X.__subclasses__()`` (a
    plugin lookup, ``cls.__subclasses__()`` inside X's own methods): those subclasses are
    built through the lookup, so they are parts of the model, not candidate roots."""
    out: set[str] = set()
    scopes = [(c.name, c.node) for c in classes] + [(None, f) for f in funcs]
    for owner, scope in scopes:
        for n in ast.walk(scope):
            if isinstance(n, ast.Attribute) and n.attr == "__subclasses__":
                if isinstance(n.value, ast.Name) and n.value.id in ("cls", "self") and owner:
                    out.add(owner)
                elif isinstance(n.value, ast.Name):
                    out.add(n.value.id)
    return {n for n in out if n in used}


def _built_by_name(c: Cls, mods: list[ModInfo]) -> bool:
    """``c`` is registered by a decorator and the code names it in a string outside its own
    body (mmcv / mmengine's ``@MODELS.register_module()`` with ``dict(type="Encoder", ...)``
    resolved by ``build_from_cfg``): another class builds it by that name, so it is a part of
    the model, not a candidate root. A class no string names (the wrapper that builds the
    configured one) stays a candidate."""
    if not c.node.decorator_list:
        return False
    for m in mods:
        for n in ast.walk(m.tree):
            if n is c.node:
                continue
            if isinstance(n, ast.Constant) and n.value == c.name and not _inside(n, c.node):
                return True
    return False


def _inside(n: ast.AST, scope: ast.AST) -> bool:
    """``n`` lies within ``scope``'s source lines (its own body names itself freely)."""
    end = getattr(scope, "end_lineno", None)
    line = getattr(n, "lineno", None)
    return end is not None and line is not None and scope.lineno <= line <= end


def _registered_impls(mods: list[ModInfo]) -> dict[str, list[ast.FunctionDef]]:
    """Top-level functions registered on another by decorator (``@build.register``,
    ``@build.register(AttnSpec)``: a ``functools.singledispatch`` function's
    implementations, often all named ``_`` so that only the last is a module name), by the
    name of the function they register on."""
    out: dict[str, list[ast.FunctionDef]] = {}
    for m in mods:
        for st in m.tree.body:
            if not isinstance(st, ast.FunctionDef):
                continue
            for d in st.decorator_list:
                f = d.func if isinstance(d, ast.Call) else d
                if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name):
                    out.setdefault(f.value.id, []).append(st)
    return out


def _registered(c: Cls, funcs: dict[str, ast.FunctionDef], readers: list[ast.AST]) -> bool:
    """``c`` is built through a registry the model reads: decorated by ``@register("x")``
    whose function stores into a module table (``REGISTRY[name] = cls``) that a function the
    classes use (``build(name)``) or another class (``BLOCKS["rms"](d)`` in a layer's
    ``__init__``) reads; ``readers``: those functions and every class."""
    for d in c.node.decorator_list:
        f = d.func if isinstance(d, ast.Call) else d
        if not isinstance(f, ast.Name) or f.id not in funcs:
            continue
        tables = {
            n.value.id
            for n in ast.walk(funcs[f.id])
            if isinstance(n, ast.Subscript)
            and isinstance(n.ctx, ast.Store)
            and isinstance(n.value, ast.Name)
        }
        for g in readers:
            if g is c.node:
                continue  # its own reads of the table do not build it
            stores = {
                id(n.value)
                for n in ast.walk(g)
                if isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Store)
            }
            if any(
                isinstance(n, ast.Name) and n.id in tables and id(n) not in stores
                for n in ast.walk(g)
            ):
                return True
    return False


class AmbiguousRoot(DriftcheckError):
    """Several top-level nn.Module classes and no entry: callers may analyze each."""

    def __init__(self, candidates: list[str], where: str) -> None:
        super().__init__(
            f"several candidate root classes ({', '.join(candidates)}); pick one with --entry",
            where,
        )
        self.candidates = candidates


def config_class(interp: Interp, cls: Cls, init: Any) -> Cls | None:
    """The config class the root expects: its ``config`` annotation or ``config_class``."""
    if init is not None:
        for a in [*init.node.args.args[1:], *init.node.args.kwonlyargs]:
            if a.arg in CONFIG_PARAMS and a.annotation is not None:
                ann = a.annotation
                if isinstance(ann, ast.Constant) and isinstance(ann.value, str):
                    try:
                        ann = ast.parse(ann.value, mode="eval").body
                    except SyntaxError:
                        continue
                if isinstance(ann, ast.BinOp):  # Foo | None
                    ann = ann.left
                v = interp.exprs.eval(ann, Frame(init.mod))
                if isinstance(v, Cls):
                    return v
    ok, v, _ = interp.classes.mro_attr(cls, "config_class")
    return v if ok and isinstance(v, Cls) else None


def _covers(config: dict, ccls: Cls) -> bool:
    """Every field the plain config class declares (its annotated class attributes, its
    bases' too) is a key of ``config``."""
    fields: set[str] = set()
    for c in ccls.mro():
        node = getattr(c, "node", None)
        if not isinstance(node, ast.ClassDef):
            continue
        for st in node.body:
            if isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name):
                if "ClassVar" not in ast.unparse(st.annotation):
                    fields.add(st.target.id)
    return bool(fields) and fields <= {k for k in config if isinstance(k, str)}


def _none_default(a: ast.arguments, p: ast.arg) -> bool:
    """``p`` has the default ``None`` (the caller is meant to give it)."""
    params = [*a.posonlyargs, *a.args]
    i = params.index(p) - (len(params) - len(a.defaults))
    d = a.defaults[i] if 0 <= i < len(a.defaults) else None
    return isinstance(d, ast.Constant) and d.value is None


def _fills_none(fn: ast.AST, name: str) -> bool:
    """``fn``'s body replaces a ``None`` in parameter ``name`` itself: ``name or ...``,
    ``if name is None:`` / ``... if name is not None else ...``."""
    for node in ast.walk(fn):
        if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):
            first = node.values[0]
            if isinstance(first, ast.Name) and first.id == name:
                return True
        if (
            isinstance(node, ast.Compare)
            and isinstance(node.left, ast.Name)
            and node.left.id == name
            and len(node.ops) == 1
            and isinstance(node.ops[0], (ast.Is, ast.IsNot))
            and isinstance(node.comparators[0], ast.Constant)
            and node.comparators[0].value is None
        ):
            return True
    return False


def root_args(
    interp: Interp, cls: Cls, config: dict | None, config_path: str | None
) -> tuple[list[Any], dict[str, Any]]:
    init, _ = interp.calls.find_init(cls)
    if init is None or not hasattr(init, "node"):
        return [], {}
    a = init.node.args
    params = [*a.posonlyargs, *a.args][1:]
    n_default = len(a.defaults)
    required = params[: len(params) - n_default] if n_default else params
    ccls = config_class(interp, cls, init)
    cfg_val: Any = None
    # a plain config class the config's keys do not cover (QwenSettings(num_layers=...)
    # against ``num_hidden_layers``): bound, it is a mix of the config's values and the
    # class's defaults, a model nobody builds. A parameter defaulting to None then keeps its
    # default: the code's own fallback (``cfg or Settings()``) is the model
    own_default = (
        config is not None
        and ccls is not None
        and not interp.configs.is_config_cls(ccls)
        and not _covers(config, ccls)
    )
    if config is not None and ccls is not None and not interp.configs.is_config_cls(ccls):
        # a plain config class (dataclass, attribute bag): the dict is its keyword arguments
        kw = {k: resource(v, k, config_path, None) for k, v in config.items() if isinstance(k, str)}
        cfg_val = interp.memo.instantiate(ccls, [], kw, (ccls.mod.path, ccls.node.lineno))
    elif config is not None:
        cfg_val = interp.configs.config_from_dict(config, config_path or "<config>", ccls)
    elif ccls is not None:
        if interp.configs.is_config_cls(ccls):
            cfg_val = interp.configs.make_config(ccls, [], {}, (ccls.mod.path, ccls.node.lineno))
        else:
            cfg_val = interp.memo.instantiate(ccls, [], {}, (ccls.mod.path, ccls.node.lineno))
    # a transformers config class given a config: the config is the model (a model whose
    # ``config=None`` fallback needs other arguments, VisionTextDualEncoderModel, raises)
    hf_cfg = config is not None and ccls is not None and interp.configs.is_config_cls(ccls)
    kwargs: dict[str, Any] = {}
    for _i, p in enumerate(params):
        is_cfg = p.arg in CONFIG_PARAMS or (
            p.annotation is not None and "onfig" in ast.unparse(p.annotation)
        )
        # a config binds to what the code leaves to its caller (parameters without a default
        # or defaulting to None); a default is what the code itself says, compared with the
        # config as such
        if (
            is_cfg
            and _none_default(a, p)
            and (
                (_fills_none(init.node, p.arg) and not hf_cfg)
                or (own_default and p not in required)
            )
        ):
            # the code picks its own config when the caller gives none (``config = config
            # or Config.from_name("tiny")``, ``if cfg is None: cfg = Settings()``): that
            # choice is what the code itself says (as a default is), so it stands; neither
            # the config class's defaults nor a given config replace it. Likewise a plain
            # config class the config's keys do not cover keeps the code's fallback
            continue
        if is_cfg and cfg_val is not None and (p in required or _none_default(a, p)):
            kwargs[p.arg] = cfg_val
        elif config is not None and p.arg in config and (p in required or _none_default(a, p)):
            kwargs[p.arg] = resource(config[p.arg], p.arg, config_path, None)
        elif p in required:
            kwargs[p.arg] = Unknown(f"root argument {p.arg}")
            interp.stmts.note(
                f"{cls.name}.__init__ argument {p.arg!r} has no value (pass --config)"
            )
    for p, d in zip(a.kwonlyargs, a.kw_defaults):
        none = d is None or (isinstance(d, ast.Constant) and d.value is None)
        if config is not None and p.arg in config and none:
            kwargs[p.arg] = resource(config[p.arg], p.arg, config_path, None)
    _ = (Config, plain)
    return [], kwargs
