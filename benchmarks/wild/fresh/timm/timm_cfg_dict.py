"""timm: architecture and kwargs from a nested experiment config (fresh batch, benchmarks/wild/fresh)."""

import timm

experiment = {
    "model": {"arch": "tiny_vit_5m_224", "kwargs": {"num_classes": 20, "drop_path_rate": 0.0}},
    "optim": {"lr": 3e-4},
}
model = timm.create_model(experiment["model"]["arch"], **experiment["model"]["kwargs"])
