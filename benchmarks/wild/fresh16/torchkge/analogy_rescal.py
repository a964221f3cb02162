from torchkge.models import AnalogyModel, HolEModel, RESCALModel

sizes = {"n_entities": 250, "n_relations": 9}
ensemble = [
    RESCALModel(16, **sizes),
    HolEModel(24, **sizes),
    AnalogyModel(20, scalar_share=0.25, **sizes),
]

import torch.nn as nn  # noqa: E402

model = nn.ModuleList(ensemble)
