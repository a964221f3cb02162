"""palm_pytorch: presets in a dict keyed by size, overridden from a CLI-like list (fresh batch, benchmarks/wild/fresh)."""

from palm_pytorch import PaLM

PRESETS = {
    "xs": {"dim": 64, "depth": 2, "heads": 2, "dim_head": 32, "ff_mult": 4},
    "s": {"dim": 256, "depth": 4, "heads": 4, "dim_head": 64, "ff_mult": 4},
}


def parse_overrides(items):
    out = {}
    for item in items:
        key, value = item.split("=")
        out[key] = int(value)
    return out


cfg = dict(PRESETS["xs"])
cfg.update(parse_overrides(["depth=3", "ff_mult=2"]))
model = PaLM(num_tokens=512, **cfg)
