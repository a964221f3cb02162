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
            if not_a_claim(config, key):
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


def not_a_claim(config: dict[str, Any], key: str) -> bool:
    """A key the config writes that its own model does not build by:

    - ``sliding_window`` when ``layer_types`` lists no ``"sliding_attention"`` layer: models
      with per-layer types give the window to those layers only (modeling_mellum.py,
      modeling_qwen2.py: ``config.sliding_window if config.layer_types[layer_idx] ==
      "sliding_attention" else None``), so every layer attends globally;
    - ``head_dim`` of multi-head latent attention (``kv_lora_rank`` with
      ``qk_nope_head_dim`` and ``qk_rope_head_dim``): the config class sets it to
      ``qk_rope_head_dim`` (configuration_deepseek_v3.py, configuration_youtu.py), the
      width RoPE turns, not a head's width (``hf_facts._latent_head_dim``);
    - the expert keys (``CLAIMS``' numExperts, numExpertsPerTok, numSharedExperts) when the
      config builds no sparse layer (``_no_sparse_layer``)."""
    if key in EXPERT_KEYS and _no_sparse_layer(config):
        return True
    if key == "sliding_window":
        types = config.get("layer_types")
        return (
            isinstance(types, list)
            and bool(types)
            and all(isinstance(t, str) for t in types)
            and "sliding_attention" not in types
        )
    if key == "head_dim":
        return all(
            isinstance(config.get(k), int) for k in ("kv_lora_rank", "qk_nope_head_dim",
                                                    "qk_rope_head_dim")
        )  # fmt: skip
    return False


EXPERT_KEYS = frozenset(
    CLAIMS["numExperts"] + CLAIMS["numExpertsPerTok"] + CLAIMS["numSharedExperts"]
)


MOE_SWITCHES = ("is_moe", "enable_moe_block")
"""Config flags a model tests before it builds any expert layer: Doge's ``DogeMLP(config)
if not config.is_moe else DogeCDMoE(config)`` (modeling_doge.py:450), Gemma 4's ``if
self.enable_moe_block:`` (modeling_gemma4.py:1353). Set to ``False``, the expert counts the
config class still writes by default build nothing."""


BLOCK_LISTS = ("layers_block_type", "layer_types")
"""Config keys holding one block kind per layer."""

DENSE_BLOCKS = frozenset(("mlp", "dense"))
"""Block kinds that are a dense MLP layer of their own: a block list naming one plans the
MLPs as well as the mixers."""


def _sparse_kind(kind: str) -> bool:
    """A block kind that builds experts (``moe``, DeepSeek V4's ``hash_moe``, ``sparse``)."""
    k = kind.lower()
    return "moe" in k or "sparse" in k or "expert" in k


def _no_sparse_layer(config: dict[str, Any]) -> bool:
    """True when the config's own layer plan gives every layer a dense MLP, so the expert
    counts it still carries (the config classes' defaults) build nothing:

    - an MoE switch (``MOE_SWITCHES``) set to ``False``;

    - ``mlp_layer_types`` all ``"dense"``: the model builds its MoE block only where the entry
      is ``"sparse"`` (modeling_laguna.py:418, modeling_hy_v3.py:374, and the other models
      with per-layer MLP types; DeepSeek V4 adds ``"hash_moe"``, which is no ``"dense"``);
    - ``mlp_only_layers`` (Qwen2-MoE / Qwen3-MoE / Flint): a layer is sparse when it is not
      listed there and ``(layer_idx + 1) % decoder_sparse_step == 0`` (modeling_flint.py:315,
      modeling_qwen3_moe.py:310), so listing every layer (or a step longer than the stack) leaves
      none sparse;
    - a per-layer block list that plans the MLPs too (``BLOCK_LISTS``: NemotronH's
      ``layers_block_type``, each entry one of ``mlp`` / ``moe`` / ``linear_attention`` /
      ``full_attention``, modeling_nemotron_h.py:956 builds ``MIXER_TYPES[block_type]``) and
      names a dense MLP block but no sparse one: the expert block is built only where the list
      says ``moe``. A list of attention kinds alone (Qwen3-MoE's ``layer_types``, Jamba's
      ``layers_block_type`` of mamba / attention) says nothing of the MLPs."""
    if any(config.get(k) is False for k in MOE_SWITCHES):
        return True
    for key in BLOCK_LISTS:
        kinds = config.get(key)
        if isinstance(kinds, list) and kinds and all(isinstance(t, str) for t in kinds):
            if set(kinds) & DENSE_BLOCKS and not any(_sparse_kind(t) for t in kinds):
                return True
    types = config.get("mlp_layer_types")
    if isinstance(types, list) and types and all(isinstance(t, str) for t in types):
        return all(t == "dense" for t in types)
    only = config.get("mlp_only_layers")
    layers = config.get("num_hidden_layers")
    if isinstance(only, list) and isinstance(layers, int) and layers > 0:
        step = config.get("decoder_sparse_step", 1)
        if not isinstance(step, int) or step <= 0:
            return False
        return all(i in only or (i + 1) % step != 0 for i in range(layers))
    return False


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


VALUED = ("numHeads", "numKvHeads", "headDim", "ropeTheta")
"""Facts judged by the value the code builds: a claim is ignored only where the code's graph
shows another value (a fact it states, one read off its layers, a value a module holds) and
nothing reads the key; where the code shows no value for the fact, the claim is an honest
unknown. Heads read as ``N_KV``, ``h.kv_heads`` or ``CFG["heads"]`` are judged by what the
model builds, not by how the names are spelled."""

STEMS: dict[str, tuple[str, ...]] = {
    "slidingWindow": ("window",),
    "ropeScaling": ("rope_scaling", "rope_parameters", "rope_type", "scaling_factor",
                    "rope_factor", "yarn", "ntk", "longrope", "dynamic_rope"),
    "numExperts": ("expert",),
    "numExpertsPerTok": ("top_k", "topk", "per_tok", "per_token"),
    "numSharedExperts": ("shared",),
}  # fmt: skip
"""Facts the weights do not show (a window, a RoPE scaling) or that a dense model lacks
(experts): with no value in the code's graph, they are judged by name, where name matching
is what there is. Any identifier holding one of these stems (``h.window``, ``n_experts``)
may read the claim. A shared expert is often named without "expert" (``self.shared``,
``shared_mlp``, ``num_shared``): in code compared with a config that has experts, "shared"
names it."""


def unread_findings(code: CodeSide, raw: dict[str, Any], findings: list[Finding],
                    labels: dict[str, str], aliases: dict[str, str],
                    values: dict[str, list[Any]] | None = None,
                    graph: Any = None, reference: Any = None) -> list[Finding]:  # fmt: skip
    """DRF030 for each claim in ``raw`` (the config as written) that the code ignores.

    ``aliases``: the config class's ``attribute_map`` (standard name -> this family's key);
    ``values``: fact -> every value the code's graph shows for it (stated facts, facts read
    off the layers, ``Graph.uses``); ``graph``: the code's graph, for the attention layout.
    A claim is honoured when the code reads its key, or when the code's graph shows the
    claimed value; it is ignored when the graph shows another value (``VALUED`` facts, and
    the KV heads of attention the code builds full) or, for a fact the graph shows no value
    for, when no identifier names it (``STEMS``). Edits ``findings``: a structural finding
    that is this claim's consequence (the ``k_proj`` width of the KV heads) is listed under
    the claim's finding instead of beside it. ``reference``: the config side's graph; a
    claim the model the config builds does not follow either (Falcon's ``num_kv_heads`` under
    ``multi_query``: transformers builds one KV head whatever it says) is no claim about
    that model."""
    from driftcheck.graph.match.diff import same

    reads = code_reads(code.path)
    if reads.dynamic:
        return []
    both = {**aliases, **{v: k for k, v in aliases.items()}}
    values = values or {}
    read = {n.lower() for n in reads.names}
    out = []
    found = claims(raw)
    for fact, key, value in found:
        sub, _, leaf = key.rpartition(".")
        if sub and (sub not in read or read & {n.lower() for n in FACTORIES}):
            continue  # a sub-config the code never opens, or hands to another model's code
        names = {leaf, both.get(leaf, leaf), *CLAIMS.get(fact, ()), *_scaling_keys(fact, value)}
        if {n.lower() for n in names} & read:  # N_EXPERTS as a module constant reads too
            continue
        if not sub and _overridden(reference, fact, value):
            continue
        if fact == "ropeScaling" and _family_rope(raw, sub, code.model_type, value):
            continue
        held = [] if sub else list(values.get(fact, ()))
        if any(same(v, value) for v in held) or _per_stage(held, value):
            continue  # the code builds the claimed value, whatever it reads it from
        absorbed: list[Finding] = []
        if fact == "numKvHeads" and not held:
            # a sub-config's claim against the layers, with that sub-config's sizes (the
            # code's values may be another tower's)
            scope = raw.get(sub) if sub else raw
            kv = kv_layout(
                graph, scope if isinstance(scope, dict) else {}, {} if sub else values, value
            )
            if kv is None or same(kv[0], value):
                continue  # the layers show the claimed KV heads, or do not say
            held, absorbed = [kv[0]], _consequences(findings, kv[1], kv[2])
            if _kv_total_explains(graph, reference, raw, values, kv[1][0] - kv[2][0]):
                absorbed += [f for f in findings if f.kind in LAYOUT_KINDS and f not in absorbed]
        if fact in VALUED and not held:
            continue  # the code's graph shows no value for the fact: unknown, not ignored
        if not held and any(s in n for n in read for s in STEMS.get(fact, ())):
            continue  # an identifier names the fact (``h.window``): it may read the claim
        code_value = _one(held) if held else "not read"
        if fact == "headDim" and _width_follows(
            findings, raw, code.side, code.other, code_value, value
        ):
            continue  # the head width is the width over the heads on both sides: the
            # width's finding is the root, this claim's difference its consequence
        rest = [f for f in findings if f not in absorbed]
        twin = _twin(rest, key, code.other, value, code.side, held)
        if twin is not None and not _same_fact(twin, fact):
            continue  # a finding on the same key or values already reports the two values
        claim = _finding(code, labels, fact, key, value, code_value, absorbed)
        if twin is not None:
            # the comparison's own finding on this fact (both values read off the code's
            # structure): one finding, the claim, which says the code never reads the key
            # and keeps what the value difference changes
            why = (twin.evidence or "").partition("; this changes ")[2]
            claim.evidence = f"{claim.evidence}; this changes {why}" if why else claim.evidence
            claim.severity = max(claim.severity, twin.severity, key=lambda s: s.rank)
            findings.remove(twin)
        out.append(claim)
        for f in absorbed:
            findings.remove(f)
    return out


def _width_follows(findings: list[Finding], raw: dict[str, Any], code_side: str,
                   cfg_side: str, code_value: Any, value: Any) -> bool:  # fmt: skip
    """A ``head_dim`` claim the code ignores, where the code's head width is its hidden width
    over the config's head count and the claim is the config's width over the same count,
    and a finding already reports the two widths: the code computes its head width from the
    width (``D // H``), so a changed width changes it too; one root, the width. The same
    holds for a head-count finding over one hidden width: ``D // H`` on both sides, with the
    two head counts (a code that sets 3 heads at width 96 builds 32-wide heads where the
    config's 6 heads are 16 wide); one root, the head count."""
    heads = _int(raw.get("num_attention_heads"))
    width = _int(raw.get("hidden_size"))
    hc, hv = _int(code_value), _int(value)
    if not heads or hc is None or hv is None:
        return False
    for f in findings:
        attr = f.attribute or ""
        if f.severity.rank < 1 or not attr.endswith(("hiddenSize", "numHeads")):
            continue
        wc, wv = _int(f.values.get(code_side)), _int(f.values.get(cfg_side))
        if wc is None or wv is None:
            continue
        if attr.endswith("hiddenSize") and (hc * heads, hv * heads) == (wc, wv):
            return True
        if attr.endswith("numHeads") and width and hc * wc == width == hv * wv:
            return True
    return False


SCALING_KEYS_NOT = ("rope_type", "rope_theta", "partial_rotary_factor")
"""Keys a ``rope_parameters`` dict holds that name no scaling (the type's tag, the base, the
rotated fraction every rotary has)."""


def _scaling_keys(fact: str, value: Any) -> tuple[str, ...]:
    """The keys a RoPE scaling claim's own dict names its parameters by
    (``low_freq_factor``, ``original_max_position_embeddings``, ``beta_fast``: the names
    ``modeling_rope_utils`` reads them by): code that names one (Meta's llama3
    ``apply_scaling(freqs, low_freq_factor=1, ...)``) may implement the claim with its own
    constants, so the claim is judged unknown rather than ignored. Compound names only: a
    bare ``factor`` or ``truncate`` names nothing in particular."""
    if fact != "ropeScaling" or not isinstance(value, dict):
        return ()
    return tuple(k for k in value if isinstance(k, str) and "_" in k and k not in SCALING_KEYS_NOT)


def _family_rope(raw: dict[str, Any], sub: str, model_type: str | None, value: Any) -> bool:
    """``rope_parameters`` whose ``rope_type`` is the config class's own
    ``default_rope_type`` (Pixtral's ``"axial"``: configuration_pixtral.py): the rotary the
    family always builds, written out by the config class, no scaling the user chose."""
    if not isinstance(value, dict) or not isinstance(value.get("rope_type"), str):
        return False
    scope = raw.get(sub) if sub else raw
    mt = scope.get("model_type") if isinstance(scope, dict) else None
    mt = mt if isinstance(mt, str) else (None if sub else model_type)
    return bool(mt) and value["rope_type"] == default_rope_type(mt)


def default_rope_type(model_type: str) -> str | None:
    """The config class's ``default_rope_type`` class attribute, read from its source
    (through its bases); None where it sets none."""
    from driftcheck.parsers.hf import class_info, note_file, reg

    name = reg.config_class_name(model_type)
    info = class_info(name, model_type) if name else None
    for i in info.mro() if info is not None else []:
        note_file(i.path)  # read outside the loader: a result cache depends on it too
        v = i.class_attrs.get("default_rope_type")
        if isinstance(v, str):
            return v
    return None


def _overridden(reference: Any, fact: str, value: Any) -> bool:
    """The config side's own model states another value for ``fact`` than the claim: its
    modeling code derives the fact otherwise (a fact read off transformers' code, never a
    config key of this name), so the claimed key is unread by the reference as well."""
    from driftcheck.graph.match.diff import same

    f = getattr(reference, "facts", {}).get(fact)
    if f is None or f.loc is None or f.loc.key or not f.loc.line:
        return False
    return not same(f.value, value)


def _finding(code: CodeSide, labels: dict[str, str], fact: str, key: str, value: Any,
             code_value: Any, absorbed: list[Finding]) -> Finding:  # fmt: skip
    cfg_loc = Location(file=code.config_display, key=key, side=code.other)
    code_loc = Location(file=code.path, side=code.side)
    msg = (
        f"{labels[code.other]} sets {key} = {_fmt(value)} but {labels[code.side]} never "
        f"reads {key}: the model it builds does not follow this claim"
    )
    evidence = None
    if code_value != "not read":
        msg += f" ({FACT_WORDS.get(fact, fact)} {_fmt(code_value)} in {labels[code.side]})"
        evidence = f"{labels[code.side]}: {FACT_WORDS.get(fact, fact)} from its graph"
    if absorbed:
        parts = [_consequence(f, code.side, code.other) for f in absorbed]
        evidence = f"{evidence}; this changes {'; '.join(dict.fromkeys(parts))}"
    severity = max([Severity.minor, *(f.severity for f in absorbed)], key=lambda s: s.rank)
    return Finding(
        check_id=CHECK_ID,
        name=KIND,
        kind=KIND,
        severity=severity,
        attribute=fact,
        message=msg,
        values={code.other: value, code.side: code_value},
        locations=[cfg_loc, code_loc],
        evidence=evidence,
    )


def _consequence(f: Finding, code_side: str, cfg_side: str) -> str:
    times = f.message[f.message.rfind(" (") :] if f.message.endswith(" places)") else ""
    what = f.attribute or f.message.split(" is ", 1)[0]
    return f"{what} {_fmt(f.values.get(code_side))} -> {_fmt(f.values.get(cfg_side))}{times}"


FACT_WORDS = {
    "numHeads": "attention heads",
    "numKvHeads": "KV heads",
    "headDim": "head width",
    "ropeTheta": "RoPE theta",
    "slidingWindow": "sliding window",
    "numExperts": "experts",
    "numExpertsPerTok": "experts per token",
    "numSharedExperts": "shared experts",
}


def _one(held: list[Any]) -> Any:
    vals = list(dict.fromkeys(repr(v) for v in held))
    if len(vals) == 1:
        return held[0]
    return [held[[repr(v) for v in held].index(r)] for r in vals]


def _int(v: Any) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) and v > 0 else None


def _single(values: dict[str, list[Any]], fact: str) -> int | None:
    vs = {v for v in values.get(fact, ()) if _int(v) is not None}
    return vs.pop() if len(vs) == 1 else None


def kv_layout(graph: Any, raw: dict[str, Any], values: dict[str, list[Any]],
              claim: Any) -> tuple[int, tuple[int, ...], tuple[int, ...]] | None:  # fmt: skip
    """The KV heads the code's attention layers show, against a claim of ``claim`` KV heads:
    ``(kv, code widths, claimed widths)``, or None when the layers do not say.

    Read off the projections from the model width in the main repeated block (``Linear``,
    GPT-2's ``Conv1D``, a 2-d ``Parameter``), with ``H`` heads of width ``hd`` (the code's
    where its graph shows one value, else the config's), by the first of these that names one
    count (``kv`` dividing ``H``): separate K and V (a width ``kv x hd`` narrower than the
    queries' ``H x hd``, held twice); a fused KV beside a query projection (``2 kv x hd``,
    narrower than ``2 H x hd`` and not the queries' width); full attention (q, k and v
    ``H x hd`` wide, and the output projection where that is the width; or a fused projection
    ``3 x H x hd`` wide and no query projection); a fused QKV and
    no query projection (``(H + 2 kv) x hd``). An MLP's widths (wider than the queries, or
    beside a query projection) are not read as attention."""
    kv = _int(claim)
    if graph is None or kv is None:
        return None
    if _int(raw.get("kv_lora_rank")):
        # latent attention: keys and values are cut per head from the up-projected latent
        # (``kv_b_proj``, heads x (nope + v) wide); no projection is KV heads x head width
        return None
    width = _single(values, "hiddenSize") or _int(_first(raw, "hidden_size", "n_embd", "d_model"))
    heads = _single(values, "numHeads") or _int(
        _first(raw, "num_attention_heads", "n_head", "num_heads", "n_heads")
    )
    if width is None or heads is None:
        return None
    hd = _single(values, "headDim") or _int(raw.get("head_dim"))
    if hd is None:
        if width % heads:
            return None
        hd = width // heads
    outs = _projections(graph, width)
    if outs is None:
        return None
    q = heads * hd
    mlp = _single(values, "intermediateSize")
    if mlp is not None and mlp not in (q, width):
        # the MLP's projections (three 2-d kernels of an MLP 3 x the query width, beside
        # attention held in 3-d kernels) are not attention's
        outs = [w for w in outs if w != mlp]
    own_q = outs.count(q) - (1 if q == width else 0) >= 1  # a query projection of its own
    # (beside the output projection, which is ``q`` wide too where ``q`` is the width)
    ways = [
        {w // hd for w in outs if w < q and w % hd == 0 and outs.count(w) >= 2},
        {w // (2 * hd) for w in outs if own_q and w != q and w < 2 * q and w % (2 * hd) == 0},
        {heads} if outs.count(q) >= 3 + (q == width) or (3 * q in outs and not own_q) else set(),
        {(w // hd - heads) // 2 for w in outs if not own_q and w % hd == 0 and w // hd > heads
         and (w // hd - heads) % 2 == 0},
    ]  # fmt: skip
    for found in ways:
        found = {k for k in found if 0 < k <= heads and heads % k == 0}
        if len(found) > 1:
            return None
        if found:
            code = found.pop()
            widths = lambda n: (n * hd, (heads + 2 * n) * hd, 2 * n * hd)  # noqa: E731
            return code, widths(code), widths(kv)
    return None


def _first(raw: dict[str, Any], *keys: str) -> Any:
    return next((raw[k] for k in keys if raw.get(k) is not None), None)


def _projections(graph: Any, width: int) -> list[int] | None:
    """Output widths of the main block's projections from ``width`` features; None when the
    block is not fully read (an unknown layer in it) or there is no repeated block."""
    from driftcheck.graph.match.canon import canonical
    from driftcheck.graph.match.derive import layer_stack, main_block

    items = canonical(graph)
    stack = layer_stack(items) or main_block(items)
    if stack is None or not stack.children:
        return None
    outs: list[int] = []
    for it, times in _leaves(stack.children):
        if it.ltype == "Unknown":
            return None
        p = it.params
        pair: tuple[Any, Any] | None = None
        if it.ltype == "Linear":
            pair = (p.get("in_features"), p.get("out_features"))
        elif it.ltype == "Conv1D":
            pair = (p.get("nx"), p.get("nf"))
        elif it.ltype == "Parameter":
            shape = p.get("shape")
            if isinstance(shape, (list, tuple)) and len(shape) == 2:
                a, b = shape
                pair = (b, a) if b == width else (a, b)
            elif isinstance(shape, (list, tuple)) and len(shape) == 3:
                # head-shaped kernels of einsum attention: ``[D, heads, head_dim]`` in,
                # ``[heads, head_dim, D]`` out; the heads' width is the projection's
                a, b, c = shape
                if type(b) is int and (a == width) != (c == width):
                    pair = (width, (c if a == width else a) * b)
        if pair is not None and pair[0] == width and _int(pair[1]) is not None:
            outs += [pair[1]] * times
    return outs


def _leaves(items: list[Any], times: int = 1) -> Any:
    """The leaves under ``items`` with how many copies run: a leaf's own count times those
    of the blocks around it (canonical merges the K and V projections of a functional layer,
    two alike ``{weight, bias}`` holders, into one block of count 2: each width is held
    twice, as two ``nn.Linear`` would be)."""
    for it in items:
        n = times * max(1, it.count)
        if it.is_block:
            yield from _leaves(it.children or [], n)
        else:
            yield it, n


def _consequences(findings: list[Finding], code: tuple[int, ...],
                  want: tuple[int, ...]) -> list[Finding]:  # fmt: skip
    """Structural findings whose two values are a projection's width under the code's KV heads
    and under the claimed ones: consequences of the claim the code ignores."""
    pairs = set(zip(code, want))
    out = []
    for f in findings:
        if f.check_id == CHECK_ID or f.kind not in ("shape", "param"):
            continue
        lv, rv = f.values.get("left"), f.values.get("right")
        if not (isinstance(lv, int) and isinstance(rv, int)):
            continue
        if (lv, rv) in pairs or (rv, lv) in pairs:
            out.append(f)
    return out


LAYOUT_KINDS = ("missing-layer", "extra-layer", "shape")
"""Structural findings (layers one side holds, weight shapes): how the weights are laid out,
not a fact."""


def _kv_total_explains(graph: Any, reference: Any, raw: dict[str, Any],
                       values: dict[str, list[Any]], step: int) -> bool:  # fmt: skip
    """The two sides' parameter totals differ by exactly what the KV heads change: per layer,
    K and V each ``step`` (code KV width - claimed KV width) rows of the model width, with or
    without a bias. The code's weights are then the config's model's with other KV heads,
    laid out another way (head-shaped einsum kernels against ``nn.Linear``), so the layout's
    missing/extra layers are the claim's consequences (as equal totals make them nothing,
    ``semantic``)."""
    from driftcheck.graph.match.canon import canonical, weight_total

    width = _single(values, "hiddenSize") or _int(_first(raw, "hidden_size", "n_embd", "d_model"))
    layers = _single(values, "numLayers") or _int(_first(raw, "num_hidden_layers", "n_layer"))
    if graph is None or reference is None or not width or not layers or not step:
        return False
    mine, theirs = weight_total(canonical(graph)), weight_total(canonical(reference))
    if mine is None or theirs is None:
        return False
    return mine - theirs in (2 * layers * step * width, 2 * layers * step * (width + 1))


def _per_stage(held: list[Any], value: Any) -> bool:
    """A per-stage claim (Swin's ``num_heads = [2, 4]``) the code builds stage by stage: its
    values, in order and each once, are the ones the code's graph shows, in order. The
    values its modules hold come last in ``held`` (``service.code_values``), after a fact
    read off the layers as one value (PVT's stages of 1 and 2 heads read as 2 query heads
    and 1 KV head): the modules' values alone, a tail of ``held``, may show the order."""
    if not isinstance(value, (list, tuple)) or not value:
        return False
    want = list(dict.fromkeys(repr(v) for v in value))
    for start in range(len(held)):
        seen: list[str] = []
        for v in held[start:]:
            for x in v if isinstance(v, (list, tuple)) else [v]:
                if repr(x) not in seen:
                    seen.append(repr(x))
        if seen == want:
            return True
        if len(seen) < len(want):
            return False
    return False


def _same_fact(f: Finding, fact: str) -> bool:
    """The comparison's value finding on the KV heads of attention the code builds full
    (``model.numKvHeads``, read off the structure): the claim it ignores is the finding. Other
    facts keep the comparison's finding (the README's worked example: heads 8 vs 12)."""
    return (
        fact == "numKvHeads"
        and f.kind == "param"
        and (f.attribute or "").rpartition(".")[2] == fact
    )


def _twin(findings: list[Finding], key: str, cfg_side: str, value: Any, code_side: str,
          held: list[Any]) -> Finding | None:  # fmt: skip
    """A finding of minor or above on the same config key, or holding the claimed value on
    the config's side and one of the code's values on the code's."""
    from driftcheck.graph.match.diff import same

    for f in findings:
        if f.severity.rank < 1:
            continue
        if any(loc.key == key for loc in f.locations):
            return f
        cv, kv = f.values.get(cfg_side), f.values.get(code_side)
        one = [value] + (list(value) if isinstance(value, (list, tuple)) else [])
        if any(same(cv, v) for v in one) and any(same(kv, h) for h in held):
            return f  # (or one stage's value of a per-stage claim)
        if (
            any(same(cv, v) for v in one)
            and isinstance(kv, (list, tuple))
            and kv
            and all(any(same(x, h) for h in held) for x in kv)
        ):
            return f  # a per-stage list on both sides (``model.stageHeads``): the code's
            # list is made of the values its modules hold
    return None


def _fmt(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return repr(v) if isinstance(v, str) else str(v)
