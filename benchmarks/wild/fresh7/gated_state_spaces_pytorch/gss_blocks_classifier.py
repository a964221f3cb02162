import torch.nn as nn
from gated_state_spaces_pytorch import GSS


class SequenceClassifier(nn.Module):
    """Long-range classifier: GSS layers, bidirectional by running every other layer reversed."""

    def __init__(self, in_features=3, dim=128, depth=4, n_classes=10):
        super().__init__()
        self.inp = nn.Linear(in_features, dim)
        self.blocks = nn.ModuleList(
            GSS(
                dim=dim,
                dim_expansion_factor=2,
                dss_kernel_N=64,
                dss_kernel_H=64,
                reverse_seq=i % 2 == 1,
            )
            for i in range(depth)
        )
        self.out = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, n_classes))


model = SequenceClassifier()
