"""Multimodal fusion model assembled from a nested spec: a ModuleDict of per-modality
ModuleDicts (encoder / projector), a fusion transformer and task heads keyed by name."""

from torch import nn

SPEC = {
    "modalities": {
        "rgb": {"in": 2048, "hidden": [1024, 512]},
        "audio": {"in": 128, "hidden": [256]},
        "text": {"in": 768, "hidden": [512, 512]},
    },
    "fusion": {"dim": 256, "layers": 2, "heads": 4},
    "heads": {"sentiment": 3, "emotion": 7, "intensity": 1},
}


def mlp(sizes):
    layers = []
    for a, b in zip(sizes[:-1], sizes[1:]):
        layers += [nn.Linear(a, b), nn.ReLU()]
    return nn.Sequential(*layers)


def build(spec):
    d = spec["fusion"]["dim"]
    mods = nn.ModuleDict()
    for name, m in spec["modalities"].items():
        mods[name] = nn.ModuleDict(
            {"encoder": mlp([m["in"], *m["hidden"]]), "project": nn.Linear(m["hidden"][-1], d)}
        )
    layer = nn.TransformerEncoderLayer(d, spec["fusion"]["heads"], 2 * d, batch_first=True)
    return nn.ModuleDict(
        {
            "modalities": mods,
            "fusion": nn.TransformerEncoder(
                layer, spec["fusion"]["layers"], enable_nested_tensor=False
            ),
            "heads": nn.ModuleDict({k: nn.Linear(d, n) for k, n in spec["heads"].items()}),
        }
    )


model = build(SPEC)
