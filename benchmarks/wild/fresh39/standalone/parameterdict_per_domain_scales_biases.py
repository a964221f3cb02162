# nn.ParameterDict of per-domain scale / shift vectors next to a shared encoder
import torch
import torch.nn as nn

domains = ["clinic_a", "clinic_b", "clinic_c"]
dim = 64


class DomainAdaptive(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(30, dim), nn.ReLU(), nn.Linear(dim, dim))
        self.scale = nn.ParameterDict({d: nn.Parameter(torch.ones(dim)) for d in domains})
        self.shift = nn.ParameterDict({d: nn.Parameter(torch.zeros(dim)) for d in domains})
        self.register_buffer("running", torch.zeros(len(domains), dim))
        self.out = nn.Linear(dim, 2)


model = DomainAdaptive()
