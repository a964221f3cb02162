import torch.nn as nn
from ogb.graphproppred.mol_encoder import AtomEncoder

emb_dim = 40
encoder = AtomEncoder(emb_dim)
for p in encoder.parameters():
    p.requires_grad = False  # pretend it was loaded from a pretraining run

model = nn.ModuleDict(
    {
        "encoder": encoder,
        "proj": nn.Sequential(nn.Linear(emb_dim, emb_dim), nn.ReLU()),
        "out": nn.Linear(emb_dim, 12),
    }
)
