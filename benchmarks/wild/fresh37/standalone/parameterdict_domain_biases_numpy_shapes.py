# per-domain biases in an nn.ParameterDict; shapes as numpy ints, one ParameterList of scales
import numpy as np
import torch
import torch.nn as nn

DEFAULT_D = np.int64(64)


class DomainAdapter(nn.Module):
    def __init__(self, domains, d=DEFAULT_D):
        super().__init__()
        d = int(d)
        self.shared = nn.Linear(d, d)
        self.bias = nn.ParameterDict({k: nn.Parameter(torch.zeros(d)) for k in domains})
        self.scales = nn.ParameterList(
            [nn.Parameter(torch.ones(n)) for n in np.array([d, d // 2, d // 4])]
        )


model = DomainAdapter(["news", "wiki", "forum", "code"], d=np.int64(96))
