"""A byte-identical copy of a transformers modeling file, placed in a mirror of the package (as
``benchmarks/bench_drift.py`` places its clean controls), must analyze exactly as the installed
file does, and comparing it against its own default config must report no drift.

The drift benchmark's bailing_hybrid control was a false positive (widths from
``config.linear_head_dim`` 2048 on the code side, 4096 on the config side). The copy's location
was not the cause: the code side gets its config completed by ``hf_defaults.complete``, which ran
``__post_init__`` (``self.linear_head_dim = self.head_dim``) but did not then set the keys the
class does not declare, as ``PreTrainedConfig.__post_init__`` does last (the saved 128 wins).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from driftcheck.parsers.hf_defaults import complete
from driftcheck.parsers.source import parse_source

transformers = pytest.importorskip("transformers")

TYPES = ["llama", "bailing_hybrid", "deimv2"]


def _pkg() -> Path:
    return Path(transformers.__file__).parent


def _mirror(tmp: Path, model_type: str, text: str) -> Path:
    """A transformers tree of symlinks under ``tmp`` with the model's folder made real and the
    copy written beside its siblings, so its relative imports resolve as the original's do."""
    pkg, root = _pkg(), tmp / "transformers"
    root.mkdir()
    for e in pkg.iterdir():
        if e.name != "models":
            (root / e.name).symlink_to(e)
    (root / "models").mkdir()
    for e in (pkg / "models").iterdir():
        if e.name != model_type:
            (root / "models" / e.name).symlink_to(e)
    folder = root / "models" / model_type
    folder.mkdir()
    for e in (pkg / "models" / model_type).iterdir():
        (folder / e.name).symlink_to(e)
    out = folder / f"modeling_{model_type}_copy.py"
    out.write_text(text, encoding="utf-8")
    return out


def _default_config(model_type: str) -> dict:
    from transformers import AutoConfig

    return json.loads(json.dumps(AutoConfig.for_model(model_type).to_dict(), default=str))


def _fingerprint(g) -> list:
    """Layers and values, without ids, names or locations (what the benchmark compares)."""
    rows = [(n.type, n.params, n.repeat, sorted(n.tied.values()), n.unresolved) for n in g.nodes]
    return json.loads(json.dumps(rows, sort_keys=True, default=str))


@pytest.mark.parametrize("model_type", TYPES)
def test_copy_parses_as_installed(tmp_path, model_type):
    from transformers.models.auto.modeling_auto import MODEL_MAPPING_NAMES

    installed = _pkg() / "models" / model_type / f"modeling_{model_type}.py"
    copy = _mirror(tmp_path, model_type, installed.read_text(encoding="utf-8"))
    cls = MODEL_MAPPING_NAMES[model_type]
    cfg, _ = complete(_default_config(model_type), model_type)
    a = parse_source(installed, entry=cls, config=cfg)
    b = parse_source(copy, entry=cls, config=cfg)
    assert a.params_total() is not None
    assert _fingerprint(a) == _fingerprint(b)
    assert a.params_total() == b.params_total()


def test_complete_sets_undeclared_keys_last_like_transformers():
    """``linear_head_dim`` is no field of BailingHybridConfig: ``__post_init__`` derives it from
    ``head_dim`` and then the saved value wins, in transformers and in ``complete``."""
    from transformers import AutoConfig

    saved = _default_config("bailing_hybrid")
    real = AutoConfig.for_model("bailing_hybrid").__class__.from_dict(dict(saved))
    done, _ = complete(saved, "bailing_hybrid")
    assert saved["linear_head_dim"] != saved["head_dim"]  # else the case proves nothing
    for key in ("linear_head_dim", "head_dim", "linear_num_heads", "linear_conv_kernel_dim"):
        assert done[key] == getattr(real, key), key


def test_copy_against_its_config_has_no_drift(tmp_path):
    """The benchmark's control, end to end: the copy compared with its default config.json."""
    from driftcheck.drift import load_sides
    from driftcheck.graph.match import compare
    from driftcheck.reports import exit_code

    installed = _pkg() / "models" / "bailing_hybrid" / "modeling_bailing_hybrid.py"
    copy = _mirror(tmp_path, "bailing_hybrid", installed.read_text(encoding="utf-8"))
    cfg = tmp_path / "config.json"
    cfg.write_text(json.dumps(_default_config("bailing_hybrid")))
    sides = load_sides(str(copy), str(cfg))
    findings = compare(sides.left, sides.right)
    assert exit_code(findings, "minor") == 0, [f.message for f in findings][:3]
