# pick a swin variant by name and override its widths; absolute position bias off
from swin_transformer_pytorch import swin_b, swin_l, swin_s, swin_t

FACTORIES = {"tiny": swin_t, "small": swin_s, "base": swin_b, "large": swin_l}
OVERRIDES = {"small": dict(hidden_dim=32, heads=(1, 2, 4, 8))}


def build(name, **extra):
    kw = dict(OVERRIDES.get(name, {}))
    kw.update(extra)
    return FACTORIES[name](**kw)


model = build(
    "small", num_classes=5, channels=1, head_dim=8, window_size=7, relative_pos_embedding=False
)
