"""What the held-out re-implementation sets (fresh2 to fresh7) share: writing a set from its case
table (configs by transformers' config classes, planted variants, manifest.json), its torch
count check, the same-weights output check (``same_output``), and its tests' bookkeeping checks:
the shipped configs are what transformers' config classes write, each code plant is its base
file with one recorded line replaced, and each config plant changes one key (two where
transformers derives one from the other). driftcheck is not needed here; torch only where a
check builds models."""

from __future__ import annotations

import difflib
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from benchmarks.reimpl.make import code_params, hf_params

# the token ids every decoder case of fresh6 on is configured with
TOKENS = dict(pad_token_id=0, bos_token_id=1, eos_token_id=2)


def rope(theta: float, **extra) -> dict:
    """A config's ``rope_parameters`` (transformers 5's default RoPE, ``extra`` on top)."""
    return {"rope_type": "default", "rope_theta": theta, **extra}


def enc(**kw) -> dict:
    """A small encoder / vision config: width 64, 4 heads, 2 layers; ``kw`` on top (fresh13's
    and fresh14's cases wrote these three keys out each time)."""
    return dict(hidden_size=64, num_attention_heads=4, num_hidden_layers=2, **kw)


def configs_written_by_transformers(make: ModuleType, corpus: Path, manifest: dict) -> None:
    for c in manifest["cases"]:
        shipped = json.loads((corpus / c["config"]).read_text())
        want = json.loads(make.build_config(c["name"]).to_json_string())
        for k, v in shipped.items():
            if k != "transformers_version":
                assert want.get(k) == v, (c["name"], k)


def code_plants_replace_the_recorded_line(make: ModuleType, corpus: Path, manifest: dict) -> None:
    plants = {
        f"{name}__{fact}": (old, new, left, right)
        for name, (_, _, _, _, code, _) in make.CASES.items()
        for fact, old, new, left, right in code
    }
    for p in manifest["planted"]:
        if p["where"] != "code":
            continue
        old, new, left, right = plants[p["name"]]
        assert (p["left"], p["right"]) == (left, right) and left != right
        base = (corpus / "cases" / f"{p['case']}.py").read_text()
        assert base.count(old) == 1
        planted = (corpus / p["code"]).read_text()
        assert planted == base.replace(old, new)
        added = [
            ln[2:]
            for ln in difflib.ndiff(base.splitlines(), planted.splitlines())
            if ln.startswith("+ ")
        ]
        parts = [part.strip() for part in new.splitlines() if part.strip()]
        assert len(added) == len(parts), p["name"]
        assert all(part in ln for part, ln in zip(parts, added)), p["name"]


def config_plants_change_one_key(corpus: Path, manifest: dict) -> None:
    for p in manifest["planted"]:
        if p["where"] != "config":
            continue
        base = json.loads((corpus / "configs" / p["case"] / "config.json").read_text())
        new = json.loads((corpus / p["config"]).read_text())
        changed = {k for k in set(base) | set(new) if k != "transformers_version"}
        changed = {k for k in changed if base.get(k) != new.get(k)}
        # transformers derives some keys from others (Gemma 2's layer_types from the window)
        assert 1 <= len(changed) <= 2, (p["name"], changed)
        assert p["left"] != p["right"]


def build_config(cases: dict, name: str, overrides: dict | None = None):
    """The case's config, written by its transformers config class (``overrides`` on top)."""
    import transformers

    _, cls, kw, hf, _, _ = cases[name]
    cfg = getattr(transformers, cls)(**{**kw, **(overrides or {})})
    cfg.architectures = [hf]
    return cfg


def write_set(here: Path, cases: dict) -> dict:
    """Write a set's configs, planted variants and manifest.json from its case table."""
    for sub in ("configs", "planted"):
        shutil.rmtree(here / sub, ignore_errors=True)
        (here / sub).mkdir()
    manifest: dict = {"cases": [], "planted": []}
    for name, (arch, _, _, hf, code_plants, config_plants) in cases.items():
        build_config(cases, name).save_pretrained(here / "configs" / name)
        config = f"configs/{name}/config.json"
        manifest["cases"].append(
            {
                "name": name,
                "arch": arch,
                "hf_class": hf,
                "code": f"cases/{name}.py",
                "config": config,
            }
        )
        src = (here / "cases" / f"{name}.py").read_text()
        for fact, old, new, left, right in code_plants:
            assert src.count(old) == 1, (name, old)
            pid = f"{name}__{fact}"
            (here / "planted" / f"{pid}.py").write_text(src.replace(old, new))
            manifest["planted"].append(
                dict(
                    name=pid,
                    case=name,
                    arch=arch,
                    fact=fact,
                    where="code",
                    left=left,
                    right=right,
                    code=f"planted/{pid}.py",
                    config=config,
                )
            )
        for fact, key, value, right, *shown in config_plants:
            pid = f"{name}__cfg_{key}"
            build_config(cases, name, {key: value}).save_pretrained(here / "planted" / pid)
            left = shown[0] if shown else value[-1] if isinstance(value, list) else value
            manifest["planted"].append(
                dict(
                    name=pid,
                    case=name,
                    arch=arch,
                    fact=fact,
                    where="config",
                    left=left,
                    right=right,
                    code=f"cases/{name}.py",
                    config=f"planted/{pid}/config.json",
                )
            )
    (here / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    return manifest


def check_counts(here: Path, manifest: dict) -> list[str]:
    """Clean cases must equal the HF count; planted code variants must build and differ."""
    bad = []
    hf = {}
    for c in manifest["cases"]:
        want = hf[c["name"]] = hf_params(here / c["config"])
        got = code_params(here / c["code"])
        print(f"{c['name']:22} hf {want:8d} code {got:8d} {'ok' if got == want else 'DIFF'}")
        if got != want:
            bad.append(c["name"])
    for p in manifest["planted"]:
        if p["where"] == "code":
            got = code_params(here / p["code"])
            same = got == hf[p["case"]]
            note = " (same count: the value is not a parameter shape)" if same else ""
            print(f"  {p['name']:40} code {got:8d}{note}")
    return bad


def _hf_names(name: str, rules: list[tuple]) -> tuple[list[str], str | None]:
    import re

    for pat, repl, *how in rules:
        if re.search(pat, name):
            return [re.sub(pat, part, name) for part in repl.split("+")], (how or [None])[0]
    raise KeyError(name)


def same_output(
    here: Path,
    cases: dict,
    rules: dict[str, list[tuple]],
    io: dict[str, tuple[str, list[str]]],
    name: str,
    seq: int = 12,
    code: Path | None = None,
) -> float:
    """Max |output difference| between a set's case ``name`` (or ``code``, a variant of it) and
    the HF model of its config, with the same weights: ``rules`` (the set's ``SAME_OUTPUT``) map
    each case parameter to the HF tensors it is cut from, ``io`` (``SAME_OUTPUT_IO``) the inputs
    and the outputs compared (default: token ids, ``logits``). A non-finite output is an
    infinite difference."""
    from types import SimpleNamespace as types_ns

    import torch
    import transformers

    from benchmarks.reimpl.make import load_module, top_class

    cfg = build_config(cases, name)
    torch.manual_seed(0)
    hf = getattr(transformers, cases[name][3])(cfg).float().eval()
    case = top_class(load_module(code or here / "cases" / f"{name}.py"))().float().eval()
    sd = hf.state_dict()
    with torch.no_grad():
        for pname, p in case.named_parameters():
            srcs, how = _hf_names(pname, rules[name])
            w = torch.cat([sd[s] for s in srcs], 0)
            if how and how.startswith("unpermute:"):
                heads = getattr(
                    cfg, {"n_heads": "num_attention_heads"}.get(how[10:], "num_key_value_heads")
                )
                w = w.view(heads, 2, w.shape[0] // heads // 2, -1).transpose(1, 2).reshape(w.shape)
            if how == "reshape":
                w = w.reshape(p.shape)
            if how == "T":
                w = w.T
            if how in ("half0", "half1"):  # gate or up of a stacked [E, 2 * I, H] tensor
                n = w.shape[1] // 2
                w = w[:, :n] if how == "half0" else w[:, n:]
            if how == "Treshape":  # a Linear weight as an [in, ..., out] kernel
                w = w.T.reshape(p.shape)
            if how and how.split(":")[0] in ("expert", "plist"):  # one expert's slice
                import re

                # ``expert:``: the index in ``experts.<e>.``; ``plist:``: a ParameterList's
                # trailing ``.<e>`` (fresh19)
                at = r"experts\.(\d+)\." if how.startswith("expert:") else r"\.(\d+)$"
                e = int(re.search(at, pname).group(1))
                ff = w.shape[1] // 2
                w = {"gate": w[e, :ff], "up": w[e, ff:], "down": w[e]}[how.split(":")[1]]
            assert w.shape == p.shape, (pname, srcs, w.shape, p.shape)
            p.copy_(w)
        kind, outs = io.get(name, ("ids", ["logits"]))
        if kind == "audio":
            feats = torch.randn(2, cfg.num_mel_bins, 2 * cfg.max_source_positions)
            tgt = torch.randint(3, cfg.vocab_size, (2, 16))
            h = hf(input_features=feats, decoder_input_ids=tgt).last_hidden_state
            want = types_ns(tied_logits=h @ hf.decoder.embed_tokens.weight.T)
            got = case(feats, tgt)
        elif kind == "wave":
            wav = torch.randn(2, 4000)
            want, got = hf(input_values=wav), case(wav)
        elif kind == "video":  # [batch, frames, channels, height, width] (VideoMAE)
            video = torch.randn(2, cfg.num_frames, cfg.num_channels, cfg.image_size, cfg.image_size)
            want, got = hf(pixel_values=video), case(video)
        elif kind == "spectrogram":  # [batch, time frames, mel bins] (AST)
            spec = torch.randn(2, cfg.max_length, cfg.num_mel_bins)
            want, got = hf(input_values=spec), case(spec)
        elif kind == "trajectory":  # (returns-to-go, state, action) steps (Decision Transformer)
            steps = min(seq, cfg.max_ep_len) // 4
            states = torch.randn(2, steps, cfg.state_dim)
            actions = torch.randn(2, steps, cfg.act_dim)
            returns = torch.randn(2, steps, 1)
            times = torch.randint(0, cfg.max_ep_len, (2, steps))
            want = hf(states=states, actions=actions, returns_to_go=returns, timesteps=times)
            got = case(states, actions, returns, times)
        elif kind.startswith("pixels"):
            size = cfg.image_size if hasattr(cfg, "image_size") else 32
            size = size[0] if isinstance(size, (list, tuple)) else size  # YOLOS: [height, width]
            pixels = torch.randn(2, 3, size, size)
            torch.manual_seed(1)
            want = hf(pixel_values=pixels)
            torch.manual_seed(1)
            got = case(pixels)
        else:
            ids = torch.randint(
                3, cfg.vocab_size, (2, min(seq, getattr(cfg, "max_position_embeddings", seq) - 2))
            )
            mask = torch.ones_like(ids, dtype=torch.bool)
            types = torch.zeros_like(ids)
            if kind == "ids":
                want, got = hf(input_ids=ids), case(ids)
            elif kind == "seq2seq":
                tgt = ids[:, : seq // 2]
                want, got = hf(input_ids=ids, decoder_input_ids=tgt), case(ids, tgt)
            elif kind == "ids+boxes":  # a box (two corners in [0, 1]) per token (BROS)
                corner = torch.rand(*ids.shape, 2)
                boxes = torch.cat([corner, corner + 0.3 * torch.rand(*ids.shape, 2)], -1)
                want, got = hf(input_ids=ids, bbox=boxes), case(ids, boxes)
            elif kind == "ids+mask":
                want, got = hf(input_ids=ids, attention_mask=mask.long()), case(ids, mask)
            else:
                want = hf(input_ids=ids, token_type_ids=types, attention_mask=mask.long())
                got = case(ids, types, mask)
        got = got if isinstance(got, tuple) else (got,)
    # a NaN would compare as "not above the limit": a non-finite output is an infinite difference
    if not all(torch.isfinite(g).all() for g in got[: len(outs)]):
        return float("inf")
    # a case may return more than the HF model (ViT-MAE: the shuffle); the first values are compared
    return max(
        (getattr(want, o) - g).abs().max().item()
        for o, g in zip(outs, got[: len(outs)], strict=True)
    )


def check_keeping_plants(
    here: Path,
    manifest: dict,
    rules: dict[str, list[tuple]],
    same: Callable[..., float],
    only: set[str] | None = None,
) -> list[str]:
    """The output check can fail: every code plant of an output-checked case (one in ``rules``,
    the set's ``SAME_OUTPUT``) that keeps every parameter count (RoPE theta, eps, window, top-k,
    heads at a fixed width) changes the outputs by more than 1e-4 (``same`` is the set's
    ``same_output``)."""
    bad = []
    for p in manifest["planted"]:
        if p["where"] != "code" or p["case"] not in rules:
            continue
        if only and p["case"] not in only:
            continue
        if code_params(here / p["code"]) != code_params(here / "cases" / f"{p['case']}.py"):
            continue
        diff = same(p["case"], seq=80, code=here / p["code"])
        print(f"  {p['name']:44} keeps the counts, max |output diff| {diff:.2e}")
        if not diff > 1e-4:
            bad.append(f"{p['name']} (plant does not change the outputs)")
    return bad


def main(
    here: Path,
    cases: dict,
    rules: dict[str, list[tuple]],
    same: Callable[..., float],
    with_only: bool = True,
    argv: list[str] | None = None,
) -> int:
    """A set's ``make.py`` command line: write the set; with ``--check`` the torch proof (the
    counts, the same-weights outputs of the cases in ``rules``, the count-keeping plants).
    ``with_only`` offers ``--only NAME,NAME`` (the check of those cases only)."""
    import argparse

    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true")
    if with_only:
        ap.add_argument("--only", default="", help="comma-separated case names (the check only)")
    args = ap.parse_args(argv)
    m = write_set(here, cases)
    archs = {c["arch"] for c in m["cases"]}
    print(f"{len(m['cases'])} cases over {len(archs)} architectures, {len(m['planted'])} planted")
    if not args.check:
        return 0
    only = set(args.only.split(",")) if getattr(args, "only", "") else None
    part = m
    if only:
        part = {
            "cases": [c for c in m["cases"] if c["name"] in only],
            "planted": [p for p in m["planted"] if p["case"] in only],
        }
    bad = check_counts(here, part)
    for name in rules:
        if only and name not in only:
            continue
        diff = same(name, seq=80)
        print(f"{name:22} same weights, max |output diff| {diff:.2e}")
        if diff > 1e-4:
            bad.append(f"{name} (output)")
    bad += check_keeping_plants(here, m, rules, same, only)
    print("param counts and logits:", "all equal" if not bad else f"differ: {bad}")
    return 1 if bad else 0


def set_size(
    make: ModuleType,
    manifest: dict,
    *samples: list[str],
    min_cases: int = 30,
    min_archs: int = 20,
    min_plants: int = 100,
) -> None:
    """A set's size and bookkeeping (fresh5 on): >= ``min_cases`` cases (30 but where a set says
    why it is smaller) of >= ``min_archs`` architectures (20, likewise), >= ``min_plants`` plants
    (100, likewise), >= 3 per architecture, code and config plants, every case planted, the
    output-checked cases among the cases, and each test sample among them."""
    cases, planted = manifest["cases"], manifest["planted"]
    archs = {c["arch"] for c in cases}
    assert len(cases) >= min_cases and len(archs) >= min_archs and len(planted) >= min_plants
    per_arch = {a: sum(p["arch"] == a for p in planted) for a in archs}
    assert min(per_arch.values()) >= 3, per_arch
    assert {c["name"] for c in cases} == set(make.CASES)
    assert {p["where"] for p in planted} == {"code", "config"}
    assert {p["case"] for p in planted} == set(make.CASES)
    assert set(make.SAME_OUTPUT) <= set(make.CASES)
    for sample in samples:
        assert set(sample) <= set(make.CASES)


def new_architectures(corpus: Path, manifest: dict, earlier_sets: tuple[str, ...]) -> set[str]:
    """The set's architectures that no earlier set (folders beside ``corpus``) has."""
    earlier: set[str] = set()
    for sub in earlier_sets:
        m = json.loads((corpus.parent / sub / "manifest.json").read_text())
        earlier |= {c["arch"] for c in m["cases"]}
    return {c["arch"] for c in manifest["cases"]} - earlier


def model_files_are_plain_torch(corpus: Path, manifest: dict) -> None:
    """No model file imports transformers or driftcheck (the re-implementations are the user's)."""
    for c in manifest["cases"]:
        src = (corpus / c["code"]).read_text()
        assert "transformers" not in src and "driftcheck" not in src, c["name"]


class SetMake:
    """What every set's ``make.py`` offers (fresh5 on), bound to its table: ``here`` the set's
    folder, ``cases`` its ``CASES``, ``rules`` its ``SAME_OUTPUT``, ``io`` its
    ``SAME_OUTPUT_IO``; ``with_only`` offers ``--only`` on the command line. One class, so that
    the sets differ only in their tables."""

    def __init__(
        self, here: Path, cases: dict, rules: dict, io: dict, with_only: bool = True
    ) -> None:
        self.here, self.cases, self.rules, self.io = here, cases, rules, io
        self.with_only = with_only

    def same_output(self, name: str, seq: int = 12, code: Path | None = None) -> float:
        """Max |output difference| between the case (or ``code``, a variant of it) and the HF
        model of its config, with the same weights (``same_output``)."""
        return same_output(self.here, self.cases, self.rules, self.io, name, seq, code)

    def build_config(self, name: str, overrides: dict | None = None):
        return build_config(self.cases, name, overrides)

    def write(self) -> dict:
        return write_set(self.here, self.cases)

    def check(self, manifest: dict) -> list[str]:
        """Clean cases must equal the HF count; planted code variants must build and differ."""
        return check_counts(self.here, manifest)

    def check_keeping_plants(self, manifest: dict, only: set[str] | None = None) -> list[str]:
        """Every count-keeping code plant of an output-checked case changes the outputs
        (``check_keeping_plants``)."""
        return check_keeping_plants(self.here, manifest, self.rules, self.same_output, only)

    def main(self, argv: list[str] | None = None) -> int:
        return main(self.here, self.cases, self.rules, self.same_output, self.with_only, argv)
