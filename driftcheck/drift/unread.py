"""Claims the code ignores (``unread-config-key``, DRF030), for ``driftcheck compare CODE CONFIG``.

A config key that names an architecture fact (attention heads, KV heads, head width, sliding
window, RoPE theta and scaling, experts and experts per token, shared experts) is a claim about
the model. When the code the config is compared with never reads that key, the claim holds by
accident at best: the config says 64 KV heads and the code builds full attention, and no
comparison of values sees it when the code states no KV heads at all. transformers' own
``utils/check_config_attributes.py`` makes the same check for its models.

Read statically, generously: a key counts as read when its name (or an ``attribute_map`` alias
of it) appears in the code's files as an attribute or a string (``config.x``, ``self.x``,
``getattr(config, "x")``, ``config["x"]``, ``kwargs.get("x")``), or, when the code imports from
transformers, in the transformers modules it imports and in transformers' shared readers
(``modeling_rope_utils``, ``masking_utils``, ``modeling_utils``, ``configuration_utils``).
Code that reads its config by computed names (``getattr(config, name)``, ``config.to_dict()``,
``vars(config)``, ``**config.__dict__``) gets no finding: that is an honest unknown. Only keys
the config *as written* sets to something (not null, false or 0) are claims.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import TYPE_CHECKING, Any

from driftcheck import safeio
from driftcheck.findings import Finding, Location, Severity

if TYPE_CHECKING:
    from driftcheck.drift.sides import CodeSide

KIND = "unread-config-key"
CHECK_ID = "DRF030"
MAX_FILES = 60
MAX_BYTES = 4 * 1024 * 1024

CLAIMS: dict[str, tuple[str, ...]] = {
    "numHeads": ("num_attention_heads", "n_head", "num_heads", "n_heads"),
    "numKvHeads": ("num_key_value_heads", "n_kv_heads", "num_kv_heads", "n_head_kv",
                   "multi_query_group_num"),
    "headDim": ("head_dim",),
    "slidingWindow": ("sliding_window",),
    "ropeTheta": ("rope_theta",),
    "ropeScaling": ("rope_scaling",),
    "numExperts": ("num_local_experts", "num_experts", "n_routed_experts", "moe_num_experts",
                   "n_experts"),
    "numExpertsPerTok": ("num_experts_per_tok", "num_experts_per_token", "moe_top_k", "top_k"),
    "numSharedExperts": ("n_shared_experts", "num_shared_experts"),
}  # fmt: skip
"""Fact -> the config keys that state it (``hf_facts.CANDIDATES``' names for these facts)."""

SHARED_READERS = (
    "modeling_rope_utils.py",
    "masking_utils.py",
    "integrations/sdpa_attention.py",
    "integrations/flash_attention.py",
)
"""transformers files that read architecture keys (RoPE, window) for the models that import
from transformers."""

DYNAMIC = ("to_dict", "to_diff_dict", "__dict__", "items", "keys", "values")


FACTORIES = ("from_config", "AutoModel", "AutoModelForCausalLM", "_from_config")
"""Names of transformers' auto factories: code that hands a sub-config to one builds that part
with another model's code, which this check does not read."""


def claims(config: dict[str, Any], prefix: str = "") -> list[tuple[str, str, Any]]:
    """(fact, key, value) for every architecture claim the config as written makes; a nested
    sub-config's (``text_config``, ``vision_config``) under its dotted key."""
    out = []
    for fact, keys in CLAIMS.items():
        for key in keys:
            value = config.get(key)
            if value is None or value is False or value == 0 or value == {}:
                continue
            if key == "sliding_window" and config.get("use_sliding_window") is False:
                continue
            out.append((fact, prefix + key, value))
    params = config.get("rope_parameters")
    if isinstance(params, dict) and params.get("rope_type", "default") not in ("default", None):
        out.append(("ropeScaling", prefix + "rope_parameters", params))
    if not prefix:
        for sub, nested in config.items():
            if sub.endswith("_config") and isinstance(nested, dict):
                out += claims(nested, f"{sub}.")
    return out


class Reads:
    """The names a body of code may read a config key by."""

    def __init__(self) -> None:
        self.names: set[str] = set()
        self.dynamic = False

    def scan(self, path: Path, text: str, own: bool = True) -> ast.Module | None:
        """Add the names ``text`` may read a key by; ``own``: the code's own file, where a
        computed read makes every claim unknown (a library's generic readers do not)."""
        before = self.dynamic
        from driftcheck.drift.fork_source import parse

        parsed = parse(path, text)  # the source parser's own tree: each file parsed once a run
        if parsed is None:
            self.dynamic = before or own  # a file the check cannot read: no claim is judged
            return None
        tree = parsed[0]
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute):
                self.names.add(node.attr)
                if node.attr in DYNAMIC and _configish(node.value):
                    self.dynamic = True
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                if node.value.isidentifier():
                    self.names.add(node.value)
            elif isinstance(node, ast.Name):
                self.names.add(node.id)
            elif isinstance(node, ast.keyword) and node.arg:
                self.names.add(node.arg)
            elif isinstance(node, ast.arg):
                self.names.add(node.arg)
            elif isinstance(node, ast.Call) and _computed_getattr(node):
                self.dynamic = True
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "vars"
                and node.args
                and _configish(node.args[0])
            ):
                self.dynamic = True
        if not own:
            self.dynamic = before
        return tree


def _configish(node: ast.AST) -> bool:
    if isinstance(node, ast.Name):
        return "config" in node.id
    if isinstance(node, ast.Attribute):
        return "config" in node.attr
    return False


def _computed_getattr(node: ast.Call) -> bool:
    f = node.func
    return (
        isinstance(f, ast.Name)
        and f.id in ("getattr", "hasattr")
        and len(node.args) >= 2
        and _configish(node.args[0])
        and not (isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str))
    )


def code_files(path: str) -> list[Path]:
    p = Path(path)
    if p.is_file():
        return [p]
    if p.is_dir():
        return sorted(f for f in p.rglob("*.py") if ".git" not in f.parts)[:MAX_FILES]
    return []


def _imports(tree: ast.Module, file: Path, pkg: Path | None) -> tuple[list[Path], bool, bool]:
    """(module files the code imports from, whether any is transformers', whether one could
    not be found): absolute ``transformers...`` imports resolve in the installed package,
    relative ones next to the file (a fork inside a transformers tree, a remote-code repo)."""
    files: list[Path] = []
    into_transformers = lost = False
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = file.parent
            for _ in range(node.level - 1):
                base = base.parent
            target = _module_file(base, node.module.split(".") if node.module else [])
            if target is None:
                lost = True
                continue
            files.append(target)
            into_transformers |= "transformers" in target.parts
        elif isinstance(node, (ast.ImportFrom, ast.Import)):
            mods = (
                [node.module] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
            )
            for m in mods:
                if m and m.split(".")[0] == "transformers":
                    into_transformers = True
                    target = _module_file(pkg, m.split(".")[1:]) if pkg else None
                    if target is not None:
                        files.append(target)
    return files, into_transformers, lost


def _module_file(base: Path, parts: list[str]) -> Path | None:
    path = base.joinpath(*parts) if parts else base
    for cand in (path.with_suffix(".py") if parts else None, path / "__init__.py"):
        if cand is not None and cand.is_file():
            return cand
    return None


def code_reads(path: str) -> Reads:
    """What the code at ``path`` (a file or a directory) may read, with the modules it
    imports from (one level) and, when it reads through transformers, transformers' shared
    readers."""
    from driftcheck.parsers import hf_registry as reg

    reads = Reads()
    pkg = reg.package_dir()
    imported: list[Path] = []
    through = False
    own = code_files(path)
    for f in own:
        text = safeio.read_text_lenient(f)
        if text is None or len(text) > MAX_BYTES:
            reads.dynamic = True
            continue
        tree = reads.scan(f, text)
        if tree is None:
            continue
        files, into, lost = _imports(tree, f, pkg)
        imported += files
        through |= into
        reads.dynamic |= lost  # a module it reads from that is not here: unknown
    if through and pkg is None:
        reads.dynamic = True  # it reads through transformers, which is not here to read
    shared = [pkg / s for s in SHARED_READERS] if through and pkg is not None else []
    seen = {f.resolve() for f in own}
    for f in shared:
        text = safeio.read_text_lenient(f) if f.is_file() else None
        if text is not None:
            reads.scan(f, text, own=False)
    for f in dict.fromkeys(imported):
        if len(seen) > MAX_FILES or not f.is_file() or f.resolve() in seen:
            continue
        if "transformers" in f.parts and "models" not in f.parts:
            continue  # transformers' infrastructure (modeling_utils, cache_utils, utils/...):
            # its architecture reads are the shared readers, added above
        seen.add(f.resolve())
        if f.name == "__init__.py":
            continue  # a package's lazy import table names everything
        text = safeio.read_text_lenient(f)
        if text is not None and len(text) <= MAX_BYTES:
            reads.scan(f, text, own=False)
    return reads


def unread_findings(code: CodeSide, raw: dict[str, Any], findings: list[Finding],
                    labels: dict[str, str], aliases: dict[str, str],
                    stated: dict[str, Any] | None = None) -> list[Finding]:  # fmt: skip
    """DRF030 for each claim in ``raw`` (the config as written) that the code never reads.
    ``aliases``: the config class's ``attribute_map`` (standard name -> this family's key);
    ``stated``: fact -> the value the code's graph states (a claim it builds is no finding,
    whatever it reads it from: a Meta-style ``ModelArgs.n_kv_heads``)."""
    from driftcheck.graph.match.diff import same

    reads = code_reads(code.path)
    if reads.dynamic:
        return []
    both = {**aliases, **{v: k for k, v in aliases.items()}}
    stated = stated or {}
    read = {n.lower() for n in reads.names}
    out = []
    found = claims(raw)
    heads = {k.rpartition(".")[0]: v for f, k, v in found if f == "numHeads"}
    for fact, key, value in found:
        sub, _, leaf = key.rpartition(".")
        if sub and (sub not in read or read & {n.lower() for n in FACTORIES}):
            continue  # a sub-config the code never opens, or hands to another model's code
        names = {leaf, both.get(leaf, leaf), *CLAIMS.get(fact, ())}  # any key naming the fact
        if {n.lower() for n in names} & read:  # N_EXPERTS as a module constant reads too
            continue
        if fact in stated and same(stated[fact], value):
            continue
        if (
            fact == "numKvHeads"
            and "numKvHeads" not in stated
            and same(stated.get("numHeads"), value)
        ):
            continue  # full attention, as the code builds it, has as many KV heads as heads
        if (
            fact == "numKvHeads"
            and "numKvHeads" not in stated
            and "numHeads" in stated
            and same(heads.get(sub), value)
        ):
            continue  # the config claims full attention, which the code builds (with its own
            # head count: a head-count difference is the matcher's finding, not this one)
        twin = _twin(findings, key)
        cfg_loc = Location(file=code.config_display, key=key, side=code.other)
        code_loc = Location(file=code.path, side=code.side)
        msg = (
            f"{labels[code.other]} sets {key} = {_fmt(value)} but {labels[code.side]} never "
            f"reads {key}: the model it builds does not follow this claim"
        )
        if twin is not None:  # a finding on the same key already reports its two values
            continue
        out.append(
            Finding(
                check_id=CHECK_ID,
                name=KIND,
                kind=KIND,
                severity=Severity.minor,
                attribute=fact,
                message=msg,
                values={code.other: value, code.side: "not read"},
                locations=[cfg_loc, code_loc],
            )
        )
    return out


def _twin(findings: list[Finding], key: str) -> Finding | None:
    for f in findings:
        if any(loc.key == key for loc in f.locations) and f.severity.rank >= 1:
            return f
    return None


def _fmt(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return repr(v) if isinstance(v, str) else str(v)
