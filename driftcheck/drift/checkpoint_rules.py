"""Checkpoint rules (SRV005, SRV006, SRV010, SRV011): a checkpoint's blocks, head and tensors
against the model a config or code describes."""

from __future__ import annotations

import re

from driftcheck.drift.serving_base import Ctx, _finding, _int
from driftcheck.findings import Finding, Location, Severity


def layer_count(ctx: Ctx) -> list[Finding]:
    """SRV005: a checkpoint's block count against the config's, and against its own metadata."""
    if not ctx.is_checkpoint:
        return []
    from driftcheck.drift.load_prediction import state_dict_shapes
    from driftcheck.parsers.serving.layers import layered_container

    out = []
    stated, sloc = ctx.srv("numLayers")
    names = list(state_dict_shapes(ctx.serving))
    prefix, indices = layered_container(names)
    if _int(stated) and prefix is not None and indices != list(range(stated)):
        missing = sorted(set(range(stated)) - set(indices))
        f = _finding("SRV005", "checkpoint-layer-count", Severity.blocker,
                     f"checkpoint states {stated} blocks but holds tensors for {len(indices)}"
                     + (f" (missing {prefix}.{missing[0]}..)" if missing else ""),
                     "numLayers", None, None, stated, sloc)  # fmt: skip
        f.values = {"stated": stated, "tensors": len(indices)}
        f.locations = [
            (sloc or Location(file=ctx.serving.origin.path)).model_copy(update={"side": "stated"}),
            Location(file=ctx.serving.origin.path, key=f"{prefix}.*", side="tensors"),
        ]
        out.append(f)
    cfg_layers, cloc = ctx.cfg("numLayers")
    have = stated if _int(stated) else (len(indices) if prefix else None)
    if _int(cfg_layers) and _int(have) and cfg_layers != have:
        out.append(_finding(
            "SRV005", "checkpoint-layer-count", Severity.blocker,
            f"config has {cfg_layers} layers, the checkpoint {have}", "numLayers",
            cfg_layers, cloc, have, sloc or Location(file=ctx.serving.origin.path,
                                                      key=f"{prefix}.*", side=ctx.sside)))  # fmt: skip
    return out


def tied_head(ctx: Ctx) -> list[Finding]:
    """SRV006: an untied model needs lm_head.weight; a checkpoint without it leaves it random."""
    if not ctx.is_checkpoint:
        return []
    tie, cloc = ctx.cfg("tieWordEmbeddings")
    absent, sloc = ctx.srv("tieWordEmbeddings")
    if tie is False and absent is True:
        return [_finding(
            "SRV006", "untied-head-missing", Severity.major,
            "config unties the output head (tie_word_embeddings=false) but the checkpoint has "
            "no lm_head weight: it would be left randomly initialized",
            "tieWordEmbeddings", tie, cloc, "absent", sloc)]  # fmt: skip
    return []


def load_mismatch(ctx: Ctx) -> list[Finding]:
    """SRV010: torch's ``size mismatch for ...`` errors, predicted tensor by tensor."""
    if not ctx.is_checkpoint or not ctx.config.nodes:
        return []
    from driftcheck.drift.load_prediction import (
        align_prefix,
        predict_load,
        state_dict_shapes,
        tensor_table,
    )

    model = tensor_table(ctx.config).named
    ckpt = align_prefix(state_dict_shapes(ctx.serving), model)
    if not model or len(set(model) & set(ckpt)) < min(len(model), len(ckpt)) // 2:
        return []  # different naming (GGUF vs HF, a partial graph): nothing to predict
    pred = predict_load(ckpt, ctx.config)
    groups: dict[str, list[str]] = {}
    for name in pred.mismatched:
        groups.setdefault(re.sub(r"\.\d+\.", ".*.", name), []).append(name)
    out = []
    for pattern, names in groups.items():
        got, want = pred.mismatched[names[0]]
        msgs = [m for m in pred.size_mismatch if any(f" {n}:" in m for n in names[:1])]
        out.append(_finding(
            "SRV010", "load-size-mismatch", Severity.blocker,
            f"size mismatch for {pattern} ({len(names)} tensor{'s' * (len(names) > 1)}): "
            f"checkpoint {list(got)}, model {list(want)}", "weights",
            list(want), Location(file=ctx.config.origin.path, key=names[0], side=ctx.cside),
            list(got), Location(file=ctx.serving.origin.path, key=names[0], side=ctx.sside),
            evidence=msgs[0] if msgs else None))  # fmt: skip
    return out


def gguf_tensors(ctx: Ctx) -> list[Finding]:
    """SRV011: a GGUF's tensor list against the config's model, in GGUF names (same map as
    llama.cpp's converter); llama.cpp refuses a tensor whose shape differs from what its
    metadata implies, and a GGUF converted from another model differs here."""
    from driftcheck.drift.checkpoints import gguf_tables

    t = gguf_tables(ctx.serving, ctx.config)
    if t is None:
        return []
    have, want, unmapped = t.have, t.want, t.unmapped
    missing, extra, shapes = t.missing, t.extra, t.shapes
    if not (missing or extra or shapes):
        return []
    parts = []
    if shapes:
        g, (got, exp) = next(iter(shapes.items()))
        parts.append(f"{len(shapes)} shape(s) differ, e.g. {g} {list(got)} vs {list(exp)}")
    if missing:
        parts.append(f"{len(missing)} missing, e.g. {missing[0]}")
    if extra:
        parts.append(f"{len(extra)} not in the model, e.g. {extra[0]}")
    expected = len([g for g in want if g != "output.weight" or g in have])
    f = _finding("SRV011", "gguf-tensors-mismatch", Severity.major,
                 f"GGUF holds {len(have)} tensors, the config's model {expected} in GGUF names: "
                 + "; ".join(parts), "tensorCount", expected,
                 Location(file=ctx.config.origin.path, side=ctx.cside), len(have),
                 Location(file=ctx.serving.origin.path, key="tensors", side=ctx.sside),
                 evidence=f"{len(unmapped)} model tensor(s) have no GGUF name" if unmapped
                 else None)  # fmt: skip
    return [f]


def load_keys(ctx: Ctx) -> list[Finding]:
    """SRV012: tensors the model has and the checkpoint lacks (left at their random
    initialization), and tensors the checkpoint holds that the model has no place for (a
    checkpoint of another model), grouped by name pattern (``model.layers.*.mlp.up_proj``)."""
    if not ctx.is_checkpoint or not ctx.config.nodes:
        return []
    from driftcheck.drift.checkpoints import leftovers

    left = leftovers(ctx.serving, ctx.config)
    if left is None:
        return _by_shapes(ctx)
    missing, unexpected, buffers = left.missing, left.unexpected, left.buffers
    out = []
    for names, what, sev in (
        (missing, "the checkpoint has no tensor for", Severity.major),
        (unexpected, "the model has no place for the checkpoint's", Severity.major),
        (buffers, "the model graph lists no buffers; maybe one, the checkpoint's", Severity.info),
    ):
        groups: dict[str, list[str]] = {}
        for name in names:
            groups.setdefault(re.sub(r"\.\d+\.", ".*.", name), []).append(name)
        for pattern, group in groups.items():
            n = len(group)
            in_model = what.startswith("the checkpoint")
            f = _finding(
                "SRV012", "checkpoint-tensors-mismatch", sev,
                f"{what} {pattern} ({n} tensor{'s' * (n > 1)})"
                + (": loading leaves it randomly initialized" if in_model
                   else "" if sev is Severity.info else ": loading ignores it"),
                "weights",
                pattern if in_model else "absent",
                Location(file=ctx.config.origin.path, key=group[0] if in_model else None,
                         side=ctx.cside),
                "absent" if in_model else pattern,
                Location(file=ctx.serving.origin.path, key=None if in_model else group[0],
                         side=ctx.sside),
            )  # fmt: skip
            out.append(f)
    return out


def _by_shapes(ctx: Ctx) -> list[Finding]:
    """SRV012 when the names do not line up: the tensors neither side's shapes account for,
    one finding per side (or one with both shapes when one tensor on each side is left)."""
    from driftcheck.drift.checkpoints import ShapeMatch, by_shapes

    m = by_shapes(ctx.serving, ctx.config)
    if m is None or m.clean:
        return []
    cfile, sfile = ctx.config.origin.path, ctx.serving.origin.path
    pairs, model_only, ckpt_only = _pair_up(m.model_only, m.checkpoint_only)
    out = []
    if pairs:
        (mn, ms), (cn, cs) = pairs[0]
        more = "".join(f", {a} {list(x)} vs {b} {list(y)}" for (a, x), (b, y) in pairs[1:3])
        more += f" and {len(pairs) - 3} more" if len(pairs) > 3 else ""
        out.append(_finding(
            "SRV012", "checkpoint-tensors-mismatch", Severity.major,
            f"{len(pairs)} tensor shape(s) differ (the names differ: paired by shape): the "
            f"model's {mn} {list(ms)} vs the checkpoint's {cn} {list(cs)}{more}", "weights",
            list(ms), Location(file=cfile, key=mn, side=ctx.cside),
            list(cs), Location(file=sfile, key=cn, side=ctx.sside)))  # fmt: skip
    m = ShapeMatch(model_only, ckpt_only)

    def shown(items: list) -> str:
        head = ", ".join(f"{n} {list(s)}" for n, s in items[:3])
        return head + (f" and {len(items) - 3} more" if len(items) > 3 else "")

    if m.model_only:
        n, s = m.model_only[0]
        out.append(_finding(
            "SRV012", "checkpoint-tensors-mismatch", Severity.major,
            f"the checkpoint has no tensor of the shape of {shown(m.model_only)}: loading "
            "leaves it randomly initialized (matched by shape, the names differ)", "weights",
            list(s), Location(file=cfile, key=n, side=ctx.cside),
            "absent", Location(file=sfile, side=ctx.sside)))  # fmt: skip
    if m.checkpoint_only:
        n, s = m.checkpoint_only[0]
        out.append(_finding(
            "SRV012", "checkpoint-tensors-mismatch", Severity.major,
            f"the model has no tensor of the shape of the checkpoint's "
            f"{shown(m.checkpoint_only)} (matched by shape, the names differ)", "weights",
            "absent", Location(file=cfile, side=ctx.cside),
            list(s), Location(file=sfile, key=n, side=ctx.sside)))  # fmt: skip
    return out


def _pair_up(model_only: list, ckpt_only: list) -> tuple[list, list, list]:
    """Pair a model tensor with a checkpoint tensor of the same rank that differs in one
    dimension (a changed width shows in every tensor it sizes), in table order."""
    pairs, rest = [], list(ckpt_only)
    left = []
    for name, shape in model_only:
        hit = next(
            (c for c in rest if len(c[1]) == len(shape)
             and sum(a != b for a, b in zip(c[1], shape)) == 1),
            None,
        )  # fmt: skip
        if hit is None:
            left.append((name, shape))
            continue
        rest.remove(hit)
        pairs.append(((name, shape), hit))
    return pairs, left, rest
