"""The speed layer: every memo, cache, fast path and GC pause, owned by one object.

Nothing here changes a result: each mechanism only saves time, and each can be turned off on
its own (``tests/test_speed.py`` proves a corpus sample's graphs byte-identical with every
mechanism off, and with each one off alone; ``benchmarks/bench_speed_off.py`` runs the larger
sweep). docs/parser.md "Speed" has the table of mechanisms and their switches.

A ``Speed`` is built once -- from the environment (``Speed.from_env``), from a caller's
choice (the CLI passes ``template=False``), or by hand in a test -- and the analysis is given
it: ``parse_source(..., speed=)`` and ``load_config_graph(..., speed=)`` take one, the
interpreter keeps it as ``Interp.speed`` and asks it at each mechanism. The graph layer is
given it through ``Prepared(graph, speed)`` (``infer_shapes``, ``count_params``, ``estimate``
and the verifier's ``Context`` take ``speed=``); the verifier's and the gym's memos read the
run's. A caller that passes none gets ``current()``: the ``Speed`` the enclosing command put in
force with ``use()``, else one built from the environment. The template trace is no global
either: ``symbolic.symbolize`` gives every traced number its ``Trace`` (as a ``torch.fx`` proxy
carries its tracer), and the interpreter finds the trace on the config it was handed.

The stores (``Stores``) are the process's memory of past work: the template store, the
in-memory result cache, the syntax-tree cache and the graph layer's memo tables. A ``Speed``
holds them; every ``Speed`` built from the environment shares the process's one ``Stores``,
so switching a mechanism off for one call does not forget what the others learned. A test
that wants a clean slate passes ``Speed(stores=Stores())``.
"""

from __future__ import annotations

import atexit
import gc
import os
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, fields, replace
from typing import Any


class SizedDict(OrderedDict):
    """An ordered table with the running size of what it holds (``nodes``, kept by its owner);
    ``clear`` zeroes it with the table."""

    nodes = 0

    def clear(self) -> None:
        super().clear()
        self.nodes = 0


# No __eq__ or __repr__ is generated: a Stores is never compared or printed (``Speed`` leaves
# it out of both), and building those two methods for 35 fields was ~1 ms of every process.
@dataclass(eq=False, repr=False)
class Stores:
    """What the mechanisms remember in this process (each bounded where it is used)."""

    # parsers/cache.py: in-memory layer of the result cache; files read while recording;
    # stamps of tables memoised for the process (every later result depends on them)
    results: dict = field(default_factory=dict)
    recorders: list = field(default_factory=list)
    sticky: dict = field(default_factory=dict)
    # parsers/template.py: (file, class, display, version, config shape) -> templates
    templates: dict = field(default_factory=dict)
    template_stats: dict = field(
        default_factory=lambda: {"hits": 0, "misses": 0, "traced": 0, "kept": 0, "rejected": 0}
    )
    # parsers/source/loader.py: (path, content hash) -> parsed module
    ast: dict = field(default_factory=dict)
    # parsers/source/importcheck.py: (module, its file) -> the names it defines
    module_names: dict = field(default_factory=dict)
    # parsers/hf_types.py: config class -> declared field types; annotation -> parsed type
    declared: dict = field(default_factory=dict)
    annotations: dict = field(default_factory=dict)
    # graph/catalogue: layer spec by name; graph/prepared.py: layer and block specs
    catalogue: dict = field(default_factory=dict)
    layer_specs: dict = field(default_factory=dict)
    block_specs: dict = field(default_factory=dict)
    # graph/params_keys.py: repr -> canonical key; slow key -> key; marshal bytes -> key
    key_canon: dict = field(default_factory=dict)
    key_text: dict = field(default_factory=dict)
    key_bytes: dict = field(default_factory=dict)
    # graph/shapes.py: (layer, params key) -> bound params; (type, key, shapes) -> verdict
    bind: dict = field(default_factory=dict)
    rules: dict = field(default_factory=dict)
    # graph/cost.py, graph/cost_counts.py, graph/counting.py, graph/match/canon.py
    prices: dict = field(default_factory=dict)
    counts: dict = field(default_factory=dict)
    weights: dict = field(default_factory=dict)
    weightless: dict = field(default_factory=dict)
    resolved: dict = field(default_factory=dict)
    # verifier/context.py: (judge's memo token, type, params key) -> verdict;
    # verifier/runner.py: (check order, node types, facts) -> checks whose gates pass
    verdicts: dict = field(default_factory=dict)
    gates: dict = field(default_factory=dict)
    check_structure: dict = field(default_factory=dict)
    check_locals: dict = field(default_factory=dict)
    # gym (driftcheck_gym): grades by content and by plan (grade.py), graphs by config digest
    # (hf.py), translations by content (vocab.py), edges by (src, dst, index) (state.py)
    gym_grades: OrderedDict = field(default_factory=OrderedDict)
    gym_plans: OrderedDict = field(default_factory=OrderedDict)
    gym_graphs: OrderedDict = field(default_factory=OrderedDict)
    gym_vocab: dict = field(default_factory=dict)
    gym_edges: dict = field(default_factory=dict)
    # gym state.py: (names, types, connections) -> ends and on-path names; -> edges, outputs
    gym_paths: dict = field(default_factory=dict)
    gym_wiring: dict = field(default_factory=dict)
    # gym state.py: (type, flat params) -> (catalogue type, params, whether a node may skip
    # validation)
    gym_nodes: dict = field(default_factory=dict)
    # gym grade.py: a model's analyses (typed graph, context, report) by its exact content,
    # shared across grades and tasks, bounded by the nodes they hold
    gym_analyses: SizedDict = field(default_factory=SizedDict)
    # graph/skeleton.py: (ids, types, edge identities) -> the structure's derived tables
    skeletons: dict = field(default_factory=dict)
    # gym grade.py: wiring -> (skeleton, the input-to-output path's types)
    gym_on: dict = field(default_factory=dict)

    def clear(self) -> None:
        """Forget everything (the template statistics are zeroed)."""
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name == "template_stats":
                for k in v:
                    v[k] = 0
            elif f.name != "recorders":  # a recording in progress keeps its list
                v.clear()


STORES = Stores()
"""The process's stores: shared by every ``Speed`` that is not given its own."""


@dataclass(frozen=True)
class Speed:
    """One switch per mechanism (True: on) and the stores they use. See docs/parser.md."""

    result_cache: bool = True  # parsers/cache.py: graphs by content key, memory and disk
    derived: bool = True  # parsers/derived.py: tables from transformers' sources, on disk
    template: bool = True  # parsers/template.py: config-parametric graphs (symbolic trace)
    layer_memo: bool = True  # parsers/source/speed/memo.py: one interpretation per construction
    propmemo: bool = True  # parsers/source/speed/propmemo.py: config property results
    fastpath: bool = True  # parsers/source/speed/fastpath.py: compiled plain-value statements
    ast_cache: bool = True  # parsers/source/loader.py: parsed syntax trees by content
    gc_pause: bool = True  # parsers/source/speed/gcpause.py: cyclic GC off during an analysis
    lazy_values: bool = True  # parsers/source/library/tensorvalues.py: values on first read
    attr_scans: bool = True  # forward/dataflow_attrs.py, dataflow_window.py, interp/selfmodule.py:
    # a file's (a function's) syntax scans once; dataflow_eval.py: norm-eps scans per function
    field_types: bool = True  # parsers/hf_types.py: config classes' declared field types
    catalogue: bool = True  # graph/catalogue, graph/prepared.py: spec lookups by name
    params_keys: bool = True  # graph/params_keys.py: canonical params keys (interned text)
    bind: bool = True  # graph/shapes.py: catalogue binding of params (``_BIND``)
    shape_rules: bool = True  # graph/shapes.py: shape-rule verdicts across runs
    prices: bool = True  # graph/cost.py: MACs and activation bytes per layer
    counts: bool = True  # graph/cost_counts.py, graph/counting.py: weights per layer
    canon: bool = True  # graph/match/canon.py: resolved (type, bound params) per leaf
    verdicts: bool = True  # verifier/context.py: a check's verdict per (type, params key)
    check_gates: bool = True  # verifier/runner.py: checks whose type and fact gates pass
    check_structure: bool = True  # verifier/runner.py: structural checks' hits by structure
    check_local_pass: bool = True  # verifier/runner.py: the layer-local checks in one pass
    check_plan: bool = True  # verifier/runner.py: a structure's run list without silent checks
    verify_gc_pause: bool = True  # verifier/runner.py: cyclic GC off during a verify run
    verify_lean: bool = True  # verifier/, graph/cost*.py: lean per-graph paths (no memo)
    gym_grades: bool = True  # gym grade.py: grades by content and by plan
    gym_fast: bool = True  # gym grade.py: requirements read the verifier run's analyses
    gym_gc_pause: bool = True  # gym grade.py: cyclic GC off during a grade
    gym_gc_freeze: bool = True  # gym grade.py: what lives after the first grades is frozen
    gym_graphs: bool = True  # gym hf.py: graphs built from configs, by config digest
    gym_vocab: bool = True  # gym vocab.py: translations by content
    gym_edges: bool = True  # gym state.py: edges by (src, dst, index)
    gym_lean_graph: bool = True  # gym state.py: typed graphs built without pydantic validation
    cli_gc: bool = True  # cli.py, gcpause.py: a CLI command runs with the collector off
    cli_no_plugin_scan: bool = True  # cli.py: pydantic's plugin scan skipped in a CLI command
    cli_gc_handback: bool = True  # speed.py: the collector given back without a young pass
    lean_models: bool = True  # lean.py: driftcheck's models without pydantic (read at import)
    lazy_groups: bool = True  # library/registry.py: a group module loaded at its first name
    verify_template: bool = True  # graph/skeleton.py, verifier: a structure's tables, once
    batch_stores: bool = True  # commands/check.py: the paths of one command share the stores
    spec_no_import: bool = True  # parsers/source/loader.py: setuptools' distutils shim not run
    tree_memos: bool = True  # parsers/source/interp, library, forward: syntax scans of the
    # analysed code kept on its tree (a module's, a class's, a function's node), read again
    test_order: bool = True  # forward/dataflow_eval.py, interp/globalstmt.py: cheap tests first
    # (a global's value before the norm-eps walks; exact node classes before an isinstance chain)
    ran_files_check: bool = True  # parsers/cache.py: before a store, only the files that can
    # have run (driftcheck's imported modules, its data files) are checked against the start
    cli_stack_chunk: bool = True  # cli.py: the command runs in one big CPython data-stack
    # chunk (``one_chunk``: no 16 KiB chunk mmap/munmap at a hot call depth, CPython gh-142183)
    stores: Stores = field(default_factory=lambda: STORES, compare=False, repr=False)

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """The mechanisms, in table order."""
        return tuple(f.name for f in fields(cls) if f.name != "stores")

    @classmethod
    def from_env(cls, env: Any = None, **choice: bool) -> Speed:
        """The switches the environment sets (docs/parser.md "Speed"), then ``choice``
        (a caller's own setting, such as the CLI's ``template=False``) for the mechanisms the
        environment leaves alone. An unknown name in ``DRIFTCHECK_SPEED_OFF`` is an error."""
        env = os.environ if env is None else env
        on: dict[str, bool] = dict(choice)
        if _truthy(env.get("DRIFTCHECK_NO_CACHE", "")):
            on["result_cache"] = on["derived"] = False
        if env.get("DRIFTCHECK_TEMPLATE") is not None:
            on["template"] = env["DRIFTCHECK_TEMPLATE"] != "0"
        if env.get("DRIFTCHECK_MEMO", "1") == "0":
            on["layer_memo"] = on["propmemo"] = False
        if env.get("DRIFTCHECK_VERIFY_NO_MEMO", "") not in ("", "0"):
            on["verdicts"] = on["check_gates"] = False
            on["check_structure"] = on["check_local_pass"] = on["check_plan"] = False
        if env.get("DRIFTCHECK_GYM_NO_MEMO", "") not in ("", "0"):
            for name in ("gym_grades", "gym_graphs", "gym_vocab", "gym_edges"):
                on[name] = False
        if env.get("DRIFTCHECK_GYM_NO_FAST", "") not in ("", "0"):
            on["gym_fast"] = on["gym_lean_graph"] = False
        if env.get("DRIFTCHECK_GYM_NO_GC_PAUSE", "") not in ("", "0"):
            on["gym_gc_pause"] = False
        for name in parse_off(env.get("DRIFTCHECK_SPEED_OFF", "")):
            on[name] = False
        return cls(**on)

    @classmethod
    def all_off(cls, stores: Stores | None = None) -> Speed:
        return cls(**dict.fromkeys(cls.names(), False), stores=stores or Stores())

    def without(self, *names: str) -> Speed:
        """This speed with ``names`` turned off."""
        return replace(self, **dict.fromkeys(names, False))


def tree_memos() -> bool:
    """Whether the ``tree_memos`` mechanism is on for the analysis in force: a syntax scan of
    the analysed code is kept on the node it scanned (off: scanned at every ask, and nothing
    stored is read)."""
    return current().tree_memos


# CPython 3.11 keeps a thread's frames in 16 KiB chunks and frees a chunk as soon as the frame
# at its start returns (gh-142183, fixed in 3.13.x / 3.14 by caching one chunk): a loop that
# calls at exactly a chunk boundary pays an mmap and a munmap per call. Where that boundary
# falls moves with every frame size on the path, so one session's unrelated change put the
# boundary under a hot call on some files (diffusers/unet2d_condition_config: 168,360 chunk
# mmaps and 1.3 s of system CPU in a 3.5 s run; 1,913 before). A frame that reserves
# ONE_CHUNK_SLOTS stack slots (never touched: the pages are not resident) makes CPython
# allocate one chunk big enough for it, and every frame the command pushes afterwards lies in
# that chunk's remainder, about 0.9 MiB, deeper than the recursion limit reaches.
ONE_CHUNK_SLOTS = 140_000


def one_chunk(fn: Any) -> Any:
    """``fn`` with its code's stack size raised by ``ONE_CHUNK_SLOTS`` (same body, globals,
    defaults and name; one frame deep as before); ``fn`` itself where the interpreter's code
    objects have no ``replace`` or refuse the size."""
    import types

    try:
        code = fn.__code__.replace(co_stacksize=fn.__code__.co_stacksize + ONE_CHUNK_SLOTS)
        big = types.FunctionType(code, fn.__globals__, fn.__name__, fn.__defaults__, fn.__closure__)
    except (AttributeError, TypeError, ValueError):
        return fn
    big.__kwdefaults__ = fn.__kwdefaults__
    big.__qualname__ = fn.__qualname__
    return big


def switched_off(name: str, env: Any = None) -> bool:
    """Whether ``DRIFTCHECK_SPEED_OFF`` names ``name`` (or ``all``), read leniently: for a
    switch asked before a command runs (``cli.main``); a misspelt name is still exit 2, when
    the command builds its ``Speed``."""
    env = os.environ if env is None else env
    text = env.get("DRIFTCHECK_SPEED_OFF", "")
    names = {n.strip() for n in text.replace(";", ",").split(",")}
    return name in names or "all" in names


def _truthy(v: str) -> bool:
    return v.lower() in ("1", "true", "yes", "on")


def parse_off(text: str) -> list[str]:
    """The mechanisms a ``DRIFTCHECK_SPEED_OFF`` value names (``all``: every one)."""
    names = [n.strip() for n in text.replace(";", ",").split(",") if n.strip()]
    if "all" in names:
        return list(Speed.names())
    bad = [n for n in names if n not in Speed.names()]
    if bad:
        from driftcheck.errors import DriftcheckError

        raise DriftcheckError(
            f"no speed mechanism {bad[0]!r} (known: all, {', '.join(Speed.names())})",
            "DRIFTCHECK_SPEED_OFF",
        )
    return names


_ACTIVE: ContextVar[Speed | None] = ContextVar("driftcheck_speed", default=None)
_ENV_KEYS = (
    "DRIFTCHECK_NO_CACHE",
    "DRIFTCHECK_TEMPLATE",
    "DRIFTCHECK_MEMO",
    "DRIFTCHECK_SPEED_OFF",
    "DRIFTCHECK_VERIFY_NO_MEMO",
    "DRIFTCHECK_GYM_NO_MEMO",
    "DRIFTCHECK_GYM_NO_FAST",
    "DRIFTCHECK_GYM_NO_GC_PAUSE",
)
try:  # the environment's own table, keyed as it stores keys: a lookup without encoding
    _ENV_DATA: Any = os.environ._data  # type: ignore[attr-defined]
    _KEYS = tuple(os.environ.encodekey(k) for k in _ENV_KEYS)  # type: ignore[attr-defined]
except AttributeError:  # another mapping stands for the environment: ask it
    _ENV_DATA = os.environ
    _KEYS = _ENV_KEYS
_from_env: list[Any] = [(), None]  # the switches' values, then their Speed


def current() -> Speed:
    """The ``Speed`` in force: the one ``use()`` set, else the environment's, built again when
    one of its switches changed (the graph layer asks per graph, through ``Prepared``: eight
    lookups, compared by identity first, as an unchanged environment hands back the same
    value objects)."""
    sp = _ACTIVE.get()
    if sp is not None:
        return sp
    c = _from_env
    now = tuple(map(_ENV_DATA.get, _KEYS))
    if now == c[0]:
        return c[1]
    c[1] = Speed.from_env()
    c[0] = now
    return c[1]


@contextmanager
def use(speed: Speed | None) -> Iterator[Speed]:
    """Put ``speed`` in force for the block (None: keep the one in force)."""
    if speed is None:
        yield current()
        return
    token = _ACTIVE.set(speed)
    try:
        yield speed
    finally:
        _ACTIVE.reset(token)


# CLI commands running in this process with ``cli_gc`` on (parsers/source/speed/gcpause.py
# skips its collection after an analysis while one runs); whether ``gc.freeze`` is registered
CLI_PROCESS = [0, False]
_cli_lock = threading.Lock()


@contextmanager
def cli_process(on: bool = True, handback: bool = True) -> Iterator[None]:
    """Run one CLI command with the cyclic collector off and no collection after its analyses;
    what is alive at exit is frozen so the interpreter's last pass does not walk it (why:
    ``parsers/source/speed/gcpause.py``). ``on=False`` (``DRIFTCHECK_SPEED_OFF=cli_gc``): the
    command runs as it is. The collector is back on when the command returns if it was on
    (a process that runs ``cli.main`` several times, as the tests do, keeps its collector).

    Turning the collector back on (``handback``, the ``cli_gc_handback`` mechanism): with it
    off, the young generation's count grew by every object the command allocated and kept, so
    the first allocation after ``gc.enable`` ran a young collection that walked all of them --
    the very pass ``cli_gc`` exists to skip, paid on the way out (about 4% of a small file's
    ``check`` process). ``gc.freeze`` then ``gc.unfreeze`` moves those objects into the oldest
    generation without walking them (both are list splices) and zeroes the young count; the
    cycles among them wait for the next full collection, as the tenured objects of any run do.
    Skipped when the caller froze objects of its own (``gc.get_freeze_count``): ``unfreeze``
    would give those back too. ``handback=False`` (``DRIFTCHECK_SPEED_OFF=cli_gc_handback``):
    plain ``gc.enable``."""
    if not on:
        yield
        return
    was = gc.isenabled()
    gc.disable()
    with _cli_lock:
        CLI_PROCESS[0] += 1
        if not CLI_PROCESS[1]:
            CLI_PROCESS[1] = True
            atexit.register(gc.freeze)
    try:
        yield
    finally:
        with _cli_lock:
            CLI_PROCESS[0] -= 1
        if was:
            if handback and not gc.get_freeze_count():
                gc.freeze()
                gc.unfreeze()
            gc.enable()


@contextmanager
def pydantic_plugins_skipped(on: bool = True) -> Iterator[None]:
    """Run one CLI command with pydantic's plugins disabled (``PYDANTIC_DISABLE_PLUGINS``, its
    documented switch), unless the environment already says. Building driftcheck's first
    pydantic model otherwise walks the entry points of every installed distribution for
    pydantic plugins (7-18 ms a process with ~350 distributions installed, in every file's
    process of the hook's run); a plugin only observes validation, and driftcheck's models are
    its own. pydantic reads the variable each time it asks and caches nothing when disabled,
    so the variable is removed again when the command returns. ``on=False``
    (``DRIFTCHECK_SPEED_OFF=cli_no_plugin_scan``): as it is."""
    key = "PYDANTIC_DISABLE_PLUGINS"
    if not on or key in os.environ:
        yield
        return
    os.environ[key] = "__all__"
    try:
        yield
    finally:
        os.environ.pop(key, None)


@contextmanager
def per_path() -> Iterator[Speed]:
    """The ``Speed`` one path of a many-path command (``check A B C``: the pre-commit hook's
    and the Action's way) runs under. With ``batch_stores`` on, the one in force: a path reuses
    what earlier paths of the command left in the stores (parsed library modules, catalogue
    bindings, verdicts), each keyed by content, so it answers as it would alone and pays less.
    Off (``DRIFTCHECK_SPEED_OFF=batch_stores``): the same switches with a fresh ``Stores``, so
    nothing an earlier path stored is seen (``tests/test_hook_batch.py``: each file's answer
    in a batch is byte-identical to its own run's, on, off and with every mechanism off)."""
    sp = current()
    if sp.batch_stores:
        yield sp
        return
    with use(replace(sp, stores=Stores())) as fresh:
        yield fresh
