# ESMM: CTR and CVR towers over one shared embedding layer (pCTCVR = pCTR * pCVR)
import torch.nn as nn

field_dims = {
    "user_id": 5000,
    "item_id": 8000,
    "category": 120,
    "brand": 900,
    "city": 300,
    "hour": 24,
}
EMB = 16


def tower(inp, hidden=(200, 80)):
    layers, d = [], inp
    for h in hidden:
        layers += [nn.Linear(d, h), nn.ReLU()]
        d = h
    return nn.Sequential(*layers, nn.Linear(d, 1))


class ESMM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embeddings = nn.ModuleDict({k: nn.Embedding(n, EMB) for k, n in field_dims.items()})
        d = EMB * len(field_dims)
        self.ctr = tower(d)
        self.cvr = tower(d)


model = ESMM()
