import torch
import torch.nn as nn


class MixtureDensity(nn.Module):
    """Per-component means and scales in a ParameterList, mixing logits in a ParameterDict."""

    def __init__(self, k=5, dim=8):
        super().__init__()
        self.means = nn.ParameterList([nn.Parameter(torch.randn(dim)) for _ in range(k)])
        self.log_scales = nn.ParameterList(nn.Parameter(torch.zeros(dim)) for _ in range(k))
        self.extra = nn.ParameterDict(
            {"logits": nn.Parameter(torch.zeros(k)), "temp": nn.Parameter(torch.ones(1))}
        )
        self.extra["bias"] = nn.Parameter(torch.zeros(dim, dim))
        self.register_buffer("eye", torch.eye(dim), persistent=False)
        self.proj = nn.Linear(dim, dim)


model = MixtureDensity(k=6, dim=10)
