"""Generate the crash corpus (``benchmarks/crash/cases/``) from two sources:

* the clean research-style files of ``benchmarks/wild/standalone/``, each wrapped in a root class
  ``CrashCase`` (its ``__init__`` builds what the file's ``model = ...`` line builds, its forward
  calls the model on one input) -- as is (a clean control) and with one defect written into the
  source (``MUTATIONS``: exact text replacements, each must apply);
* the user-style templates of ``templates.py``, each in a clean and one or more defective sizes;
* the fresh batch of ``templates_fresh.py`` (split ``fresh``: held out by construction);
* the second fresh batch of ``templates_fresh2.py`` (split ``fresh2``, session 14: written blind);
* the third fresh batch of ``templates_fresh3.py`` (split ``fresh3``, session 15: written blind);
* the fourth fresh batch of ``templates_fresh4.py`` (split ``fresh4``, session 16: written blind);
* the fifth fresh batch of ``templates_fresh5.py`` (split ``fresh5``, session 17: written blind);
* the sixth fresh batch of ``templates_fresh6.py`` (split ``fresh6``, session 18: written blind);
* the seventh fresh batch of ``templates_fresh7.py`` (split ``fresh7``, session 18: written blind);
* the eighth fresh batch of ``templates_fresh8.py`` (split ``fresh8``, session 19: written blind);
* the ninth fresh batch of ``templates_fresh9.py`` (split ``fresh9``, session 19: written blind);
* the tenth fresh batch of ``templates_fresh10.py`` (split ``fresh10``, session 20: written blind);
* the eleventh fresh batch of ``templates_fresh11.py`` (split ``fresh11``, session 20: written blind);
* the twelfth fresh batch of ``templates_fresh12.py`` (split ``fresh12``, session 21: written blind);
* the thirteenth fresh batch of ``templates_fresh13.py`` (split ``fresh13``, session 21: written blind);
* the wild library cases of image-model libraries (``WILD_LIBS``), wrapped the same way, as
  clean controls on an image input guessed from their own sizes.

Every case declares ``INPUT`` (a shape) and ``INPUT_KIND`` ("float" or "tokens"), and its header
names the defect class it was written for. Whether it crashes is torch's verdict
(``build_truth.py``), not this file's: a mutation that happens to run is a clean case.

    python benchmarks/crash/gen_cases.py        # rewrites benchmarks/crash/cases/
"""

from __future__ import annotations

import ast
import hashlib
import json
import re
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
CASES = HERE / "cases"
STANDALONE = HERE.parent / "wild" / "standalone"
sys.path.insert(0, str(HERE))

from mutations import MUTATIONS  # noqa: E402
from templates import HEADER, VARIANTS, T  # noqa: E402
from templates_fresh import VARIANTS as VARIANTS_FRESH  # noqa: E402
from templates_fresh import T as T_FRESH  # noqa: E402
from templates_fresh2 import VARIANTS as VARIANTS_FRESH2  # noqa: E402
from templates_fresh2 import T as T_FRESH2  # noqa: E402
from templates_fresh3 import VARIANTS as VARIANTS_FRESH3  # noqa: E402
from templates_fresh3 import T as T_FRESH3  # noqa: E402
from templates_fresh4 import VARIANTS as VARIANTS_FRESH4  # noqa: E402
from templates_fresh4 import T as T_FRESH4  # noqa: E402
from templates_fresh5 import VARIANTS as VARIANTS_FRESH5  # noqa: E402
from templates_fresh5 import T as T_FRESH5  # noqa: E402
from templates_fresh6 import VARIANTS as VARIANTS_FRESH6  # noqa: E402
from templates_fresh6 import T as T_FRESH6  # noqa: E402
from templates_fresh7 import VARIANTS as VARIANTS_FRESH7  # noqa: E402
from templates_fresh7 import T as T_FRESH7  # noqa: E402
from templates_fresh8 import VARIANTS as VARIANTS_FRESH8  # noqa: E402
from templates_fresh8 import T as T_FRESH8  # noqa: E402
from templates_fresh9 import VARIANTS as VARIANTS_FRESH9  # noqa: E402
from templates_fresh9 import T as T_FRESH9  # noqa: E402
from templates_fresh10 import VARIANTS as VARIANTS_FRESH10  # noqa: E402
from templates_fresh10 import T as T_FRESH10  # noqa: E402
from templates_fresh11 import VARIANTS as VARIANTS_FRESH11  # noqa: E402
from templates_fresh11 import T as T_FRESH11  # noqa: E402
from templates_fresh12 import VARIANTS as VARIANTS_FRESH12  # noqa: E402
from templates_fresh12 import T as T_FRESH12  # noqa: E402
from templates_fresh13 import VARIANTS as VARIANTS_FRESH13  # noqa: E402
from templates_fresh13 import T as T_FRESH13  # noqa: E402
from templates_fresh14 import VARIANTS as VARIANTS_FRESH14  # noqa: E402
from templates_fresh14 import T as T_FRESH14  # noqa: E402
from templates_fresh15 import VARIANTS as VARIANTS_FRESH15  # noqa: E402
from templates_fresh15 import T as T_FRESH15  # noqa: E402
from templates_fresh16 import VARIANTS as VARIANTS_FRESH16  # noqa: E402
from templates_fresh16 import T as T_FRESH16  # noqa: E402
from templates_fresh17 import VARIANTS as VARIANTS_FRESH17  # noqa: E402
from templates_fresh17 import T as T_FRESH17  # noqa: E402
from templates_fresh18 import VARIANTS as VARIANTS_FRESH18  # noqa: E402
from templates_fresh18 import T as T_FRESH18  # noqa: E402
from templates_fresh19 import VARIANTS as VARIANTS_FRESH19  # noqa: E402
from templates_fresh19 import T as T_FRESH19  # noqa: E402
from templates_fresh20 import VARIANTS as VARIANTS_FRESH20  # noqa: E402
from templates_fresh20 import T as T_FRESH20  # noqa: E402
from templates_fresh21 import VARIANTS as VARIANTS_FRESH21  # noqa: E402
from templates_fresh21 import T as T_FRESH21  # noqa: E402
from templates_fresh22 import VARIANTS as VARIANTS_FRESH22  # noqa: E402
from templates_fresh22 import T as T_FRESH22  # noqa: E402
from templates_fresh23 import VARIANTS as VARIANTS_FRESH23  # noqa: E402
from templates_fresh23 import T as T_FRESH23  # noqa: E402
from templates_fresh24 import VARIANTS as VARIANTS_FRESH24  # noqa: E402
from templates_fresh24 import T as T_FRESH24  # noqa: E402
from templates_fresh25 import VARIANTS as VARIANTS_FRESH25  # noqa: E402
from templates_fresh25 import T as T_FRESH25  # noqa: E402
from templates_fresh26 import VARIANTS as VARIANTS_FRESH26  # noqa: E402
from templates_fresh26 import T as T_FRESH26  # noqa: E402
from templates_fresh27 import VARIANTS as VARIANTS_FRESH27  # noqa: E402
from templates_fresh27 import T as T_FRESH27  # noqa: E402
from templates_fresh28 import VARIANTS as VARIANTS_FRESH28  # noqa: E402
from templates_fresh28 import T as T_FRESH28  # noqa: E402
from templates_fresh29 import VARIANTS as VARIANTS_FRESH29  # noqa: E402
from templates_fresh29 import T as T_FRESH29  # noqa: E402
from templates_fresh30 import VARIANTS as VARIANTS_FRESH30  # noqa: E402
from templates_fresh30 import T as T_FRESH30  # noqa: E402
from templates_fresh31 import VARIANTS as VARIANTS_FRESH31  # noqa: E402
from templates_fresh31 import T as T_FRESH31  # noqa: E402
from templates_fresh32 import VARIANTS as VARIANTS_FRESH32  # noqa: E402
from templates_fresh32 import T as T_FRESH32  # noqa: E402

# standalone file -> (input kind, input shape, the forward call on ``x``)
INPUTS: dict[str, tuple[str, tuple[int, ...], str]] = {
    "annotated_transformer": ("tokens", (2, 8), "self.model(x, x, None, None)"),
    "clip_ref": ("float", (2, 3, 32, 32), "self.model(x, torch.zeros(2, 16, dtype=torch.long))"),
    "convnext_atto_direct": ("float", (2, 1, 32, 32), "self.model(x)"),
    "convnext_ref": ("float", (2, 3, 32, 32), "self.model(x)"),
    "deepseek_v2_lite_ref": ("tokens", (2, 8), "self.model(x)"),
    "deepseek_v3_ref": ("tokens", (2, 8), "self.model(x)"),
    "dinov2_ref": ("float", (2, 3, 32, 32), "self.model(x)"),
    "dinov2_small": ("float", (2, 3, 64, 64), "self.model(x)"),
    "dit_ref": (
        "float",
        (2, 4, 16, 16),
        "self.model(x, torch.ones(2), torch.zeros(2, dtype=torch.long))",
    ),
    "gcn_kipf": ("float", (5, 1433), "self.model(x, torch.eye(5))"),
    "gpt2_conv1d": ("tokens", (2, 8), "self.model(x)"),
    "gru_word_lm": ("tokens", (8, 2), "self.model(x, None)"),
    "llama3_params_json": ("tokens", (2, 8), "self.model(x)"),
    "llama_meta": ("tokens", (2, 8), "self.model(x)"),
    "lora_linear": ("float", (2, 64), "self.model(x)"),
    "lstm_word_lm": ("tokens", (8, 2), "self.model(x, None)"),
    "mamba_minimal": ("tokens", (2, 8), "self.model(x)"),
    "mamba_minimal_explicit": ("tokens", (2, 8), "self.model(x)"),
    "mistral_dense": ("tokens", (8,), "self.model(x)"),
    "mixtral_moe": ("tokens", (8,), "self.model(x)"),
    "mobilenetv2_custom_table": ("float", (2, 3, 32, 32), "self.model(x)"),
    "mobilenetv2_ref": ("float", (2, 3, 32, 32), "self.model(x)"),
    "nanogpt": ("tokens", (2, 8), "self.model(x)"),
    "nanogpt_train_args": ("tokens", (2, 8), "self.model(x)"),
    "noisy_topk_moe": ("float", (4, 32), "self.model(x)"),
    "olmo_ref": ("tokens", (2, 8), "self.model(x)"),
    "olmo_tied": ("tokens", (2, 8), "self.model(x)"),
    "pointnet_ref": ("float", (2, 3, 64), "self.model(x)"),
    "resnet_cifar": ("float", (2, 3, 32, 32), "self.model(x)"),
    "resnet_cifar_bottleneck": ("float", (2, 3, 32, 32), "self.model(x)"),
    "rnn_relu_word_lm": ("tokens", (8, 2), "self.model(x, None)"),
    "rwkv_v4": ("tokens", (2, 8), "self.model(x)"),
    "scaled_embedding": ("tokens", (2, 8), "self.model(x)"),
    "swin_ref": ("float", (2, 3, 32, 32), "self.model(x)"),
    "t5_ref": ("tokens", (2, 8), "self.model(x, x)"),
    "unet_classic": ("float", (1, 3, 32, 32), "self.model(x)"),
    "unet_classic_bilinear": ("float", (1, 1, 32, 32), "self.model(x)"),
    "unet_ddpm": ("float", (1, 3, 32, 32), "self.model(x, torch.ones(1))"),
    "unet_ddpm_gray": ("float", (1, 1, 32, 32), "self.model(x, torch.ones(1))"),
    "vqvae_ref": ("float", (1, 3, 32, 32), "self.model(x)"),
    "whisper_ref": ("float", (2, 16, 64), "self.model(x, torch.zeros(2, 8, dtype=torch.long))"),
    "yolo_cfg": ("float", (1, 3, 32, 32), "self.model(x)"),
}


def wrap(src: str, call: str) -> str:
    """Replace the module-level ``model = EXPR`` by a root class building EXPR."""
    tree = ast.parse(src)
    assign = [
        n
        for n in tree.body
        if isinstance(n, ast.Assign)
        and len(n.targets) == 1
        and isinstance(n.targets[0], ast.Name)
        and n.targets[0].id == "model"
    ][-1]
    lines = src.splitlines()
    expr = ast.get_source_segment(src, assign.value)
    body = "\n".join("        " + ln if i else ln for i, ln in enumerate(expr.splitlines()))
    cls = (
        "\n\nclass CrashCase(nn.Module):\n"
        "    def __init__(self):\n"
        "        super().__init__()\n"
        f"        self.model = {body}\n\n"
        "    def forward(self, x):\n"
        f"        return {call}\n"
    )
    head = "\n".join(lines[: assign.lineno - 1]).rstrip()
    tail = "\n".join(lines[assign.end_lineno :]).strip()
    imports = ""
    if "import torch.nn as nn" not in src and "from torch import nn" not in src:
        imports = "import torch.nn as nn\n"
    if "import torch\n" not in src:
        imports += "import torch\n"
    return imports + head + "\n" + cls + ("\n" + tail + "\n" if tail else "")


def header(name: str, defect: str, shape: tuple, kind: str, origin: str) -> str:
    return (
        f"# crash corpus case {name} (defect class: {defect}; from {origin}); "
        "generated by benchmarks/crash/gen_cases.py\n"
        f"INPUT = {tuple(shape)!r}\nINPUT_KIND = {kind!r}\n"
    )


# wild library cases run as clean controls (torch decides): image models, one image input
WILD = HERE.parent / "wild" / "cases"
WILD_LIBS = (
    "timm",
    "vit_pytorch",
    "mlp_mixer_pytorch",
    "efficientnet_pytorch",
    "g_mlp_pytorch",
    "transformer_in_transformer",
    "lambda_networks",
)


def image_input(src: str) -> tuple[int, ...]:
    """(2, C, H, W) from the case's own sizes (``image_size=32``, ``in_chans=1``); 64 else,
    224 for timm's ``*_224`` names."""
    size = re.search(r"\b(?:image_size|img_size)\s*=\s*(\d+)", src)
    chans = re.search(r"\b(?:channels|in_chans|in_channels)\s*=\s*(\d+)", src)
    n = int(size.group(1)) if size else (224 if "_224" in src else 64)
    return (2, int(chans.group(1)) if chans else 3, n, n)


def held_out(name: str) -> bool:
    return int(hashlib.sha256(name.encode()).hexdigest(), 16) % 5 == 0


def generate() -> list[dict]:
    if CASES.exists():
        shutil.rmtree(CASES)
    CASES.mkdir(parents=True)
    index = []
    for base, (kind, shape, call) in sorted(INPUTS.items()):
        src = (STANDALONE / f"{base}.py").read_text()
        todo = [(f"sa_{base}__clean", "clean", [])]
        todo += [(f"sa_{n}", d, p) for n, b, d, p in MUTATIONS if b == base]
        for name, defect, pairs in todo:
            text = src
            for old, new in pairs:
                if text.count(old) < 1:
                    raise SystemExit(f"{name}: mutation text not found: {old!r}")
                text = text.replace(old, new)
            out = header(name, defect, shape, kind, f"wild/standalone/{base}.py") + wrap(text, call)
            (CASES / f"{name}.py").write_text(out)
            index.append(_entry(name, defect, shape, kind, f"standalone/{base}"))
    for tname, suffix, defect, sizes in VARIANTS:
        t = T[tname]
        name = f"u_{tname}__{suffix}"
        shape = eval(t["input"].format(**sizes))  # noqa: S307 - our own table
        text = HEADER.format(name=name, defect=defect, input=shape, kind=t["kind"])
        text += t["src"].format(**sizes)
        (CASES / f"{name}.py").write_text(text)
        index.append(_entry(name, defect, shape, t["kind"], f"template/{tname}", root="Net"))
    for tname, suffix, defect, sizes in VARIANTS_FRESH:
        # the fresh batch (session 9): held out by construction, never tuned on
        t = T_FRESH[tname]
        name = f"f_{tname}__{suffix}"
        shape = eval(t["input"].format(**sizes))  # noqa: S307 - our own table
        text = HEADER.format(name=name, defect=defect, input=shape, kind=t["kind"])
        text += t["src"].format(**sizes)
        (CASES / f"{name}.py").write_text(text)
        entry = _entry(name, defect, shape, t["kind"], f"fresh/{tname}", root="Net")
        entry["split"] = "fresh"
        index.append(entry)
    for lib in WILD_LIBS:
        for f in sorted((WILD / lib).glob("*.py")):
            src = f.read_text()
            if not re.search(r"^model = ", src, re.M):
                continue
            name, shape = f"w_{lib}__{f.stem}", image_input(src)
            origin = f"wild/cases/{lib}/{f.name}"
            out = header(name, "clean", shape, "float", origin) + wrap(src, "self.model(x)")
            (CASES / f"{name}.py").write_text(out)
            index.append(_entry(name, "clean", shape, "float", f"wild/{lib}"))
    # the blind fresh batches (session 14: fresh2, ..., 18: fresh6 and fresh7, 19: fresh8 and fresh9, 20: fresh10 and fresh11, 21: fresh12 and fresh13, 22: fresh14, 23: fresh15, 24: fresh16, 25: fresh17, 26: fresh18, 27: fresh19, 28: fresh20, 29: fresh21, 30: fresh22, 31: fresh23, 32: fresh24, 33: fresh25, 34: fresh26, 35: fresh27, 36: fresh28, 37: fresh29, 38: fresh30, 39: fresh31, 40: fresh32), each appended after
    # the ones before it so that earlier entries (and their order in cases.json) stay as they were
    for split, prefix, table, variants in (
        ("fresh2", "f2_", T_FRESH2, VARIANTS_FRESH2),
        ("fresh3", "f3_", T_FRESH3, VARIANTS_FRESH3),
        ("fresh4", "f4_", T_FRESH4, VARIANTS_FRESH4),
        ("fresh5", "f5_", T_FRESH5, VARIANTS_FRESH5),
        ("fresh6", "f6_", T_FRESH6, VARIANTS_FRESH6),
        ("fresh7", "f7_", T_FRESH7, VARIANTS_FRESH7),
        ("fresh8", "f8_", T_FRESH8, VARIANTS_FRESH8),
        ("fresh9", "f9_", T_FRESH9, VARIANTS_FRESH9),
        ("fresh10", "f10_", T_FRESH10, VARIANTS_FRESH10),
        ("fresh11", "f11_", T_FRESH11, VARIANTS_FRESH11),
        ("fresh12", "f12_", T_FRESH12, VARIANTS_FRESH12),
        ("fresh13", "f13_", T_FRESH13, VARIANTS_FRESH13),
        ("fresh14", "f14_", T_FRESH14, VARIANTS_FRESH14),
        ("fresh15", "f15_", T_FRESH15, VARIANTS_FRESH15),
        ("fresh16", "f16_", T_FRESH16, VARIANTS_FRESH16),
        ("fresh17", "f17_", T_FRESH17, VARIANTS_FRESH17),
        ("fresh18", "f18_", T_FRESH18, VARIANTS_FRESH18),
        ("fresh19", "f19_", T_FRESH19, VARIANTS_FRESH19),
        ("fresh20", "f20_", T_FRESH20, VARIANTS_FRESH20),
        ("fresh21", "f21_", T_FRESH21, VARIANTS_FRESH21),
        ("fresh22", "f22_", T_FRESH22, VARIANTS_FRESH22),
        ("fresh23", "f23_", T_FRESH23, VARIANTS_FRESH23),
        ("fresh24", "f24_", T_FRESH24, VARIANTS_FRESH24),
        ("fresh25", "f25_", T_FRESH25, VARIANTS_FRESH25),
        ("fresh26", "f26_", T_FRESH26, VARIANTS_FRESH26),
        ("fresh27", "f27_", T_FRESH27, VARIANTS_FRESH27),
        ("fresh28", "f28_", T_FRESH28, VARIANTS_FRESH28),
        ("fresh29", "f29_", T_FRESH29, VARIANTS_FRESH29),
        ("fresh30", "f30_", T_FRESH30, VARIANTS_FRESH30),
        ("fresh31", "f31_", T_FRESH31, VARIANTS_FRESH31),
        ("fresh32", "f32_", T_FRESH32, VARIANTS_FRESH32),
    ):
        for tname, suffix, defect, sizes in variants:
            t = table[tname]
            name = f"{prefix}{tname}__{suffix}"
            shape = eval(t["input"].format(**sizes))  # noqa: S307 - our own table
            text = HEADER.format(name=name, defect=defect, input=shape, kind=t["kind"])
            text += t["src"].format(**sizes)
            (CASES / f"{name}.py").write_text(text)
            entry = _entry(name, defect, shape, t["kind"], f"{split}/{tname}", root="Net")
            entry["split"] = split
            index.append(entry)
    (HERE / "cases.json").write_text(json.dumps(index, indent=1) + "\n")
    return index


def _entry(name, defect, shape, kind, origin, root="CrashCase") -> dict:
    return {
        "name": name,
        "file": f"cases/{name}.py",
        "root": root,
        "defect": defect,
        "input": list(shape),
        "kind": kind,
        "origin": origin,
        "split": "held_out" if held_out(name) else "dev",
    }


if __name__ == "__main__":
    idx = generate()
    n_def = len({e["defect"] for e in idx} - {"clean"})
    print(f"{len(idx)} cases, {n_def} defect classes written to {CASES}")
